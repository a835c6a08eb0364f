import { randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { Webhook } from "standardwebhooks";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma, type Transaction } from "#app/lib/db.server.ts";
import { HttpError, fieldError, notFound } from "#app/lib/http.server.ts";
import { defineJob, enqueue, runJobsSoon } from "#app/lib/jobs.server.ts";
import { defineRetention } from "#app/lib/retention.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { orderBy, pageOf, type Condition, type ListQuery } from "#app/lib/list.server.ts";
import { likeAnywhere, nullable } from "#app/lib/search/dialect.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { column, type RowOf } from "#app/lib/sql.server.ts";
import { sponsorViewOfCover } from "#app/modules/sponsorship/policy.ts";
import { requireSponsorAdmin } from "#app/modules/sponsorship/sponsorship.server.ts";
import { openSecret, sealSecret } from "#app/modules/two-factor/secret-box.server.ts";
import { AddressRefused, checkEndpointUrl, pinnedLookup } from "./address-guard.server.ts";
import { RETRY_FOR_MS, bookingData, messageData, retryDelayMs, reviewData, webhookBody } from "./delivery.ts";
import { DELIVERIES_KEPT_DAYS, MOST_ENDPOINTS, SPONSOR_EVENTS, WEBHOOK_MESSAGES, type WebhookEventType } from "./events.ts";
import { requireWebhookOwner } from "./policy.ts";
import type { AttemptSort, EndpointPatch, NewEndpointInput } from "./schema.ts";

// Signed outgoing webhooks (Standard Webhooks): a person's endpoints, the events their own bookings, reviews and
// messages record in the transaction of the change, and the job that POSTs each one after the commit.

export const WEBHOOK_JOB = "webhook.deliver";
const TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 200;

export type EndpointView = { id: number; url: string; events: WebhookEventType[]; enabled: boolean; createdAt: string; lastAttempt: { at: string; statusCode: number | null; delivered: boolean } | null };

const newSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

const endpointSelect = {
  id: true, url: true, events: true, enabled: true, createdAt: true,
  attempts: { orderBy: [{ attemptedAt: "desc" }, { id: "desc" }], take: 1, select: { attemptedAt: true, statusCode: true, delivered: true } },
} as const satisfies Prisma.WebhookEndpointSelect;

function toView(row: Prisma.WebhookEndpointGetPayload<{ select: typeof endpointSelect }>): EndpointView {
  const [last] = row.attempts;
  return {
    id: row.id,
    url: row.url,
    events: row.events.split(" ") as WebhookEventType[],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    lastAttempt: last ? { at: last.attemptedAt.toISOString(), statusCode: last.statusCode, delivered: last.delivered } : null,
  };
}

/** The actor's endpoints, newest first (none for an administrator). */
export async function webhookEndpointsOf(actor: SessionUser): Promise<EndpointView[]> {
  if (actor.role !== "user" && actor.role !== "guide") return [];
  const rows = await prisma.webhookEndpoint.findMany({ where: { userId: actor.id, organisationId: null }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: endpointSelect });
  return rows.map(toView);
}

/** A sponsor's endpoints, newest first, for its sponsor admins (anyone else: 404). */
export async function sponsorWebhookEndpointsOf(actor: SessionUser, organisationId: number): Promise<EndpointView[]> {
  await requireSponsorAdmin(actor, organisationId);
  const rows = await prisma.webhookEndpoint.findMany({ where: { organisationId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: endpointSelect });
  return rows.map(toView);
}

/** One endpoint the actor runs: their own, or their sponsor's; anyone else's is the same 404 as a missing one. */
export async function webhookEndpointOf(actor: SessionUser, endpointId: number): Promise<EndpointView> {
  await ownEndpoint(actor, endpointId);
  return toView(await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId }, select: endpointSelect }));
}

/** The URL as saved, once the address check passed; a refusal names the `url` field. */
async function checkedUrl(url: string) {
  try {
    return (await checkEndpointUrl(url)).url.toString();
  } catch (error) {
    if (error instanceof AddressRefused) throw fieldError(400, "url", error.message);
    throw error;
  }
}

const sponsorEvent = (type: string): type is (typeof SPONSOR_EVENTS)[number] => (SPONSOR_EVENTS as readonly string[]).includes(type);

/**
 * Adds an endpoint, the actor's own or (with `sponsorId`) their sponsor's; the answer holds its signing secret, the only
 * time it is shown.
 */
