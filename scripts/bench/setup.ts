// What a benchmark run stands on: the scale database, the production build, the server, the admin's sessions.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";

const root = process.cwd();

// ─── Scale database ────────────────────────────────────────────────────────────────────────────

type Marker = { scale: number; builtAt: string; counts: Record<string, number>; seedHash?: string };

/** Which version of prisma/seed.ts built a database: a changed seed is reported (--fresh rebuilds). */
const seedHash = () => createHash("sha256").update(readFileSync(path.join(root, "prisma/seed.ts"))).digest("hex").slice(0, 16);

/** Runs a command quietly: its output is shown only when it fails. */
function quietly(command: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    execFileSync(command, args, { stdio: "pipe", env, maxBuffer: 64 * 2 ** 20 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    process.stderr.write(`${stdout ?? ""}${stderr ?? ""}`);
    throw new Error(`${command} ${args.join(" ")} failed`);
  }
}

const migrate = (env: NodeJS.ProcessEnv) => quietly("npx", ["prisma", "migrate", "deploy"], env);

/** Tables whose counts the marker records (and the report shows). */
const COUNTED = ["User", "Booking", "Payment", "Review", "PublishedContent", "CustomerQuery", "Faq", "Resource", "GuideRequest"];

const markerPath = (db: string) => `${db}.bench.json`;

function countRows(file: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const counts: Record<string, number> = {};
    for (const table of COUNTED) counts[table] = (db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;
    counts.mentees = (db.prepare(`SELECT COUNT(*) AS n FROM "User" WHERE role = 'user'`).get() as { n: number }).n;
    return counts;
  } finally {
    db.close();
  }
}

/**
 * Complete means: the marker the last build wrote says this scale, and the database still holds as many
 * accounts as it did then. A database without a marker (built by hand) is complete when it holds `scale`
 * mentees and some bookings; it gets a marker.
 */
function completeDatabase(file: string, scale: number): Marker | null {
  if (!existsSync(file)) return null;
  try {
    const counts = countRows(file);
    if (existsSync(markerPath(file))) {
      const marker = JSON.parse(readFileSync(markerPath(file), "utf8")) as Marker;
      return marker.scale === scale && marker.counts.User === counts.User ? { ...marker, counts } : null;
    }
    if (counts.mentees !== scale || counts.Booking === 0) return null;
    const marker = { scale, builtAt: new Date().toISOString(), counts };
    writeFileSync(markerPath(file), `${JSON.stringify(marker, null, 2)}\n`);
    return marker;
  } catch {
    return null; // no such tables, or not a database
  }
}

const removeDatabase = (file: string) => {
  for (const suffix of ["", "-wal", "-shm", "-journal", ".bench.json"]) rmSync(`${file}${suffix}`, { force: true });
};

/** The scale database at `file`, built (migrate + seed into a temporary file, then moved) unless complete. */
export function ensureDatabase(file: string, scale: number, fresh: boolean): Marker {
  if (!fresh) {
    const marker = completeDatabase(file, scale);
    if (marker) {
      console.log(`Database ${path.relative(root, file)}: scale ${scale}, built ${marker.builtAt} (--fresh rebuilds it)`);
      if (marker.seedHash !== seedHash()) console.log("  prisma/seed.ts has changed since: run with --fresh to measure what it seeds now.");
      // Migrations added since (indexes, say) apply to the data as it is.
      migrate({ ...process.env, DATABASE_URL: `file:${file}` });
      return marker;
    }
  }
  const building = `${file}.building`;
  console.log(`Building ${path.relative(root, file)} with SEED_SCALE=${scale} (a minute or more)…`);
  mkdirSync(path.dirname(file), { recursive: true });
  removeDatabase(building);
  const env = { ...process.env, DATABASE_URL: `file:${building}`, SEED_SCALE: String(scale) };
  const started = Date.now();
  const hash = seedHash();
  migrate(env);
  execFileSync("npx", ["tsx", "prisma/seed.ts"], { stdio: "inherit", env });
  // The seed closes its database; move the finished file into place only now, so a failed build leaves none.
  removeDatabase(file);
  for (const suffix of ["-wal", "-shm"]) if (existsSync(`${building}${suffix}`)) renameSync(`${building}${suffix}`, `${file}${suffix}`);
  renameSync(building, file);
  const marker = { scale, builtAt: new Date().toISOString(), counts: countRows(file), seedHash: hash };
  writeFileSync(markerPath(file), `${JSON.stringify(marker, null, 2)}\n`);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
  return marker;
}

/** The busiest active mentee (most bookings) and guide (most bookings, among those with published content). */
export function busyPeople(file: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const busiest = (role: "user" | "guide", column: "userId" | "guideId", extra = "") =>
      db
        .prepare(
          `SELECT u.id AS id, COUNT(*) AS bookings FROM "Booking" b JOIN "User" u ON u.id = b.${column}
           WHERE u.role = ? AND u.isDeleted = 0 AND u.status = 'active' ${extra}
           GROUP BY u.id ORDER BY bookings DESC, u.id LIMIT 1`,
        )
        .get(role) as { id: number; bookings: number } | undefined;
    const user = busiest("user", "userId");
    const guide =
      busiest("guide", "guideId", `AND EXISTS (SELECT 1 FROM "PublishedContent" pc WHERE pc.guideId = u.id)`) ?? busiest("guide", "guideId");
    if (!user || !guide) throw new Error(`${file} has no bookings: is it a seeded database?`);
    return { user, guide };
  } finally {
    db.close();
  }
}

