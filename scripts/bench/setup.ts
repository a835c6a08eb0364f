// What a benchmark run stands on: the scale database, the production build, the server, the admin's sessions.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { createPostgresDatabase, migratePostgres, migrateSqlite, migrationNames } from "../migrate.mjs";
import { sealSecret } from "#app/modules/two-factor/secret-box.server.ts";
import { currentCode, newSecret, TOTP_PERIOD_MS } from "#app/modules/two-factor/totp.ts";

const root = process.cwd();

// ─── Scale database ────────────────────────────────────────────────────────────────────────────
//
// SQLite: a file (data/bench.db), its marker a file beside it (data/bench.db.bench.json).
// PostgreSQL: a database on a server (bench_100000), its marker the one row of a table "_bench" in it.

export type Target = { engine: "sqlite"; file: string } | { engine: "postgres"; server: string; name: string };

type Marker = { scale: number; builtAt: string; counts: Record<string, number>; seedHash?: string; migrations?: string[] };

/** A database on the server `server` names (any database of it). */
export function postgresUrl(server: string, name: string) {
  const url = new URL(server);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

export const targetUrl = (target: Target) => (target.engine === "sqlite" ? `file:${target.file}` : postgresUrl(target.server, target.name));

export const describeTarget = (target: Target) =>
  target.engine === "sqlite" ? path.relative(root, target.file) : `PostgreSQL ${new URL(target.server).host}/${target.name}`;

/**
 * Which version of the seed built a database: a changed seed (any file of prisma/seed/, by name and content) is
 * reported (--fresh rebuilds). On PostgreSQL the copy into it (scripts/seed-postgres.ts) counts as part of the seed.
 */
const seedHash = (engine: Target["engine"]) => {
  const hash = createHash("sha256");
  const folder = path.join(root, "prisma/seed");
  for (const name of readdirSync(folder).sort()) hash.update(name).update(readFileSync(path.join(folder, name)));
  if (engine === "postgres") hash.update(readFileSync(path.join(root, "scripts/seed-postgres.ts")));
  return hash.digest("hex").slice(0, 16);
};

const migrationsOf = (engine: Target["engine"]) => migrationNames(path.join(root, engine === "sqlite" ? "prisma/migrations" : "prisma/migrations-postgres"));

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

/** Applies the migrations not applied yet. */
async function migrate(target: Target) {
  if (target.engine === "sqlite") migrateSqlite(targetUrl(target), { stdio: "pipe" });
  else await migratePostgres(targetUrl(target), { quiet: true });
}

/** Runs `work` with a connection to a PostgreSQL database. */
async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Tables whose counts the marker records (and the report shows). */
const COUNTED = ["User", "Booking", "Payment", "Review", "PublishedContent", "CustomerQuery", "Faq", "Resource", "GuideRequest"];

/** Runs one read-only query that both engines understand, on the target: its rows. */
async function query<T>(target: Target, sql: string): Promise<T[]> {
  if (target.engine === "postgres") return withPostgres(targetUrl(target), async (client) => (await client.query(sql)).rows as T[]);
  const db = new Database(target.file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

async function countRows(target: Target) {
  const selects = [...COUNTED.map((table) => `SELECT '${table}' AS name, COUNT(*) AS n FROM "${table}"`), `SELECT 'mentees' AS name, COUNT(*) AS n FROM "User" WHERE role = 'user'`];
  const rows = await query<{ name: string; n: number | string }>(target, selects.join(" UNION ALL "));
  return Object.fromEntries(rows.map(({ name, n }) => [name, Number(n)]));
}

const markerPath = (file: string) => `${file}.bench.json`;

async function readMarker(target: Target): Promise<Marker | null> {
  if (target.engine === "sqlite") return existsSync(markerPath(target.file)) ? (JSON.parse(readFileSync(markerPath(target.file), "utf8")) as Marker) : null;
  const rows = await query<{ marker: Marker }>(target, `SELECT "marker" FROM "_bench"`).catch(() => []);
  return rows[0]?.marker ?? null;
}

async function writeMarker(target: Target, marker: Marker) {
  if (target.engine === "sqlite") writeFileSync(markerPath(target.file), `${JSON.stringify(marker, null, 2)}\n`);
  else {
    await withPostgres(targetUrl(target), async (client) => {
      await client.query(`CREATE TABLE IF NOT EXISTS "_bench" ("marker" JSONB NOT NULL)`);
      await client.query(`DELETE FROM "_bench"`);
      await client.query(`INSERT INTO "_bench" ("marker") VALUES ($1)`, [JSON.stringify(marker)]);
    });
  }
}

async function exists(target: Target) {
  if (target.engine === "sqlite") return existsSync(target.file);
  return withPostgres(postgresUrl(target.server, "postgres"), async (client) => (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [target.name])).rowCount! > 0);
}

/**
 * Complete means: the marker the last build wrote says this scale, and the database still holds as many
 * accounts as it did then. A database without a marker (built by hand) is complete when it holds `scale`
 * mentees and some bookings; it gets a marker.
 */
async function completeDatabase(target: Target, scale: number): Promise<Marker | null> {
  if (!(await exists(target))) return null;
  try {
    const counts = await countRows(target);
    const marker = await readMarker(target);
    if (marker) return marker.scale === scale && marker.counts.User === counts.User ? { ...marker, counts } : null;
    if (counts.mentees !== scale || counts.Booking === 0) return null;
    const made = { scale, builtAt: new Date().toISOString(), counts };
    await writeMarker(target, made);
    return made;
  } catch {
    return null; // no such tables, or not a database
  }
}

const removeDatabase = (file: string) => {
  for (const suffix of ["", "-wal", "-shm", "-journal", ".bench.json"]) rmSync(`${file}${suffix}`, { force: true });
};

/** Drops a PostgreSQL database (ending its connections) when it exists. */
const dropPostgres = (server: string, name: string) =>
  withPostgres(postgresUrl(server, "postgres"), (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

/**
 * Builds the scale database: migrate + seed into a temporary file (SQLite) or database (PostgreSQL: `<name>_building`),
 * moved into place (renamed) only when the seed succeeded, so a failed build leaves nothing half-built behind.
 */
async function buildDatabase(target: Target, scale: number): Promise<Marker> {
  const building: Target = target.engine === "sqlite" ? { ...target, file: `${target.file}.building` } : { ...target, name: `${target.name}_building` };
  console.log(`Building ${describeTarget(target)} with SEED_SCALE=${scale} (${target.engine === "sqlite" ? "a minute or more" : "two minutes or more"})…`);
  const started = Date.now();
  const hash = seedHash(target.engine);
  if (building.engine === "sqlite") {
    mkdirSync(path.dirname(building.file), { recursive: true });
    removeDatabase(building.file);
  } else {
    await dropPostgres(building.server, building.name);
    await createPostgresDatabase(targetUrl(building));
  }
  await migrate(building);
  execFileSync("npx", ["tsx", "prisma/seed/index.ts"], { stdio: "inherit", env: { ...process.env, DATABASE_URL: targetUrl(building), SEED_SCALE: String(scale) } });
  if (target.engine === "sqlite" && building.engine === "sqlite") {
    // The seed closes its database; move the finished file into place only now.
    removeDatabase(target.file);
    for (const suffix of ["-wal", "-shm"]) if (existsSync(`${building.file}${suffix}`)) renameSync(`${building.file}${suffix}`, `${target.file}${suffix}`);
    renameSync(building.file, target.file);
  } else if (target.engine === "postgres") {
    await dropPostgres(target.server, target.name);
    await withPostgres(postgresUrl(target.server, "postgres"), (client) => client.query(`ALTER DATABASE "${target.name}_building" RENAME TO "${target.name}"`));
  }
  const marker = { scale, builtAt: new Date().toISOString(), counts: await countRows(target), seedHash: hash, migrations: migrationsOf(target.engine) };
  await writeMarker(target, marker);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
  return marker;
}

/** The scale database, built unless complete; migrations added since it was built are applied to it. */
export async function ensureDatabase(target: Target, scale: number, fresh: boolean): Promise<Marker> {
  if (!fresh) {
    const marker = await completeDatabase(target, scale);
    if (marker) {
      console.log(`Database ${describeTarget(target)}: scale ${scale}, built ${marker.builtAt} (--fresh rebuilds it)`);
      if (marker.seedHash !== seedHash(target.engine)) console.log("  The seed has changed since: run with --fresh to measure what it seeds now.");
      // Migrations added since (indexes, say) apply to the data as it is.
      await migrate(target);
      return marker;
    }
  }
  return buildDatabase(target, scale);
}

/**
 * Cancels the queries still running on a PostgreSQL bench database: PostgreSQL carries on with a query whose client
 * gave up (a request that timed out, a server stopped), which would weigh on every case after it. SQLite: nothing.
 */
export async function cancelQueries(target: Target): Promise<number> {
  if (target.engine !== "postgres") return 0;
  return withPostgres(postgresUrl(target.server, "postgres"), async (client) => {
    const { rowCount } = await client.query(
      `SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      [target.name],
    );
    return rowCount ?? 0;
  });
}

/** The busiest active mentee (most bookings) and guide (most bookings, among those with published content). */
export async function busyPeople(target: Target) {
  const busiest = async (role: "user" | "guide", column: "userId" | "guideId", extra = "") => {
    const [row] = await query<{ id: number; email: string; bookings: number | string }>(
      target,
      `SELECT u.id AS id, u.email AS email, COUNT(*) AS bookings FROM "Booking" b JOIN "User" u ON u.id = b."${column}"
       WHERE u.role = '${role}' AND u."isDeleted" = false AND u.status = 'active' ${extra}
       GROUP BY u.id, u.email ORDER BY bookings DESC, u.id LIMIT 1`,
    );
    return row ? { id: Number(row.id), email: row.email, bookings: Number(row.bookings) } : undefined;
  };
  const user = await busiest("user", "userId");
  const guide =
    (await busiest("guide", "guideId", `AND EXISTS (SELECT 1 FROM "PublishedContent" pc WHERE pc."guideId" = u.id)`)) ?? (await busiest("guide", "guideId"));
  if (!user || !guide) throw new Error(`${describeTarget(target)} has no bookings: is it a seeded database?`);
  // The person each of them has written to most: their open conversation is measured too (none: not measured).
  const partnerOf = async (id: number) => {
    const [row] = await query<{ id: number }>(
      target,
      `SELECT m."recipientId" AS id FROM "Message" m WHERE m."senderId" = ${id} GROUP BY m."recipientId" ORDER BY COUNT(*) DESC, m."recipientId" LIMIT 1`,
    );
    return row ? Number(row.id) : undefined;
  };
  // The guide's own webhook endpoint with the most delivery attempts, and how many, if they have one (its deliveries
  // list is measured).
  const [hook] = await query<{ id: number; attempts: number | string }>(
    target,
    `SELECT w.id AS id, COUNT(a.id) AS attempts FROM "WebhookEndpoint" w LEFT JOIN "WebhookAttempt" a ON a."endpointId" = w.id
     WHERE w."userId" = ${guide.id} AND w."organisationId" IS NULL GROUP BY w.id ORDER BY COUNT(a.id) DESC, w.id LIMIT 1`,
  );
  const webhook = hook ? { id: Number(hook.id), attempts: Number(hook.attempts) } : undefined;
  return { user: { ...user, partnerId: await partnerOf(user.id) }, guide: { ...guide, partnerId: await partnerOf(guide.id), webhook } };
}

/** The sponsor the scale seed makes (sponsor@example.com, Grace Church) and how many rows its lists hold; none: undefined. */
export async function scaleSponsor(target: Target) {
  const [row] = await query<{ email: string; ledger: number | string; pastors: number | string; invites: number | string }>(
    target,
    `SELECT u.email AS email,
       (SELECT COUNT(*) FROM "SponsorLedgerEntry" l WHERE l."organisationId" = a."organisationId") AS ledger,
       (SELECT COUNT(*) FROM "SponsoredPastor" p WHERE p."organisationId" = a."organisationId") AS pastors,
       (SELECT COUNT(*) FROM "SponsorInvite" i WHERE i."organisationId" = a."organisationId") AS invites
     FROM "SponsorAdmin" a JOIN "User" u ON u.id = a."userId" WHERE u.email = 'sponsor@example.com' LIMIT 1`,
  );
  return row ? { email: row.email, ledger: Number(row.ledger), pastors: Number(row.pastors), invites: Number(row.invites) } : undefined;
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

/** The production server (node server/index.mjs) on the build and database, on a loopback port (`port`, or a free one); its output goes to `logFile`. */
/** Fails when something listens on `port` already (the readiness probe would otherwise ask that). */
function portFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", () => reject(new Error(`Port ${port} is in use: pick another with --port`)));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

export async function startServer({
  buildDir,
  databaseUrl,
  logFile,
  port: wanted,
  entry = "server/index.mjs",
  sessionSecret = randomBytes(32).toString("base64url"),
  totpKey = randomBytes(32).toString("base64url"),
}: {
  buildDir: string;
  databaseUrl: string;
  logFile: string;
  port?: number;
  /** The script to run: the server, or a wrapper of it that also answers the bench over IPC (bench/live-server.mjs). */
  entry?: string;
  sessionSecret?: string;
  /** The key the server seals authenticator secrets with (`adminCodes` needs the same one). */
  totpKey?: string;
}): Promise<Server> {
  if (wanted) await portFree(wanted);
  const port = wanted ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const log = openSync(logFile, "w");
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    stdio: entry === "server/index.mjs" ? ["ignore", log, log] : ["ignore", log, log, "ipc"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: sessionSecret,
      TOTP_KEY: totpKey,
      PORT: String(port),
      HOST: "127.0.0.1",
      // The personal tokens' cases send thousands of requests a minute: no per-token budget in the way.
      API_RATE_PER_MINUTE: "100000000",
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

/**
 * A person's authenticator, set up afresh for this run (administrators and sponsor admins sign in with a second factor): a new secret,
 * sealed under the server's `totpKey`, written to the scale database. Returns what makes the next code: each sign-in
 * takes the next 30-second step's (the app accepts the steps either side of now, each once).
 */
export async function adminCodes(target: Target, email: string, totpKey: string): Promise<() => string> {
  const secret = newSecret();
  const sealed = sealSecret(secret, totpKey);
  const now = new Date();
  const upsert = (p: [string, string, string]) =>
    `INSERT INTO "TwoFactor" ("userId", secret, "enabledAt", "lastStep", "createdAt") SELECT id, ${p[0]}, ${p[1]}, 0, ${p[1]} FROM "User" WHERE email = ${p[2]}
     ON CONFLICT ("userId") DO UPDATE SET secret = excluded.secret, "enabledAt" = excluded."enabledAt", "lastStep" = 0`;
  if (target.engine === "postgres") await withPostgres(targetUrl(target), (client) => client.query(upsert(["$1", "$2", "$3"]), [sealed, now, email]));
  else {
    const db = new Database(target.file, { fileMustExist: true });
    try {
      db.prepare(upsert(["?", "?", "?"])).run(sealed, now.toISOString(), now.toISOString(), email);
    } finally {
      db.close();
    }
  }
  let step = Math.floor(Date.now() / TOTP_PERIOD_MS) - 2;
  return () => {
    step = Math.max(step + 1, Math.floor(Date.now() / TOTP_PERIOD_MS) - 1);
    return currentCode(secret, step * TOTP_PERIOD_MS);
  };
}

/**
 * A browser session (POST /admin/login, or /login for a mentee, as the form does; then the code step when `code` is
 * given): the Cookie header to send.
 */
export async function signInBrowser(origin: string, { email, password }: Credentials, loginPath = "/admin/login", code?: () => string) {
  const post = (path: string, body: Record<string, string>, cookie?: string) =>
    fetch(`${origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(body),
    });
  let response = await post(loginPath, { email, password });
  await response.arrayBuffer();
  const step = response.headers.get("Location");
  if (code && response.status === 302 && step) {
    const pending = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
    response = await post(step, { code: code() }, pending);
    await response.arrayBuffer();
  }
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("mm_session="));
  if (response.status !== 302 || !session) throw new Error(`POST ${loginPath} answered ${response.status} without a session: check the admin's e-mail and password`);
  return session.split(";")[0];
}

/** The admin's API token (POST /api/auth/login with the second factor's code). */
export async function signInApi(origin: string, { email, password }: Credentials, code: () => string) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email, password, code: code() }),
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

/**
 * A personal access token of a signed-in mentee or guide (`cookie`), made with Settings' form as they would make one;
 * the tokens earlier runs made are deleted first (a person may hold 20).
 */
export async function personalToken(target: Target, origin: string, person: { id: number; cookie: string; settings: string }, scopes: string[]) {
  const sql = `DELETE FROM "AccessToken" WHERE "userId" = ${Number(person.id)} AND name = 'Benchmark'`;
  if (target.engine === "postgres") await withPostgres(targetUrl(target), (client) => client.query(sql));
  else {
    const db = new Database(target.file, { fileMustExist: true });
    try {
      db.prepare(sql).run();
    } finally {
      db.close();
    }
  }
  const body = new URLSearchParams({ intent: "new-token", name: "Benchmark", lifetime: "30" });
  for (const scope of scopes) body.append("scopes", scope);
  const response = await fetch(`${origin}${person.settings}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: person.cookie },
    body,
  });
  const token = (await response.text()).match(/mmp_[A-Za-z0-9_-]{43}/)?.[0];
  if (!token) throw new Error(`POST ${person.settings} answered ${response.status} without a token`);
  return `Bearer ${token}`;
}
