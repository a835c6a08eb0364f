import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, nullable, unindexed } from "#app/lib/search/dialect.server.ts";
import { column, queryRows, type RowOf } from "#app/lib/sql.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { rangeInstants, type DayRange } from "#app/lib/date-range.ts";
import { ALL_ROWS, eachRowOf, mapRows, orderBy, pageOf, withinDays, type Condition, type ListQuery, type OrderJoins, type SearchPart } from "#app/lib/list.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { recordListOpened } from "#app/modules/audit/audit.server.ts";
import { CANCELLED_STATUSES } from "#app/modules/stats/health-totals.server.ts";
import { bookingScope, canSeeBooking } from "./policy.ts";
import type { BookingDate, BookingEnder, BookingOutcome, BookingSort } from "./schema.ts";

type Party = { id: number; name: string; email: string };

/** A booking as lists, the booking profile and the API show it; `rate` is in dollars. */
export type BookingRow = {
  id: number;
  bookingId: number;
  topic: string;
  rate: number;
  rateCents: number;
  paymentStatus: string;
  status: string;
  additionalNotes: string | null;
  createdAt: string;
  user: Party;
  guide: Party;
  /** The booking's own session time (`startsAt`, ISO), its UTC `date` (YYYY-MM-DD) and `startTime` (HH:MM), its length. */
  slot: { startsAt: string; date: string; startTime: string; durationMinutes: number } | null;
};

/** `date` says which date `from` and `to` narrow: the session's (by default) or the day it was booked. */
export type BookingFilters = {
  guideId?: number;
  userId?: number;
  paymentStatus?: string;
  date?: BookingDate;
  outcome?: BookingOutcome;
  cancelledBy?: BookingEnder;
  repeat?: "1";
} & DayRange;

/** The column each date is, and the sort that reads it in order (none for the day it ended or was answered). */
const rangeColumns: Record<BookingDate, { column: Prisma.Sql; sort: BookingSort | null }> = {
  session: { column: Prisma.sql`b."startsAt"`, sort: "slotDate" },
  booked: { column: Prisma.sql`b."createdAt"`, sort: "createdAt" },
  ended: { column: Prisma.sql`b."endedAt"`, sort: null },
  answered: { column: Prisma.sql`b."answeredAt"`, sort: null },
};

/**
 * The bookings that did not take place (stats/health-totals.server.ts counts them the same way). Counted, and collected
 * beside a range of the days they ended, from the (status, endedAt, cancelledById, userId) index, which also answers
 * the mentee's cancellations (cancelledById = userId) without reading a booking; a page past the count's cap reads the list
 * in its order and tests each row's status, as a page of the 136,000 cancelled bookings by date fills after a few dozen
 * rows (from the status index it would sort them all: 135 ms → 1).
 */
const status = (walk: boolean) => (walk ? unindexed(Prisma.sql`b.status`) : Prisma.sql`b.status`);
const CANCELLED = (walk: boolean) => Prisma.sql`${status(walk)} IN (${Prisma.join(CANCELLED_STATUSES)})`;
const outcomeConditions: Record<BookingOutcome, Condition> = {
  completed: (walk) => Prisma.sql`${status(walk)} = 'completed'`,
  no_show: (walk) => Prisma.sql`${status(walk)} = 'no_show'`,
  cancelled: CANCELLED,
};

/**
 * Who ended it, from cancelledById: the mentee, the guide, anyone else (an admin), nobody (the system). The few
 * bookings a guide, an admin or the system ended are found from the cancelledById index (a guide's and an admin's
 * through their role's people), the mentee's many from the status index above (10,001 counted: 10.6 ms → 0.8), not
 * among the 136,000 cancelled bookings one by one (100 ms → 2).
 */
