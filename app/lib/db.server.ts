import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { Database } from "better-sqlite3";
import { Prisma, PrismaClient } from "#app/generated/prisma/client.ts";
import { PrismaClient as PostgresClient } from "#app/generated/prisma-pg/client.ts";
import { databaseUrl, dialect } from "./dialect.server.ts";
import { logError } from "./logger.server.ts";
import { dbQueries } from "./metrics.server.ts";

/**
 * How many operations this process has asked of the database (each model call or raw statement; a transaction's
 * count as theirs): on globalThis with the client, so the build and the tests that import this file share one count.
 */
const statements = ((globalThis as unknown as { __dbStatements?: { count: number } }).__dbStatements ??= { count: 0 });

/** The operations this process has sent the database so far (see `statements`): live updates and their bench measure it. */
export const databaseStatements = () => statements.count;

/**
 * The one database client, for SQLite (a file: URL, the default) or PostgreSQL (a postgresql:// URL), both generated from
 * the one schema. PostgreSQL: a pool (DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS); a transaction has a connection.
 *
 * SQLite: the adapter runs every query on one connection, so another request's query would run inside an open
 * transaction and vanish if it rolled back. Every top-level operation takes its turn (FIFO); a transaction keeps the
 * turn until it ends, and its own queries (recognised through AsyncLocalStorage) pass through. Use `transaction(fn)`,
 * never `prisma.$transaction`.
 */
class Turnstile {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly holding = new AsyncLocalStorage<true>();

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.holding.getStore()) return work();
    const turn = this.tail.then(() => this.holding.run(true, work));
    this.tail = turn.catch(() => undefined);
    return turn;
  }
}

/** The adapter, its transactions begun IMMEDIATE: it has no setting for it, so its connection is read once to do so. */
class PrismaBetterSQLite3BeginningImmediately extends PrismaBetterSQLite3 {
  override async connect() {
    const adapter = await super.connect();
    beginImmediately((adapter as unknown as { client: Database }).client);
    return adapter;
  }
}

/**
 * Prisma opens a transaction with a deferred BEGIN: one that reads and then writes fails at once (SQLITE_BUSY_SNAPSHOT)
 * when another process wrote in between. BEGIN IMMEDIATE takes the write lock first, waiting (busy_timeout) instead.
 */
function beginImmediately(database: Database) {
  const prepare = database.prepare.bind(database);
  database.prepare = ((sql: string) => prepare(sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql)) as Database["prepare"];
}

/**
 * Every query's duration, for /metrics (db_query_duration_seconds), and the count live updates measure themselves by. On SQLite
 * it runs inside the query's turn (extensions added later run nearer the query), so waiting for the turn is not counted.
 */
const timedQueries = Prisma.defineExtension({
  query: {
    $allOperations({ model, operation, args, query }) {
      statements.count++;
      const end = dbQueries.startTimer({ model: model ?? "raw", operation });
      return query(args).finally(end);
    },
  },
});

function sqliteClient(url: string) {
  const adapter = new PrismaBetterSQLite3BeginningImmediately({ url, timeout: 5000 });
  const base = new PrismaClient({ adapter });
  const turnstile = new Turnstile();
  // First in line: connection settings, before any other query.
  const ready = turnstile.run(() => configure(base));
  const client = base
    .$extends({
      query: {
        $allOperations({ args, query }) {
          return turnstile.run(() => query(args));
        },
      },
    })
    .$extends(timedQueries);
  type Tx = Parameters<Parameters<typeof client.$transaction>[0]>[0];
  const transaction = <T>(work: (tx: Tx) => Promise<T>) =>
    turnstile.run(() => client.$transaction((tx) => work(tx)));
  return { client, transaction, ready };
}

type SqliteDb = ReturnType<typeof sqliteClient>;

