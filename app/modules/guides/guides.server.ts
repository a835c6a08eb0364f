import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, nullable } from "#app/lib/search/dialect.server.ts";
import { column } from "#app/lib/sql.server.ts";
import { isUniqueViolation, prisma, transaction } from "#app/lib/db.server.ts";
import { runJobsSoon } from "#app/lib/jobs.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { eachRowOf, orderBy, pageOf, type Condition, type ListQuery } from "#app/lib/list.server.ts";
import { hashPassword } from "#app/lib/password.server.ts";
import { endSessionsOf, type SessionUser } from "#app/lib/session.server.ts";
import { accountNotFound, emailTaken, requireAccount, removeAccountPicture, setAccountPicture } from "#app/modules/accounts/accounts.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { queueSecurityMail } from "#app/modules/accounts/security-mail.server.ts";
import { recordAudit, recordOpened } from "#app/modules/audit/audit.server.ts";
import { setMembership } from "#app/modules/organisations/organisations.server.ts";
import { canSeeGuide } from "./policy.ts";
import { refreshGuideSearch } from "./search-fields.server.ts";
import { SPECIALTY_OPTIONS, type GuideCreateInput, type GuideFilters, type GuideProfileInput, type GuideSort, type GuideUpdateInput } from "./schema.ts";

export type GuideListRow = {
  id: number;
  name: string;
  email: string;
  category: string | null;
  organisation: string | null;
  isVerified: boolean;
  /** The guide's latest join request: what an unapproved guide's badge says (Pending or Rejected). */
  requestStatus: "pending" | "approved" | "rejected" | null;
  status: "active" | "inactive";
  imageId: string | null;
};

const sortColumns: Record<GuideSort, Prisma.Sql> = {
  name: caseless(Prisma.sql`u.name`),
  email: caseless(Prisma.sql`u.email`),
  category: nullable(caseless(Prisma.sql`gp.category`)),
  organisation: nullable(caseless(Prisma.sql`u.organisation`)),
  verified: Prisma.sql`u."isVerified"`,
  status: Prisma.sql`u.status`,
};

const profileJoin = Prisma.sql`LEFT JOIN "GuideProfile" gp ON gp."userId" = u.id`;

const columns = {
  id: column.int,
  name: column.text,
  email: column.text,
  category: column.nullableText,
  organisation: column.nullableText,
  isVerified: column.bool,
  status: (value: unknown) => (value === "inactive" ? "inactive" : "active") as GuideListRow["status"],
  imageId: column.nullableText,
  requestStatus: (value: unknown) => (value === "pending" || value === "approved" || value === "rejected" ? value : null),
};
const select = Prisma.sql`u.id, u.name, u.email, gp.category, u.organisation, u."isVerified", u.status, u."imageId",
  (SELECT r.status FROM "GuideRequest" r WHERE r."guideId" = u.id ORDER BY r."createdAt" DESC, r.id DESC LIMIT 1) AS "requestStatus"`;

/** How far ahead a live guide with no free time is short of it (the console's overview counts them). */
export const FREE_TIME_DAYS = 14;

/**
 * The profiles of live guides (bookable on Find a Mentor) with no free time in the next 14 days: their soonest free
 * time, kept by the schedule module (GuideProfile.nextFreeAt), is none or starts 14 days from now or later.
 */
export function withoutFreeTime(profile: Prisma.Sql, now: Date) {
  const horizon = new Date(now.getTime() + FREE_TIME_DAYS * 86_400_000);
  return Prisma.sql`${profile}."isLive" = TRUE AND (${profile}."nextFreeAt" IS NULL OR ${profile}."nextFreeAt" >= ${horizon})`;
}

/** The admin's list of guides (not deleted), searched by name, e-mail or organisation, sorted and paged in SQL. */
export async function listGuides(state: ListState<GuideSort>, filters: GuideFilters = {}, now = new Date()): Promise<ListResult<GuideListRow>> {
  const { rows, meta } = await pageOf(guidesQuery(state, filters, now), state);
  return { data: rows, meta };
}

/** Every guide of the list, in its order (its CSV export). */
export const eachGuide = (state: ListState<GuideSort>, filters: GuideFilters = {}): AsyncGenerator<GuideListRow> => eachRowOf(guidesQuery(state, filters, new Date()), state);

