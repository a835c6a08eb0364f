import type { ChildProcess } from "node:child_process";
import net from "node:net";
import { afterAll, describe, expect, test } from "vitest";
import { databaseStatements, prisma, transaction } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { announceLive, liveHub, subscribeLive, type LiveNews } from "#app/lib/live.server.ts";
import { commitSession, createSession, endSessionsOf } from "#app/lib/session.server.ts";
import { createPerson, postForm, send } from "#tests/app.ts";
import { startProductionServer } from "#tests/support/production-server.ts";

/**
 * GET /events, the dashboards' live stream: server-sent events fed from the database, so a message sent through
 * one app server reaches a stream held open on another.
 */

type LiveEvent = { event: string; id?: string; data: string };

/** Reads server-sent events from a stream, one at a time, each within `ms` or failing. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  async function next(ms = 8000): Promise<LiveEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: LiveEvent = { event: "message", data: "" };
        for (const line of block.split("\n")) {
          const [field, ...rest] = line.split(": ");
          const value = rest.join(": ");
          if (field === "event") event.event = value;
          else if (field === "id") event.id = value;
          else if (field === "data") event.data += value;
        }
        return event;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${ms} ms; received so far: ${JSON.stringify(buffer)}`);
      const chunk = await Promise.race([reader.read(), new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), left))]);
      if (chunk === "timeout") continue;
      if (chunk.done) throw new Error(`the stream ended; received: ${JSON.stringify(buffer)}`);
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }
  /** The next event named `name`, skipping heartbeats and others. */
  async function nextOf(name: string, ms = 8000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const event = await next(Math.max(1, deadline - Date.now()));
      if (event.event === name) return event;
    }
  }
  return { next, nextOf, close: () => reader.cancel().catch(() => undefined) };
}

async function signedIn(role: "user" | "guide") {
  const person = await createPerson(role);
  if (role === "guide") await prisma.guideProfile.create({ data: { userId: person.id, experienceYears: 5, category: "Senior Pastors" } });
  const token = await createSession(person.id, "web");
  const cookie = (await commitSession(token)).split(";")[0];
  return { person, cookie, token };
}

async function pair() {
  const mentee = await signedIn("user");
  const guide = await signedIn("guide");
  const startsAt = new Date(Date.now() + 7 * 86_400_000);
  await prisma.booking.create({ data: { userId: mentee.person.id, guideId: guide.person.id, startsAt, topic: "Vision", status: "confirmed" } });
  return { mentee, guide };
}

describe("GET /events (in this process)", () => {
  test("signed out: 401, no stream", async () => {
    const response = await send("/events");
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Type")).not.toContain("text/event-stream");
  });

  test("an event stream that delivers a message another request sends, and a notification", async () => {
    const { mentee, guide } = await pair();
    const response = await send("/events", { cookie: mentee.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    // Never cached (the edge makes signed-in answers private, no-store).
    expect(response.headers.get("Cache-Control")).toMatch(/no-store|no-cache/);
    const events = eventReader(response.body!);
    try {
      expect((await events.next()).event).toBe("ready");
      const sent = await postForm(`/mentor-dashboard/messages?with=${mentee.person.id}`, { recipientId: String(mentee.person.id), body: "Live hello" }, guide.cookie);
      expect(sent.status).toBe(302);
      const message = await events.nextOf("message");
      expect(JSON.parse(message.data)).toMatchObject({ senderId: guide.person.id, recipientId: mentee.person.id, body: "Live hello", fromMe: false, unread: { messages: 1 } });
      const notification = await events.nextOf("notification");
      expect(JSON.parse(notification.data)).toMatchObject({ kind: "message", title: `New message from ${guide.person.name}` });
      expect(notification.id).toMatch(/^\d+:\d+$/);
    } finally {
      await events.close();
    }
  });

  test("Last-Event-ID resumes after what the browser saw: nothing sent meanwhile is lost", async () => {
    const { mentee, guide } = await pair();
    const first = eventReader((await send("/events", { cookie: mentee.cookie })).body!);
    const ready = await first.next();
    await first.close();
    await postForm(`/mentor-dashboard/messages?with=${mentee.person.id}`, { recipientId: String(mentee.person.id), body: "While you were away" }, guide.cookie);
    const again = eventReader((await send("/events", { cookie: mentee.cookie, headers: { "Last-Event-ID": ready.id! } })).body!);
    try {
      expect(JSON.parse((await again.nextOf("message")).data)).toMatchObject({ body: "While you were away" });
    } finally {
      await again.close();
    }
  });

  test("the stream does not carry other people's messages", async () => {
    const { mentee, guide } = await pair();
    const other = await pair();
    const events = eventReader((await send("/events", { cookie: other.mentee.cookie })).body!);
    try {
      await events.next();
      await postForm(`/mentor-dashboard/messages?with=${mentee.person.id}`, { recipientId: String(mentee.person.id), body: "Private" }, guide.cookie);
      await expect(events.nextOf("message", 5000)).rejects.toThrow(/no event within/);
    } finally {
      await events.close();
    }
  });
});

// ─── Two app servers, one database ─────────────────────────────────────────────────────────────

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

/** The production server as app server `name`, its origin. */
async function startServer(name: string) {
  // Sessions re-checked every second rather than every 30: the test of a stream ending with its session waits for one.
  const server = await startProductionServer({ APP_SERVER_ID: name, LIVE_SESSION_CHECK_MS: "1000" });
  children.push(server.child);
  return server.origin;
}

/**
 * An HTTP/1.1 exchange over a raw socket (the tests' request mocks intercept fetch and node:http): `received`
 * is everything that arrived so far; `until` waits for it to match.
 */
function rawExchange(base: string, { method = "GET", path, headers = {}, body }: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, "Connection: close", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  socket.write(`${lines.join("\r\n")}\r\n\r\n${body ?? ""}`);
  let received = "";
  let ended = false;
  const waiters = new Set<() => void>();
  socket.on("data", (chunk) => {
    received += chunk.toString("utf8");
    for (const wake of waiters) wake();
  });
  socket.on("close", () => {
    ended = true;
    for (const wake of waiters) wake();
  });
  socket.on("error", () => undefined);
  function until(pattern: RegExp, ms: number) {
    return new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(received);
        if (match) return done(() => resolve(match));
        if (ended) return done(() => reject(new Error(`connection closed without ${pattern}: ${received}`)));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`no ${pattern} within ${ms} ms: ${received}`))), ms);
      const done = (then: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        then();
      };
      waiters.add(check);
      check();
    });
  }
  return { until, closed: () => ended, close: () => socket.destroy(), received: () => received };
}

