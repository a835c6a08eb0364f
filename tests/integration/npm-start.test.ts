// `npm start` on a built, unchanged tree and a database it prepared before (what every start but the first meets):
// it does not build again, serves within 10 seconds, prints no warning of any tool, and ends its output with the
// address and the demo's sign-ins. The real script, as a process, on a temporary SQLite database of its own (the
// Vitest setup has just made the build current).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { http, passthrough } from "msw";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildIsCurrent } from "../../scripts/build-freshness.mjs";
import { server as mswServer } from "#tests/mocks/server.ts";
import { DEMO_ADMIN_TOTP_SECRET } from "../../prisma/seed/demo-two-factor.mjs";
import { freePort } from "#tests/support/free-port.ts";

const dir = path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data", `npm-start-${process.env.VITEST_POOL_ID ?? "0"}`);
const databaseUrl = `file:${path.join(dir, "app.db")}`;


/** The environment of a person's shell: the test runner's own settings (its NODE_ENV, a PostgreSQL URL) left out. */
function shellEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of ["NODE_ENV", "VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID", "TEST", "DEMO_PASSWORD", "SEED_SCALE", "SEED_RESET"]) delete env[name];
  return env;
}

let child: ChildProcess | undefined;

beforeAll(() => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The first start's work, done before the start that is measured: migrations and the demo marketplace.
  execFileSync(process.execPath, ["scripts/prepare-db.mjs"], { env: shellEnv({ DATABASE_URL: databaseUrl }), stdio: "pipe" });
}, 120_000);

afterAll(() => {
  // npm, the start script and the server it started: the process group the test made.
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  rmSync(dir, { recursive: true, force: true });
});

describe("npm start on a built, unchanged tree", () => {
  test("serves within 10 s without building, prints no warnings, and ends with the address and the demo sign-ins", async () => {
    expect(buildIsCurrent(process.env.BUILD_DIR ?? "build")).toBe(true);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    mswServer.use(http.all(`${origin}/*`, () => passthrough()));
    let output = "";
    const started = performance.now();
    child = spawn("npm", ["start"], {
      env: shellEnv({ DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", SESSION_SECRET: "a-secret-for-the-start-test", TOTP_KEY: "a-key-for-the-start-test" }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));

    let status = 0;
    while (performance.now() - started < 10_000 && status !== 200) {
      status = await fetch(`${origin}/`).then((response) => response.status, () => 0);
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const served = performance.now() - started;
    expect(status, output).toBe(200);
    expect(served, output).toBeLessThan(10_000);

    // The sign-ins come once the server has said it listens.
    while (!output.includes("sponsor@example.com") && performance.now() - started < 15_000) await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = output.split("\n").map((line) => line.trimEnd());
    expect(lines.filter((line) => /warn|⚠|deprecat|empty chunk|error/i.test(line)), output).toEqual([]);
    expect(output).toContain("not building again");
    expect(output).not.toMatch(/vite v\d|building client/i);
    const last = lines.filter(Boolean).slice(-7);
    expect(last, output).toEqual([
      `Open http://localhost:${port} (the admin console: http://localhost:${port}/admin/login).`,
      "Demo sign-ins, password Passw0rd!:",
      `  admin  admin@example.com  http://localhost:${port}/admin/login`,
      `  guide  guide@example.com  http://localhost:${port}/login`,
      `  user   user@example.com   http://localhost:${port}/login`,
      `  sponsor  sponsor@example.com  http://localhost:${port}/login`,
      `The admin and the sponsor also enter a two-factor code: \`npm run demo:code\` prints it (or add the key ${DEMO_ADMIN_TOTP_SECRET} to an authenticator app).`,
    ]);
  }, 30_000);
});