function guidesQuery(state: ListState<GuideSort>, filters: GuideFilters, now: Date): ListQuery<typeof columns> {
  const byCategory = state.sort === "category";
  const where: Condition[] = [Prisma.sql`u.role = 'guide'`, Prisma.sql`u."isDeleted" = FALSE`];
  if (filters.freeTime === "none") where.push(Prisma.sql`EXISTS (SELECT 1 FROM "GuideProfile" fp WHERE fp."userId" = u.id AND ${withoutFreeTime(Prisma.sql`fp`, now)})`);
  // By category, the profiles are read in their category index's order and each one's guide looked up (every guide
  // has a profile): a CROSS JOIN keeps that order on SQLite, where sorting the guides took a B-tree of all 5,000.
  if (byCategory) where.push(Prisma.sql`u.id = gp."userId"`);
  return {
    from: byCategory ? Prisma.sql`"GuideProfile" gp CROSS JOIN "User" u` : Prisma.sql`"User" u`,
    id: Prisma.sql`u.id`,
    where,
    search: [{ column: Prisma.sql`u.id`, index: "people" }],
    few: true,
    orderBy: orderBy(sortColumns[state.sort], state.order, byCategory ? Prisma.sql`gp."userId"` : Prisma.sql`u.id`),
    rows: { columns, select, from: Prisma.sql`"User" u ${profileJoin}` },
  };
}

/** The name shown in the delete dialog, or null when there is no such guide. */
export function findGuideName(id: number) {
  return prisma.user.findFirst({ where: { id, role: "guide", isDeleted: false }, select: { id: true, name: true } });
}

const guideSelect = {
  id: true,
  name: true,
  email: true,
  title: true,
  organisation: true,
  bio: true,
  status: true,
  isVerified: true,
  imageId: true,
  createdAt: true,
  updatedAt: true,
  specialties: { select: { code: true } },
  guideProfile: {
    select: {
      phone: true,
      experienceYears: true,
      mentoredYears: true,
      category: true,
      recentSuccess: true,
      videoUrl: true,
      payWhatYouWant: true,
      hourlyRateCents: true,
      education: true,
      expertise: true,
      references: true,
      contentLinks: true,
      content: true,
      availabilityDescription: true,
      uniqueExperiences: true,
      languages: { select: { language: true }, orderBy: { position: "asc" } },
    },
  },
} satisfies Prisma.UserSelect;

