import { sealSecret } from "../../app/modules/two-factor/secret-box.server.ts";
import { RETRY_FOR_MS, bookingData, messageData, retryDelayMs, reviewData, webhookBody } from "../../app/modules/webhooks/delivery.ts";
import { EVENT_VALUES, type WebhookEventType } from "../../app/modules/webhooks/events.ts";
import { SESSION_MINUTES, type Bookings, type Words } from "./bookings.ts";
import { DAY, HOUR, NOW_MS, bool, chance, int, iso, pickSome, progress, slug, thousands, weighted } from "./clock.ts";
import type { People, Person } from "./people.ts";
import { insertRows, type DB } from "./writer.ts";

// Webhook endpoints at scale, with a month of delivery history written as the webhooks module leaves it: each delivery's
// body built by the module's own builders (`webhooks/delivery.ts`), its attempts at the module's retry schedule, every
// one finished (delivered or failed), so a server started on the database has nothing to send.

/** How often an endpoint is sent each event: bookings made, confirmed and completed, messages, now and then a review. */
const EVENT_WEIGHTS: Record<WebhookEventType, number> = {
  "booking.created": 22, "booking.confirmed": 20, "booking.cancelled": 6, "booking.rescheduled": 4, "booking.completed": 16, "review.created": 7, "message.created": 25,
};
/** A booking's status as its event reports it. */
const STATUS_OF: Partial<Record<WebhookEventType, string>> = {
  "booking.created": "held", "booking.confirmed": "confirmed", "booking.cancelled": "cancelled", "booking.rescheduled": "confirmed", "booking.completed": "completed",
};

type Answer = { statusCode: number | null; excerpt: string; durationMs: () => number };
const quick = () => (chance(0.03) ? int(800, 4000) : int(35, 450));
/** What a receiver answers when it takes a delivery (each receiver always the same way). */
const ACCEPTED: ReadonlyArray<readonly [number, Answer]> = [
  [60, { statusCode: 200, excerpt: `{"ok":true}`, durationMs: quick }],
  [25, { statusCode: 204, excerpt: "", durationMs: quick }],
  [15, { statusCode: 202, excerpt: `{"status":"queued"}`, durationMs: quick }],
];
/** What a receiver answers when it does not: down, overloaded, broken, unreachable or too slow. */
const REFUSED: ReadonlyArray<readonly [number, Answer]> = [
  [30, { statusCode: 503, excerpt: "Service Unavailable", durationMs: () => int(20, 300) }],
  [20, { statusCode: 500, excerpt: `{"error":"Internal server error"}`, durationMs: () => int(40, 900) }],
  [15, { statusCode: 502, excerpt: "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>", durationMs: () => int(20, 200) }],
  [10, { statusCode: 429, excerpt: `{"error":"Too many requests, slow down"}`, durationMs: () => int(5, 60) }],
  [15, { statusCode: null, excerpt: "No answer within 10 seconds", durationMs: () => int(10_000, 10_004) }],
  [10, { statusCode: null, excerpt: "Could not connect: ECONNREFUSED", durationMs: () => int(1, 40) }],
];

/** Whose endpoints, how many deliveries over how many days before now, and whether the endpoint is still on. */
type Plan = { owner: Person; role: "guide" | "user"; deliveries: number; days: number; events: WebhookEventType[]; enabled: boolean; endedDaysAgo: number };

/**
 * At scale the busiest guide (the one the benchmark signs in as: most bookings among active guides with published
 * content) sends everything to their CRM: one delivery per five mentees over the past month (20,000 at 100,000), most
 * taken at the first attempt, some after a few retries, a few failed after a day of them; an older endpoint of theirs,
 * switched off weeks ago, kept its history. The busiest mentee, the demo's guide and mentee and a few more of each have
 * an endpoint with a few hundred.
 */
