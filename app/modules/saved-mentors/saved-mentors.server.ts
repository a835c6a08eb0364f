import { prisma } from "#app/lib/db.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isUniqueViolation } from "#app/modules/accounts/accounts.server.ts";

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
    where: { id: guideId, role: "guide", isVerified: true, status: "active", isDeleted: false },
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
  const rows = await prisma.savedMentor.findMany({ where: { userId: actor.id, guideId: { in: guideIds } }, select: { guideId: true } });
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
  const [bookings, savedRows] = await Promise.all([
    prisma.booking.groupBy({
      by: ["guideId"],
      where: { userId: actor.id, status: { in: BOOKED_STATES } },
      _count: { _all: true },
      _max: { startsAt: true },
      orderBy: { _max: { startsAt: "desc" } },
      take: MY_MENTORS_CAP,
    }),
    prisma.savedMentor.findMany({ where: { userId: actor.id }, select: { guideId: true }, orderBy: { createdAt: "desc" }, take: MY_MENTORS_CAP }),
  ]);
  const bookedIds = bookings.map((row) => row.guideId);
  const savedIds = new Set(savedRows.map((row) => row.guideId));
  const ids = [...new Set([...bookedIds, ...savedIds])];
  const [guides, past, upcoming] = await Promise.all([
    prisma.user.findMany({
      where: { id: { in: ids }, role: "guide" },
      select: { id: true, name: true, title: true, organisation: true, imageId: true, isVerified: true, status: true, isDeleted: true, guideProfile: { select: { category: true } } },
    }),
    prisma.booking.groupBy({
      by: ["guideId"],
      where: { userId: actor.id, guideId: { in: bookedIds }, status: { in: BOOKED_STATES }, startsAt: { lte: now } },
      _max: { startsAt: true },
    }),
    prisma.booking.groupBy({
      by: ["guideId"],
      where: { userId: actor.id, guideId: { in: bookedIds }, status: { in: ["confirmed", "requested"] }, startsAt: { gt: now } },
      _min: { startsAt: true },
    }),
  ]);
  const byId = new Map(guides.map((guide) => [guide.id, guide]));
  const lastById = new Map(past.map((row) => [row.guideId, row._max.startsAt]));
  const nextById = new Map(upcoming.map((row) => [row.guideId, row._min.startsAt]));
  const countById = new Map(bookings.map((row) => [row.guideId, row._count._all]));
  const toMentor = (id: number): MyMentor | null => {
    const guide = byId.get(id);
    if (!guide) return null;
    return {
      id,
      name: guide.name,
      title: guide.title,
      organisation: guide.organisation,
      imageId: guide.imageId,
      category: guide.guideProfile?.category ?? null,
      isLive: guide.isVerified && guide.status === "active" && !guide.isDeleted,
      saved: savedIds.has(id),
      sessions: countById.get(id) ?? 0,
      lastSessionAt: lastById.get(id)?.toISOString() ?? null,
      nextSessionAt: nextById.get(id)?.toISOString() ?? null,
    };
  };
  return {
    booked: bookedIds.map(toMentor).filter((mentor): mentor is MyMentor => mentor !== null),
    saved: [...savedIds].map(toMentor).filter((mentor): mentor is MyMentor => mentor !== null && (mentor.isLive || mentor.saved)),
  };
}
