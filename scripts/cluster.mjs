// npm run serve:cluster: several app servers and one database, on this machine. Prepares the database (as
// `npm start` does), builds, starts APP_SERVERS (default 2) processes of server/index.mjs on loopback ports
// APP_PORT, APP_PORT+1, … (default PORT+1, …), all with the same DATABASE_URL and SESSION_SECRET, and serves
// them on PORT through nginx (scripts/nginx.mjs: the README's config, generated for the run): round robin, no sticky
// sessions, so every request may meet another server, and a server that stops answering is skipped.
// tests/setup/e2e-server.mjs (E2E_CLUSTER=1) starts the same cluster through startCluster().
import { execSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";
import { clearTimeout, setTimeout } from "node:timers";
import { fileURLToPath, URL } from "node:url";
import { buildIsCurrent } from "./build-freshness.mjs";
import { ensureNginx, startNginx } from "./nginx.mjs";

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
 * and `env`, which must hold DATABASE_URL and SESSION_SECRET) and, once all listen, nginx on `host`:`port`. Their
 * output goes to `stdout` and `stderr`, each line prefixed with its process's name. With `restartAfterS`, app-2 is
 * stopped (SIGTERM) that many seconds later and started again: `restarted` resolves once it listens again.
 * Returns { apps, nginx, stop(), restart(id), restarted, exited }: `exited` resolves with the first process (app
 * server or nginx) that stops unexpectedly.
 */
export async function startCluster({ port, host = "127.0.0.1", servers = 2, appPort = port + 1, env = process.env, restartAfterS = 0, stdout = process.stdout, stderr = process.stderr }) {
  if (!Number.isInteger(servers) || servers < 1) throw new Error(`APP_SERVERS must be a whole number of at least 1, not ${servers}.`);
  if (!env.SESSION_SECRET) throw new Error("Every app server needs the same SESSION_SECRET.");
  if (restartAfterS > 0 && servers < 2) throw new Error("Restarting app-2 midway needs at least two app servers.");
  let stopping = false;
  let reportExit = () => undefined;
  const exited = new Promise((resolve) => (reportExit = resolve));
  const apps = Array.from({ length: servers }, (_, index) => ({ id: `app-${index + 1}`, port: appPort + index, child: undefined, restarting: false }));

  /** Starts the app server's process; resolves once it listens. */
  function launch(app) {
    const child = spawn(process.execPath, [serverScript], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(app.port), TRUST_PROXY: "1", APP_SERVER_ID: app.id },
    });
    app.child = child;
    prefixed(child.stdout, app.id, stdout);
    prefixed(child.stderr, app.id, stderr);
    child.once("exit", (code, signal) => !stopping && !app.restarting && reportExit({ id: app.id, code, signal }));
    return listening(app.port, child).catch((error) => Promise.reject(new Error(`${app.id}: ${error.message}`)));
  }

  /** Stops the app server as an orchestrator would (SIGTERM: it finishes what it is doing) and starts it again. */
  async function restart(id) {
    const app = apps.find((candidate) => candidate.id === id);
    if (!app) throw new Error(`No app server ${id}.`);
    app.restarting = true;
    // On stderr: the browser tests' log shows only that of their server.
    stderr.write(`[cluster] stopping ${id} (SIGTERM) to start it again\n`);
    const stopped = new Promise((resolve) => app.child.once("exit", (code, signal) => resolve(code ?? signal)));
    app.child.kill("SIGTERM");
    const status = await stopped;
    app.restarting = false;
    if (stopping) return;
    if (status !== 0) throw new Error(`${id} stopped with ${status} on SIGTERM.`);
    await launch(app);
    stderr.write(`[cluster] ${id} is back on 127.0.0.1:${app.port}\n`);
  }

  let nginx;
  let restartTimer;
  async function stop() {
    stopping = true;
    clearTimeout(restartTimer);
    await nginx?.stop();
    await Promise.all(
      apps.map(({ child }) =>
        !child || child.exitCode !== null || child.signalCode !== null
          ? undefined
          : new Promise((resolve) => {
              child.once("exit", resolve);
              child.kill("SIGTERM");
            }),
      ),
    );
  }

  try {
    await Promise.all(apps.map(launch));
    nginx = startNginx({ port, host, servers: apps.map((app) => `127.0.0.1:${app.port}`), stdio: ["ignore", "pipe", "pipe"] });
    prefixed(nginx.child.stdout, "nginx", stdout);
    prefixed(nginx.child.stderr, "nginx", stderr);
    nginx.child.once("exit", (code, signal) => !stopping && reportExit({ id: "nginx", code, signal }));
    await listening(port, nginx.child).catch((error) => Promise.reject(new Error(`nginx: ${error.message}`)));
  } catch (error) {
    await stop();
    throw error;
  }
  // Resolves true once app-2 is back, false when it did not come back (then `exited` says so).
  const restarted =
    restartAfterS > 0
      ? new Promise((resolve) => (restartTimer = setTimeout(resolve, restartAfterS * 1000)))
          .then(() => restart("app-2"))
          .then(
            () => true,
            (error) => {
              if (!stopping) reportExit({ id: "app-2", code: null, signal: null, reason: error.message });
              return false;
            },
          )
      : undefined;
  return { apps, nginx, stop, restart, restarted, exited };
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
    // The app servers' own PORT is not where people reach them: links lead to nginx.
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
  };
  ensureNginx();
  const run = (command) => execSync(command, { stdio: "inherit", cwd: root, env });
  run("node scripts/prepare-db.mjs");
  // As npm start: built again only when the code is newer than the build.
  if (!buildIsCurrent(path.join(root, process.env.BUILD_DIR ?? "build"))) run("npx react-router build --logLevel warn");

  const restartAfterS = Number(process.env.CLUSTER_RESTART_AFTER_S ?? 0);
  const cluster = await startCluster({ port, host: process.env.HOST ?? "0.0.0.0", servers, appPort, env, restartAfterS });
  const list = cluster.apps.map(({ id, port: appServerPort }) => `${id} on 127.0.0.1:${appServerPort}`).join(", ");
  console.log(`\nServing on http://localhost:${port} through nginx (${cluster.nginx.dir}/nginx.conf) and ${servers} app server${servers === 1 ? "" : "s"} (${list}), round robin.\n`);

  let exiting = false;
  const exit = (code) => {
    if (exiting) return;
    exiting = true;
    cluster.stop().then(() => process.exit(code));
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => exit(0));
  cluster.exited.then(({ id, code, signal, reason }) => {
    console.error(`${id} stopped (${reason ?? signal ?? `exit code ${code}`}): stopping the cluster.`);
    exit(1);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
