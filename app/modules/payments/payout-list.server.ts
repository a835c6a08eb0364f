import { Prisma } from "#app/generated/prisma/client.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { eachRowOf, mapRows, orderBy, pageOf, withinDays, type Condition, type ListQuery } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { nullable } from "#app/lib/search/dialect.server.ts";
import { column, type RowOf } from "#app/lib/sql.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { releaseAtOf, type PayoutStatus } from "./payout-status.ts";
import type { PayoutSort } from "./schema.ts";

/** A payout as the console's Payouts list and its JSON twin show it. */
export type PayoutRow = {
  id: number;
  bookingId: number;
  topic: string;
  guideId: number;
  guideName: string;
  guideEmail: string;
  status: PayoutStatus;
  amountCents: number;
  feePercent: number;
  reversedCents: number;
  releaseAt: string | null;
  paidAt: string | null;
  createdAt: string;
  transferId: string | null;
  lastError: string | null;
  /** Whether the guide's payouts account can receive transfers (a due payout waits for it otherwise). */
  accountActive: boolean;
};

export type PayoutFilters = { status?: PayoutStatus; guideId?: number; from?: string; to?: string };

const sortColumns: Record<PayoutSort, Prisma.Sql> = {
  createdAt: Prisma.sql`po."createdAt"`,
  // The release is the dispute window after the session was over: the same order.
  releaseAt: nullable(Prisma.sql`po."overAt"`),
  paidAt: nullable(Prisma.sql`po."paidAt"`),
  amount: Prisma.sql`po."amountCents"`,
};

const columns = {
  id: column.int,
  bookingId: column.int,
  topic: column.text,
  guideId: column.int,
  guideName: column.text,
  guideEmail: column.text,
  status: (value: unknown) => String(value) as PayoutStatus,
  amountCents: column.int,
  feePercent: column.int,
  reversedCents: column.int,
  overAt: column.nullableDate,
  retryAt: column.nullableDate,
  paidAt: column.nullableDate,
  createdAt: column.date,
  transferId: column.nullableText,
  lastError: column.nullableText,
  accountStatus: column.nullableText,
};
const select = Prisma.sql`po.id, po."bookingId", b.topic, po."guideId", g.name AS "guideName", g.email AS "guideEmail", po.status, po."amountCents",
  po."feePercent", po."reversedCents", po."overAt", po."retryAt", po."paidAt", po."createdAt", po."stripeTransferId" AS "transferId", po."lastError",
  a.status AS "accountStatus"`;
const rowsFrom = Prisma.sql`"Payout" po JOIN "User" g ON g.id = po."guideId" JOIN "Booking" b ON b.id = po."bookingId"
  LEFT JOIN "PayoutAccount" a ON a."guideId" = po."guideId"`;

/**
 * Every payout (admins only), searched by its guide (name, e-mail, organisation) or a transfer's id, filtered by
 * status, guide and the days the mentee paid in the admin's time zone, sorted and paged in SQL.
 */
export async function listPayouts(state: ListState<PayoutSort>, filters: PayoutFilters, actor: SessionUser): Promise<ListResult<PayoutRow>> {
  const { query, toRow } = await payoutsQuery(state, filters, actor);
  const { rows, meta } = await pageOf(query, state);
  return { data: rows.map(toRow), meta };
}

/** Every payout of the list, in its order (its CSV export). */
export async function eachPayout(state: ListState<PayoutSort>, filters: PayoutFilters, actor: SessionUser): Promise<AsyncGenerator<PayoutRow>> {
  const { query, toRow } = await payoutsQuery(state, filters, actor);
  return mapRows(eachRowOf(query, state), toRow);
}

async function payoutsQuery(state: ListState<PayoutSort>, filters: PayoutFilters, actor: SessionUser) {
  requireAdmin(actor);
  const where: Condition[] = [];
  if (filters.status) where.push(Prisma.sql`po.status = ${filters.status}`);
  if (filters.guideId !== undefined) where.push(Prisma.sql`po."guideId" = ${filters.guideId}`);
  const { disputeWindowHours } = await getPlatformSettings();
  if (filters.from || filters.to) {
    // Days the mentee paid (the payout's own date: the list's default order reads the same index).
    where.push(...withinDays(Prisma.sql`po."createdAt"`, filters, await timeZoneOf(actor.id), state.sort === "createdAt"));
  }
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`po.id`);
  const query: ListQuery<typeof columns> = { from: Prisma.sql`"Payout" po`, id: Prisma.sql`po.id`, where, search: [{ column: Prisma.sql`po."guideId"`, index: "people" }, Prisma.sql`po."stripeTransferId" = ${state.search}`], orderBy: orderBySort, rows: { columns, select, from: rowsFrom } };
  const toRow = ({ overAt, retryAt, accountStatus, ...row }: RowOf<typeof columns>): PayoutRow => ({
    ...row,
    releaseAt: releaseAtOf({ overAt, retryAt }, disputeWindowHours)?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    accountActive: accountStatus === "active",
  });
  return { query, toRow };
}