export async function createWebhookEndpoint(actor: SessionUser, input: NewEndpointInput, sponsorId?: number) {
  if (sponsorId === undefined) requireWebhookOwner(actor);
  else {
    await requireSponsorAdmin(actor, sponsorId);
    if (!input.events.every(sponsorEvent)) throw fieldError(400, "events", WEBHOOK_MESSAGES.sponsorEvents);
  }
  const url = await checkedUrl(input.url);
  const count = await prisma.webhookEndpoint.count({ where: sponsorId === undefined ? { userId: actor.id, organisationId: null } : { organisationId: sponsorId } });
  if (count >= MOST_ENDPOINTS) throw new HttpError(409, WEBHOOK_MESSAGES.tooMany);
  const secret = newSecret();
  const row = await prisma.webhookEndpoint.create({
    data: { userId: actor.id, organisationId: sponsorId ?? null, url, events: input.events.join(" "), secret: sealSecret(secret) },
    select: endpointSelect,
  });
  return { endpoint: toView(row), secret };
}

/**
 * A person's own endpoint is theirs alone; a sponsor's is its sponsor admins', on its pages (which ask for two-factor
 * sign-in), never through a personal token. Anyone else: 404.
 */
async function ownEndpoint(actor: SessionUser, endpointId: number) {
  const row = await prisma.webhookEndpoint.findUnique({ where: { id: endpointId }, select: { userId: true, organisationId: true } });
  if (row?.organisationId != null) {
    if (actor.door === "api") throw notFound(WEBHOOK_MESSAGES.notFound);
    await requireSponsorAdmin(actor, row.organisationId);
    return row;
  }
  requireWebhookOwner(actor);
  if (!row || row.userId !== actor.id) throw notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}

/** Changes an endpoint's address, events or whether it is on. */
export async function updateWebhookEndpoint(actor: SessionUser, endpointId: number, patch: EndpointPatch) {
  const owner = await ownEndpoint(actor, endpointId);
  if (owner.organisationId != null && patch.events && !patch.events.every(sponsorEvent)) throw fieldError(400, "events", WEBHOOK_MESSAGES.sponsorEvents);
  const url = patch.url === undefined ? undefined : await checkedUrl(patch.url);
  const row = await prisma.webhookEndpoint.update({
    where: { id: endpointId },
    data: { url, events: patch.events?.join(" "), enabled: patch.enabled },
    select: endpointSelect,
  });
  return toView(row);
}

/** A new signing secret, shown once; the old one signs nothing from now on. */
export async function rotateWebhookSecret(actor: SessionUser, endpointId: number) {
  await ownEndpoint(actor, endpointId);
  const secret = newSecret();
  await prisma.webhookEndpoint.update({ where: { id: endpointId }, data: { secret: sealSecret(secret) } });
  return secret;
}

/** Deletes an endpoint, its deliveries and their attempts (pending ones are not sent). */
export async function deleteWebhookEndpoint(actor: SessionUser, endpointId: number) {
  await ownEndpoint(actor, endpointId);
  await prisma.webhookEndpoint.delete({ where: { id: endpointId } });
}

// ─── Events ────────────────────────────────────────────────────────────────────────────────

/** One person's copy of an event, what they may see of it (their dashboard's view); or a sponsor's (its policy's view). */
export type EventCopy = { userId?: number; organisationId?: number; data: Record<string, unknown> };

/**
 * Records an event for every enabled endpoint of the people it concerns that asked for its type, inside the change's
 * transaction: a delivery row (its body fixed now) and its job, both gone if the change rolls back. The jobs table
 * sends them after the commit.
 */
export async function recordWebhookEvent(tx: Transaction, type: WebhookEventType, copies: EventCopy[], now = new Date()) {
  if (!copies.length) return;
  const people = copies.filter((copy) => copy.userId !== undefined).map((copy) => copy.userId!);
  const sponsors = copies.filter((copy) => copy.organisationId !== undefined).map((copy) => copy.organisationId!);
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { enabled: true, OR: [{ userId: { in: people }, organisationId: null }, { organisationId: { in: sponsors } }] },
    select: { id: true, userId: true, organisationId: true, events: true },
  });
  let queued = 0;
  for (const endpoint of endpoints) {
    if (!endpoint.events.split(" ").includes(type)) continue;
    const copy = copies.find((candidate) => (endpoint.organisationId === null ? candidate.userId === endpoint.userId : candidate.organisationId === endpoint.organisationId));
    if (!copy) continue;
    const body = webhookBody(type, now, copy.data);
    const delivery = await tx.webhookDelivery.create({ data: { endpointId: endpoint.id, messageId: `msg_${randomBytes(16).toString("base64url")}`, eventType: type, body, createdAt: now }, select: { id: true } });
    await enqueue(WEBHOOK_JOB, { deliveryId: delivery.id }, { within: tx });
    queued++;
  }
  // This process's worker looks in a moment, by when the change has committed (if not, its next poll finds them).
  if (queued) runJobsSoon(250);
}

const bookingSelect = {
  id: true, status: true, startsAt: true, durationMinutes: true, topic: true, userId: true, guideId: true,
  user: { select: { name: true } }, guide: { select: { name: true } },
} as const satisfies Prisma.BookingSelect;

