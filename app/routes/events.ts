import { eventStream } from "remix-utils/sse/server";
import type { Route } from "./+types/events";
import { currentUser } from "#app/lib/guards.server.ts";
import { liveStreams } from "#app/lib/metrics.server.ts";
import { readSessionToken, sessionStillOpen } from "#app/lib/session.server.ts";
import { stopSignal } from "#app/lib/stopping.server.ts";
import { liveCursor, liveEventsSince, type LiveCursor } from "#app/modules/messages/messages.server.ts";

/**
 * GET /events: the signed-in person's live stream (server-sent events) of new messages and notifications, for
 * the dashboards. It is fed from the database, not from this process's memory, so a message sent through any
 * app server reaches a stream held open by any other: every POLL_MS the stream asks for the newest ids of the
 * person's messages and notifications (one small indexed query) and, when they moved, sends what is new.
 *
 * Events: `message` and `notification` (JSON of the new row, with the unread counts), `ping` (a heartbeat, so
 * proxies keep the connection and a dead one is noticed). Each event's id is the cursor "message:notification",
 * so a reconnecting EventSource (Last-Event-ID) misses nothing. The stream ends when the browser goes away,
 * when the session ends (re-checked every SESSION_CHECK_MS), after MAX_LIFETIME_MS (the browser reconnects), and when
 * this server stops, after a `restart` event (`{ reconnectMs }`): the browser reconnects, through the proxy, to another.
 */
export const POLL_MS = Number(process.env.LIVE_POLL_MS ?? 2000);
const HEARTBEAT_MS = 20_000;
const SESSION_CHECK_MS = Number(process.env.LIVE_SESSION_CHECK_MS ?? 30_000);
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
  let cursor = cursorFrom(request) ?? (await liveCursor(person.id));

  return eventStream(
    request.signal,
    (send, close) => {
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const started = Date.now();
      let lastBeat = started;
      let lastSessionCheck = started;
      const emit = (event: string, data: unknown) => {
        send({ event, data: JSON.stringify(data), id: `${cursor.message}:${cursor.notification}` });
      };

      async function tick() {
        const now = Date.now();
        if (now - started > MAX_LIFETIME_MS) return close();
        if (now - lastSessionCheck > SESSION_CHECK_MS) {
          lastSessionCheck = now;
          if (!(await sessionStillOpen(token))) return close();
        }
        const newest = await liveCursor(person!.id);
        if (newest.message > cursor.message || newest.notification > cursor.notification) {
          const { messages, notifications, unread } = await liveEventsSince(person!.id, cursor);
          for (const message of messages) {
            cursor = { ...cursor, message: Math.max(cursor.message, message.id) };
            emit("message", { ...message, fromMe: message.senderId === person!.id, unread });
          }
          for (const notification of notifications) {
            cursor = { ...cursor, notification: Math.max(cursor.notification, notification.id) };
            emit("notification", { ...notification, unread });
          }
          // Rows past the batch limits come with the next tick; a deleted row's id is skipped.
          cursor = { message: Math.max(cursor.message, messages.length < 50 ? newest.message : cursor.message), notification: Math.max(cursor.notification, notifications.length < 20 ? newest.notification : cursor.notification) };
          lastBeat = now;
        } else if (now - lastBeat >= HEARTBEAT_MS) {
          lastBeat = now;
          emit("ping", { at: new Date(now).toISOString() });
        }
      }

      function schedule() {
        if (stopped) return;
        timer = setTimeout(() => {
          tick()
            .catch(() => {
              // The reader went away (the stream no longer takes events), or the database hiccuped: this stream
              // ends; an EventSource reconnects by itself and resumes from its last event id.
              stopped = true;
              try {
                close();
              } catch {
                // Already cancelled by the reader.
              }
            })
            .finally(schedule);
        }, POLL_MS);
      }

      const restart = () => {
        emit("restart", { reconnectMs: RECONNECT_MS });
        close();
      };
      // The first event at once: the browser knows the stream is open, with the cursor to resume from.
      emit("ready", { at: new Date().toISOString() });
      // A stream opened while the server stops ends at once (an EventSource refused with an error status would not retry).
      if (stopSignal.aborted) setTimeout(restart, 0);
      else stopSignal.addEventListener("abort", restart, { once: true });
      schedule();
      liveStreams.inc();
      return () => {
        liveStreams.dec();
        stopped = true;
        clearTimeout(timer);
        stopSignal.removeEventListener("abort", restart);
      };
    },
    { headers: { "X-Accel-Buffering": "no" } },
  );
}
