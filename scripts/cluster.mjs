// npm run serve:cluster: several app servers and one database, on this machine. Prepares the database (as
// `npm start` does), builds, starts APP_SERVERS (default 2) processes of server/index.mjs on loopback ports
// APP_PORT, APP_PORT+1, … (default PORT+1, …), all with the same DATABASE_URL and SESSION_SECRET, and serves
// them on PORT through server/proxy.mjs: round robin, no sticky sessions, so every request may meet another
// server. tests/setup/e2e-server.mjs (E2E_CLUSTER=1) starts the same cluster through startCluster().
import { execSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";
import { setTimeout } from "node:timers";
import { fileURLToPath, URL } from "node:url";
import { createProxy } from "../server/proxy.mjs";
import { buildIsCurrent } from "./build-freshness.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const serverScript = path.join(root, "server/index.mjs");

/** Resolves once something accepts connections on the port; rejects when `child` exits first or after `ms`. */
function listening(port, child, ms = 60_000) {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + ms;
    const onExit = (code) => reject(new Error(`exited with code ${code} before listening on port ${port}`));
    child.once("exit", onExit);
    const probe = () => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        child.off("exit", onExit);
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`not listening on port ${port} after ${ms / 1000} s`));
        else setTimeout(probe, 100);
      });
    };
    probe();
  });
}

/** Each line a child writes, prefixed with its name. */
function prefixed(stream, name, out) {
  readline.createInterface({ input: stream }).on("line", (line) => out.write(`[${name}] ${line}\n`));
}

/**
 * Starts `servers` app servers on 127.0.0.1:`appPort`… (TRUST_PROXY=1, APP_SERVER_ID app-1…, NODE_ENV=production,
 * and `env`, which must hold DATABASE_URL and SESSION_SECRET) and, once all listen, the proxy on `host`:`port`.
 * Returns { apps, proxy, stop(), exited }: `exited` resolves with the first app server that stops unexpectedly.
 */
export async function startCluster({ port, host = "127.0.0.1", servers = 2, appPort = port + 1, env = process.env, compress = true }) {
  if (!Number.isInteger(servers) || servers < 1) throw new Error(`APP_SERVERS must be a whole number of at least 1, not ${servers}.`);
  if (!env.SESSION_SECRET) throw new Error("Every app server needs the same SESSION_SECRET.");
  let stopping = false;
  let proxy;
  const apps = Array.from({ length: servers }, (_, index) => {
    const id = `app-${index + 1}`;
    const child = spawn(process.execPath, [serverScript], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(appPort + index), TRUST_PROXY: "1", APP_SERVER_ID: id },
    });
    prefixed(child.stdout, id, process.stdout);
    prefixed(child.stderr, id, process.stderr);
    return { id, port: appPort + index, child };
  });
  const exited = Promise.race(
    apps.map(({ id, child }) => new Promise((resolve) => child.once("exit", (code, signal) => !stopping && resolve({ id, code, signal })))),
  );

  async function stop() {
    stopping = true;
    if (proxy?.listening) {
      const closed = new Promise((resolve) => proxy.close(resolve));
      proxy.closeAllConnections();
      await closed;
    }
    await Promise.all(
      apps.map(({ child }) =>
        child.exitCode !== null || child.signalCode !== null
          ? undefined
          : new Promise((resolve) => {
              child.once("exit", resolve);
              child.kill("SIGTERM");
            }),
      ),
    );
  }

  try {
    await Promise.all(apps.map(({ id, port: listenPort, child }) => listening(listenPort, child).catch((error) => Promise.reject(new Error(`${id}: ${error.message}`)))));
    proxy = createProxy({ upstreams: apps.map((app) => ({ host: "127.0.0.1", port: app.port })), compress });
    await new Promise((resolve, reject) => {
      proxy.once("error", reject);
      proxy.listen(port, host, resolve);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { apps, proxy, stop, exited };
}

/** As `npm start`: SESSION_SECRET (TOTP_KEY), or one generated once into data/session-secret (data/totp-key) and kept. */
function keptSecret(variable, name, what) {
  if (process.env[variable]) return process.env[variable];
  const file = path.join(root, `data/${name}`);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    console.log(`Generated ${what} in ${file}.`);
  }
  return readFileSync(file, "utf8").trim();
}

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const servers = Number(process.env.APP_SERVERS ?? 2);
  const appPort = Number(process.env.APP_PORT ?? port + 1);
  const env = {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? "file:./data/app.db",
    SESSION_SECRET: keptSecret("SESSION_SECRET", "session-secret", "a session secret"),
    // The seed (prepare-db) seals the demo administrator's authenticator secret with it, the servers read it with it.
    TOTP_KEY: keptSecret("TOTP_KEY", "totp-key", "a two-factor key"),
    // The app servers' own PORT is not where people reach them: links lead to the proxy.
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
  };
  const run = (command) => execSync(command, { stdio: "inherit", cwd: root, env });
  run("node scripts/prepare-db.mjs");
  // As npm start: built again only when the code is newer than the build.
  if (!buildIsCurrent(path.join(root, process.env.BUILD_DIR ?? "build"))) run("npx react-router build --logLevel warn");

  const cluster = await startCluster({ port, host: process.env.HOST ?? "0.0.0.0", servers, appPort, env, compress: process.env.PROXY_COMPRESS !== "0" });
  const list = cluster.apps.map(({ id, port: appServerPort }) => `${id} on 127.0.0.1:${appServerPort}`).join(", ");
  console.log(`\nServing on http://localhost:${port} through ${servers} app server${servers === 1 ? "" : "s"} (${list}), round robin.\n`);

  let exiting = false;
  const exit = (code) => {
    if (exiting) return;
    exiting = true;
    cluster.stop().then(() => process.exit(code));
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => exit(0));
  cluster.exited.then(({ id, code, signal }) => {
    console.error(`${id} stopped (${signal ?? `exit code ${code}`}): stopping the cluster.`);
    exit(1);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