const cancelledByRole = (role: "guide" | "admin") => Prisma.sql`b."cancelledById" IN (SELECT id FROM "User" WHERE role = ${role})`;
const enderConditions: Record<BookingEnder, Prisma.Sql> = {
  mentee: Prisma.sql`b."cancelledById" = b."userId"`,
  guide: Prisma.sql`${cancelledByRole("guide")} AND b."cancelledById" = b."guideId"`,
  admin: Prisma.sql`${cancelledByRole("admin")} AND b."cancelledById" <> b."userId" AND b."cancelledById" <> b."guideId"`,
  // From the (cancelledById, status) index: the bookings nobody cancelled are mostly the ones that took place.
  system: Prisma.sql`b."cancelledById" IS NULL AND ${CANCELLED(false)}`,
};

const sortColumns: Record<BookingSort, Prisma.Sql | Prisma.Sql[]> = {
  id: Prisma.sql`b.id`,
  rate: Prisma.sql`b."rateCents"`,
  paymentStatus: Prisma.sql`b."paymentStatus"`,
  userName: [caseless(Prisma.sql`u.name`), Prisma.sql`u.id`],
  userEmail: [caseless(Prisma.sql`u.email`), Prisma.sql`u.id`],
  guideName: [caseless(Prisma.sql`g.name`), Prisma.sql`g.id`],
  guideEmail: [caseless(Prisma.sql`g.email`), Prisma.sql`g.id`],
  topic: caseless(Prisma.sql`b.topic`),
  status: Prisma.sql`b.status`,
  slotDate: nullable(Prisma.sql`b."startsAt"`),
  createdAt: Prisma.sql`b."createdAt"`,
};

const select = Prisma.sql`b.id, b.topic, b."rateCents", b."paymentStatus", b.status, b."additionalNotes", b."createdAt",
  u.id AS "userId", u.name AS "userName", u.email AS "userEmail", g.id AS "guideId", g.name AS "guideName", g.email AS "guideEmail",
  b."startsAt" AS "slotStartsAt", b."durationMinutes" AS "slotMinutes"`;
const menteeJoin = Prisma.sql`JOIN "User" u ON u.id = b."userId"`;
const guideJoin = Prisma.sql`JOIN "User" g ON g.id = b."guideId"`;
const from = Prisma.sql`"Booking" b ${menteeJoin} ${guideJoin}`;
const columns = {
  id: column.int,
  topic: column.text,
  rateCents: column.int,
  paymentStatus: column.text,
  status: column.text,
  additionalNotes: column.nullableText,
  createdAt: column.date,
  userId: column.int,
  userName: column.text,
  userEmail: column.text,
  guideId: column.int,
  guideName: column.text,
  guideEmail: column.text,
  slotStartsAt: column.nullableDate,
  slotMinutes: column.nullableInt,
};
/** What a sort by a person's columns joins. */
const menteeFirst = { first: Prisma.sql`"User" u`, on: Prisma.sql`u.id = b."userId"` };
const guideFirst = { first: Prisma.sql`"User" g`, on: Prisma.sql`g.id = b."guideId"` };
const sortJoins: Partial<Record<BookingSort, OrderJoins>> = { userName: menteeFirst, userEmail: menteeFirst, guideName: guideFirst, guideEmail: guideFirst };

function toBookingRow(row: RowOf<typeof columns>): BookingRow {
  const startsAt = row.slotStartsAt?.toISOString();
  return {
    id: row.id,
    bookingId: row.id,
    topic: row.topic,
    rate: row.rateCents / 100,
    rateCents: row.rateCents,
    paymentStatus: row.paymentStatus,
    status: row.status,
    additionalNotes: row.additionalNotes,
    createdAt: row.createdAt.toISOString(),
    user: { id: row.userId, name: row.userName, email: row.userEmail },
    guide: { id: row.guideId, name: row.guideName, email: row.guideEmail },
    slot: startsAt
      ? { startsAt, date: startsAt.slice(0, 10), startTime: startsAt.slice(11, 16), durationMinutes: row.slotMinutes ?? 60 }
      : null,
  };
}