describe("several app servers", () => {
  test("a message sent through server A arrives on a stream opened on server B", { timeout: 60_000 }, async () => {
    const [serverA, serverB] = await Promise.all([startServer("app-a"), startServer("app-b")]);
    const { mentee, guide } = await pair();
    const stream = rawExchange(serverB, { path: "/events", headers: { Cookie: mentee.cookie } });
    try {
      await stream.until(/event: ready/, 15_000);
      expect(stream.received()).toMatch(/^HTTP\/1\.1 200/);
      expect(stream.received()).toMatch(/\r\nx-served-by: app-b\r\n/i);
      expect(stream.received()).toMatch(/\r\ncontent-type: text\/event-stream\r\n/i);
      const form = new URLSearchParams({ recipientId: String(mentee.person.id), body: "Across servers" }).toString();
      const post = rawExchange(serverA, {
        method: "POST",
        path: `/mentor-dashboard/messages?with=${mentee.person.id}`,
        headers: { Cookie: guide.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: serverA },
        body: form,
      });
      await post.until(/\r\n\r\n/, 15_000);
      expect(post.received()).toMatch(/^HTTP\/1\.1 302/);
      expect(post.received()).toMatch(/\r\nx-served-by: app-a\r\n/i);
      post.close();
      // (Chunked framing sits between the event's lines.)
      const [data] = await stream.until(/data: \{[^\n]*"body":"Across servers"[^\n]*\n/, 15_000);
      expect(data).toContain(`"senderId":${guide.person.id}`);
      expect(stream.received()).toMatch(/event: message\n/);
    } finally {
      stream.close();
    }
  });

  test("the stream ends when the person signs out (their session ends)", { timeout: 60_000 }, async () => {
    const server = await startServer("app-c");
    const mentee = await signedIn("user");
    const stream = rawExchange(server, { path: "/events", headers: { Cookie: mentee.cookie } });
    try {
      await stream.until(/event: ready/, 15_000);
      await endSessionsOf(mentee.person.id);
      // Checked every LIVE_SESSION_CHECK_MS (1 s here): the stream ends within that plus a poll; the last chunk closes the body.
      await stream.until(/\r\n0\r\n\r\n/, 30_000);
    } finally {
      stream.close();
    }
  });
});

// ─── One listener per process ──────────────────────────────────────────────────────────────────

/** What the process's listener tells a subscriber (as a stream subscribes), collected. */
async function listening(personId: number, token: string) {
  const heard: LiveNews[] = [];
  const subscription = subscribeLive({ personId, token, onNews: (news) => heard.push(news), onSessionEnded: () => undefined });
  await subscription.ready;
  return { heard, unsubscribe: subscription.unsubscribe };
}

/** A message written and announced as `sendMessage` does, in a transaction that may be held open or rolled back. */
async function writeMessage(senderId: number, recipientId: number, body: string, within: () => Promise<void> = async () => undefined) {
  return transaction(async (tx) => {
    const { id } = await tx.message.create({ data: { senderId, recipientId, body }, select: { id: true } });
    await announceLive(tx, { kind: "message", id, people: [recipientId, senderId] });
    await within();
    return id;
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("live updates fanned out from one listener", () => {
  test("a message reaches both streams of its person within a second, and no stream of anyone else", { timeout: 60_000 }, async () => {
    const server = await startServer("app-live");
    const { mentee, guide } = await pair();
    const stranger = await signedIn("user");
    const streams = [mentee, mentee, stranger].map((who) => rawExchange(server, { path: "/events", headers: { Cookie: who.cookie } }));
    try {
      for (const stream of streams) await stream.until(/event: ready/, 15_000);
      const form = new URLSearchParams({ recipientId: String(mentee.person.id), body: "Fanned out" }).toString();
      const post = rawExchange(server, {
        method: "POST",
        path: `/mentor-dashboard/messages?with=${mentee.person.id}`,
        headers: { Cookie: guide.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: server },
        body: form,
      });
      await post.until(/\r\n\r\n/, 15_000);
      expect(post.received()).toMatch(/^HTTP\/1\.1 302/);
      post.close();
      // Within a second of the answer (it may even come first: the stream is told on commit).
      const answered = Date.now();
      await Promise.all(streams.slice(0, 2).map((stream) => stream.until(/"body":"Fanned out"/, 1000)));
      expect(Date.now() - answered).toBeLessThan(1000);
      await pause(1000);
      expect(streams[2].received()).not.toContain("Fanned out");
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  test("with streams open and nothing happening, the process asks the database about once a second, not once per stream", { timeout: 60_000 }, async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => signedIn("user")));
    const streams = await Promise.all(people.map(async ({ cookie }) => eventReader((await send("/events", { cookie })).body!)));
    try {
      for (const stream of streams) expect((await stream.next()).event).toBe("ready");
      await pause(500);
      const before = databaseStatements();
      await pause(4000);
      const asked = databaseStatements() - before;
      // SQLite: one poll a second (LIVE_POLL_MS); PostgreSQL: none (LISTEN). A session check may fall in the window.
      expect(asked).toBeLessThanOrEqual(dialect === "sqlite" ? 6 : 1);
    } finally {
      for (const stream of streams) await stream.close();
    }
  });

  test("a write is announced when its transaction commits, and a rolled-back one never", async () => {
    const { mentee, guide } = await pair();
    const { heard, unsubscribe } = await listening(mentee.person.id, mentee.token);
    try {
      let heardBeforeCommit = -1;
      const id = await writeMessage(guide.person.id, mentee.person.id, "Committed", async () => {
        await pause(1200);
        heardBeforeCommit = heard.length;
      });
      expect(heardBeforeCommit).toBe(0);
      await expect.poll(() => heard, { timeout: 1000 }).toContainEqual({ message: id });

      heard.length = 0;
      await expect(
        writeMessage(guide.person.id, mentee.person.id, "Rolled back", async () => {
          throw new Error("changed my mind");
        }),
      ).rejects.toThrow("changed my mind");
      await pause(1500);
      expect(heard).toEqual([]);
    } finally {
      unsubscribe();
    }
  });

  test.skipIf(dialect !== "postgres")("the listener connects again after its connection is cut, and catches up on what it missed", { timeout: 30_000 }, async () => {
    const { mentee, guide } = await pair();
    const { heard, unsubscribe } = await listening(mentee.person.id, mentee.token);
    try {
      const pid = await liveHub().listenerPid();
      expect(pid).toBeTypeOf("number");
      // A row whose notification never came (as one sent while the connection is down): only the catch-up brings it.
      const missed = await prisma.message.create({ data: { senderId: guide.person.id, recipientId: mentee.person.id, body: "While cut off" }, select: { id: true } });
      await prisma.$executeRaw`SELECT pg_terminate_backend(${pid}::int)`;
      await expect.poll(() => heard, { timeout: 10_000 }).toContainEqual({ message: missed.id });
      await expect.poll(async () => [null, pid].includes(await liveHub().listenerPid()), { timeout: 10_000 }).toBe(false);
      // And it listens again: the next write arrives by notification.
      const next = await writeMessage(guide.person.id, mentee.person.id, "Listening again");
      await expect.poll(() => heard, { timeout: 2000 }).toContainEqual({ message: next });
    } finally {
      unsubscribe();
    }
  });
});
