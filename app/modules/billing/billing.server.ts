import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { TZDate } from "@date-fns/tz";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { orderBy, pageOf, type Condition, type SearchPart } from "#app/lib/list.server.ts";
import { column, queryRows, type RowOf } from "#app/lib/sql.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { guideScope } from "#app/modules/guides/policy.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { releaseAtOf, type PayoutStatus } from "#app/modules/payments/payout-status.ts";
import { earningOf, type Earning, type MonthEarnings } from "./money.ts";
import type { EarningSort } from "./schema.ts";

/**
 * A guide's earnings: the succeeded payments for their sessions, less refunds and the platform's fee
 * (PlatformSettings.platformFeePercent, the current one). Months are calendar months in the guide's own time zone,
 * by when the mentee paid; a refund counts against the payment it returns. A sponsored session is one row, its
 * whole price: the mentee's card payment with the sponsor's covered part (a payment of its own, source "sponsor",
 * paid in the same transaction), or the sponsor's payment alone when it covered the session in full.
 */

/** The payments (alias `p`) that are a session's row: card payments, and a sponsor's when no card payment joins it. */
const sessionRow = Prisma.sql`(p.source = 'card' OR NOT EXISTS (SELECT 1 FROM "Payment" c WHERE c."bookingId" = p."bookingId" AND c.source = 'card' AND c.status = 'succeeded'))`;
/** A card payment's sponsored part (alias `sp`), when its booking had one. */
const sponsorJoin = Prisma.sql`LEFT JOIN "Payment" sp ON p.source = 'card' AND sp."bookingId" = p."bookingId" AND sp.source = 'sponsor' AND sp.status = 'succeeded'`;
/** A row's amounts: the session's payments together, and what the sponsor covered of it. */
const rowMoney = Prisma.sql`p."amountCents" + COALESCE(sp."amountCents", 0) AS "amountCents", p."refundedCents" + COALESCE(sp."refundedCents", 0) AS "refundedCents",
  CASE WHEN p.source = 'sponsor' THEN p."amountCents" ELSE COALESCE(sp."amountCents", 0) END AS "sponsorCents"`;

const STATEMENT_NOT_FOUND = "There is no statement for this month.";

export type EarningRow = Earning & {
  id: number;
  /** What the mentee's sponsor covered of the amount (0 for a session the mentee paid alone). */
  sponsorCents: number;
  paidAt: string | null;
  menteeName: string;
  bookingId: number | null;
  topic: string | null;
  sessionAt: string | null;
  /** Where the session's money is on its way to the guide (null for a payment made before payouts existed). */
  payout: { status: PayoutStatus; releaseAt: string | null; paidAt: string | null; transferId: string | null; reversedCents: number } | null;
};

export type { MonthEarnings } from "./money.ts";


/** The first instant of a month ('2026-11') in a zone, and the first of the next. */
export function monthRange(month: string, timeZone: string) {
  const [year, number] = month.split("-").map(Number);
  return { start: new Date(new TZDate(year, number - 1, 1, timeZone).getTime()), end: new Date(new TZDate(year, number, 1, timeZone).getTime()) };
}

/** The month ('2026-11') an instant falls in, in a zone. */
export function monthOf(date: Date, timeZone: string) {
  const zoned = new TZDate(date.getTime(), timeZone);
  return `${zoned.getFullYear()}-${String(zoned.getMonth() + 1).padStart(2, "0")}`;
}

/** Only a guide has earnings, and only their own (guideScope): anyone else's list is empty. */
function earningsWhere(actor: SessionUser): Prisma.Sql[] {
  return [guideScope(actor, Prisma.sql`p."guideId"`), Prisma.sql`p."guideId" = ${actor.id}`, Prisma.sql`p.status = 'succeeded'`, sessionRow];
}

const sortColumns: Record<EarningSort, Prisma.Sql> = {
  paidAt: Prisma.sql`p."paidAt"`,
  amount: Prisma.sql`p."amountCents"`,
};

const columns = {
  id: column.int,
  paidAt: column.nullableDate,
  amountCents: column.int,
  refundedCents: column.int,
  sponsorCents: column.int,
  menteeName: column.text,
  bookingId: column.nullableInt,
  topic: column.nullableText,
  sessionAt: column.nullableDate,
  payoutStatus: column.nullableText,
  feePercent: column.nullableInt,
  overAt: column.nullableDate,
  retryAt: column.nullableDate,
  payoutPaidAt: column.nullableDate,
  transferId: column.nullableText,
  reversedCents: column.nullableInt,
};

/**
 * A payment's earning, at the fee of its payout (the fee when the mentee paid), or today's for an older payment; its
 * payout's release is the dispute window (today's) after the session was over.
 */
