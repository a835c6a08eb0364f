// `npm run bench:export`: the CSV export of the scale database's bookings (1M at SEED_SCALE=100000) through the
// production server, judged as the export's target: the whole file within 60 s, the server's memory (RSS, read from
// /proc while it streams) rising less than 100 MB. SQLite only (the benchmark's database, data/bench.db).
//
//   --scale N, --db FILE, --fresh   the benchmark's database (built as `npm run bench` builds it)
//   --build-dir DIR, --no-build     where the app is built; reuse that build
//   --path PATH                     another export (default /api/admin/get-allbookings?format=csv)
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { adminCodes, buildApp, ensureDatabase, signInApi, signOut, signInBrowser, startServer, targetUrl, type Target } from "./setup.ts";

const { values: args } = parseArgs({
  options: {
    db: { type: "string" },
    scale: { type: "string", default: process.env.SEED_SCALE || "100000" },
    fresh: { type: "boolean", default: false },
    "build-dir": { type: "string", default: ".builds/bench" },
    "no-build": { type: "boolean", default: false },
    path: { type: "string", default: "/api/admin/get-allbookings?format=csv" },
    email: { type: "string", default: process.env.BENCH_ADMIN_EMAIL || "admin@example.com" },
    password: { type: "string", default: process.env.BENCH_ADMIN_PASSWORD || "Passw0rd!" },
  },
});

const targets = { seconds: 60, memoryRiseMb: 100 };
const target: Target = { engine: "sqlite", file: path.resolve(args.db ?? "data/bench.db") };
const buildDir = path.resolve(args["build-dir"]);

/** The resident memory of a process, in MB (Linux). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) / 1024;

async function main() {
  await ensureDatabase(target, Number(args.scale), args.fresh);
  if (!(args["no-build"] && existsSync(path.join(buildDir, "server/index.js")))) buildApp(buildDir);
  mkdirSync(".bench", { recursive: true });
  const totpKey = randomBytes(32).toString("base64url");
  const code = await adminCodes(target, args.email, totpKey);
  const server = await startServer({ buildDir, databaseUrl: targetUrl(target), logFile: path.resolve(".bench/server-export.log"), totpKey });
  const credentials = { email: args.email, password: args.password };
  const token = await signInApi(server.origin, credentials, code);
  const cookie = await signInBrowser(server.origin, credentials, "/admin/login", code);
  try {
    const pid = server.child.pid!;
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    const started = performance.now();
    const response = await fetch(`${server.origin}${args.path}`, { headers: { Authorization: token } });
    if (!response.ok || !response.body) throw new Error(`${args.path} answered ${response.status}`);
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      if (!bytes) firstByteMs = performance.now() - started;
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rise = peak - before;
    const pass = seconds <= targets.seconds && rise < targets.memoryRiseMb;
    console.log(`${args.path}: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s (first byte ${firstByteMs.toFixed(0)} ms)`);
    console.log(`server RSS ${before.toFixed(0)} MB → peak ${peak.toFixed(0)} MB (rise ${rise.toFixed(0)} MB)`);
    console.log(`${pass ? "PASS" : "FAIL"}: targets ${targets.seconds} s and a rise under ${targets.memoryRiseMb} MB`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await signOut(server.origin, cookie, token);
    await server.stop();
  }
}

await main();
