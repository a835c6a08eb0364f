import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import { SPECIALTY_OPTIONS } from "#app/modules/guides/schema.ts";
import { reviewShownDate } from "#app/modules/reviews/reviews.server.ts";
import { reviewDate } from "#app/modules/reviews/schema.ts";
import { nextFreeTimes } from "#app/modules/schedule/schedule.server.ts";
import { offeredLengths } from "#app/modules/schedule/prices.ts";
import { FREE_TIMES_SHOWN, PUBLISHED_CONTENT_SHOWN, REVIEWS_PER_PAGE, type MentorProfile } from "./schema.ts";
import { videoEmbedFor } from "./video.ts";
import { LIVE_GUIDE } from "#app/modules/guides/search-fields.ts";
import { liveGuideSql } from "#app/modules/guides/search-fields.server.ts";

/**
 * A page of a guide's reviews, newest first by the date each one shows (as the console's lists order them), ties by
 * id. Reviews an admin hid are neither shown nor counted.
 */
async function reviewPage(guideId: number, page: number) {
  const rows = await queryRows(reviewRow, publicReviewsSql(guideId, page));
  return rows.map((review) => ({
    id: review.id,
    reviewer: firstName(review.authorName),
    date: reviewDate(review.date, review.createdAt.toISOString()),
    rating: review.rating,
    content: review.content,
    mentorResponse: review.mentorResponse || null,
  }));
}

/**
 * The statements of a guide's public reviews: a page of them newest first, read from the index
 * Review_guideId_shownDate_public_idx in its order, and how many there are of each rating (which that index, holding
 * the rating, can answer alone).
 */
export const publicReviewsSql = (guideId: number, page: number) => Prisma.sql`
  SELECT r.id, r.rating, r.content, r.date, r."createdAt", r."mentorResponse", a.name AS "authorName"
  FROM "Review" r JOIN "User" a ON a.id = r."authorId"
  WHERE r."guideId" = ${guideId} AND r."hiddenAt" IS NULL
  ORDER BY ${reviewShownDate} DESC, r.id DESC LIMIT ${REVIEWS_PER_PAGE} OFFSET ${(page - 1) * REVIEWS_PER_PAGE}`;
export const publicRatingsSql = (guideId: number) => Prisma.sql`
  SELECT r.rating, COUNT(*) AS n FROM "Review" r WHERE r."guideId" = ${guideId} AND r."hiddenAt" IS NULL GROUP BY r.rating`;

const reviewRow = {
  id: column.int,
  rating: column.int,
  content: column.text,
  date: column.nullableText,
  createdAt: column.date,
  mentorResponse: column.nullableText,
  authorName: column.text,
};

const NOT_FOUND = "This mentor's profile could not be found.";

const specialtyLabels = new Map<string, string>(SPECIALTY_OPTIONS.map((option) => [option.code, option.label]));
const specialtyOrder = new Map<string, number>(SPECIALTY_OPTIONS.map((option, index) => [option.code, index]));

/** A JSON array of strings from a GuideProfile column; anything else reads as empty. */
function stringList(json: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string" && item.trim() !== "") : [];
  } catch {
    return [];
  }
}

/** Only http(s) addresses become links on a public page (never javascript: or data:). */
function safeLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || "A mentee";

/**
 * The public profile of a live guide: everything a visitor reads before booking, the reviews' page
 * `reviewsPage` (newest first; past the last page reads the last), the rating summary and the next free times.
 * Anyone who is not a live guide is a 404.
 */
