import pg from "pg";
import { Prisma } from "#app/generated/prisma/client.ts";
import type { Transaction } from "./db.server.ts";
import { databaseUrl, dialect } from "./dialect.server.ts";
import { openSessionTokens } from "./session.server.ts";
import { column, queryRows } from "./sql.server.ts";

/*
 * Live updates, one listener per process. The live streams (routes/events.ts) of this process subscribe here, in
 * memory, by person; one listener learns which rows arrived and for whom, and tells only those people's streams, which
 * then read their own new rows. Nothing is asked of the database per stream while nothing happens.
 *
 * - PostgreSQL: the code that writes a message or a notification announces it (`announceLive`) with `pg_notify` in its
 *   own transaction, so it is delivered on commit and never for a write rolled back; one dedicated connection LISTENs.
 *   When that connection drops it connects again (waiting longer each time, up to 10 s) and catches up from the newest
 *   ids it had seen, in one statement.
 * - SQLite: one statement every LIVE_POLL_MS reads the ids past the newest seen (so writes by other processes on the
 *   same file arrive within a poll); a write in this process wakes the poll at once.
 *
 * The streams' sessions are checked together too: one statement every LIVE_SESSION_CHECK_MS for all of them.
 */

export type LiveKind = "message" | "notification";

/** A row people's streams show: a message (its sender and recipient) or a notification (its person). Ids only. */
export type LiveRow = { kind: LiveKind; id: number; people: number[] };

/** What arrived for a person: the newest id of each kind seen for them. */
export type LiveNews = Partial<Record<LiveKind, number>>;

export type LiveSubscriber = {
  personId: number;
  /** The session the stream was opened with: when it ends, so does the stream. */
  token: string;
  onNews: (news: LiveNews) => void;
  onSessionEnded: () => void;
};

const CHANNEL = "live_updates";
/** SQLite: how often the process reads the newest ids (writes of this process wake it at once). */
// 1.1 s: with the session check every 30 s, under one statement a second at rest (the bar of npm run bench:live).
const LIVE_POLL_MS = Number(process.env.LIVE_POLL_MS ?? 1100);
const SESSION_CHECK_MS = Number(process.env.LIVE_SESSION_CHECK_MS ?? 30_000);
/** Rows read per kind by one poll or catch-up; more come with the next. */
const BATCH = 500;
const MAX_BACKOFF_MS = 10_000;

/**
 * Tells the live streams that `row` arrived, from the transaction (or client) that wrote it: PostgreSQL delivers it
 * when that transaction commits; SQLite's poll is woken, and its statement waits for the transaction to end (the
 * connection's turnstile, lib/db.server.ts).
 */
export async function announceLive(db: Pick<Transaction, "$executeRaw">, row: LiveRow) {
  if (dialect === "postgres") await db.$executeRaw`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(row)})`;
  else liveHub().wake();
}

/** Subscribes a stream; `ready` resolves once the listener runs (rows committed after it are announced). */
export function subscribeLive(subscriber: LiveSubscriber) {
  return liveHub().subscribe(subscriber);
}

const newestRows = (last: Record<LiveKind, number>) =>
  queryRows(
    { kind: column.text, id: column.int, a: column.int, b: column.int },
    Prisma.sql`SELECT * FROM (SELECT 'message' AS kind, id, "senderId" AS a, "recipientId" AS b FROM "Message" WHERE id > ${last.message} ORDER BY id LIMIT ${BATCH}) m
      UNION ALL
      SELECT * FROM (SELECT 'notification' AS kind, id, "userId" AS a, "userId" AS b FROM "Notification" WHERE id > ${last.notification} ORDER BY id LIMIT ${BATCH}) n`,
  );

class LiveHub {
  private readonly people = new Map<number, Set<LiveSubscriber>>();
  private last: Record<LiveKind, number> = { message: 0, notification: 0 };
  /** Resolves once the listener runs; null while it does not (SQLite: no stream open). */
  private running: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /** A write woke the poll while it was reading: it reads again at once. */
  private woken = false;
  private sessionTimer: ReturnType<typeof setInterval> | null = null;
  /** PostgreSQL: the LISTEN connection, when connected. */
  private listener: pg.Client | null = null;