export function insertScaleWebhooks(db: DB, bookings: Bookings, words: Words, people: People) {
  const { userId, guideId } = bookings.col;
  const made = (ids: Float64Array) => {
    const counts = new Map<number, number>();
    for (let i = 0; i < bookings.length; i++) counts.set(ids[i], (counts.get(ids[i]) ?? 0) + 1);
    return counts;
  };
  const byGuide = made(guideId);
  const byUser = made(userId);
  const publishing = new Set((db.prepare(`SELECT DISTINCT guideId AS id FROM "PublishedContent"`).all() as Array<{ id: number }>).map((row) => row.id));
  const live = (person: Person) => person.status === "active" && !person.isDeleted;
  const busiest = (people: Person[], counts: Map<number, number>) =>
    [...people].filter(live).sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0) || a.id - b.id);
  const guides = busiest(people.guides.filter((guide) => publishing.has(guide.id)), byGuide);
  const users = busiest(people.users, byUser);
  const busiestGuide = guides[0] ?? busiest(people.guides, byGuide)[0];

  const month = Math.max(40, Math.round(people.users.length / 5));
  const few = Math.max(20, Math.round(people.users.length / 250));
  const plans: Plan[] = [
    { owner: busiestGuide, role: "guide", deliveries: month, days: 30, events: [...EVENT_VALUES], enabled: true, endedDaysAgo: 0 },
    { owner: busiestGuide, role: "guide", deliveries: Math.ceil(few / 2), days: 90, events: ["booking.created", "booking.cancelled"], enabled: false, endedDaysAgo: 45 },
  ];
  const others: Array<[Person, "guide" | "user"]> = [
    [people.demoGuide, "guide"], [people.demoUser, "user"], [users[0], "user"],
    ...[2, 5, 9].flatMap((rank): Array<[Person, "guide" | "user"]> => [[guides[rank], "guide"], [users[rank], "user"]]),
  ];
  const taken = new Set([busiestGuide.id]);
  for (const [owner, role] of others) {
    if (!owner || taken.has(owner.id)) continue;
    taken.add(owner.id);
    const picked = new Set(pickSome(EVENT_VALUES, 2, EVENT_VALUES.length));
    plans.push({ owner, role, deliveries: int(Math.round(few / 2), Math.round(few * 1.5)), days: 30, events: EVENT_VALUES.filter((type) => picked.has(type)), enabled: true, endedDaysAgo: 0 });
  }

  // Each owner's most recent bookings (what their events are about), reviews and messages.
  const owners = new Set(plans.map((plan) => plan.owner.id));
  const recent = new Map<number, number[]>();
  const note = (id: number, i: number) => {
    if (!owners.has(id)) return;
    const list = recent.get(id) ?? [];
    if (list.length < 200) list.push(i);
    recent.set(id, list);
  };
  for (let i = bookings.length - 1; i >= 0; i--) {
    note(guideId[i], i);
    note(userId[i], i);
  }
  const nameOf = db.prepare(`SELECT name FROM "User" WHERE id = ?`).pluck();
  const names = new Map<number, string>();
  const named = (id: number) => {
    if (!names.has(id)) names.set(id, nameOf.get(id) as string);
    return { id, name: names.get(id)! };
  };
  // Reviews are bulk-loaded (no index yet): one scan for every owner.
  const ids = [...owners].join(", ");
  const allReviews = db
    .prepare(`SELECT id, bookingId, rating, content, createdAt, authorId, guideId FROM "Review" WHERE guideId IN (${ids}) OR authorId IN (${ids}) ORDER BY createdAt DESC`)
    .all() as Array<{ id: number; bookingId: number | null; rating: number; content: string; createdAt: string; authorId: number; guideId: number }>;
  const reviewsOf = (id: number) => allReviews.filter((row) => row.guideId === id || row.authorId === id).slice(0, 60);
  const messagesOf = db.prepare(`SELECT id, senderId, recipientId, body, createdAt FROM "Message" WHERE senderId = ? OR recipientId = ? ORDER BY createdAt DESC LIMIT 60`);
  const bookingAt = (i: number, status: string) =>
    bookingData({
      id: i + 1, status, startsAt: new Date(bookings.col.startsAt[i]), durationMinutes: SESSION_MINUTES, topic: words.get(bookings.col.topic[i]) ?? "",
      guide: named(guideId[i]), mentee: named(userId[i]),
    });

  const endpoint = db.prepare(`INSERT INTO "WebhookEndpoint" (userId, organisationId, url, events, secret, enabled, createdAt) VALUES (?, NULL, ?, ?, ?, ?, ?)`);
  const delivery = db.prepare(`INSERT INTO "WebhookDelivery" (endpointId, messageId, eventType, body, status, createdAt, finishedAt) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const attempt = db.prepare(`INSERT INTO "WebhookAttempt" (endpointId, deliveryId, eventType, attemptedAt, statusCode, excerpt, durationMs, delivered) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  type Source = { endpointId: number; from: number; count: number; start: number; step: number; weights: Array<readonly [number, WebhookEventType]>; accepted: Answer; told: Record<"booking" | "review" | "message", Told[]> };
  const sources: Source[] = [];
  let total = 0;
  for (const plan of plans) {
    const { owner } = plan;
    const told = {
      booking: (recent.get(owner.id) ?? []).map((i) => ({ at: bookings.col.createdAt[i], data: (status: string) => bookingAt(i, status) })).reverse(),
      review: reviewsOf(owner.id)
        .map((row) => ({ at: Date.parse(row.createdAt), data: () => reviewData({ ...row, createdAt: new Date(row.createdAt), guide: named(row.guideId), author: named(row.authorId) }) }))
        .reverse(),
      message: (messagesOf.all(owner.id, owner.id) as Array<{ id: number; senderId: number; recipientId: number; body: string; createdAt: string }>)
        .map((row) => ({ at: Date.parse(row.createdAt), data: () => messageData({ ...row, createdAt: new Date(row.createdAt), sender: named(row.senderId), recipient: named(row.recipientId) }, owner.id) }))
        .reverse(),
    };
    const end = NOW_MS - plan.endedDaysAgo * DAY - HOUR;
    const start = end - plan.days * DAY;
    // Only the events there is something to tell of by then.
    const events = plan.events.filter((type) => told[kindOf(type)].some((item) => item.at < start));
    if (!events.length) continue;
    const host = `${plan.role === "guide" ? "crm" : "hooks"}.${slug(owner.organisation ?? owner.name)}.example`;
    const secret = sealSecret(`whsec_${drawnBytes(24).toString("base64")}`);
    const { lastInsertRowid } = endpoint.run(owner.id, `https://${host}/ministry-mentors/webhooks`, events.join(" "), secret, bool(plan.enabled), iso(start - int(1, 60) * DAY));
    const weights = events.map((type) => [EVENT_WEIGHTS[type], type] as const);
    sources.push({ endpointId: Number(lastInsertRowid), from: total, count: plan.deliveries, start, step: (end - start) / plan.deliveries, weights, accepted: weighted(ACCEPTED), told });
    total += plan.deliveries;
  }

  let source = 0;
  let attempts = 0;
  insertRows(db, "webhook deliveries", total, (row) => {
    while (row >= sources[source].from + sources[source].count) source++;
    const { endpointId, from, start, step, weights, accepted, told } = sources[source];
    const createdAt = Math.round(start + (row - from) * step) + int(0, Math.max(0, Math.floor(step) - 1));
    const type = weighted(weights);
    // What the event tells of: one of the owner's latest bookings, reviews or messages from before it.
    const known = told[kindOf(type)].filter((item) => item.at < createdAt);
    const data = known[int(0, known.length - 1)].data(STATUS_OF[type] ?? "");
    // Most are taken at once; some after a few refusals; a few never, once a day of retries has passed.
    const roll = int(0, 999);
    const fails = roll < 15 && createdAt + RETRY_FOR_MS < NOW_MS - HOUR;
    const refusals = fails ? Infinity : roll < 70 ? int(1, 3) : 0;
    const refused = weighted(REFUSED);
    const giveUpAt = createdAt + RETRY_FOR_MS;
    let at = createdAt + int(200, 2_000);
    const tries: Array<[number, Answer, boolean]> = [];
    for (let k = 1; ; k++) {
      const ok = k > refusals;
      tries.push([at, ok ? accepted : refused, ok]);
      if (ok || at >= giveUpAt) break;
      // The jobs table finds a due job within its 15 s poll.
      at = Math.min(at + retryDelayMs(k), giveUpAt) + int(0, 15_000);
    }
    const messageId = `msg_${drawnBytes(16).toString("base64url")}`;
    const { lastInsertRowid: deliveryId } = delivery.run(endpointId, messageId, type, webhookBody(type, new Date(createdAt), data), fails ? "failed" : "delivered", iso(createdAt), iso(at));
    for (const [when, answer, ok] of tries) attempt.run(endpointId, deliveryId, type, iso(when), answer.statusCode, answer.excerpt, answer.durationMs(), bool(ok));
    attempts += tries.length;
  });
  progress(`${sources.length} webhook endpoints, ${thousands(total)} deliveries, ${thousands(attempts)} attempts`);
}

/** Something an event tells of, and when it happened. */
type Told = { at: number; data: (status: string) => Record<string, unknown> };
const kindOf = (type: WebhookEventType) => (type === "review.created" ? "review" : type === "message.created" ? "message" : "booking");

/** Random bytes from the seed's dice (a secret, a message id), so every run writes the same. */
const drawnBytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(0, 255)));
