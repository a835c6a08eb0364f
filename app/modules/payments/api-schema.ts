import { z } from "zod";
import { isoDate, nullableDate } from "#app/lib/openapi/shapes.ts";
import { PAYOUT_STATUSES } from "./payout-status.ts";

/** A row of the admin's payment lists (PaymentRow of payments.server.ts). */
export const paymentRow = z.object({
  id: z.number().int(),
  bookingId: z.number().int().nullable(),
  topic: z.string().nullable(),
  userId: z.number().int(),
  userName: z.string(),
  userEmail: z.string(),
  guideId: z.number().int(),
  guideName: z.string(),
  guideEmail: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  source: z.enum(["card", "sponsor"]).describe("Who paid: the mentee by card, or their sponsor (the covered part of a sponsored session, no Stripe ids)"),
  refundedCents: z.number().int().describe("Refunded so far: a refund leaves the payment's status as it was"),
  paidAt: nullableDate,
  createdAt: isoDate,
  stripe: z.object({ amount: z.number(), currency: z.string(), status: z.string(), paidAt: nullableDate }),
});

/** A row of GET /api/admin/payouts (PayoutRow of payout-list.server.ts). */
export const payoutRow = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  topic: z.string(),
  guideId: z.number().int(),
  guideName: z.string(),
  guideEmail: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  amountCents: z.number().int(),
  feePercent: z.number(),
  reversedCents: z.number().int(),
  releaseAt: nullableDate,
  paidAt: nullableDate,
  createdAt: isoDate,
  transferId: z.string().nullable(),
  lastError: z.string().nullable(),
  accountActive: z.boolean(),
});

/** A row of GET /api/v1/payments: a mentee's own payment (MenteePaymentRow of mentee-payments.server.ts). */
export const menteePaymentRow = z.object({
  id: z.number().int(),
  bookingId: z.number().int().nullable(),
  topic: z.string().nullable(),
  sessionAt: nullableDate,
  guideId: z.number().int(),
  guideName: z.string(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  date: isoDate.describe("When it was paid, or (not paid) when it was started"),
});

/** GET /api/v1/payments/{id}/receipt (Receipt of mentee-payments.server.ts). */
export const receiptResponse = z.object({
  id: z.number().int(),
  reference: z.string().describe("The card provider's payment id, else our own"),
  status: z.string(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: z.string(),
  paidAt: nullableDate,
  refundedAt: nullableDate,
  createdAt: isoDate,
  payer: z.object({ name: z.string(), email: z.string() }),
  guide: z.object({ id: z.number().int(), name: z.string() }),
  booking: z.object({ id: z.number().int(), topic: z.string(), startsAt: nullableDate, durationMinutes: z.number().int() }).nullable(),
  platform: z.object({ name: z.string(), supportEmail: z.string() }),
  timeZone: z.string().describe("The payer's time zone, which the printed receipt shows times in"),
  coveredBy: z
    .object({ organisation: z.string(), coveredCents: z.number().int() })
    .nullable()
    .describe("The part of the session the payer's sponsor covered (less what went back to it), or null"),
});
