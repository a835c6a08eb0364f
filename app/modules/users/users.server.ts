import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { ftsPhrase, likeAnywhere, orderBy, pageOf } from "#app/lib/list.server.ts";
import { hashPassword } from "#app/lib/password.server.ts";
import { endSessionsOf, type SessionUser } from "#app/lib/session.server.ts";
import { deleteUpload, storeImage } from "#app/modules/uploads/uploads.server.ts";
import type { CreateUserInput, StatusChange, UpdateUserInput, UserSort } from "./schema.ts";

export type UserListRow = {
  id: number;
  name: string;
  email: string;
  organisation: string | null;
  status: "active" | "inactive";
  userType: string;
  isVerified: boolean;
};

const sortColumns: Record<UserSort, Prisma.Sql> = {
  name: Prisma.sql`u.name COLLATE NOCASE`,
  email: Prisma.sql`u.email COLLATE NOCASE`,
  organisation: Prisma.sql`u.organisation COLLATE NOCASE`,
  status: Prisma.sql`u.status`,
};

/**
 * A search over name, e-mail and organisation: the trigram full-text index for 3+ characters,
 * a LIKE scan below that (the index cannot match shorter terms).
 */
export function peopleSearch(term: string, alias = Prisma.raw("u")) {
  if (term.length >= 3) {
    return Prisma.sql`${alias}.id IN (SELECT rowid FROM "UserSearch" WHERE "UserSearch" MATCH ${ftsPhrase(term)})`;
  }
  const pattern = likeAnywhere(term);
  return Prisma.sql`(${alias}.name LIKE ${pattern} ESCAPE '\\' OR ${alias}.email LIKE ${pattern} ESCAPE '\\' OR ${alias}.organisation LIKE ${pattern} ESCAPE '\\')`;
}

type RawUserRow = Omit<UserListRow, "id" | "isVerified"> & { id: bigint | number; isVerified: unknown };

/** The admin's list of mentees (role user, not deleted), searched, sorted and paged in SQL. */
export async function listUsers(
  state: ListState<UserSort>,
  filters: { isVerified?: boolean } = {},
): Promise<ListResult<UserListRow>> {
  const where = [Prisma.sql`u.role = 'user'`, Prisma.sql`u.isDeleted = 0`];
  if (filters.isVerified !== undefined) where.push(Prisma.sql`u.isVerified = ${filters.isVerified ? 1 : 0}`);
  if (state.search) where.push(peopleSearch(state.search));
  const { rows, meta } = await pageOf<RawUserRow>({
    select: Prisma.sql`u.id, u.name, u.email, u.organisation, u.status, u.role AS userType, u.isVerified`,
    from: Prisma.sql`"User" u`,
    where,
    orderBy: orderBy(sortColumns[state.sort], state.order, Prisma.sql`u.id`),
    page: state.page,
    limit: state.limit,
  });
  return {
    data: rows.map((row) => ({ ...row, id: Number(row.id), isVerified: Boolean(Number(row.isVerified)) })),
    meta,
  };
}

/** The name shown in the delete dialog, or null when there is no such user. */
export async function findUserName(id: number) {
  const user = await prisma.user.findFirst({ where: { id, role: "user", isDeleted: false }, select: { id: true, name: true } });
  return user;
}

/**
 * Activates or deactivates a user or guide account. Deactivation ends the person's sessions at once.
 * One conditional update: no read-then-write window.
 */
export async function setAccountStatus({ accountType, id, action }: StatusChange, _actor: SessionUser) {
  const { count } = await prisma.user.updateMany({
    where: { id, role: accountType, isDeleted: false },
    data: { status: action },
  });
  if (count === 0) throw notFoundFor(accountType);
  if (action === "inactive") await endSessionsOf(id);
  return { id, status: action };
}

/**
 * Soft-deletes an account of the given role: it leaves every list and can no longer sign in, while its
 * bookings, payments and reviews stay for the books.
 */
export async function softDeleteAccount(role: "user" | "guide", id: number, _actor: SessionUser) {
  const { count } = await prisma.user.updateMany({
    where: { id, role, isDeleted: false },
    data: { isDeleted: true, deletedAt: new Date() },
  });
  if (count === 0) throw notFoundFor(role);
  await endSessionsOf(id);
  return { id };
}

// ─── One person: read, create, edit, picture ─────────────────────────────────────────────────

const personSelect = {
  id: true,
  role: true,
  name: true,
  email: true,
  title: true,
  organisation: true,
  bio: true,
  education: true,
  experience: true,
  challenges: true,
  status: true,
  isVerified: true,
  imageId: true,
  createdAt: true,
  updatedAt: true,
  specialties: { select: { code: true }, orderBy: { code: "asc" } },
} as const satisfies Prisma.UserSelect;

type PersonRecord = Prisma.UserGetPayload<{ select: typeof personSelect }>;

