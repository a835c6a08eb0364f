import { Prisma } from "#app/generated/prisma/client.ts";
import { isUniqueViolation, lockWithin, prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import { mentorLinks, userLinks } from "#app/lib/links.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { recordAudit, recordListOpened } from "#app/modules/audit/audit.server.ts";
import { guideSearchChanged } from "#app/modules/guides/search-fields.server.ts";
import { notify } from "#app/modules/notifications/notifications.server.ts";
import { addToRunningTotal } from "#app/modules/stats/health-totals.server.ts";
import { isoText, unindexed } from "#app/lib/search/dialect.server.ts";
import { column, type RowOf } from "#app/lib/sql.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { dayAfter, rangeInstants, type DayRange } from "#app/lib/date-range.ts";
import { ALL_ROWS, eachRowOf, mapRows, orderBy, pageOf, type Condition, type ListQuery, type SearchPart } from "#app/lib/list.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { canReplyToReview, reviewScope } from "./policy.ts";
import { ratingOf } from "./rating-of.ts";
import { recordReviewEvent } from "#app/modules/webhooks/webhooks.server.ts";
import { REVIEW_EDIT_DAYS, reviewDate, reviewMessages, type ReviewInput, type ReviewSort } from "./schema.ts";

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
  /** Hidden by an admin (with the reason): not on the public profile, not in the guide's rating. */
  hiddenAt: string | null;
  hiddenReason: string | null;
  editedAt: string | null;
};

/** Reviews waiting for their guide's reply (the partial index Review_awaiting_reply_idx holds them; their count is kept in RunningTotal). */
const awaitingReply = (review: Prisma.Sql) => Prisma.sql`${review}."mentorResponse" IS NULL`;

export type ReviewFilters = { guideId?: number; userId?: number; reply?: "awaiting" | "replied" } & DayRange;

/**
 * The date a review card shows (reviewDate): the reviewer's date, or createdAt when that is missing or the zero
 * date, as text that sorts in time order. Word for word the expression of the indexes Review_shownDate_idx and
 * Review_guideId_shownDate_public_idx (a guide's public reviews; both engines' migrations), so a page of the newest
 * or oldest reviews is read from an index, not sorted.
 */
export const reviewShownDate = Prisma.sql`(CASE WHEN COALESCE(substr(r."date", 1, 10), '') IN ('', '0000-00-00') THEN ${isoText(Prisma.sql`r."createdAt"`)} ELSE r."date" END)`;

/**
 * Reviews whose shown date falls on the days `from` to `to` in `timeZone`: a reviewer's date is a day as written,
 * compared as one; createdAt is an instant, compared with the instants those days cover there. The outer bounds (of
 * each end, whichever of its day and its instant comes first as text; an instant to the millisecond, without the zone
 * each engine writes after it) let the shown-date index answer the range; the last condition keeps exactly the reviews
 * on those days.
 */
function shownOnDays({ from, to }: DayRange, timeZone: string, inOrder: boolean): Condition[] {
  const { start, end } = rangeInstants({ from, to }, timeZone);
  // Walked in another order (see `withinDays`), the bounds are tested on each row, not read from their index.
  const shown = (walk: boolean) => (walk && !inOrder ? unindexed(reviewShownDate) : reviewShownDate);
  const reviewerDay = Prisma.sql`substr(r."date", 1, 10)`;
  const bounds: Condition[] = [];
  const byDay: Prisma.Sql[] = [];
  const byInstant: Prisma.Sql[] = [];
  if (from && start) {
    const iso = start.toISOString().slice(0, 23);
    bounds.push((walk: boolean) => Prisma.sql`${shown(walk)} >= ${iso < from ? iso : from}`);
    byDay.push(Prisma.sql`${reviewerDay} >= ${from}`);
    byInstant.push(Prisma.sql`r."createdAt" >= ${start}`);
  }
  if (to && end) {
    const [iso, next] = [end.toISOString().slice(0, 23), dayAfter(to)];
    bounds.push((walk: boolean) => Prisma.sql`${shown(walk)} < ${iso > next ? iso : next}`);
    byDay.push(Prisma.sql`${reviewerDay} <= ${to}`);
    byInstant.push(Prisma.sql`r."createdAt" < ${end}`);
  }
  if (!bounds.length) return [];
  const undated = Prisma.sql`COALESCE(${reviewerDay}, '') IN ('', '0000-00-00')`;
  return [...bounds, Prisma.sql`((${undated} AND ${Prisma.join(byInstant, " AND ")}) OR (NOT ${undated} AND ${Prisma.join(byDay, " AND ")}))`];
}

