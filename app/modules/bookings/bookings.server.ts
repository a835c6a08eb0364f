import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, nullable, type SearchPlan } from "#app/lib/sql.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { ALL_ROWS, isoOf, pageOf, recordOrder, type PersonSort } from "#app/lib/list.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { partiesOf } from "#app/modules/accounts/policy.ts";
import { partiesMatch, peopleTerm, personIndexProbes, textMatches, type PeopleTerm } from "#app/modules/accounts/search.server.ts";
import { bookingParties, bookingScope, canSeeBooking } from "./policy.ts";
import type { BookingSort } from "./schema.ts";

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

export type BookingFilters = { guideId?: number; userId?: number; paymentStatus?: string };

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
const joins = Prisma.sql`JOIN "User" u ON u.id = b."userId" JOIN "User" g ON g.id = b."guideId"`;
const from = Prisma.sql`"Booking" b ${joins}`;
/** Sorts by the mentee's or the guide's columns read the page in that person's index order (the people's joins first). */
const mentee: PersonSort = { party: "user", table: Prisma.sql`"User" u`, on: Prisma.sql`b."userId" = u.id` };
const guide: PersonSort = { party: "guide", table: Prisma.sql`"User" g`, on: Prisma.sql`b."guideId" = g.id` };
const sortPeople: Partial<Record<BookingSort, PersonSort>> = { userName: mentee, userEmail: mentee, guideName: guide, guideEmail: guide };

type RawBooking = {
  id: bigint | number;
  topic: string;
  rateCents: bigint | number;
  paymentStatus: string;
  status: string;
  additionalNotes: string | null;
  createdAt: unknown;
  userId: bigint | number;
  userName: string;
  userEmail: string;
  guideId: bigint | number;
  guideName: string;
  guideEmail: string;
  slotStartsAt: unknown;
  slotMinutes: bigint | number | null;
};

function toBookingRow(row: RawBooking): BookingRow {
  const rateCents = Number(row.rateCents);
  const startsAt = isoOf(row.slotStartsAt);
  return {
    id: Number(row.id),
    bookingId: Number(row.id),
    topic: row.topic,
    rate: rateCents / 100,
    rateCents,
    paymentStatus: row.paymentStatus,
    status: row.status,
    additionalNotes: row.additionalNotes,
    createdAt: isoOf(row.createdAt) ?? "",
    user: { id: Number(row.userId), name: row.userName, email: row.userEmail },
    guide: { id: Number(row.guideId), name: row.guideName, email: row.guideEmail },
    slot: startsAt
      ? { startsAt, date: startsAt.slice(0, 10), startTime: startsAt.slice(11, 16), durationMinutes: Number(row.slotMinutes ?? 60) }
      : null,
  };
}

/** Bookings whose mentee or guide (name, e-mail, organisation) or topic matches, or whose id it is: every term through an index. */
const bookingSearch = (term: PeopleTerm, only: { user?: number; guide?: number }) => (plan: SearchPlan) => {
  const byId = /^#?\d+$/.test(term.text) ? Prisma.sql` OR b.id = ${Number(term.text.replace("#", ""))}` : Prisma.empty;
  const topic = textMatches({ idColumn: Prisma.sql`b.id`, table: "BookingSearch", column: Prisma.sql`b.topic` }, term.text, plan);
  return Prisma.sql`(${partiesMatch(bookingParties, only, term, plan)} OR ${topic}${byId})`;
};

/**
 * The bookings `actor` may see (bookingScope), searched (mentee's and guide's name, e-mail or organisation,
 * the topic, or the booking id), sorted and paged in SQL; optionally one guide's, one mentee's or one payment status.
 */
export async function listBookings(state: ListState<BookingSort>, filters: BookingFilters, actor: SessionUser): Promise<ListResult<BookingRow>> {
  const where: Prisma.Sql[] = [bookingScope(actor)];
  if (filters.guideId !== undefined) where.push(Prisma.sql`b."guideId" = ${filters.guideId}`);
  if (filters.userId !== undefined) where.push(Prisma.sql`b."userId" = ${filters.userId}`);
  if (filters.paymentStatus) where.push(Prisma.sql`b."paymentStatus" = ${filters.paymentStatus}`);
  const narrowed = where[0] !== ALL_ROWS || filters.guideId !== undefined || filters.userId !== undefined;
  const only = partiesOf(actor, filters);
  const term = await peopleTerm(state.search);
  const { rows, meta } = await pageOf<RawBooking>({
    search: state.search ? bookingSearch(term, only) : undefined,
    fewRows: narrowed,
    capProbes: personIndexProbes(term, Prisma.sql`"Booking" b`, where, [bookingParties.user, bookingParties.guide]),
    select,
    from: Prisma.sql`"Booking" b`,
    alias: "b",
    joins,
    where,
    ...recordOrder(sortColumns[state.sort], { order: state.order, idColumn: Prisma.sql`b.id`, person: sortPeople[state.sort], narrowed, only }),
    page: state.page,
    limit: state.limit,
  });
  return { data: rows.map(toBookingRow), meta };
}

/** One booking (GET /api/admin/get-booking/{id}, the booking profile), or 404 'Booking not found', also when it is someone else's. */
export async function getBooking(id: number, actor: SessionUser): Promise<BookingRow> {
  const [row] = await prisma.$queryRaw<RawBooking[]>`SELECT ${select} FROM ${from} WHERE b.id = ${id}`;
  const booking = row ? toBookingRow(row) : null;
  if (!booking || !canSeeBooking(actor, { userId: booking.user.id, guideId: booking.guide.id })) throw notFound("Booking not found");
  return booking;
}