/** A mentee as the console and GET /api/admin/get-user-by-id show them. */
export type UserDetail = {
  id: number;
  userType: string;
  name: string;
  email: string;
  title: string | null;
  organisation: string | null;
  bio: string | null;
  education: string | null;
  experience: string | null;
  challenges: string | null;
  specialties: string[];
  status: "active" | "inactive";
  isVerified: boolean;
  imageId: string | null;
  /** Where the picture is served; the default picture when there is none. */
  imageUrl: string;
  createdAt: string;
  updatedAt: string;
};

function toUserDetail({ role, specialties, status, createdAt, updatedAt, ...person }: PersonRecord): UserDetail {
  return {
    ...person,
    userType: role,
    specialties: specialties.map((s) => s.code),
    status: status === "inactive" ? "inactive" : "active",
    imageUrl: person.imageId ? `/images/${person.imageId}` : "/images/default",
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

const notFoundFor = (role: "user" | "guide") => notFound(role === "guide" ? "Guide not found" : "User not found");

/**
 * Refuses with 404 unless `id` is a live account of `role`. With `includeDeleted` (a list filtered by a
 * person, whose history stays after a deletion), a deleted account counts too.
 */
export async function requireAccount(role: "user" | "guide", id: number, { includeDeleted = false } = {}) {
  const person = await prisma.user.findFirst({
    where: { id, role, ...(includeDeleted ? {} : { isDeleted: false }) },
    select: { id: true, name: true, imageId: true },
  });
  if (!person) throw notFoundFor(role);
  return person;
}

/** One mentee, or 404 'User not found' (also for deleted accounts and other roles). */
export async function getUser(id: number): Promise<UserDetail> {
  const person = await prisma.user.findFirst({ where: { id, role: "user", isDeleted: false }, select: personSelect });
  if (!person) throw notFoundFor("user");
  return toUserDetail(person);
}

/** 409 for an e-mail another account has (shared by the user and guide forms). */
export const emailTaken = () => new HttpError(409, "A user with this email already exists");

export function isUniqueViolation(error: unknown) {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** The mentee's profile fields the add and edit forms set (not the e-mail, password or specialties). */
function menteeProfile(input: CreateUserInput | UpdateUserInput) {
  return {
    name: input.name,
    title: input.title,
    organisation: input.organisation,
    bio: input.bio,
    education: input.education,
    experience: input.experience,
    challenges: input.challenges,
  };
}

/** An administrator creates a mentee account (verified and active), with a password and specialties. */
export async function createUser(input: CreateUserInput, _actor: SessionUser): Promise<UserDetail> {
  const existing = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw emailTaken();
  const hash = await hashPassword(input.password);
  try {
    const person = await prisma.user.create({
      data: {
        role: "user",
        email: input.email,
        ...menteeProfile(input),
        isVerified: true,
        password: { create: { hash } },
        specialties: { create: input.specialties.map((code) => ({ code })) },
      },
      select: personSelect,
    });
    return toUserDetail(person);
  } catch (error) {
    // Two creations with the same e-mail at once: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * An administrator edits a mentee. The e-mail stays as it is; a password, when given, replaces the old
 * one and signs the person out everywhere.
 */
export async function updateUser(id: number, input: UpdateUserInput, _actor: SessionUser): Promise<UserDetail> {
  const hash = input.password ? await hashPassword(input.password) : null;
  await transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id, role: "user", isDeleted: false },
      data: menteeProfile(input),
    });
    if (count === 0) throw notFoundFor("user");
    await tx.userSpecialty.deleteMany({ where: { userId: id } });
    if (input.specialties.length) await tx.userSpecialty.createMany({ data: input.specialties.map((code) => ({ userId: id, code })) });
    if (hash) await tx.password.upsert({ where: { userId: id }, create: { userId: id, hash }, update: { hash } });
  });
  if (hash) await endSessionsOf(id);
  return getUser(id);
}

/**
 * Replaces the picture of a user or guide: checked by content, re-encoded and stored (storeImage), then
 * the old picture is removed. 404 before anything is stored when there is no such account.
 */
export async function setAccountPicture(role: "user" | "guide", id: number, file: unknown, _actor: SessionUser) {
  const { imageId: previous } = await requireAccount(role, id);
  const upload = await storeImage(file);
  const { count } = await prisma.user.updateMany({ where: { id, role, isDeleted: false }, data: { imageId: upload.id } });
  if (count === 0) {
    await deleteUpload(upload.id);
    throw notFoundFor(role);
  }
  if (previous && previous !== upload.id) await deleteUpload(previous);
  return { id, imageId: upload.id, imageUrl: `/images/${upload.id}` };
}

/** PUT /api/admin/update-user-profile-picture/{id} and the Edit User picture. */
export const setUserPicture = (id: number, file: unknown, actor: SessionUser) => setAccountPicture("user", id, file, actor);
