import { eventStream } from "remix-utils/sse/server";
import type { Route } from "./+types/events";
import { currentUser } from "#app/lib/guards.server.ts";
import { subscribeLive } from "#app/lib/live.server.ts";
import { liveStreams } from "#app/lib/metrics.server.ts";
import { readSessionToken } from "#app/lib/session.server.ts";
import { stopSignal } from "#app/lib/stopping.server.ts";
import { LIVE_BATCH, liveCursor, liveEventsSince, type LiveCursor } from "#app/modules/messages/messages.server.ts";

/**
 * GET /events: the signed-in person's live stream (server-sent events) of new messages and notifications, for
 * the dashboards. It asks nothing of the database while nothing happens: it subscribes to its process's one listener
 * (lib/live.server.ts), which is told of every message and notification written through any app server and tells the
 * streams of the people concerned; this stream then reads its person's rows past its cursor (and the unread counts).
 *
 * Events: `message` and `notification` (JSON of the new row, with the unread counts), `ping` (a heartbeat, so
 * proxies keep the connection and a dead one is noticed). Each event's id is the cursor "message:notification",
 * so a reconnecting EventSource (Last-Event-ID, or `?since=`) misses nothing: what arrived after it is read as the
 * stream opens. The stream ends when the browser goes away, when the session ends (the listener checks every stream's
 * session together, every LIVE_SESSION_CHECK_MS), after about MAX_LIFETIME_MS (the browser reconnects), and when this
 * server stops, after a `restart` event (`{ reconnectMs }`): the browser reconnects, through the proxy, to another.
 */
const HEARTBEAT_MS = 20_000;
/** Streams opened together (after a server restarted) end spread over ±20% of it, not all at once. */
const MAX_LIFETIME_MS = 10 * 60_000;
/** How soon a stream ended by a stopping server should be opened again (EventSource's own wait is about 3 s). */
const RECONNECT_MS = 1000;

function cursorFrom(request: Request): LiveCursor | null {
  const match = /^(\d+):(\d+)$/.exec(request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("since") ?? "");
  return match ? { message: Number(match[1]), notification: Number(match[2]) } : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const person = context.get(currentUser);
  if (!person) return new Response("Sign in to receive live updates.", { status: 401, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const token = (await readSessionToken(request))!;
  const since = cursorFrom(request);

  // Subscribed before the cursor is read, so nothing announced in between is missed; the stream below takes over.
  /** The newest ids the listener announced for this person (and the newest there were as it opened): read up to them. */
  const announced: LiveCursor = { message: 0, notification: 0 };
  const stream = { onNews: () => {}, onSessionEnded: () => {} };
  const subscription = subscribeLive({
    personId: person.id,
    token,
    onNews(news) {
      announced.message = Math.max(announced.message, news.message ?? 0);
      announced.notification = Math.max(announced.notification, news.notification ?? 0);
      stream.onNews();
    },
    onSessionEnded: () => stream.onSessionEnded(),
  });
  let newest: LiveCursor;
  try {
    await subscription.ready;
    newest = await liveCursor(person.id);
  } catch (error) {
    subscription.unsubscribe();
    throw error;
  }
  announced.message = Math.max(announced.message, newest.message);
  announced.notification = Math.max(announced.notification, newest.notification);

  return eventStream(
    request.signal,
    (send, close) => {
      let ended = false;
      let cursor = since ?? newest;
      let reading = false;
      let readAgain = false;

      const end = () => {
        if (ended) return;
        ended = true;
        // Not from inside `init` itself: remix-utils' close() calls the cleanup this function has not returned yet.
        queueMicrotask(() => {
          try {
            close();
          } catch {
            // Already cancelled by the reader.
          }
        });
      };
      const emit = (event: string, data: unknown) => {
        if (ended) return;
        try {
          send({ event, data: JSON.stringify(data), id: `${cursor.message}:${cursor.notification}` });
        } catch {
          // The reader went away (the stream no longer takes events): an EventSource reconnects from its last event id.
          end();
        }
      };

      /** Sends what arrived past the cursor, again while more was announced meanwhile or a batch came full. */
      async function read() {
        if (reading) return void (readAgain = true);
        reading = true;
        try {
          do {
            readAgain = false;
            const upTo = { ...announced };
            const { messages, notifications, unread } = await liveEventsSince(person!.id, cursor);
            for (const message of messages) {
              cursor = { ...cursor, message: Math.max(cursor.message, message.id) };
              emit("message", { ...message, fromMe: message.senderId === person!.id, unread });
            }
            for (const notification of notifications) {
              cursor = { ...cursor, notification: Math.max(cursor.notification, notification.id) };
              emit("notification", { ...notification, unread });
            }
            // A deleted row's id (a replaced notification) is passed; rows past a full batch are read next.
            const fullMessages = messages.length === LIVE_BATCH.messages;
            const fullNotifications = notifications.length === LIVE_BATCH.notifications;
            cursor = {
              message: fullMessages ? cursor.message : Math.max(cursor.message, upTo.message),
              notification: fullNotifications ? cursor.notification : Math.max(cursor.notification, upTo.notification),
            };
            if (fullMessages || fullNotifications) readAgain = true;
          } while (readAgain && !ended);
        } catch {
          // The database hiccuped: this stream ends; an EventSource reconnects by itself and resumes from its last event id.
          end();
        } finally {
          reading = false;
        }
      }

      stream.onNews = () => void read();
      stream.onSessionEnded = end;
      // The first event at once: the browser knows the stream is open, with the cursor to resume from; then what
      // arrived after the browser's last event (a reconnection), if anything did.
      emit("ready", { at: new Date().toISOString() });
      if (announced.message > cursor.message || announced.notification > cursor.notification) void read();

      const heartbeat = setInterval(() => emit("ping", { at: new Date().toISOString() }), HEARTBEAT_MS);
      const lifetime = setTimeout(end, MAX_LIFETIME_MS * (0.8 + 0.4 * Math.random()));
      const restart = () => {
        // Called from the server's stopping signal: a stream whose reader has just gone (the stream already cancelled,
        // the request's abort not yet seen) must not throw there, or the stopping server crashes.
        try {
          emit("restart", { reconnectMs: RECONNECT_MS });
          end();
        } catch {
          // Already cancelled by the reader.
        }
      };
      // A stream opened while the server stops ends at once (an EventSource refused with an error status would not retry).
      if (stopSignal.aborted) setTimeout(restart, 0);
      else stopSignal.addEventListener("abort", restart, { once: true });
      liveStreams.inc();
      return () => {
        liveStreams.dec();
        ended = true;
        subscription.unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        stopSignal.removeEventListener("abort", restart);
      };
    },
    { headers: { "X-Accel-Buffering": "no" } },
  );
}