/** The sort select's 'createdAt' is the shown date: the cards' dates come in order, ties by id. */
const sortColumns: Record<ReviewSort, Prisma.Sql> = {
  createdAt: reviewShownDate,
  rating: Prisma.sql`r.rating`,
};

const columns = {
  id: column.int,
  bookingId: column.nullableInt,
  rating: column.int,
  content: column.text,
  date: column.nullableText,
  createdAt: column.date,
  userId: column.int,
  userName: column.text,
  guideId: column.int,
  guideName: column.text,
  mentorResponse: column.nullableText,
  mentorRespondedAt: column.nullableDate,
  hiddenAt: column.nullableDate,
  hiddenReason: column.nullableText,
  editedAt: column.nullableDate,
};
const select = Prisma.sql`r.id, r."bookingId", r.rating, r.content, r.date, r."createdAt", r."authorId" AS "userId", a.name AS "userName",
  r."guideId", g.name AS "guideName", r."mentorResponse", r."mentorRespondedAt", r."hiddenAt", r."hiddenReason", r."editedAt"`;
const rowsFrom = Prisma.sql`"Review" r JOIN "User" a ON a.id = r."authorId" JOIN "User" g ON g.id = r."guideId"`;

/** Reviews whose reviewer or guide (name, e-mail, organisation), text or booking's topic matches. */
const reviewSearch: SearchPart[] = [
  { column: Prisma.sql`r."authorId"`, index: "people" },
  { column: Prisma.sql`r."guideId"`, index: "people" },
  { column: Prisma.sql`r.id`, index: "reviews" },
  { column: Prisma.sql`r."bookingId"`, index: "bookingTopics" },
];

/**
 * The reviews `actor` may see (reviewScope), searched (reviewer's and guide's name, e-mail or organisation, the review text and the booking's topic), sorted
 * and paged in SQL; optionally those a guide received or a mentee wrote, and those dated on the days `from` to `to` of
 * the actor's zone (the date each shows).
 */
export async function listReviews(state: ListState<ReviewSort>, filters: ReviewFilters, actor: SessionUser): Promise<ListResult<ReviewRow>> {
  const { rows, meta } = await pageOf(await reviewsQuery(state, filters, actor), state);
  await recordListOpened(actor, filters, "open-reviews");
  return { data: rows.map(toReviewRow), meta };
}

/** Every review of the list, in its order (its CSV export). */
export const eachReview = async (state: ListState<ReviewSort>, filters: ReviewFilters, actor: SessionUser) =>
  mapRows(eachRowOf(await reviewsQuery(state, filters, actor), state), toReviewRow);

