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