/**
 * A booking event for its mentee and its guide: the booking as both see it on their dashboards (id, status, time,
 * length, names, topic), never notes, payments or anything a sponsor holds.
 */
export async function recordBookingEvent(tx: Transaction, type: WebhookEventType, bookingId: number, now = new Date()) {
  const booking = await tx.booking.findUnique({ where: { id: bookingId }, select: bookingSelect });
  if (!booking) return;
  const data = bookingData({
    ...booking,
    guide: { id: booking.guideId, name: booking.guide.name },
    mentee: { id: booking.userId, name: booking.user.name },
  });
  const copies: EventCopy[] = [{ userId: booking.guideId, data }, { userId: booking.userId, data }];
  // The sponsor covering the session hears of it being booked or cancelled, through its policy's view alone.
  if (sponsorEvent(type)) {
    const cover = await tx.sponsorCover.findUnique({ where: { bookingId }, select: { id: true, organisationId: true, coveredCents: true, returnedCents: true, period: true, periodStart: true } });
    if (cover) copies.push({ organisationId: cover.organisationId, data: { cover: sponsorViewOfCover(cover, { id: booking.userId, name: booking.user.name }) } });
  }
  await recordWebhookEvent(tx, type, copies, now);
}

/** `review.created` for the guide reviewed and the mentee who wrote it: the review as its public card shows it. */
export async function recordReviewEvent(tx: Transaction, reviewId: number, now = new Date()) {
  const review = await tx.review.findUnique({
    where: { id: reviewId },
    select: { id: true, bookingId: true, rating: true, content: true, createdAt: true, authorId: true, guideId: true, author: { select: { name: true } }, guide: { select: { name: true } } },
  });
  if (!review) return;
  const data = reviewData({ ...review, guide: { id: review.guideId, name: review.guide.name }, author: { id: review.authorId, name: review.author.name } });
  await recordWebhookEvent(tx, "review.created", [{ userId: review.guideId, data }, { userId: review.authorId, data }], now);
}

/**
 * `message.created` for its sender and its recipient. The text goes only into a copy for one of those two, whose own
 * message it is; every copy here is one (an endpoint belongs to one person and gets only its owner's copy).
 */
export async function recordMessageEvent(tx: Transaction, message: { id: number; body: string; createdAt: Date; sender: { id: number; name: string }; recipient: { id: number; name: string } }, now = new Date()) {
  const copyFor = (userId: number): EventCopy => ({ userId, data: messageData(message, userId) });
  await recordWebhookEvent(tx, "message.created", [copyFor(message.sender.id), copyFor(message.recipient.id)], now);
}

// ─── Delivery ──────────────────────────────────────────────────────────────────────────────

type Answer = { statusCode: number | null; excerpt: string; durationMs: number };

/** POSTs a body to an endpoint, connected to the address the guard checked; never throws (a failure is an answer). */
async function post(url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target;
  try {
    target = await checkEndpointUrl(url);
  } catch (error) {
    return { statusCode: null, excerpt: error instanceof AddressRefused ? error.message : "The address could not be checked", durationMs: elapsed() };
  }
  const client = target.url.protocol === "https:" ? https : http;
  return new Promise<Answer>((resolve) => {
    const request = client.request(
      target.url,
      {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)), "User-Agent": "MinistryMentors-Webhooks/1" },
        lookup: pinnedLookup(target) as unknown as typeof import("node:dns").lookup,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < EXCERPT_CHARS) text += chunk;
          else response.destroy();
        });
        const done = () => resolve({ statusCode: response.statusCode ?? null, excerpt: text.slice(0, EXCERPT_CHARS), durationMs: elapsed() });
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    request.on("error", (error) => {
      const timedOut = error.name === "AbortError" || error.name === "TimeoutError";
      resolve({ statusCode: null, excerpt: timedOut ? "No answer within 10 seconds" : `Could not connect: ${(error as NodeJS.ErrnoException).code ?? error.message}`.slice(0, EXCERPT_CHARS), durationMs: elapsed() });
    });
    request.end(body);
  });
}

/**
 * Sends one delivery (the job's work): signs it now, POSTs it, keeps the attempt; a 2xx is delivered, anything else is
 * tried again later until a day after the event, then failed. Runs outside any transaction.
 */