// ─── Build and server ──────────────────────────────────────────────────────────────────────────

export function buildApp(buildDir: string) {
  console.log(`Building the app into ${path.relative(root, buildDir)}…`);
  const started = Date.now();
  quietly("npx", ["react-router", "build"], { ...process.env, BUILD_DIR: buildDir });
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type Server = { origin: string; child: ChildProcess; stop: () => Promise<void> };

/** The production server (node server/index.mjs) on the build and database, on a loopback port; its output goes to `logFile`. */
export async function startServer({ buildDir, database, logFile }: { buildDir: string; database: string; logFile: string }): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const log = openSync(logFile, "w");
  const child = spawn(process.execPath, ["server/index.mjs"], {
    cwd: root,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      DATABASE_URL: `file:${database}`,
      SESSION_SECRET: randomBytes(32).toString("base64url"),
      PORT: String(port),
      HOST: "127.0.0.1",
    },
  });
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) => child.once("exit", (code) => ((exited = code), resolve())));
  const stop = async () => {
    if (exited !== undefined) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exit;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`The server exited (code ${exited}) before answering: see ${logFile}`);
    try {
      const response = await fetch(`${origin}/unauthorized`, { redirect: "manual" });
      await response.arrayBuffer();
      if (response.ok) return { origin, child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The server did not answer within 60 s: see ${logFile}`);
}

// ─── Signing in ────────────────────────────────────────────────────────────────────────────────

export type Credentials = { email: string; password: string };

/** The admin's browser session (POST /admin/login, as the form does): the Cookie header to send. */
export async function signInBrowser(origin: string, { email, password }: Credentials) {
  const response = await fetch(`${origin}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email, password }),
  });
  await response.arrayBuffer();
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("mm_session="));
  if (response.status !== 302 || !session) throw new Error(`POST /admin/login answered ${response.status} without a session: check the admin's e-mail and password`);
  return session.split(";")[0];
}

/** The admin's API token (POST /api/auth/login). */
export async function signInApi(origin: string, { email, password }: Credentials) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json().catch(() => ({}))) as { token?: string; message?: string };
  if (!response.ok || !body.token) throw new Error(`POST /api/auth/login answered ${response.status}: ${body.message ?? "no token"}`);
  return body.token;
}

/** Ends both sessions, so runs leave none behind (best effort). */
export async function signOut(origin: string, cookie: string, token: string) {
  await Promise.allSettled([
    fetch(`${origin}/api/auth/logout`, { method: "POST", headers: { Authorization: token } }).then((r) => r.arrayBuffer()),
    fetch(`${origin}/logout`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: origin } }).then((r) => r.arrayBuffer()),
  ]);
}
