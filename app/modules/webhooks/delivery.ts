import type { WebhookEventType } from "./events.ts";

// What a delivery holds and when it is tried, apart from sending it: the body of each event's copy (Standard Webhooks'
// `{type, timestamp, data}`, `data` what the endpoint's owner sees on their dashboard) and the retry schedule. Pure, so
// the scale seed writes its delivery history in the very shapes the module sends.

/** Past this a delivery not yet answered 2xx is given up (failed). */
export const RETRY_FOR_MS = 24 * 3_600_000;

/** The wait before attempt n + 1: 30 s, 2 min, 8 min, 32 min, about 2 h, then every 6 h, until a day has passed. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 4 ** (attempts - 1), 6 * 3_600_000);

/** A delivery's body, fixed when the event is recorded. */
export const webhookBody = (type: WebhookEventType, at: Date, data: Record<string, unknown>) => JSON.stringify({ type, timestamp: at.toISOString(), data });

type Named = { id: number; name: string };

export type BookingFacts = { id: number; status: string; startsAt: Date | null; durationMinutes: number; topic: string; guide: Named; mentee: Named };

/** A booking as its mentee and its guide see it on their dashboards: never notes, payments or anything a sponsor holds. */
export const bookingData = (booking: BookingFacts) => ({
  booking: {
    id: booking.id,
    status: booking.status,
    startsAt: booking.startsAt?.toISOString() ?? null,
    durationMinutes: booking.durationMinutes,
    topic: booking.topic,
    guide: booking.guide,
    mentee: booking.mentee,
  },
});

export type ReviewFacts = { id: number; bookingId: number | null; rating: number; content: string; createdAt: Date; guide: Named; author: Named };

/** A review as its public card shows it. */
export const reviewData = (review: ReviewFacts) => ({
  review: {
    id: review.id, bookingId: review.bookingId, rating: review.rating, content: review.content, createdAt: review.createdAt.toISOString(),
    guide: review.guide, author: review.author,
  },
});

export type MessageFacts = { id: number; body: string; createdAt: Date; sender: Named; recipient: Named };

/** A message as `userId` may see it: the text only in the copy for its sender or its recipient, whose own message it is. */
export const messageData = (message: MessageFacts, userId: number) => ({
  message: {
    id: message.id, createdAt: message.createdAt.toISOString(), sender: message.sender, recipient: message.recipient,
    ...(userId === message.sender.id || userId === message.recipient.id ? { body: message.body } : {}),
  },
});