/** A JSON array of strings from a GuideProfile column; anything else reads as empty. */
function stringList(json: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

const specialtyOrder = new Map<string, number>(SPECIALTY_OPTIONS.map((option, index) => [option.code, index]));

/** Every field of a guide, named as SPEC §3 names them (accountStatus and isToggled are the console's names). */
function toGuideDetails(user: Prisma.UserGetPayload<{ select: typeof guideSelect }>) {
  const profile = user.guideProfile;
  return {
    id: user.id,
    userType: "guide" as const,
    name: user.name,
    email: user.email,
    phone: profile?.phone ?? null,
    title: user.title,
    organisation: user.organisation,
    bio: user.bio,
    experience: profile?.experienceYears ?? 0,
    mentored: profile?.mentoredYears ?? null,
    education: stringList(profile?.education),
    languages: profile?.languages.map((row) => row.language) ?? [],
    specialties: user.specialties.map((row) => row.code).sort((a, b) => (specialtyOrder.get(a) ?? 99) - (specialtyOrder.get(b) ?? 99)),
    expertise: stringList(profile?.expertise),
    guideReferences: stringList(profile?.references),
    category: profile?.category ?? null,
    recentSuccess: profile?.recentSuccess ?? null,
    videoUrl: profile?.videoUrl ?? null,
    imageId: user.imageId,
    imageUrl: user.imageId ? `/images/${user.imageId}` : null,
    isVerified: user.isVerified,
    accountStatus: user.isVerified,
    payWhatYouWant: profile?.payWhatYouWant ?? false,
    isToggled: profile?.payWhatYouWant ?? false,
    hourlyRateCents: profile?.hourlyRateCents ?? 0,
    content: profile?.content ?? null,
    contentLinks: stringList(profile?.contentLinks),
    availabilityDescription: profile?.availabilityDescription ?? null,
    uniqueExperiences: profile?.uniqueExperiences ?? null,
    status: user.status as "active" | "inactive",
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export type GuideDetails = ReturnType<typeof toGuideDetails>;

/** One guide with everything the form, the profile and GET /api/admin/get-mentor-by-id show; 404 for someone else's. */
export async function getGuide(id: number, actor: SessionUser): Promise<GuideDetails> {
  if (!canSeeGuide(actor, id)) throw accountNotFound("guide");
  const user = await prisma.user.findFirst({ where: { id, role: "guide", isDeleted: false }, select: guideSelect });
  if (!user) throw accountNotFound("guide");
  await recordOpened(actor, id, "open-profile");
  return toGuideDetails(user);
}

/** The GuideProfile columns the form edits. */
function profileData(input: GuideCreateInput | GuideUpdateInput) {
  return {
    phone: input.phone,
    experienceYears: input.experience,
    category: input.category,
    recentSuccess: input.recentSuccess,
    videoUrl: input.videoUrl,
    education: JSON.stringify(input.education),
    expertise: JSON.stringify(input.expertise),
    references: JSON.stringify(input.references),
  };
}

const languageRows = (languages: string[]) => languages.map((language, position) => ({ language, position }));
const specialtyRows = (codes: string[]) => codes.map((code) => ({ code }));

/**
 * An admin creates a guide: the account (role guide, verified when accountStatus is on), the profile, languages,
 * specialties, password and the join request (approved by this admin when verified, otherwise pending),
 * all in one nested write.
 */
export async function createGuide(input: GuideCreateInput, actor: SessionUser): Promise<GuideDetails> {
  requireAdmin(actor);
  if (await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw emailTaken();
  const hash = await hashPassword(input.password);
  const now = new Date();
  try {
    const user = await transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          role: "guide",
          name: input.name,
          email: input.email,
          title: input.title,
          bio: input.bio,
          isVerified: input.accountStatus,
          emailVerifiedAt: now,
          password: { create: { hash } },
          specialties: { create: specialtyRows(input.specialties) },
          guideProfile: {
            create: { ...profileData(input), payWhatYouWant: input.isToggled, languages: { create: languageRows(input.languages) } },
          },
          guideRequests: {
            create: input.accountStatus
              ? { status: "approved", decidedBy: { connect: { id: actor.id } }, decidedAt: now }
              : { status: "pending" },
          },
        },
        select: guideSelect,
      });
      const guide = { ...created, organisation: (await setMembership(tx, created.id, input.organisation))?.name ?? null };
      await refreshGuideSearch(tx, [created.id]);
      await recordAudit(tx, actor, { kind: "guide", id: created.id, label: created.name, action: "create", after: toGuideDetails(guide) });
      return guide;
    });
    return toGuideDetails(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Updates a guide's account and profile (an admin, or the guide their own; not the verified or
 * pay-what-you-want switches). A new password, when given, replaces the old one, signs the guide out everywhere and is
 * told to their address (security mail).
 */
export async function updateGuide(id: number, input: GuideUpdateInput, actor: SessionUser): Promise<GuideDetails> {
  if (!canSeeGuide(actor, id)) throw accountNotFound("guide");
  await requireAccount("guide", id);
  const other = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (other && other.id !== id) throw emailTaken();
  const hash = input.password ? await hashPassword(input.password) : null;
  const languages = languageRows(input.languages);
  let user;
  try {
    user = await transaction(async (tx) => {
      const before = await tx.user.findFirst({ where: { id, role: "guide", isDeleted: false }, select: guideSelect });
      const saved = await tx.user.update({
        where: { id, role: "guide", isDeleted: false },
        data: {
          name: input.name,
          email: input.email,
          title: input.title,
          bio: input.bio,
          ...(hash ? { password: { upsert: { create: { hash }, update: { hash } } } } : {}),
          specialties: { deleteMany: {}, create: specialtyRows(input.specialties) },
          guideProfile: {
            upsert: {
              create: { ...profileData(input), languages: { create: languages } },
              update: { ...profileData(input), languages: { deleteMany: {}, create: languages } },
            },
          },
        },
        select: guideSelect,
      });
      const updated = { ...saved, organisation: (await setMembership(tx, id, input.organisation))?.name ?? null };
      await refreshGuideSearch(tx, [id]);
      if (hash) await queueSecurityMail(id, actor.id === id ? "password-changed" : "password-set-by-admin", { within: tx });
      // The guide's own edits are theirs; an admin's is audited.
      if (before && actor.id !== id) {
        await recordAudit(tx, actor, { kind: "guide", id, label: before.name, action: "update", before: toGuideDetails(before), after: toGuideDetails(updated) });
        if (hash) await recordAudit(tx, actor, { kind: "guide", id, label: updated.name, action: "set-password" });
      }
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw accountNotFound("guide");
    throw error;
  }
  if (hash) {
    runJobsSoon();
    await endSessionsOf(id);
  }
  return toGuideDetails(user);
}

/** Replaces a guide's picture with an uploaded image (checked by content, re-encoded); the old one is removed. */
export const setGuidePicture = (id: number, file: unknown, actor: SessionUser) => setAccountPicture("guide", id, file, actor);
export const removeGuidePicture = (id: number, actor: SessionUser) => removeAccountPicture("guide", id, actor);

/**
 * A guide edits their own profile (the mentor dashboard): the same write as the console's edit, with their e-mail,
 * password and references left as they are.
 */
export async function updateOwnGuideProfile(input: GuideProfileInput, actor: SessionUser): Promise<GuideDetails> {
  if (actor.role !== "guide") throw accountNotFound("guide");
  const current = await getGuide(actor.id, actor);
  return updateGuide(actor.id, { ...input, email: current.email, password: null, references: current.guideReferences }, actor);
}
