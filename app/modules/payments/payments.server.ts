import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { caseless, nullable, type SearchPlan } from "#app/lib/sql.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { ALL_ROWS, isoOf, pageOf, recordOrder, type PersonSort } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { partiesOf } from "#app/modules/accounts/policy.ts";
import { bookingTopicMatches, partiesMatch, peopleTerm, personIndexProbes } from "#app/modules/accounts/search.server.ts";
import { paymentParties, paymentScope } from "./policy.ts";
import type { PaymentSort } from "./schema.ts";

/** A payment as lists and the API show it; `stripe` is the card provider's view (amount in dollars). */
export type PaymentRow = {
  id: number;
  bookingId: number | null;
  topic: string | null;
  userId: number;
  userName: string;
  userEmail: string;
  guideId: number;
  guideName: string;
  guideEmail: string;
  amountCents: number;
  currency: string;
  status: string;
  /** Refunded so far (0 when nothing was): a refund leaves the payment's status as it was. */
  refundedCents: number;
  paidAt: string | null;
  createdAt: string;
  stripe: { amount: number; currency: string; status: string; paidAt: string | null };
};

export type PaymentFilters = { guideId?: number; userId?: number; status?: string };

const sortColumns: Record<PaymentSort, Prisma.Sql | Prisma.Sql[]> = {
  guideName: [caseless(Prisma.sql`g.name`), Prisma.sql`g.id`],
  userName: [caseless(Prisma.sql`u.name`), Prisma.sql`u.id`],
  amount: Prisma.sql`p."amountCents"`,
  status: Prisma.sql`p.status`,
  paidAt: nullable(Prisma.sql`p."paidAt"`),
  createdAt: Prisma.sql`p."createdAt"`,
};

const sortPeople: Partial<Record<PaymentSort, PersonSort>> = {
  guideName: { party: "guide", table: Prisma.sql`"User" g`, on: Prisma.sql`p."guideId" = g.id` },
  userName: { party: "user", table: Prisma.sql`"User" u`, on: Prisma.sql`p."userId" = u.id` },
};

type RawPayment = {
  id: bigint | number;
  bookingId: bigint | number | null;
  topic: string | null;
  userId: bigint | number;
  userName: string;
  userEmail: string;
  guideId: bigint | number;
  guideName: string;
  guideEmail: string;
  amountCents: bigint | number;
  currency: string;
  status: string;
  refundedCents: bigint | number;
  paidAt: unknown;
  createdAt: unknown;
};

/**
 * The payments `actor` may see (paymentScope), searched (payer's and guide's name, e-mail or organisation, the booking's topic, or the exact
 * Stripe payment intent id), sorted
 * and paged in SQL; optionally only one guide's, one mentee's or one status. Deleted people's payments stay.
 */
export async function listPayments(state: ListState<PaymentSort>, filters: PaymentFilters, actor: SessionUser): Promise<ListResult<PaymentRow>> {
  const where: Prisma.Sql[] = [paymentScope(actor)];
  if (filters.guideId !== undefined) where.push(Prisma.sql`p."guideId" = ${filters.guideId}`);
  if (filters.userId !== undefined) where.push(Prisma.sql`p."userId" = ${filters.userId}`);
  if (filters.status) where.push(Prisma.sql`p.status = ${filters.status}`);
  const term = await peopleTerm(state.search);
  const only = partiesOf(actor, filters);
  const search = (plan: SearchPlan) =>
    Prisma.sql`(${partiesMatch(paymentParties, only, term, plan)}
      OR ${bookingTopicMatches(Prisma.sql`p."bookingId"`, term.text, plan)} OR p."stripePaymentIntentId" = ${term.text})`;
  const narrowed = where[0] !== ALL_ROWS || filters.guideId !== undefined || filters.userId !== undefined;
  const { rows, meta } = await pageOf<RawPayment>({
    search: term.text ? search : undefined,
    fewRows: narrowed,
    capProbes: personIndexProbes(term, Prisma.sql`"Payment" p`, where, [paymentParties.user, paymentParties.guide]),
    select: Prisma.sql`p.id, p."bookingId", b.topic, p."userId", u.name AS "userName", u.email AS "userEmail", p."guideId",
      g.name AS "guideName", g.email AS "guideEmail", p."amountCents", p.currency, p.status, p."refundedCents", p."paidAt", p."createdAt"`,
    from: Prisma.sql`"Payment" p`,
    alias: "p",
    joins: Prisma.sql`JOIN "User" u ON u.id = p."userId" JOIN "User" g ON g.id = p."guideId" LEFT JOIN "Booking" b ON b.id = p."bookingId"`,
    where,
    ...recordOrder(sortColumns[state.sort], { order: state.order, idColumn: Prisma.sql`p.id`, person: sortPeople[state.sort], narrowed, only }),
    page: state.page,
    limit: state.limit,
  });
  return { data: rows.map(toPaymentRow), meta };
}

function toPaymentRow(row: RawPayment): PaymentRow {
  const amountCents = Number(row.amountCents);
  const paidAt = isoOf(row.paidAt);
  return {
    id: Number(row.id),
    bookingId: row.bookingId === null ? null : Number(row.bookingId),
    topic: row.topic,
    userId: Number(row.userId),
    userName: row.userName,
    userEmail: row.userEmail,
    guideId: Number(row.guideId),
    guideName: row.guideName,
    guideEmail: row.guideEmail,
    amountCents,
    currency: row.currency,
    status: row.status,
    refundedCents: Number(row.refundedCents),
    paidAt,
    createdAt: isoOf(row.createdAt) ?? "",
    stripe: { amount: amountCents / 100, currency: row.currency, status: row.status, paidAt },
  };
}

/**
 * A booking's money for the console's booking page: its payments (with what was refunded) and the Stripe events
 * that moved them (newest first), and how much can still be refunded. The caller has checked the booking is visible.
 */
export async function bookingPaymentHistory(bookingId: number) {
  const [payments, events] = await Promise.all([
    prisma.payment.findMany({
      where: { bookingId },
      orderBy: { id: "asc" },
      select: { id: true, amountCents: true, currency: true, status: true, refundedCents: true, refundedAt: true, paidAt: true, createdAt: true, stripePaymentIntentId: true },
    }),
    prisma.paymentEvent.findMany({
      where: { bookingId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 50,
      select: { id: true, type: true, outcome: true, detail: true, createdAt: true },
    }),
  ]);
  const refundableCents = payments
    .filter((payment) => payment.status === "succeeded" && payment.stripePaymentIntentId)
    .reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0);
  return {
    payments: payments.map(({ stripePaymentIntentId, ...payment }) => ({
      ...payment,
      paymentIntent: stripePaymentIntentId,
      refundedAt: payment.refundedAt?.toISOString() ?? null,
      paidAt: payment.paidAt?.toISOString() ?? null,
      createdAt: payment.createdAt.toISOString(),
    })),
    events: events.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
    refundableCents,
  };
}
