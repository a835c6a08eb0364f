// A throwaway local PostgreSQL for tests, the benchmark and the two-server setup: Debian's postgresql package,
// a data folder under .postgres/, listening on 127.0.0.1 only, trusting local connections.
//   node scripts/postgres.mjs start   → prints the DATABASE_URL to use (database "app")
//   node scripts/postgres.mjs stop
// PG_PORT overrides the port (54329). PostgreSQL refuses to run as root: as root the cluster belongs to "postgres".
import { execFileSync, execSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

const port = process.env.PG_PORT ?? "54329";
const dir = path.resolve(process.env.PG_DIR ?? ".postgres");
const dataDir = path.join(dir, "data");
export const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;

function binDir() {
  const root = "/usr/lib/postgresql";
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version) {
    throw new Error("PostgreSQL is not installed: apt-get install postgresql (the server binaries in /usr/lib/postgresql/<version>/bin).");
  }
  return path.join(root, version, "bin");
}

/**
 * A client program (pg_dump, pg_restore) of the newest PostgreSQL installed here, which reads any older server; where
 * only the client package is installed, the one on the PATH.
 */
export function clientBinary(name) {
  try {
    return path.join(binDir(), name);
  } catch {
    return name;
  }
}

const asRoot = process.getuid?.() === 0;
function run(binary, args) {
  const command = path.join(binDir(), binary);
  return asRoot ? execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" }) : execFileSync(command, args, { stdio: "pipe" });
}

export function start() {
  mkdirSync(dir, { recursive: true });
  if (asRoot) execSync(`chown -R postgres "${dir}"`);
  chmodSync(dir, 0o755);
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8"]);
  const running = (() => {
    try {
      run("pg_ctl", ["-D", dataDir, "status"]);
      return true;
    } catch {
      return false;
    }
  })();
  if (!running) {
    // Settings for a disposable test cluster: durability off, since it is rebuilt from migrations anyway.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=256MB`;
    run("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  }
  return adminUrl;
}

export function stop() {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const command = process.argv[2];
  if (command === "start") {
    start();
    console.log(`postgresql://postgres@127.0.0.1:${port}/app`);
  } else if (command === "stop") stop();
  else {
    console.error("usage: node scripts/postgres.mjs start|stop");
    process.exit(1);
  }
}
