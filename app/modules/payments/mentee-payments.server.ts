import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { orderBy, pageOf } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { caseless, containsAny } from "#app/lib/search/dialect.server.ts";
import { column } from "#app/lib/sql.server.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { paymentReference, type MenteePaymentSort } from "./mentee-payments.ts";
import { canSeePayment, paymentScope } from "./policy.ts";

/** The payments a mentee made, as their Payments screen lists them, and one payment's receipt. */

export type MenteePaymentRow = {
  id: number;
  bookingId: number | null;
  topic: string | null;
  sessionAt: string | null;
  guideId: number;
  guideName: string;
  amountCents: number;
  refundedCents: number;
  currency: string;
  status: string;
  /** When it was paid, or (not paid) when it was started. */
  date: string;
};

function requireMentee(actor: SessionUser) {
  if (actor.role !== "user") throw new HttpError(403, "Only mentees have a payment history here");
}

const sortColumns: Record<MenteePaymentSort, Prisma.Sql | Prisma.Sql[]> = {
  date: Prisma.sql`COALESCE(p."paidAt", p."createdAt")`,
  amount: Prisma.sql`p."amountCents"`,
  guideName: [caseless(Prisma.sql`g.name`), Prisma.sql`g.id`],
};

const columns = {
  id: column.int,
  bookingId: column.nullableInt,
  topic: column.nullableText,
  sessionAt: column.nullableDate,
  guideId: column.int,
  guideName: column.text,
  amountCents: column.int,
  refundedCents: column.int,
  currency: column.text,
  status: column.text,
  paidAt: column.nullableDate,
  createdAt: column.date,
};
const from = Prisma.sql`"Payment" p JOIN "User" g ON g.id = p."guideId" LEFT JOIN "Booking" b ON b.id = p."bookingId"`;
const select = Prisma.sql`p.id, p."bookingId", b.topic, b."startsAt" AS "sessionAt", p."guideId", g.name AS "guideName", p."amountCents",
  p."refundedCents", p.currency, p.status, p."paidAt", p."createdAt"`;

/** The mentee's own payments (paymentScope: a user sees those they made), searched by guide or topic, paged in SQL. */
export async function listMenteePayments(state: ListState<MenteePaymentSort>, actor: SessionUser): Promise<ListResult<MenteePaymentRow>> {
  requireMentee(actor);
  const where = [paymentScope(actor)];
  // One mentee's few payments: each row's own guide and topic are read.
  if (state.search) where.push(containsAny([Prisma.sql`g.name`, Prisma.sql`b.topic`], state.search));
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`p.id`);
  const { rows, meta } = await pageOf({ from, id: Prisma.sql`p.id`, where, orderBy: orderBySort, rows: { columns, select, from } }, state);
  const data = rows.map(({ sessionAt, paidAt, createdAt, ...row }) => ({ ...row, sessionAt: sessionAt?.toISOString() ?? null, date: (paidAt ?? createdAt).toISOString() }));
  return { meta, data };
}

export type Receipt = {
  id: number;
  reference: string;
  status: string;
  amountCents: number;
  refundedCents: number;
  currency: string;
  paidAt: string | null;
  refundedAt: string | null;
  createdAt: string;
  payer: { name: string; email: string };
  guide: { id: number; name: string };
  booking: { id: number; topic: string; startsAt: string | null; durationMinutes: number } | null;
  platform: { name: string; supportEmail: string };
  /** The mentee's sponsor and what it covered of the session (not part of this payment), for a sponsored booking. */
  coveredBy: { organisation: string; coveredCents: number } | null;
  /** The payer's time zone: the receipt's times are shown in it, naming it. */
  timeZone: string;
};

export const PLATFORM_NAME = "Ministry Mentors";

/** One payment's receipt, for the person who made it; anyone else's (or a missing one) is the same 404. */
export async function getReceipt(paymentId: number, actor: SessionUser): Promise<Receipt> {
  requireMentee(actor);
  const payment = await prisma.payment.findUnique({
    where: { id: paymentId },
    select: {
      id: true,
      userId: true,
      guideId: true,
      source: true,
      status: true,
      amountCents: true,
      refundedCents: true,
      currency: true,
      paidAt: true,
      refundedAt: true,
      createdAt: true,
      stripePaymentIntentId: true,
      stripeCheckoutSessionId: true,
      user: { select: { name: true, email: true, timeZone: true } },
      guide: { select: { id: true, name: true } },
      booking: { select: { id: true, topic: true, startsAt: true, durationMinutes: true } },
    },
  });
  if (!payment || !canSeePayment(actor, payment) || payment.userId !== actor.id) throw notFound("Receipt not found");
  const [settings, cover] = await Promise.all([
    getPlatformSettings(),
    payment.booking
      ? prisma.sponsorCover.findUnique({ where: { bookingId: payment.booking.id }, select: { coveredCents: true, returnedCents: true, account: { select: { organisation: { select: { name: true } } } } } })
      : null,
  ]);
  return {
    id: payment.id,
    reference: paymentReference(payment),
    status: payment.status,
    amountCents: payment.amountCents,
    refundedCents: payment.refundedCents,
    currency: payment.currency,
    paidAt: payment.paidAt?.toISOString() ?? null,
    refundedAt: payment.refundedAt?.toISOString() ?? null,
    createdAt: payment.createdAt.toISOString(),
    payer: { name: payment.user.name, email: payment.user.email },
    guide: payment.guide,
    booking: payment.booking
      ? { id: payment.booking.id, topic: payment.booking.topic, startsAt: payment.booking.startsAt?.toISOString() ?? null, durationMinutes: payment.booking.durationMinutes }
      : null,
    platform: { name: PLATFORM_NAME, supportEmail: settings.supportEmail },
    coveredBy: cover ? { organisation: cover.account.organisation.name, coveredCents: cover.coveredCents - cover.returnedCents } : null,
    timeZone: payment.user.timeZone,
  };
}