export async function getMentorProfile(id: number, { reviewsPage = 1, now = new Date() }: { reviewsPage?: number; now?: Date } = {}): Promise<MentorProfile> {
  // A public page read by every visitor: raw statements, which skip the ORM's per-call query compilation.
  const [guide] = await queryRows(
    guideRow,
    Prisma.sql`
    SELECT u.id, u.name, u.title, u.organisation, u.bio, u."imageId", u."updatedAt", g.id AS "profileId", g."experienceYears", g.category,
      g."recentSuccess", g."videoUrl", g."payWhatYouWant", g."hourlyRateCents", g.education, g.expertise, g."updatedAt" AS "profileUpdatedAt"
    FROM "User" u LEFT JOIN "GuideProfile" g ON g."userId" = u.id
    WHERE u.id = ${id} AND ${liveGuideSql()}`,
  );
  if (!guide) throw notFound(NOT_FOUND);

  const [lists, ratings, content, slots, options] = await Promise.all([
    queryRows(
      { kind: column.text, value: column.text, position: column.int },
      Prisma.sql`
      SELECT 'specialty' AS kind, code AS value, 0 AS position FROM "UserSpecialty" WHERE "userId" = ${id}
      UNION ALL SELECT 'language' AS kind, language AS value, position FROM "GuideLanguage" WHERE "guideProfileId" = ${guide.profileId ?? 0}`,
    ),
    queryRows({ rating: column.int, n: column.int }, publicRatingsSql(id)),
    queryRows(
      { id: column.int, title: column.text, type: column.text, url: column.text, publishedDate: column.date },
      Prisma.sql`
      SELECT id, title, type, url, "publishedDate" FROM "PublishedContent" WHERE "guideId" = ${id}
      ORDER BY "publishedDate" DESC, id DESC LIMIT ${PUBLISHED_CONTENT_SHOWN}`,
    ),
    // The next free starts of the guide's shortest length: their rules minus claimed time (app/modules/schedule).
    nextFreeTimes(id, { limit: FREE_TIMES_SHOWN, now }),
    queryRows({ minutes: column.int, priceCents: column.int }, Prisma.sql`SELECT minutes, "priceCents" FROM "SessionOption" WHERE "guideId" = ${id} ORDER BY minutes`),
  ]);

  const distribution = [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: ratings.filter((row) => row.rating === stars).reduce((sum, row) => sum + row.n, 0),
  }));
  const reviewCount = distribution.reduce((sum, row) => sum + row.count, 0);
  const ratingTotal = distribution.reduce((sum, row) => sum + row.stars * row.count, 0);
  const totalPages = Math.max(1, Math.ceil(reviewCount / REVIEWS_PER_PAGE));
  const page = Math.min(Math.max(1, reviewsPage), totalPages);
  const reviews = reviewCount ? await reviewPage(id, page) : [];

  const hasProfile = guide.profileId !== null;
  const updatedAt = [guide.updatedAt, guide.profileUpdatedAt].reduce<Date>((latest, date) => (date && date > latest ? date : latest), new Date(0));
  return {
    id: guide.id,
    name: guide.name,
    title: guide.title,
    organisation: guide.organisation,
    bio: guide.bio,
    imageId: guide.imageId,
    experienceYears: guide.experienceYears,
    category: guide.category,
    specialties: lists
      .filter((row) => row.kind === "specialty")
      .map((row) => row.value)
      .sort((a, b) => (specialtyOrder.get(a) ?? 99) - (specialtyOrder.get(b) ?? 99))
      .map((code) => specialtyLabels.get(code) ?? code),
    expertise: stringList(guide.expertise),
    languages: lists
      .filter((row) => row.kind === "language")
      .sort((a, b) => a.position - b.position)
      .map((row) => row.value),
    education: stringList(guide.education),
    recentSuccess: guide.recentSuccess || null,
    video: videoEmbedFor(guide.videoUrl),
    payWhatYouWant: hasProfile && guide.payWhatYouWant,
    lengths: offeredLengths(options, guide.hourlyRateCents),
    updatedAt: updatedAt.toISOString(),
    content: content.map((item) => ({
      id: item.id,
      title: item.title,
      type: item.type,
      url: safeLink(item.url),
      publishedDate: item.publishedDate.toISOString(),
    })),
    rating: {
      average: reviewCount ? Math.round((ratingTotal / reviewCount) * 10) / 10 : 0,
      count: reviewCount,
      distribution,
    },
    reviews: { page, totalPages, items: reviews },
    freeTimes: slots.map((slot) => ({ startsAt: slot.startsAt.toISOString(), durationMinutes: slot.minutes })),
  };
}

/** The guide's row and their profile's (LEFT JOINed: every profile column is null for a guide without one; a number reads 0). */
const guideRow = {
  id: column.int,
  name: column.text,
  title: column.nullableText,
  organisation: column.nullableText,
  bio: column.nullableText,
  imageId: column.nullableText,
  updatedAt: column.date,
  profileId: column.nullableInt,
  experienceYears: column.int,
  category: column.nullableText,
  recentSuccess: column.nullableText,
  videoUrl: column.nullableText,
  payWhatYouWant: column.bool,
  hourlyRateCents: column.int,
  education: column.nullableText,
  expertise: column.nullableText,
  profileUpdatedAt: column.nullableDate,
};

/** Every live guide's id and when their profile last changed: the sitemap's one query (ids and dates only). */
export function listLiveMentorIds() {
  return prisma.user.findMany({ where: LIVE_GUIDE, select: { id: true, updatedAt: true }, orderBy: { id: "asc" } });
}

/**
 * A few live guides like this one (the same category), best rated first among those with a free time ahead: what a
 * mentee whose request expired is offered instead.
 */
export async function similarMentors(guideId: number, limit = 3) {
  const profile = await prisma.guideProfile.findUnique({ where: { userId: guideId }, select: { category: true } });
  const rows = await prisma.guideProfile.findMany({
    where: { isLive: true, userId: { not: guideId }, nextFreeAt: { not: null }, ...(profile?.category ? { category: profile.category } : {}) },
    orderBy: [{ ratingAverage: "desc" }, { ratingCount: "desc" }, { userId: "asc" }],
    take: limit,
    select: { userId: true, ratingAverage: true, ratingCount: true, user: { select: { name: true, title: true } } },
  });
  return rows.map((row) => ({ id: row.userId, name: row.user.name, title: row.user.title, ratingAverage: row.ratingAverage, ratingCount: row.ratingCount }));
}
