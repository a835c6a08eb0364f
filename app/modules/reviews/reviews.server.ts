import { Prisma } from "#app/generated/prisma/client.ts";
import { inSubquery } from "#app/lib/sql.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { isoOf, orderBy, pageOf } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { personMatches, textMatches } from "#app/modules/accounts/search.server.ts";
import { reviewScope } from "./policy.ts";
import { reviewDate, type ReviewSort } from "./schema.ts";

export type ReviewRow = {
  id: number;
  bookingId: number | null;
  rating: number;
  content: string;
  /** The date to show: the reviewer's date, or createdAt for the zero date (see reviewDate). */
  date: string;
  createdAt: string;
  /** The reviewer. */
  author: string;
  userId: number;
  userName: string;
  guideId: number;
  guideName: string;
  mentorResponse: string | null;
  mentorRespondedAt: string | null;
};

export type ReviewFilters = { guideId?: number; userId?: number };

const sortColumns: Record<ReviewSort, Prisma.Sql> = {
  createdAt: Prisma.sql`r."createdAt"`,
  rating: Prisma.sql`r.rating`,
};

type RawReview = {
  id: bigint | number;
  bookingId: bigint | number | null;
  rating: bigint | number;
  content: string;
  date: string | null;
  createdAt: unknown;
  userId: bigint | number;
  userName: string;
  guideId: bigint | number;
  guideName: string;
  mentorResponse: string | null;
  mentorRespondedAt: unknown;
};

/**
 * The reviews `actor` may see (reviewScope), searched (reviewer's and guide's name, e-mail or organisation, the review text and the booking's topic), sorted
 * and paged in SQL; optionally those a guide received or a mentee wrote.
 */
export async function listReviews(state: ListState<ReviewSort>, filters: ReviewFilters, actor: SessionUser): Promise<ListResult<ReviewRow>> {
  const where: Prisma.Sql[] = [reviewScope(actor)];
  if (filters.guideId !== undefined) where.push(Prisma.sql`r."guideId" = ${filters.guideId}`);
  if (filters.userId !== undefined) where.push(Prisma.sql`r."authorId" = ${filters.userId}`);
  if (state.search) {
    const text = textMatches({ idColumn: Prisma.sql`r.id`, table: "ReviewSearch", column: Prisma.sql`r.content` }, state.search);
    const topic = textMatches({ idColumn: Prisma.sql`x.id`, table: "BookingSearch", column: Prisma.sql`x.topic` }, state.search);
    where.push(
      Prisma.sql`(${personMatches(Prisma.sql`r."authorId"`, state.search)} OR ${personMatches(Prisma.sql`r."guideId"`, state.search)} OR ${text}
        OR ${inSubquery(Prisma.sql`r."bookingId"`, Prisma.sql`SELECT x.id FROM "Booking" x WHERE ${topic}`)})`,
    );
  }
  const { rows, meta } = await pageOf<RawReview>({
    searched: Boolean(state.search),
    select: Prisma.sql`r.id, r."bookingId", r.rating, r.content, r.date, r."createdAt", r."authorId" AS "userId", a.name AS "userName",
      r."guideId", g.name AS "guideName", r."mentorResponse", r."mentorRespondedAt"`,
    from: Prisma.sql`"Review" r`,
    joins: { alias: "r", sql: Prisma.sql`JOIN "User" a ON a.id = r."authorId" JOIN "User" g ON g.id = r."guideId" LEFT JOIN "Booking" b ON b.id = r."bookingId"` },
    where,
    orderBy: orderBy(sortColumns[state.sort], state.order, Prisma.sql`r.id`),
    page: state.page,
    limit: state.limit,
  });
  return {
    data: rows.map((row) => {
      const createdAt = isoOf(row.createdAt) ?? "";
      return {
        id: Number(row.id),
        bookingId: row.bookingId === null ? null : Number(row.bookingId),
        rating: Number(row.rating),
        content: row.content,
        date: reviewDate(row.date, createdAt),
        createdAt,
        author: row.userName,
        userId: Number(row.userId),
        userName: row.userName,
        guideId: Number(row.guideId),
        guideName: row.guideName,
        mentorResponse: row.mentorResponse || null,
        mentorRespondedAt: isoOf(row.mentorRespondedAt),
      };
    }),
    meta,
  };
}
