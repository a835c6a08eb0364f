import { Prisma } from "#app/generated/prisma/client.ts";
import { isUniqueViolation, prisma } from "#app/lib/db.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { isLiveGuide, LIVE_GUIDE } from "#app/modules/guides/search-fields.ts";

/**
 * A mentee's saved mentors (SavedMentor) and the mentors they have booked: the My Mentors screen and the
 * Save / Saved toggle of mentor profiles and Find a Mentor cards. Only mentees save mentors.
 */

function requireMentee(actor: SessionUser) {
  if (actor.role !== "user") throw new HttpError(403, "Only mentees can save mentors");
}

/** A live guide (public, bookable) or 404, as the public profile answers. */
async function requireLiveGuide(guideId: number) {
  const guide = await prisma.user.findFirst({
    where: { id: guideId, ...LIVE_GUIDE },
    select: { id: true, name: true },
  });
  if (!guide) throw notFound("Mentor not found");
  return guide;
}

/** Saves a live guide (saving twice is one save). Returns the guide's name for the toast. */
export async function saveMentor(actor: SessionUser, guideId: number) {
  requireMentee(actor);
  const guide = await requireLiveGuide(guideId);
  try {
    await prisma.savedMentor.upsert({
      where: { userId_guideId: { userId: actor.id, guideId } },
      create: { userId: actor.id, guideId },
      update: {},
    });
  } catch (error) {
    // Two saves at once: the other one made the row.
    if (!isUniqueViolation(error)) throw error;
  }
  return guide;
}

/** Unsaves a guide (any guide: one who is no longer live can still be removed from the list). */
export async function unsaveMentor(actor: SessionUser, guideId: number) {
  requireMentee(actor);
  await prisma.savedMentor.deleteMany({ where: { userId: actor.id, guideId } });
  const guide = await prisma.user.findFirst({ where: { id: guideId, role: "guide" }, select: { id: true, name: true } });
  return guide ?? { id: guideId, name: "the mentor" };
}

/** Of `guideIds`, the ones `actor` has saved (for the toggles of a page of cards); empty for anyone but a mentee. */
export async function savedAmong(actor: SessionUser | null, guideIds: number[]): Promise<number[]> {
  if (!actor || actor.role !== "user" || guideIds.length === 0) return [];
  // Read with every page of Find a Mentor and every profile a mentee opens: a raw statement (no ORM query compilation).
  const rows = await queryRows(
    { guideId: column.int },
    Prisma.sql`SELECT "guideId" FROM "SavedMentor" WHERE "userId" = ${actor.id} AND "guideId" IN (${Prisma.join(guideIds)})`,
  );
  return rows.map((row) => row.guideId);
}

export type MyMentor = {
  id: number;
  name: string;
  title: string | null;
  organisation: string | null;
  imageId: string | null;
  category: string | null;
  /** Whether the guide can be booked now (approved, active, not deleted). */
  isLive: boolean;
  /** Whether the mentee may write to them: a guide they booked (every booked state introduces them) who is not deleted. */
  canMessage: boolean;
  saved: boolean;
  /** Booked mentors: how many sessions, the last one that took place (or was due) and the next one. */
  sessions: number;
  lastSessionAt: string | null;
  nextSessionAt: string | null;
};

const BOOKED_STATES = ["confirmed", "completed", "no_show", "requested"];
const MY_MENTORS_CAP = 200;

/**
 * The guides a mentee has booked (distinct, with their last and next session) and the ones they saved.
 * A person books a handful of mentors in a lifetime: both lists are read whole (up to 200 each).
 */
export async function listMyMentors(actor: SessionUser): Promise<{ booked: MyMentor[]; saved: MyMentor[] }> {
  requireMentee(actor);
  const now = new Date();
  const booked = Prisma.join(BOOKED_STATES);
  // One raw statement (see "Reading raw rows" in lib/sql.server.ts): the booked guides with their count and last and
  // next session, the saved ones, and both's people.
  const rows = await queryRows(
    mentorRow,
    Prisma.sql`
    WITH booked AS (
      SELECT b."guideId" AS id, COUNT(*) AS sessions, MAX(b."startsAt") AS "latestAt",
        MAX(CASE WHEN b."startsAt" <= ${now} THEN b."startsAt" END) AS "lastAt",
        MIN(CASE WHEN b.status IN ('confirmed', 'requested') AND b."startsAt" > ${now} THEN b."startsAt" END) AS "nextAt"
      FROM "Booking" b WHERE b."userId" = ${actor.id} AND b.status IN (${booked})
      GROUP BY b."guideId" ORDER BY "latestAt" DESC LIMIT ${MY_MENTORS_CAP}
    ), saved AS (
      SELECT s."guideId" AS id, s."createdAt" AS "savedAt" FROM "SavedMentor" s WHERE s."userId" = ${actor.id}
      ORDER BY s."createdAt" DESC LIMIT ${MY_MENTORS_CAP}
    ), ids AS (SELECT id FROM booked UNION SELECT id FROM saved)
    SELECT u.id, u.name, u.title, u.organisation, u."imageId", u."isVerified", u.status, u."isDeleted", p.category,
      booked.sessions, booked."latestAt", booked."lastAt", booked."nextAt", saved."savedAt"
    FROM ids JOIN "User" u ON u.id = ids.id AND u.role = 'guide'
    LEFT JOIN "GuideProfile" p ON p."userId" = u.id
    LEFT JOIN booked ON booked.id = u.id
    LEFT JOIN saved ON saved.id = u.id`,
  );
  const mentors = rows.map((row) => ({
    mentor: {
      id: row.id,
      name: row.name,
      title: row.title,
      organisation: row.organisation,
      imageId: row.imageId,
      category: row.category,
      isLive: isLiveGuide({ ...row, role: "guide" }),
      canMessage: row.sessions > 0 && !row.isDeleted,
      saved: row.savedAt !== null,
      sessions: row.sessions,
      lastSessionAt: row.lastAt?.toISOString() ?? null,
      nextSessionAt: row.nextAt?.toISOString() ?? null,
    } satisfies MyMentor,
    latestAt: row.latestAt?.getTime() ?? null,
    savedAt: row.savedAt?.getTime() ?? null,
  }));
  // Newest first; a guide booked without a time yet (no session date) last.
  const newestFirst = (key: "latestAt" | "savedAt") => (a: (typeof mentors)[number], b: (typeof mentors)[number]) =>
    (b[key] ?? -Infinity) - (a[key] ?? -Infinity) || a.mentor.id - b.mentor.id;
  return {
    booked: mentors.filter((row) => row.mentor.sessions > 0).sort(newestFirst("latestAt")).map((row) => row.mentor),
    saved: mentors.filter((row) => row.savedAt !== null).sort(newestFirst("savedAt")).map((row) => row.mentor),
  };
}

/** A guide of My Mentors: the person, and their booked summary and save (null when not booked or not saved). */
const mentorRow = {
  id: column.int,
  name: column.text,
  title: column.nullableText,
  organisation: column.nullableText,
  imageId: column.nullableText,
  isVerified: column.bool,
  status: column.text,
  isDeleted: column.bool,
  category: column.nullableText,
  sessions: column.int,
  latestAt: column.nullableDate,
  lastAt: column.nullableDate,
  nextAt: column.nullableDate,
  savedAt: column.nullableDate,
};