function postgresClient(url: string): SqliteDb {
  const max = Number(process.env.DATABASE_POOL_SIZE ?? 10);
  // A query still running after DATABASE_STATEMENT_TIMEOUT_MS is cancelled by the server: a request whose visitor
  // has long gone must not hold a connection and a core.
  const statement_timeout = Number(process.env.DATABASE_STATEMENT_TIMEOUT_MS ?? 30_000);
  const base = new PostgresClient({ adapter: new PrismaPg({ connectionString: url, max, statement_timeout }) });
  const client = base.$extends(timedQueries as unknown as Parameters<typeof base.$extends>[0]);
  // The same model API as the SQLite client (generated from the same schema), so it wears the SQLite client's types.
  const typed = client as unknown as SqliteDb["client"];
  return {
    client: typed,
    transaction: (work) => typed.$transaction((tx) => work(tx)),
    ready: base.$connect(),
  };
}

function createClient(url: string) {
  const { client, transaction, ready } = dialect === "postgres" ? postgresClient(url) : sqliteClient(url);
  const guarded = new Proxy(client, {
    get(target, property, receiver) {
      if (property === "$transaction") {
        throw new Error("Use transaction(fn) from db.server: a bare $transaction is unsafe on the shared SQLite connection.");
      }
      return Reflect.get(target, property, receiver);
    },
  }) as Omit<typeof client, "$transaction">;
  return { prisma: guarded, transaction, ready };
}

type Db = ReturnType<typeof createClient>;
const globalForDb = globalThis as unknown as { __db?: Db };

function db(): Db {
  globalForDb.__db ??= createClient(databaseUrl());
  return globalForDb.__db;
}

/** SQLite connection settings: one connection, so they hold for the life of the process. */
async function configure(base: PrismaClient) {
  await base.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await base.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
  await base.$queryRawUnsafe("PRAGMA foreign_keys = ON");
  await base.$queryRawUnsafe("PRAGMA busy_timeout = 5000");
  await base.$queryRawUnsafe("PRAGMA cache_size = -65536");
}

/**
 * SQLite plans from ANALYZE's statistics, which stay as they were while tables grow: as SQLite advises for a long-lived
 * connection, `PRAGMA optimize` measures again what changed, over all tables at start, then hourly. Returns the first
 * pass and what stops the hourly one.
 */
export function keepPlannerStatisticsCurrent(everyMs = 60 * 60_000): { firstPass: Promise<unknown>; stop: () => void } {
  if (dialect !== "sqlite") return { firstPass: Promise.resolve(), stop: () => {} };
  const optimize = (pragma: string) => prisma.$queryRawUnsafe(pragma).catch((error: unknown) => logError(error, {}, pragma));
  const firstPass = optimize("PRAGMA analysis_limit = 400").then(() => optimize("PRAGMA optimize = 0x10002"));
  const timer = setInterval(() => void optimize("PRAGMA optimize"), everyMs);
  timer.unref();
  return { firstPass, stop: () => clearInterval(timer) };
}

/** Whether a write failed on a unique constraint (Prisma's P2002): someone else has the e-mail, the key, the slot. */
export function isUniqueViolation(error: unknown) {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** Resolves once the connection is configured; awaited by the server before it takes requests. */
export function dbReady() {
  return db().ready;
}

export const prisma = new Proxy({} as Db["prisma"], {
  get: (_target, property) => Reflect.get(db().prisma, property),
});

export type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Inside a transaction: makes every other transaction that asks for the same `name` and `id` wait until this one
 * ends, so two requests cannot both pass a check of rows that neither has written yet (a count against a limit).
 * PostgreSQL: a transaction-level advisory lock. SQLite needs none: its transactions begin IMMEDIATE (see above), so
 * writing transactions already run one at a time, in this process and across processes.
 */
export async function lockWithin(tx: Transaction, name: string, id: number) {
  if (dialect === "postgres") await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${name}), ${id}::int)`;
}

/**
 * Runs `work` in a transaction while every other query waits; the only way to open one.
 * Rule: no network call inside `work` (fetch, e-mail, Stripe): every other request waits while it runs.
 * Do those before the transaction opens or after it commits (lint enforces this in eslint.config.js).
 */
export function transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db().transaction(work);
}
