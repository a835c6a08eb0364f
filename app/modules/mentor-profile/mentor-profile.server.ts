import type { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import { SPECIALTY_OPTIONS } from "#app/modules/guides/schema.ts";
import { reviewShownDate } from "#app/modules/reviews/reviews.server.ts";
import { reviewDate } from "#app/modules/reviews/schema.ts";
import { nextFreeTimes } from "#app/modules/schedule/schedule.server.ts";
import { FREE_TIMES_SHOWN, PUBLISHED_CONTENT_SHOWN, REVIEWS_PER_PAGE, type MentorProfile } from "./schema.ts";
import { videoEmbedFor } from "./video.ts";

/**
 * A page of a guide's reviews, newest first by the date each one shows (as the console's lists order them), ties by
 * id. Reviews an admin hid are neither shown nor counted.
 */
async function reviewPage(guideId: number, page: number) {
  const ids = await prisma.$queryRaw<Array<{ id: bigint | number }>>`
    SELECT r.id FROM "Review" r WHERE r."guideId" = ${guideId} AND r."hiddenAt" IS NULL
    ORDER BY ${reviewShownDate} DESC, r.id DESC LIMIT ${REVIEWS_PER_PAGE} OFFSET ${(page - 1) * REVIEWS_PER_PAGE}`;
  const order = ids.map((row) => Number(row.id));
  const rows = await prisma.review.findMany({
    where: { id: { in: order } },
    select: { id: true, rating: true, content: true, date: true, createdAt: true, mentorResponse: true, author: { select: { name: true } } },
  });
  return rows.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

/**
 * A guide is live — public, searchable, bookable — when approved (isVerified), active and not deleted.
 * Everyone else (a mentee, an admin, a pending, rejected, deactivated or deleted guide) has no public page.
 */
export const liveGuideWhere = { role: "guide", isVerified: true, status: "active", isDeleted: false } as const satisfies Prisma.UserWhereInput;

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
  const user = await prisma.user.findFirst({
    where: { id, ...liveGuideWhere },
    select: {
      id: true,
      name: true,
      title: true,
      organisation: true,
      bio: true,
      imageId: true,
      updatedAt: true,
      specialties: { select: { code: true } },
      guideProfile: {
        select: {
          experienceYears: true,
          category: true,
          recentSuccess: true,
          videoUrl: true,
          payWhatYouWant: true,
          hourlyRateCents: true,
          education: true,
          expertise: true,
          updatedAt: true,
          languages: { select: { language: true }, orderBy: { position: "asc" } },
        },
      },
    },
  });
  if (!user) throw notFound(NOT_FOUND);

  const [ratings, content, slots] = await Promise.all([
    prisma.review.groupBy({ by: ["rating"], where: { guideId: id, hiddenAt: null }, _count: { _all: true } }),
    prisma.publishedContent.findMany({
      where: { guideId: id },
      orderBy: [{ publishedDate: "desc" }, { id: "desc" }],
      take: PUBLISHED_CONTENT_SHOWN,
      select: { id: true, title: true, type: true, url: true, publishedDate: true },
    }),
    // The next free starts of the guide's shortest length: their rules minus claimed time (app/modules/schedule).
    nextFreeTimes(id, { limit: FREE_TIMES_SHOWN, now }),
  ]);

  const distribution = [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: ratings.filter((row) => row.rating === stars).reduce((sum, row) => sum + row._count._all, 0),
  }));
  const reviewCount = distribution.reduce((sum, row) => sum + row.count, 0);
  const ratingTotal = distribution.reduce((sum, row) => sum + row.stars * row.count, 0);
  const totalPages = Math.max(1, Math.ceil(reviewCount / REVIEWS_PER_PAGE));
  const page = Math.min(Math.max(1, reviewsPage), totalPages);
  const reviews = reviewCount ? await reviewPage(id, page) : [];

  const profile = user.guideProfile;
  const updatedAt = profile && profile.updatedAt > user.updatedAt ? profile.updatedAt : user.updatedAt;
  return {
    id: user.id,
    name: user.name,
    title: user.title,
    organisation: user.organisation,
    bio: user.bio,
    imageId: user.imageId,
    experienceYears: profile?.experienceYears ?? 0,
    category: profile?.category ?? null,
    specialties: user.specialties
      .map((row) => row.code)
      .sort((a, b) => (specialtyOrder.get(a) ?? 99) - (specialtyOrder.get(b) ?? 99))
      .map((code) => specialtyLabels.get(code) ?? code),
    expertise: stringList(profile?.expertise),
    languages: profile?.languages.map((row) => row.language) ?? [],
    education: stringList(profile?.education),
    recentSuccess: profile?.recentSuccess || null,
    video: videoEmbedFor(profile?.videoUrl),
    payWhatYouWant: profile?.payWhatYouWant ?? false,
    rateCents: profile?.hourlyRateCents ?? 0,
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
    reviews: {
      page,
      totalPages,
      items: reviews.map((review) => {
        const createdAt = review.createdAt.toISOString();
        return {
          id: review.id,
          reviewer: firstName(review.author.name),
          date: reviewDate(review.date, createdAt),
          rating: review.rating,
          content: review.content,
          mentorResponse: review.mentorResponse || null,
        };
      }),
    },
    freeTimes: slots.map((slot) => ({ startsAt: slot.startsAt.toISOString(), durationMinutes: slot.minutes })),
  };
}

/** Every live guide's id and when their profile last changed: the sitemap's one query (ids and dates only). */
export function listLiveMentorIds() {
  return prisma.user.findMany({ where: liveGuideWhere, select: { id: true, updatedAt: true }, orderBy: { id: "asc" } });
}
