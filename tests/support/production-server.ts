import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "./free-port.ts";

type Env = Record<string, string | undefined>;

export type ProductionServer = {
  port: number;
  origin: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** What the server has written to stdout and stderr so far. */
  output: () => string;
};

/**
 * The production server (server/index.mjs) on the tests' build and database, in a process of its own on a free port;
 * resolves once it listens. `env` is laid over the tests' own environment (undefined leaves a variable out), or made from
 * the server's own address (for APP_URL). The caller kills `child` when done.
 */
export async function startProductionServer(env: Env | ((origin: string) => Env) = {}): Promise<ProductionServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.resolve("server/index.mjs")], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...(typeof env === "function" ? env(origin) : env) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(`:${port}`)) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) => reject(new Error(`the server exited with ${code}: ${output}`)));
  });
  return { port, origin, child, exited, output: () => output };
}