export async function deliverWebhook(deliveryId: number, now = new Date()) {
  const delivery = await prisma.webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: { id: true, messageId: true, eventType: true, body: true, status: true, createdAt: true, endpointId: true, endpoint: { select: { url: true, secret: true, enabled: true } }, _count: { select: { attempts: true } } },
  });
  if (!delivery || delivery.status !== "pending") return;
  if (!delivery.endpoint.enabled) {
    await prisma.webhookDelivery.update({ where: { id: delivery.id }, data: { status: "failed", finishedAt: now } });
    return;
  }
  const signedAt = new Date();
  const signature = new Webhook(openSecret(delivery.endpoint.secret)).sign(delivery.messageId, signedAt, delivery.body);
  const answer = await post(delivery.endpoint.url, {
    "webhook-id": delivery.messageId,
    "webhook-timestamp": String(Math.floor(signedAt.getTime() / 1000)),
    "webhook-signature": signature,
  }, delivery.body);
  const delivered = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
  await prisma.webhookAttempt.create({ data: { endpointId: delivery.endpointId, deliveryId: delivery.id, eventType: delivery.eventType, attemptedAt: now, ...answer, delivered } });
  const giveUpAt = delivery.createdAt.getTime() + RETRY_FOR_MS;
  if (delivered || now.getTime() >= giveUpAt) {
    await prisma.webhookDelivery.update({ where: { id: delivery.id }, data: { status: delivered ? "delivered" : "failed", finishedAt: now } });
    return;
  }
  // The last try falls on the day's end, so a receiver down for most of a day still gets it.
  const next = Math.min(now.getTime() + retryDelayMs(delivery._count.attempts + 1), giveUpAt);
  await enqueue(WEBHOOK_JOB, { deliveryId: delivery.id }, { runAt: new Date(next) });
}

defineJob(WEBHOOK_JOB, async (payload, job) => {
  await deliverWebhook(Number(payload.deliveryId), new Date(Math.max(Date.now(), job.runAt.getTime())));
});

// Finished deliveries past DELIVERIES_KEPT_DAYS; their attempts go with them (ON DELETE CASCADE, by their deliveryId index).
defineRetention("WebhookDelivery", (now, limit) =>
  prisma.webhookDelivery.deleteMany({ where: { status: { not: "pending" }, finishedAt: { lt: new Date(now.getTime() - DELIVERIES_KEPT_DAYS * 24 * 3_600_000) } }, limit }),
);

// ─── Attempts (Settings' list per endpoint) ────────────────────────────────────────────────

export type AttemptRow = { id: number; attemptedAt: string; eventType: string; messageId: string; statusCode: number | null; excerpt: string; durationMs: number; delivered: boolean; deliveryStatus: string };

const attemptColumns = {
  id: column.int, attemptedAt: column.date, eventType: column.text, messageId: column.text, statusCode: column.nullableInt,
  excerpt: column.text, durationMs: column.int, delivered: column.bool, deliveryStatus: column.text,
};
// Each sort and filter has its index (endpointId first): an endpoint may hold tens of thousands of attempts.
const attemptSort: Record<AttemptSort, Prisma.Sql> = {
  attemptedAt: Prisma.sql`a."attemptedAt"`,
  // No answer (null) sorts as the lowest code.
  statusCode: nullable(Prisma.sql`a."statusCode"`),
  duration: Prisma.sql`a."durationMs"`,
};

/** One of the actor's endpoints' attempts, paged in SQL: searched by event type, optionally one outcome or event. */
export async function listWebhookAttempts(
  actor: SessionUser,
  endpointId: number,
  state: ListState<AttemptSort>,
  filters: { outcome?: "delivered" | "refused"; event?: WebhookEventType },
): Promise<ListResult<AttemptRow>> {
  await ownEndpoint(actor, endpointId);
  const where: Condition[] = [Prisma.sql`a."endpointId" = ${endpointId}`];
  if (filters.outcome) where.push(filters.outcome === "delivered" ? Prisma.sql`a.delivered = TRUE` : Prisma.sql`a.delivered = FALSE`);
  if (filters.event) where.push(Prisma.sql`a."eventType" = ${filters.event}`);
  const list: ListQuery<typeof attemptColumns> = {
    from: Prisma.sql`"WebhookAttempt" a`,
    id: Prisma.sql`a.id`,
    where,
    search: [Prisma.sql`a."eventType" LIKE ${likeAnywhere(state.search.toLowerCase())} ESCAPE '\\'`],
    few: true,
    orderBy: orderBy(attemptSort[state.sort], state.order, Prisma.sql`a.id`),
    rows: {
      columns: attemptColumns,
      select: Prisma.sql`a.id, a."attemptedAt", a."eventType", d."messageId", a."statusCode", a.excerpt, a."durationMs", a.delivered, d.status AS "deliveryStatus"`,
      from: Prisma.sql`"WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId"`,
    },
  };
  const { rows, meta } = await pageOf(list, state);
  return { data: rows.map(toAttemptRow), meta };
}

const toAttemptRow = (row: RowOf<typeof attemptColumns>): AttemptRow => ({ ...row, attemptedAt: row.attemptedAt.toISOString() });