const toRow = (feePercent: number, disputeWindowHours: number) => (row: RowOf<typeof columns>): EarningRow => ({
  id: row.id,
  sponsorCents: row.sponsorCents,
  paidAt: row.paidAt?.toISOString() ?? null,
  menteeName: row.menteeName,
  bookingId: row.bookingId,
  topic: row.topic,
  sessionAt: row.sessionAt?.toISOString() ?? null,
  ...earningOf(row.amountCents, row.refundedCents, row.feePercent ?? feePercent),
  payout: row.payoutStatus
    ? {
        status: row.payoutStatus as PayoutStatus,
        releaseAt: releaseAtOf(row, disputeWindowHours)?.toISOString() ?? null,
        paidAt: row.payoutPaidAt?.toISOString() ?? null,
        transferId: row.transferId,
        reversedCents: row.reversedCents ?? 0,
      }
    : null,
});

const earningSelect = Prisma.sql`p.id, p."paidAt", ${rowMoney}, u.name AS "menteeName", p."bookingId", b.topic, b."startsAt" AS "sessionAt",
  po.status AS "payoutStatus", po."feePercent", po."overAt", po."retryAt", po."paidAt" AS "payoutPaidAt", po."stripeTransferId" AS "transferId", po."reversedCents"`;
const earningJoins = Prisma.sql`JOIN "User" u ON u.id = p."userId" ${sponsorJoin} LEFT JOIN "Booking" b ON b.id = p."bookingId" LEFT JOIN "Payout" po ON po."paymentId" = p.id`;

/** The guide's earnings per session, paged in SQL; searched by mentee name or topic; optionally one month. */
export async function listEarnings(state: ListState<EarningSort>, filters: { month?: string }, actor: SessionUser): Promise<ListResult<EarningRow> & { feePercent: number; timeZone: string }> {
  const [{ platformFeePercent, disputeWindowHours }, timeZone] = await Promise.all([getPlatformSettings(), timeZoneOf(actor.id)]);
  const where: Condition[] = earningsWhere(actor);
  if (filters.month) {
    const { start, end } = monthRange(filters.month, timeZone);
    where.push(Prisma.sql`p."paidAt" >= ${start} AND p."paidAt" < ${end}`);
  }
  // The public's search of people (never their e-mail), over the guide's own payments.
  const search: SearchPart[] = [{ column: Prisma.sql`p."userId"`, index: "publicPeople" }, { column: Prisma.sql`p."bookingId"`, index: "bookingTopics" }];
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`p.id`);
  const rowsFrom = Prisma.sql`"Payment" p ${earningJoins}`;
  const list = { from: Prisma.sql`"Payment" p`, id: Prisma.sql`p.id`, where, search, few: true, orderBy: orderBySort, rows: { columns, select: earningSelect, from: rowsFrom } };
  const { rows, meta } = await pageOf(list, state);
  return { data: rows.map(toRow(platformFeePercent, disputeWindowHours)), meta, feePercent: platformFeePercent, timeZone };
}

/** A paid session's amounts, and the fee its payout was made at (none yet: today's fee). */
const paidRow = { amountCents: column.int, refundedCents: column.int, sponsorCents: column.int, feePercent: column.nullableInt };

/** Every month the guide was paid in, newest first, with its sessions, amounts, refunds, fees and net. */
export async function earningsByMonth(actor: SessionUser) {
  const [{ platformFeePercent }, timeZone] = await Promise.all([getPlatformSettings(), timeZoneOf(actor.id)]);
  if (actor.role !== "guide") return { months: [], feePercent: platformFeePercent, timeZone };
  // Read newest first, so that each month's range is worked out once (a zone's months are not UTC's).
  const payments = await queryRows(
    { paidAt: column.date, ...paidRow },
    Prisma.sql`SELECT p."paidAt", ${rowMoney}, po."feePercent" FROM "Payment" p ${sponsorJoin} LEFT JOIN "Payout" po ON po."paymentId" = p.id
    WHERE p."guideId" = ${actor.id} AND p.status = 'succeeded' AND ${sessionRow} AND p."paidAt" IS NOT NULL ORDER BY p."paidAt" DESC`,
  );
  const byMonth = new Map<string, MonthEarnings>();
  let range = { month: "", start: 0, end: 0 };
  for (const payment of payments) {
    const paidAt = payment.paidAt;
    if (paidAt.getTime() < range.start || paidAt.getTime() >= range.end) {
      const month = monthOf(paidAt, timeZone);
      const { start, end } = monthRange(month, timeZone);
      range = { month, start: start.getTime(), end: end.getTime() };
    }
    const month = range.month;
    const entry = byMonth.get(month) ?? { month, sessions: 0, amountCents: 0, refundedCents: 0, feeCents: 0, netCents: 0 };
    const earning = earningOf(payment.amountCents, payment.refundedCents, payment.feePercent ?? platformFeePercent);
    entry.sessions += 1;
    entry.amountCents += earning.amountCents;
    entry.refundedCents += earning.refundedCents;
    entry.feeCents += earning.feeCents;
    entry.netCents += earning.netCents;
    byMonth.set(month, entry);
  }
  const months = [...byMonth.values()].sort((a, b) => b.month.localeCompare(a.month));
  return { months, feePercent: platformFeePercent, timeZone };
}