function toReviewRow(row: RowOf<typeof columns>): ReviewRow {
  const createdAt = row.createdAt.toISOString();
  return {
    ...row,
    date: reviewDate(row.date, createdAt),
    createdAt,
    author: row.userName,
    mentorResponse: row.mentorResponse || null,
    mentorRespondedAt: row.mentorRespondedAt?.toISOString() ?? null,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

async function reviewsQuery(state: ListState<ReviewSort>, filters: ReviewFilters, actor: SessionUser): Promise<ListQuery<typeof columns>> {
  const where: Condition[] = [reviewScope(actor)];
  if (filters.guideId !== undefined) where.push(Prisma.sql`r."guideId" = ${filters.guideId}`);
  if (filters.userId !== undefined) where.push(Prisma.sql`r."authorId" = ${filters.userId}`);
  if (filters.reply === "awaiting") where.push(awaitingReply(Prisma.sql`r`));
  if (filters.reply === "replied") where.push(Prisma.sql`NOT (${awaitingReply(Prisma.sql`r`)})`);
  if (filters.from || filters.to) where.push(...shownOnDays(filters, await timeZoneOf(actor.id), state.sort === "createdAt"));
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`r.id`);
  const few = where[0] !== ALL_ROWS || filters.guideId !== undefined || filters.userId !== undefined;
  return { from: Prisma.sql`"Review" r`, id: Prisma.sql`r.id`, where, search: reviewSearch, few, orderBy: orderBySort, rows: { columns, select, from: rowsFrom } };
}

// ─── Writing, answering and moderating ──────────────────────────────────────────────────────

const DAY_MS = 24 * 60 * 60 * 1000;
const conflict = (message: string) => new HttpError(409, message);

/**
 * GuideProfile.ratingAverage and ratingCount from the guide's visible reviews (`ratingOf`), inside the transaction
 * that changed a review: Find a Mentor's rating filter and sort read these columns.
 */
async function recomputeGuideRating(tx: Transaction, guideId: number) {
  // Two review changes of one guide at once: the second reads the ratings after the first has committed.
  await lockWithin(tx, "guide-rating", guideId);
  const visible = await tx.review.findMany({ where: { guideId, hiddenAt: null }, select: { rating: true } });
  await tx.guideProfile.updateMany({ where: { userId: guideId }, data: ratingOf(visible.map((review) => review.rating)) });
  await guideSearchChanged(tx);
}

/** When a review stops being editable. */
export const editableUntil = (createdAt: Date) => new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

export type ReviewFormState = {
  booking: { id: number; topic: string; startsAt: string | null; durationMinutes: number; status: string; guideId: number; guideName: string };
  review: { id: number; rating: number; content: string; createdAt: string; editedAt: string | null; mentorResponse: string | null; hidden: boolean } | null;
  /** What the mentee may do now: write the first review, change theirs, or only read it (with why). */
  mode: "create" | "update" | "readOnly" | "notYet";
  /** Why the form is read-only (or not open yet). */
  notice: string | null;
  editableUntil: string | null;
};

const formBookingSelect = {
  id: true,
  userId: true,
  guideId: true,
  topic: true,
  startsAt: true,
  durationMinutes: true,
  status: true,
  guide: { select: { name: true } },
  review: { select: { id: true, rating: true, content: true, createdAt: true, editedAt: true, mentorResponse: true, hiddenAt: true } },
} satisfies Prisma.BookingSelect;

type FormBooking = Prisma.BookingGetPayload<{ select: typeof formBookingSelect }>;

/** The booking a mentee reviews: theirs only (another person's, or a missing one, is the same 404). */
async function bookingToReview(db: Pick<Transaction, "booking">, bookingId: number, actor: SessionUser): Promise<FormBooking> {
  if (actor.role !== "user") throw notFound(reviewMessages.bookingNotFound);
  const booking = await db.booking.findFirst({ where: { id: bookingId, userId: actor.id }, select: formBookingSelect });
  if (!booking) throw notFound(reviewMessages.bookingNotFound);
  return booking;
}

/** Why a review cannot be written or changed now (null: it can). */
function refusalOf(booking: FormBooking, intent: "create" | "update", now: Date): string | null {
  const review = booking.review;
  if (booking.status !== "completed") return reviewMessages.notCompleted;
  if (intent === "create") return review ? reviewMessages.alreadyReviewed : null;
  if (!review) return reviewMessages.noReviewYet;
  if (review.hiddenAt) return reviewMessages.hiddenReadOnly;
  if (now > editableUntil(review.createdAt)) return reviewMessages.editWindowOver;
  return null;
}

/** The review form of a booking: the session, the mentee's review if any, and what they may do with it. */
export async function getReviewForm(bookingId: number, actor: SessionUser, now = new Date()): Promise<ReviewFormState> {
  const booking = await bookingToReview(prisma, bookingId, actor);
  const review = booking.review;
  const intent = review ? "update" : "create";
  const refusal = refusalOf(booking, intent, now);
  const mode = booking.status !== "completed" && !review ? "notYet" : refusal ? "readOnly" : intent;
  return {
    booking: {
      id: booking.id,
      topic: booking.topic,
      startsAt: booking.startsAt?.toISOString() ?? null,
      durationMinutes: booking.durationMinutes,
      status: booking.status,
      guideId: booking.guideId,
      guideName: booking.guide.name,
    },
    review: review
      ? {
          id: review.id,
          rating: review.rating,
          content: review.content,
          createdAt: review.createdAt.toISOString(),
          editedAt: review.editedAt?.toISOString() ?? null,
          mentorResponse: review.mentorResponse,
          hidden: Boolean(review.hiddenAt),
        }
      : null,
    mode,
    notice: refusal,
    editableUntil: review && !review.hiddenAt ? editableUntil(review.createdAt).toISOString() : null,
  };
}

/**
 * A mentee writes the review of their completed session (once: Review.bookingId is unique) or changes it within
 * REVIEW_EDIT_DAYS; the guide's rating is recomputed in the same transaction. The guide hears of a new review.
 */
export async function saveReview(bookingId: number, input: ReviewInput, actor: SessionUser, now = new Date()) {
  let created: { id: number; guideId: number } | null = null;
  try {
    await transaction(async (tx) => {
      const booking = await bookingToReview(tx, bookingId, actor);
      const refusal = refusalOf(booking, input.intent, now);
      if (refusal) throw conflict(refusal);
      if (input.intent === "create") {
        const review = await tx.review.create({
          data: { bookingId: booking.id, authorId: actor.id, guideId: booking.guideId, rating: input.rating, content: input.content, createdAt: now },
          select: { id: true },
        });
        created = { id: review.id, guideId: booking.guideId };
        await recordReviewEvent(tx, review.id, now);
      } else {
        // Conditional on the window still being open, so a slow request cannot edit past it.
        const { count } = await tx.review.updateMany({
          where: { id: booking.review!.id, hiddenAt: null, createdAt: { gte: new Date(now.getTime() - REVIEW_EDIT_DAYS * DAY_MS) } },
          data: { rating: input.rating, content: input.content, editedAt: now },
        });
        if (count === 0) throw conflict(reviewMessages.editWindowOver);
      }
      await recomputeGuideRating(tx, booking.guideId);
      // One more review waiting for its guide's reply (the overview's figure): last, as stats/health-totals.server.ts asks.
      if (input.intent === "create") await addToRunningTotal(tx, "reviewsAwaitingReply", 1);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(reviewMessages.alreadyReviewed);
    throw error;
  }
  const done = created as { id: number; guideId: number } | null;
  if (done) {
    await notify(done.guideId, {
      kind: "review",
      title: `New ${input.rating}-star review from ${actor.name}`,
      body: input.content.length > 140 ? `${input.content.slice(0, 137)}...` : input.content,
      href: mentorLinks.reviews,
    });
  }
  return { created: Boolean(done) };
}

/** The guide answers a review about them, once (a second reply is refused); the reviewer hears of it. */
export async function replyToReview(reviewId: number, response: string, actor: SessionUser, now = new Date()) {
  const review = await prisma.review.findUnique({ where: { id: reviewId }, select: { id: true, guideId: true, authorId: true, bookingId: true, mentorResponse: true } });
  if (!review || actor.role !== "guide" || !canReplyToReview(actor, review)) throw notFound(reviewMessages.reviewNotFound);
  if (review.mentorResponse) throw conflict(reviewMessages.alreadyReplied);
  const replied = await transaction(async (tx) => {
    const { count } = await tx.review.updateMany({
      where: { id: reviewId, guideId: actor.id, mentorResponse: null },
      data: { mentorResponse: response, mentorRespondedAt: now },
    });
    if (count === 1) await addToRunningTotal(tx, "reviewsAwaitingReply", -1);
    return count === 1;
  });
  if (!replied) throw conflict(reviewMessages.alreadyReplied);
  await notify(review.authorId, {
    kind: "review",
    title: `${actor.name} replied to your review`,
    body: response.length > 140 ? `${response.slice(0, 137)}...` : response,
    href: review.bookingId ? userLinks.bookingReview(review.bookingId) : `/mentor/${review.guideId}`,
  });
  return { reviewId, mentorResponse: response, mentorRespondedAt: now.toISOString() };
}

export type ReviewToModerate = { id: number; rating: number; content: string; author: string; guideName: string };

/** The review an admin is about to hide (the console's hide dialog), or null when it is gone or hidden already. */
export async function reviewToModerate(reviewId: number, actor: SessionUser): Promise<ReviewToModerate | null> {
  requireAdmin(actor);
  const review = await prisma.review.findUnique({
    where: { id: reviewId },
    select: { id: true, rating: true, content: true, hiddenAt: true, author: { select: { name: true } }, guide: { select: { name: true } } },
  });
  if (!review || review.hiddenAt) return null;
  return { id: review.id, rating: review.rating, content: review.content, author: review.author.name, guideName: review.guide.name };
}

/** A review's hidden fields as a bulk change keeps them (a time as ISO text), so an undo restores exactly these. */
type HiddenFields = { hiddenAt: string | null; hiddenReason: string | null; hiddenById: number | null };
export type ReviewHiddenRecord = { id: number; label: string; before: HiddenFields; after: HiddenFields };

const hiddenData = (fields: HiddenFields) => ({ ...fields, hiddenAt: fields.hiddenAt === null ? null : new Date(fields.hiddenAt) });

/**
 * Hides one review (with the reason) or shows it again inside `tx`, audited; the guide's rating follows. Null, and
 * nothing written, when there is no such review or (with `skipSame`: a bulk change skips it) it already is hidden or shown.
 */
export async function setReviewHiddenIn(tx: Transaction, actor: SessionUser, reviewId: number, hide: { reason: string } | null, { now = new Date(), skipSame = false } = {}): Promise<ReviewHiddenRecord | null> {
  requireAdmin(actor);
  const review = await tx.review.findUnique({
    where: { id: reviewId },
    select: { guideId: true, hiddenAt: true, hiddenReason: true, hiddenById: true, author: { select: { name: true } }, guide: { select: { name: true } } },
  });
  if (!review || (skipSame && (review.hiddenAt !== null) === (hide !== null))) return null;
  const before: HiddenFields = { hiddenAt: review.hiddenAt?.toISOString() ?? null, hiddenReason: review.hiddenReason, hiddenById: review.hiddenById };
  const after: HiddenFields = hide ? { hiddenAt: now.toISOString(), hiddenReason: hide.reason, hiddenById: actor.id } : { hiddenAt: null, hiddenReason: null, hiddenById: null };
  const { count } = await tx.review.updateMany({ where: { id: reviewId, hiddenAt: review.hiddenAt }, data: hiddenData(after) });
  if (count === 0) return null;
  await recomputeGuideRating(tx, review.guideId);
  const label = `Review by ${review.author.name} of ${review.guide.name}`;
  await recordAudit(tx, actor, {
    kind: "review",
    id: reviewId,
    label,
    action: hide ? "hide" : "show",
    before: { hidden: before.hiddenAt !== null, hiddenReason: before.hiddenReason },
    after: { hidden: hide !== null, hiddenReason: after.hiddenReason },
  });
  return { id: reviewId, label, before, after };
}

/**
 * Undoes one change of `setReviewHiddenIn` inside `tx` (audited as an undo), putting back exactly the hidden fields it
 * found, only while the review still holds what that change wrote: false, and nothing written, when it changed since.
 */
export async function revertReviewHiddenIn(tx: Transaction, actor: SessionUser, record: ReviewHiddenRecord) {
  requireAdmin(actor);
  const { after, before } = record;
  const review = await tx.review.findUnique({ where: { id: record.id }, select: { guideId: true } });
  if (!review) return false;
  const { count } = await tx.review.updateMany({ where: { id: record.id, ...hiddenData(after) }, data: hiddenData(before) });
  if (count === 0) return false;
  await recomputeGuideRating(tx, review.guideId);
  await recordAudit(tx, actor, {
    kind: "review",
    id: record.id,
    label: record.label,
    action: "undo",
    before: { hidden: after.hiddenAt !== null, hiddenReason: after.hiddenReason },
    after: { hidden: before.hiddenAt !== null, hiddenReason: before.hiddenReason },
  });
  return true;
}

/** An admin hides a review (with the reason) or shows it again; the guide's rating follows in the same transaction. */
export async function setReviewHidden(reviewId: number, hide: { reason: string } | null, actor: SessionUser, now = new Date()) {
  requireAdmin(actor);
  await transaction(async (tx) => {
    if (!(await setReviewHiddenIn(tx, actor, reviewId, hide, { now }))) throw notFound(reviewMessages.reviewNotFound);
  });
}