  subscribe(subscriber: LiveSubscriber) {
    let streams = this.people.get(subscriber.personId);
    if (!streams) this.people.set(subscriber.personId, (streams = new Set()));
    streams.add(subscriber);
    // A listener that could not start is started again by the next stream.
    this.running ??= this.start().catch((error: unknown) => {
      this.running = null;
      throw error;
    });
    this.sessionTimer ??= setInterval(() => void this.checkSessions(), SESSION_CHECK_MS);
    this.sessionTimer.unref();
    return {
      ready: this.running,
      unsubscribe: () => {
        streams.delete(subscriber);
        if (streams.size === 0 && this.people.get(subscriber.personId) === streams) this.people.delete(subscriber.personId);
        if (this.people.size === 0 && this.sessionTimer) {
          clearInterval(this.sessionTimer);
          this.sessionTimer = null;
        }
      },
    };
  }

  /** The process id of the LISTEN connection's backend (PostgreSQL), for tests that cut it. */
  async listenerPid() {
    if (!this.listener) return null;
    const { rows } = await this.listener.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    return rows[0].pid;
  }

  wake() {
    if (this.wakeUp) this.wakeUp();
    else this.woken = true;
  }

  private async start() {
    if (dialect === "postgres") {
      await this.listen();
    } else {
      await this.readNewestIds();
      void this.poll();
    }
  }

  private async readNewestIds() {
    const [row] = await queryRows(
      { message: column.int, notification: column.int },
      Prisma.sql`SELECT (SELECT MAX(id) FROM "Message") AS message, (SELECT MAX(id) FROM "Notification") AS notification`,
    );
    this.last = row;
  }

  /** SQLite: one statement a poll while any stream is open; stops with the last stream (the next starts afresh). */
  private async poll() {
    for (;;) {
      await new Promise<void>((resolve) => {
        if (this.woken) return resolve();
        const timer = setTimeout(resolve, LIVE_POLL_MS);
        timer.unref();
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
      this.woken = false;
      if (this.people.size === 0) {
        this.running = null;
        return;
      }
      await this.catchUp().catch((error: unknown) => console.error("live updates:", error));
    }
  }

  /** Reads the rows past the newest seen (until none is left) and tells their people's streams. */
  private async catchUp() {
    for (;;) {
      const rows = await newestRows(this.last);
      this.deliver(rows.map((row) => ({ kind: row.kind as LiveKind, id: row.id, people: [row.a, row.b] })));
      if (rows.length < BATCH) return;
    }
  }

  private deliver(rows: LiveRow[]) {
    const news = new Map<number, LiveNews>();
    for (const row of rows) {
      this.last[row.kind] = Math.max(this.last[row.kind], row.id);
      for (const person of row.people) {
        if (!this.people.has(person)) continue;
        const seen = news.get(person) ?? {};
        seen[row.kind] = Math.max(seen[row.kind] ?? 0, row.id);
        news.set(person, seen);
      }
    }
    for (const [person, seen] of news) for (const subscriber of this.people.get(person) ?? []) subscriber.onNews(seen);
  }

  /** PostgreSQL: connects the LISTEN connection; its first connection reads the newest ids, a reconnection catches up. */
  private async listen(attempt = 0): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl(), application_name: "live-updates" });
    client.on("notification", ({ payload }) => {
      if (payload) this.deliver([JSON.parse(payload) as LiveRow]);
    });
    // A dropped connection emits "error" then "end": the reconnection is started from "end" alone.
    client.on("error", () => undefined);
    let connected = false;
    client.on("end", () => {
      if (this.listener === client) this.listener = null;
      if (connected) void this.listen(1);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      connected = true;
      this.listener = client;
      // Listening before reading: a row committed meanwhile is read or announced, perhaps both (a stream reads what is new only).
      if (attempt === 0) await this.readNewestIds();
      else await this.catchUp();
    } catch (error) {
      connected = false;
      await client.end().catch(() => undefined);
      if (attempt === 0) throw error;
      const wait = Math.min(MAX_BACKOFF_MS, 250 * 2 ** (attempt - 1));
      console.error(`live updates: listening failed, again in ${wait} ms:`, error instanceof Error ? error.message : error);
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
      return this.listen(attempt + 1);
    }
  }

  /** Ends the streams whose session has ended: one statement for every stream of the process. */
  private async checkSessions() {
    const subscribers = [...this.people.values()].flatMap((streams) => [...streams]);
    if (subscribers.length === 0) return;
    try {
      const open = await openSessionTokens([...new Set(subscribers.map((subscriber) => subscriber.token))]);
      for (const subscriber of subscribers) if (!open.has(subscriber.token)) subscriber.onSessionEnded();
    } catch (error) {
      console.error("live updates: checking sessions:", error);
    }
  }
}

// One hub per process, shared by the build and the tests that import this file, as the database client is.
const globalForLive = globalThis as unknown as { __liveHub?: LiveHub };

export function liveHub() {
  globalForLive.__liveHub ??= new LiveHub();
  return globalForLive.__liveHub;
}