/** The guide's net earnings in the month `now` falls in (their zone). */
export async function earningsThisMonth(actor: SessionUser, now = new Date()) {
  const [{ platformFeePercent }, timeZone] = await Promise.all([getPlatformSettings(), timeZoneOf(actor.id)]);
  const month = monthOf(now, timeZone);
  const { start, end } = monthRange(month, timeZone);
  const payments = actor.role === "guide"
    ? await queryRows(
        paidRow,
        Prisma.sql`SELECT ${rowMoney}, po."feePercent" FROM "Payment" p ${sponsorJoin} LEFT JOIN "Payout" po ON po."paymentId" = p.id
        WHERE p."guideId" = ${actor.id} AND p.status = 'succeeded' AND ${sessionRow} AND p."paidAt" >= ${start} AND p."paidAt" < ${end}`,
      )
    : [];
  const earnings = payments.map((payment) => earningOf(payment.amountCents, payment.refundedCents, payment.feePercent ?? platformFeePercent));
  return {
    month,
    sessions: earnings.length,
    netCents: earnings.reduce((total, earning) => total + earning.netCents, 0),
    feePercent: platformFeePercent,
  };
}

/** A month's statement: every paid session of the month, the totals, and who it is for. A month without payments is a 404. */
export async function monthStatement(month: string, actor: SessionUser) {
  if (actor.role !== "guide") throw notFound(STATEMENT_NOT_FOUND);
  const [{ platformFeePercent, disputeWindowHours }, timeZone, guide] = await Promise.all([
    getPlatformSettings(),
    timeZoneOf(actor.id),
    prisma.user.findUniqueOrThrow({ where: { id: actor.id }, select: { name: true, email: true, organisation: true } }),
  ]);
  const { start, end } = monthRange(month, timeZone);
  const rows = await queryRows(
    columns,
    Prisma.sql`SELECT ${earningSelect} FROM "Payment" p ${earningJoins}
      WHERE ${Prisma.join(earningsWhere(actor), " AND ")} AND p."paidAt" >= ${start} AND p."paidAt" < ${end}
      ORDER BY p."paidAt" ASC, p.id ASC`,
  );
  if (rows.length === 0) throw notFound(STATEMENT_NOT_FOUND);
  const sessions = rows.map(toRow(platformFeePercent, disputeWindowHours));
  const totals: MonthEarnings = {
    month,
    sessions: sessions.length,
    amountCents: sessions.reduce((total, row) => total + row.amountCents, 0),
    refundedCents: sessions.reduce((total, row) => total + row.refundedCents, 0),
    feeCents: sessions.reduce((total, row) => total + row.feeCents, 0),
    netCents: sessions.reduce((total, row) => total + row.netCents, 0),
  };
  return { month, guide, sessions, totals, feePercent: platformFeePercent, timeZone, issuedAt: new Date().toISOString() };
}

/**
 * Where the guide's money is, by payout stage: held (sessions not over), releasing (waiting out the dispute window),
 * on hold (a problem reported), waiting for payouts to be connected, paid out (and taken back by refunds), failed.
 */
export async function payoutTotals(actor: SessionUser, accountActive: boolean, now = new Date()) {
  const totals = { held: 0, releasing: 0, onHold: 0, waitingForAccount: 0, paidOut: 0, failed: 0 };
  if (actor.role !== "guide") return totals;
  const { disputeWindowHours } = await getPlatformSettings();
  const dueBefore = new Date(now.getTime() - disputeWindowHours * 3_600_000);
  const rows = await queryRows(
    { status: column.text, due: column.bool, amountCents: column.int, reversedCents: column.int },
    Prisma.sql`SELECT status, due, SUM("amountCents") AS "amountCents", SUM("reversedCents") AS "reversedCents"
    FROM (SELECT status, CASE WHEN "overAt" <= ${dueBefore} THEN 1 ELSE 0 END AS due, "amountCents", "reversedCents"
      FROM "Payout" WHERE "guideId" = ${actor.id} AND status <> 'cancelled') payouts
    GROUP BY status, due`,
  );
  for (const row of rows) {
    const amount = row.amountCents;
    const due = row.due;
    if (row.status === "held") totals.held += amount;
    else if (row.status === "on_hold") totals.onHold += amount;
    else if (row.status === "paid" || row.status === "paying") totals.paidOut += amount - row.reversedCents;
    else if (!accountActive && due) totals.waitingForAccount += amount;
    else if (row.status === "failed") totals.failed += amount;
    else totals.releasing += amount;
  }
  return totals;
}
