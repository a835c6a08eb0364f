import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, nullable, sqlBool } from "#app/lib/search/dialect.server.ts";
import { column } from "#app/lib/sql.server.ts";
import { isUniqueViolation, prisma, transaction } from "#app/lib/db.server.ts";
import { runJobsSoon } from "#app/lib/jobs.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { eachRowOf, orderBy, pageOf, type Condition, type ListQuery } from "#app/lib/list.server.ts";
import { hashPassword } from "#app/lib/password.server.ts";
import { endSessionsOf, type SessionUser } from "#app/lib/session.server.ts";
import { accountNotFound, emailTaken, removeAccountPicture, setAccountPicture } from "#app/modules/accounts/accounts.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { queueSecurityMail } from "#app/modules/accounts/security-mail.server.ts";
import { recordAudit, recordOpened } from "#app/modules/audit/audit.server.ts";
import { setMembership } from "#app/modules/organisations/organisations.server.ts";
import { canSeeUser } from "./policy.ts";
import type { CreateUserInput, UpdateUserInput, UserSort } from "./schema.ts";

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
  name: caseless(Prisma.sql`u.name`),
  email: caseless(Prisma.sql`u.email`),
  organisation: nullable(caseless(Prisma.sql`u.organisation`)),
  status: Prisma.sql`u.status`,
};

const columns = {
  id: column.int,
  name: column.text,
  email: column.text,
  organisation: column.nullableText,
  status: (value: unknown) => (value === "inactive" ? "inactive" : "active") as UserListRow["status"],
  userType: column.text,
  isVerified: column.bool,
};

type UserFilters = { isVerified?: boolean };

/** The admin's list of mentees (role user, not deleted), searched, sorted and paged in SQL. */
export async function listUsers(state: ListState<UserSort>, filters: UserFilters = {}): Promise<ListResult<UserListRow>> {
  const { rows, meta } = await pageOf(usersQuery(state, filters), state);
  return { data: rows, meta };
}

/** Every mentee of the list, in its order (its CSV export). */
export const eachUser = (state: ListState<UserSort>, filters: UserFilters = {}): AsyncGenerator<UserListRow> => eachRowOf(usersQuery(state, filters), state);

function usersQuery(state: ListState<UserSort>, filters: UserFilters): ListQuery<typeof columns> {
  const from = Prisma.sql`"User" u`;
  const where: Condition[] = [Prisma.sql`u.role = 'user'`, Prisma.sql`u."isDeleted" = FALSE`];
  if (filters.isVerified !== undefined) where.push(Prisma.sql`u."isVerified" = ${sqlBool(filters.isVerified)}`);
  const select = Prisma.sql`u.id, u.name, u.email, u.organisation, u.status, u.role AS "userType", u."isVerified"`;
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`u.id`);
  return { from, id: Prisma.sql`u.id`, where, search: [{ column: Prisma.sql`u.id`, index: "people" }], orderBy: orderBySort, rows: { columns, select, from } };
}

/** The name shown in the delete dialog, or null when there is no such user. */
export async function findUserName(id: number) {
  const user = await prisma.user.findFirst({ where: { id, role: "user", isDeleted: false }, select: { id: true, name: true } });
  return user;
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

/** One mentee, or 404 'User not found' (also for deleted accounts, other roles and someone else's profile). */
export async function getUser(id: number, actor: SessionUser): Promise<UserDetail> {
  if (!canSeeUser(actor, id)) throw accountNotFound("user");
  const person = await prisma.user.findFirst({ where: { id, role: "user", isDeleted: false }, select: personSelect });
  if (!person) throw accountNotFound("user");
  await recordOpened(actor, id, "open-profile");
  return toUserDetail(person);
}

/**
 * The mentee's profile fields the add and edit forms set (not the e-mail, password or specialties; the organisation is
 * the organisations module's to write: setMembership).
 */
function menteeProfile(input: CreateUserInput | UpdateUserInput) {
  return {
    name: input.name,
    title: input.title,
    bio: input.bio,
    education: input.education,
    experience: input.experience,
    challenges: input.challenges,
  };
}

/** A mentee's fields as the audit log compares them (specialties as one sorted list). */
function auditedMentee(person: PersonRecord) {
  const { name, title, organisation, bio, education, experience, challenges, status } = person;
  return { name, title, organisation, bio, education, experience, challenges, status, specialties: person.specialties.map((s) => s.code).sort().join(", ") };
}

/** An administrator creates a mentee account (verified and active), with a password and specialties. */
export async function createUser(input: CreateUserInput, actor: SessionUser): Promise<UserDetail> {
  requireAdmin(actor);
  const existing = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw emailTaken();
  const hash = await hashPassword(input.password);
  try {
    const person = await transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          role: "user",
          email: input.email,
          ...menteeProfile(input),
          // An account the admin makes is theirs to vouch for: no code to type.
          isVerified: true,
          emailVerifiedAt: new Date(),
          password: { create: { hash } },
          specialties: { create: input.specialties.map((code) => ({ code })) },
        },
        select: { id: true },
      });
      await setMembership(tx, created.id, input.organisation);
      const person = await tx.user.findUniqueOrThrow({ where: { id: created.id }, select: personSelect });
      await recordAudit(tx, actor, { kind: "user", id: created.id, label: person.name, action: "create", after: auditedMentee(person) });
      return person;
    });
    return toUserDetail(person);
  } catch (error) {
    // Two creations with the same e-mail at once: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Edits a mentee (an administrator, or the mentee their own profile). The e-mail stays as it is; a password,
 * when given, replaces the old one, signs the person out everywhere and is told to their address (security mail).
 */
export async function updateUser(id: number, input: UpdateUserInput, actor: SessionUser): Promise<UserDetail> {
  if (!canSeeUser(actor, id)) throw accountNotFound("user");
  const hash = input.password ? await hashPassword(input.password) : null;
  await transaction(async (tx) => {
    const before = await tx.user.findFirst({ where: { id, role: "user", isDeleted: false }, select: personSelect });
    const { count } = await tx.user.updateMany({
      where: { id, role: "user", isDeleted: false },
      data: menteeProfile(input),
    });
    if (count === 0 || !before) throw accountNotFound("user");
    const organisation = await setMembership(tx, id, input.organisation);
    await tx.userSpecialty.deleteMany({ where: { userId: id } });
    if (input.specialties.length) await tx.userSpecialty.createMany({ data: input.specialties.map((code) => ({ userId: id, code })) });
    if (hash) {
      await tx.password.upsert({ where: { userId: id }, create: { userId: id, hash }, update: { hash } });
      await queueSecurityMail(id, actor.id === id ? "password-changed" : "password-set-by-admin", { within: tx });
    }
    // The mentee's own edits are theirs; an admin's (or anyone's to another's record) is audited.
    if (actor.id !== id) {
      const after = { ...auditedMentee(before), ...menteeProfile(input), organisation: organisation?.name ?? null, specialties: [...input.specialties].sort().join(", ") };
      await recordAudit(tx, actor, { kind: "user", id, label: before.name, action: "update", before: auditedMentee(before), after });
      if (hash) await recordAudit(tx, actor, { kind: "user", id, label: before.name, action: "set-password" });
    }
  });
  if (hash) {
    runJobsSoon();
    await endSessionsOf(id);
  }
  return getUser(id, actor);
}

/** PUT /api/admin/update-user-profile-picture/{id} and the Edit User picture. */
export const setUserPicture = (id: number, file: unknown, actor: SessionUser) => setAccountPicture("user", id, file, actor);
export const removeUserPicture = (id: number, actor: SessionUser) => removeAccountPicture("user", id, actor);
