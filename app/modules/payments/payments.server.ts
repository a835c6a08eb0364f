import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { caseless, nullable } from "#app/lib/search/dialect.server.ts";
import { column, type RowOf } from "#app/lib/sql.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import type { DayRange } from "#app/lib/date-range.ts";
import { ALL_ROWS, eachRowOf, mapRows, orderBy, pageOf, withinDays, type Condition, type ListQuery, type OrderJoins, type SearchPart } from "#app/lib/list.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { recordListOpened } from "#app/modules/audit/audit.server.ts";
import { paymentScope } from "./policy.ts";
import type { PaymentDate, PaymentSort } from "./schema.ts";

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
  /** Who paid: the mentee by card, or their sponsor (the covered part of a sponsored session). */
  source: "card" | "sponsor";
  /** Refunded so far (0 when nothing was): a refund leaves the payment's status as it was. */
  refundedCents: number;
  paidAt: string | null;
  createdAt: string;
  stripe: { amount: number; currency: string; status: string; paidAt: string | null };
};

/** `date=refunded`: refunded payments, `from` and `to` the days of their latest refund; otherwise the days paid. */
export type PaymentFilters = { guideId?: number; userId?: number; status?: string; date?: PaymentDate } & DayRange;

const sortColumns: Record<PaymentSort, Prisma.Sql | Prisma.Sql[]> = {
  guideName: [caseless(Prisma.sql`g.name`), Prisma.sql`g.id`],
  userName: [caseless(Prisma.sql`u.name`), Prisma.sql`u.id`],
  amount: Prisma.sql`p."amountCents"`,
  status: Prisma.sql`p.status`,
  paidAt: nullable(Prisma.sql`p."paidAt"`),
  createdAt: Prisma.sql`p."createdAt"`,
};

const guideJoin = Prisma.sql`JOIN "User" g ON g.id = p."guideId"`;
const menteeJoin = Prisma.sql`JOIN "User" u ON u.id = p."userId"`;
const sortJoins: Partial<Record<PaymentSort, OrderJoins>> = {
  guideName: { first: Prisma.sql`"User" g`, on: Prisma.sql`g.id = p."guideId"` },
  userName: { first: Prisma.sql`"User" u`, on: Prisma.sql`u.id = p."userId"` },
};

const columns = {
  id: column.int,
  bookingId: column.nullableInt,
  topic: column.nullableText,
  userId: column.int,
  userName: column.text,
  userEmail: column.text,
  guideId: column.int,
  guideName: column.text,
  guideEmail: column.text,
  amountCents: column.int,
  currency: column.text,
  status: column.text,
  source: column.text,
  refundedCents: column.int,
  paidAt: column.nullableDate,
  createdAt: column.date,
};
const select = Prisma.sql`p.id, p."bookingId", b.topic, p."userId", u.name AS "userName", u.email AS "userEmail", p."guideId",
  g.name AS "guideName", g.email AS "guideEmail", p."amountCents", p.currency, p.status, p.source, p."refundedCents", p."paidAt", p."createdAt"`;
const rowsFrom = Prisma.sql`"Payment" p ${menteeJoin} ${guideJoin} LEFT JOIN "Booking" b ON b.id = p."bookingId"`;

/** Payments whose payer or guide (name, e-mail, organisation) or booking's topic matches, or whose payment intent it is. */
function paymentSearch(term: string): SearchPart[] {
  const parts: SearchPart[] = [{ column: Prisma.sql`p."userId"`, index: "people" }, { column: Prisma.sql`p."guideId"`, index: "people" }, { column: Prisma.sql`p."bookingId"`, index: "bookingTopics" }];
  return [...parts, Prisma.sql`p."stripePaymentIntentId" = ${term}`];
}

/**
 * The payments `actor` may see (paymentScope), searched (payer's and guide's name, e-mail or organisation, the booking's
 * topic, or the exact Stripe payment intent id), sorted and paged in SQL; optionally only one guide's, one mentee's or
 * one status, paid on the days `from` to `to` of the actor's zone. Deleted people's payments stay.
 */
export async function listPayments(state: ListState<PaymentSort>, filters: PaymentFilters, actor: SessionUser): Promise<ListResult<PaymentRow>> {
  const { rows, meta } = await pageOf(await paymentsQuery(state, filters, actor), state);
  await recordListOpened(actor, filters, "open-payments");
  return { data: rows.map(toPaymentRow), meta };
}

/** Every payment of the list, in its order (its CSV export). */
export const eachPayment = async (state: ListState<PaymentSort>, filters: PaymentFilters, actor: SessionUser) =>
  mapRows(eachRowOf(await paymentsQuery(state, filters, actor), state), toPaymentRow);

async function paymentsQuery(state: ListState<PaymentSort>, filters: PaymentFilters, actor: SessionUser): Promise<ListQuery<typeof columns>> {
  const where: Condition[] = [paymentScope(actor)];
  if (filters.guideId !== undefined) where.push(Prisma.sql`p."guideId" = ${filters.guideId}`);
  if (filters.userId !== undefined) where.push(Prisma.sql`p."userId" = ${filters.userId}`);
  if (filters.status) where.push(Prisma.sql`p.status = ${filters.status}`);
  if (filters.date === "refunded") where.push(Prisma.sql`p."refundedCents" > 0`);
  if (filters.from || filters.to) {
    const refunded = filters.date === "refunded";
    where.push(...withinDays(refunded ? Prisma.sql`p."refundedAt"` : Prisma.sql`p."paidAt"`, filters, await timeZoneOf(actor.id), !refunded && state.sort === "paidAt"));
  }
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`p.id`);
  return { from: Prisma.sql`"Payment" p`, id: Prisma.sql`p.id`, where, search: paymentSearch(state.search), few: where[0] !== ALL_ROWS || filters.guideId !== undefined || filters.userId !== undefined, orderBy: orderBySort, orderJoins: sortJoins[state.sort], rows: { columns, select, from: rowsFrom } };
}

function toPaymentRow(row: RowOf<typeof columns>): PaymentRow {
  const paidAt = row.paidAt?.toISOString() ?? null;
  return {
    ...row,
    source: row.source === "sponsor" ? "sponsor" : "card",
    paidAt,
    createdAt: row.createdAt.toISOString(),
    stripe: { amount: row.amountCents / 100, currency: row.currency, status: row.status, paidAt },
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
      select: { id: true, amountCents: true, currency: true, status: true, source: true, refundedCents: true, refundedAt: true, paidAt: true, createdAt: true, stripePaymentIntentId: true },
    }),
    prisma.paymentEvent.findMany({
      where: { bookingId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 50,
      select: { id: true, type: true, outcome: true, detail: true, createdAt: true },
    }),
  ]);
  const left = (payment: (typeof payments)[number]) => (payment.status === "succeeded" ? payment.amountCents - payment.refundedCents : 0);
  // What a card refund can give back; a reported problem's decision refunds the session, the sponsor's part too.
  const refundableCents = payments.filter((payment) => payment.stripePaymentIntentId).reduce((sum, payment) => sum + left(payment), 0);
  const sessionRefundableCents = payments.reduce((sum, payment) => sum + left(payment), 0);
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
    sessionRefundableCents,
  };
}