/** Bookings whose mentee or guide (name, e-mail, organisation) or topic matches, or whose id it is. */
function bookingSearch(term: string): SearchPart[] {
  const byId = /^#?\d+$/.test(term) ? [Prisma.sql`b.id = ${Number(term.replace("#", ""))}`] : [];
  return [{ column: Prisma.sql`b."userId"`, index: "people" }, { column: Prisma.sql`b."guideId"`, index: "people" }, { column: Prisma.sql`b.id`, index: "bookingTopics" }, ...byId];
}

/**
 * The bookings `actor` may see (bookingScope), searched (mentee's and guide's name, e-mail or organisation,
 * the topic, or the booking id), sorted and paged in SQL; optionally one guide's, one mentee's or one payment status,
 * and sessions on (or bookings made on) the days `from` to `to` of the actor's zone.
 */
export async function listBookings(state: ListState<BookingSort>, filters: BookingFilters, actor: SessionUser): Promise<ListResult<BookingRow>> {
  const { rows, meta } = await pageOf(await bookingsQuery(state, filters, actor), state);
  await recordListOpened(actor, filters, "open-bookings");
  return { data: rows.map(toBookingRow), meta };
}

/** Every booking of the list, in its order (its CSV export: a million stream in flat memory). */
export const eachBooking = async (state: ListState<BookingSort>, filters: BookingFilters, actor: SessionUser) =>
  mapRows(eachRowOf(await bookingsQuery(state, filters, actor), state), toBookingRow);

async function bookingsQuery(state: ListState<BookingSort>, filters: BookingFilters, actor: SessionUser): Promise<ListQuery<typeof columns>> {
  const where: Condition[] = [bookingScope(actor)];
  if (filters.guideId !== undefined) where.push(Prisma.sql`b."guideId" = ${filters.guideId}`);
  if (filters.userId !== undefined) where.push(Prisma.sql`b."userId" = ${filters.userId}`);
  if (filters.paymentStatus) where.push(Prisma.sql`b."paymentStatus" = ${filters.paymentStatus}`);
  if (filters.outcome) where.push(outcomeConditions[filters.outcome]);
  // Who cancelled: only of the bookings that did not take place.
  if (filters.cancelledBy) where.push(CANCELLED, enderConditions[filters.cancelledBy]);
  if (filters.repeat) where.push(Prisma.sql`b."isRepeat" = TRUE`);
  if (filters.from || filters.to) {
    const date = filters.date ?? "session";
    const { column, sort } = rangeColumns[date];
    const timeZone = await timeZoneOf(actor.id);
    where.push(...withinDays(column, filters, timeZone, state.sort === sort));
    // A booking ends, and is answered, after it was made: read in the order they were made, the ones of a range start
    // at its end, not at today's (the bookings that ended in October, newest made first: 40 ms → …).
    const { end } = rangeInstants(filters, timeZone);
    if (end && (date === "ended" || date === "answered")) where.push((walk) => (walk ? Prisma.sql`b."createdAt" < ${end}` : ALL_ROWS));
  }
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`b.id`);
  return { from: Prisma.sql`"Booking" b`, id: Prisma.sql`b.id`, where, search: bookingSearch(state.search), few: where[0] !== ALL_ROWS || filters.guideId !== undefined || filters.userId !== undefined, orderBy: orderBySort, orderJoins: sortJoins[state.sort], rows: { columns, select, from } };
}

/** One booking (GET /api/admin/get-booking/{id}, the booking profile), or 404 'Booking not found', also when it is someone else's. */
export async function getBooking(id: number, actor: SessionUser): Promise<BookingRow> {
  const [row] = await queryRows(columns, Prisma.sql`SELECT ${select} FROM ${from} WHERE b.id = ${id}`);
  const booking = row ? toBookingRow(row) : null;
  if (!booking || !canSeeBooking(actor, { userId: booking.user.id, guideId: booking.guide.id })) throw notFound("Booking not found");
  await recordListOpened(actor, { userId: booking.user.id, guideId: booking.guide.id }, "open-booking");
  return booking;
}
