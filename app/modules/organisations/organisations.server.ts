import { Prisma } from "#app/generated/prisma/client.ts";
import { isUniqueViolation, prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { HttpError, badRequest, fieldError, notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { eachRowOf, mapRows, orderBy, pageOf, type Condition, type ListQuery } from "#app/lib/list.server.ts";
import { caseless, matchIds } from "#app/lib/search/dialect.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { column, queryRows, type RowOf } from "#app/lib/sql.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { refreshGuideSearch } from "#app/modules/guides/search-fields.server.ts";
import { organisationNameKey, tidyOrganisationName } from "./organisation-name.ts";
import { SUGGESTION_LIMIT } from "./options.ts";
import type { OrganisationFilters, OrganisationInput, OrganisationSort } from "./schema.ts";

// Organisations people belong to. A person's `organisation` column repeats their organisation's name (lists sort and
// search it), and each organisation keeps its member count: this module is the one place that writes them, in the
// caller's transaction.

/** The organisation with this name (case and spacing aside), made when there is none yet. */
export async function findOrCreateOrganisation(tx: Transaction, name: string) {
  const nameKey = organisationNameKey(name);
  // An upsert on the one unique key: two people naming a new organisation at once end up in the same record.
  return tx.organisation.upsert({
    where: { nameKey },
    create: { name: tidyOrganisationName(name), nameKey },
    update: {},
    select: { id: true, name: true },
  });
}

/** Makes the person a member of the named organisation (or of none, for an empty name), keeping both member counts. */
export async function setMembership(tx: Transaction, userId: number, name: string | null | undefined) {
  const organisation = name?.trim() ? await findOrCreateOrganisation(tx, name) : null;
  const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { organisationId: true } });
  await tx.user.update({
    where: { id: userId },
    data: { organisationId: organisation?.id ?? null, organisation: organisation?.name ?? null },
  });
  if (before.organisationId !== (organisation?.id ?? null)) {
    if (before.organisationId !== null) await tx.organisation.update({ where: { id: before.organisationId }, data: { memberCount: { decrement: 1 } } });
    if (organisation) await tx.organisation.update({ where: { id: organisation.id }, data: { memberCount: { increment: 1 } } });
  }
  return organisation;
}

// ─── The console's list ──────────────────────────────────────────────────────────────────────

export type OrganisationRow = {
  id: number;
  name: string;
  kind: string;
  city: string | null;
  country: string | null;
  website: string | null;
  memberCount: number;
  createdAt: string;
};

const sortColumns: Record<OrganisationSort, Prisma.Sql> = {
  name: caseless(Prisma.sql`o.name`),
  kind: Prisma.sql`o.kind`,
  members: Prisma.sql`o."memberCount"`,
  createdAt: Prisma.sql`o."createdAt"`,
};

const columns = {
  id: column.int,
  name: column.text,
  kind: column.text,
  city: column.nullableText,
  country: column.nullableText,
  website: column.nullableText,
  memberCount: column.int,
  createdAt: column.date,
};

const select = Prisma.sql`o.id, o.name, o.kind, o.city, o.country, o.website, o."memberCount", o."createdAt"`;
const toRow = (row: RowOf<typeof columns>): OrganisationRow => ({ ...row, createdAt: row.createdAt.toISOString() });

/** A page of organisations (admins only), sorted by name, kind, members or creation, filtered by kind and country, searched by name. */
export async function listOrganisations(state: ListState<OrganisationSort>, filters: OrganisationFilters, actor: SessionUser): Promise<ListResult<OrganisationRow>> {
  requireAdmin(actor);
  const { rows, meta } = await pageOf(organisationsQuery(state, filters), state);
  return { data: rows.map(toRow), meta };
}

/** Every organisation of the list in its order (its CSV export), read a chunk at a time. */
export function eachOrganisation(state: ListState<OrganisationSort>, filters: OrganisationFilters, actor: SessionUser): AsyncGenerator<OrganisationRow> {
  requireAdmin(actor);
  return mapRows(eachRowOf(organisationsQuery(state, filters), state), toRow);
}

function organisationsQuery(state: ListState<OrganisationSort>, filters: OrganisationFilters): ListQuery<typeof columns> {
  const from = Prisma.sql`"Organisation" o`;
  const where: Condition[] = [];
  if (filters.kind) where.push(Prisma.sql`o.kind = ${filters.kind}`);
  if (filters.country) where.push(Prisma.sql`o.country = ${filters.country}`);
  return {
    from,
    id: Prisma.sql`o.id`,
    where,
    search: [{ column: Prisma.sql`o.id`, index: "organisations" }],
    orderBy: orderBy(sortColumns[state.sort], state.order, Prisma.sql`o.id`),
    rows: { columns, select, from },
  };
}

/** The countries organisations are in, for the list's filter (read from the country index). */
export async function organisationCountries(actor: SessionUser) {
  requireAdmin(actor);
  const rows = await queryRows({ country: column.text }, Prisma.sql`SELECT DISTINCT country FROM "Organisation" WHERE country IS NOT NULL ORDER BY country`);
  return rows.map((row) => row.country);
}

/**
 * Organisations whose name holds `term` (the start of their name for one or two characters), for the sign-up and
 * profile fields' suggestions: their names only, at most SUGGESTION_LIMIT, by name; without a term, the first by name.
 */
export async function suggestOrganisations(typed: string): Promise<string[]> {
  // Control characters are in no name (and PostgreSQL refuses a NUL in a text parameter).
  const term = typed.replace(/\p{Cc}/gu, " ");
  const key = organisationNameKey(term).slice(0, 100);
  const limit = Prisma.raw(String(SUGGESTION_LIMIT));
  const condition = !key
    ? Prisma.empty
    : key.length < 3
      ? Prisma.sql`WHERE o."nameKey" >= ${key} AND o."nameKey" < ${`${key}\u{10FFFF}`}`
      : Prisma.sql`WHERE o.id IN (${matchIds("organisations", term.trim())})`;
  const rows = await queryRows({ name: column.text }, Prisma.sql`SELECT o.name FROM "Organisation" o ${condition} ORDER BY ${caseless(Prisma.sql`o.name`)}, o.id LIMIT ${limit}`);
  return rows.map((row) => row.name);
}

// ─── One organisation ────────────────────────────────────────────────────────────────────────

const notFoundError = () => notFound("Organisation not found");

/** One organisation, or 404. */
export async function getOrganisation(id: number, actor: SessionUser): Promise<OrganisationRow> {
  requireAdmin(actor);
  const organisation = await prisma.organisation.findUnique({ where: { id }, select: { id: true, name: true, kind: true, city: true, country: true, website: true, memberCount: true, createdAt: true } });
  if (!organisation) throw notFoundError();
  return { ...organisation, createdAt: organisation.createdAt.toISOString() };
}

export type MemberRow = { id: number; name: string; email: string; role: string; status: string; isDeleted: boolean };
const memberColumns = { id: column.int, name: column.text, email: column.text, role: column.text, status: column.text, isDeleted: column.bool };

/** A page of an organisation's members (everyone linked to it, as its member count counts them), by name. */
export async function listMembers(id: number, state: ListState<"name">, actor: SessionUser): Promise<ListResult<MemberRow>> {
  requireAdmin(actor);
  const from = Prisma.sql`"User" u`;
  const { rows, meta } = await pageOf(
    {
      from,
      id: Prisma.sql`u.id`,
      where: [Prisma.sql`u."organisationId" = ${id}`],
      orderBy: orderBy(caseless(Prisma.sql`u.name`), state.order, Prisma.sql`u.id`),
      rows: { columns: memberColumns, select: Prisma.sql`u.id, u.name, u.email, u.role, u.status, u."isDeleted"`, from },
    },
    { ...state, search: "" },
  );
  return { data: rows, meta };
}

/** The fields the audit log compares. */
const audited = ({ name, kind, city, country, website }: Pick<OrganisationRow, "name" | "kind" | "city" | "country" | "website">) => ({ name, kind, city, country, website });

const nameTaken = (name: string) => fieldError(409, "name", `Another organisation is already called “${name}”: merge this one into it instead.`);

/** An administrator adds an organisation (the API); a name another one has, case and spacing aside, is a 409. */
export async function createOrganisation(input: OrganisationInput, actor: SessionUser): Promise<OrganisationRow> {
  requireAdmin(actor);
  const name = tidyOrganisationName(input.name);
  try {
    const created = await transaction(async (tx) => {
      const organisation = await tx.organisation.create({ data: { ...input, name, nameKey: organisationNameKey(name) }, select: { id: true } });
      await recordAudit(tx, actor, { kind: "organisation", id: organisation.id, label: name, action: "create", after: audited({ ...input, name }) });
      return organisation;
    });
    return getOrganisation(created.id, actor);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

/**
 * An administrator edits an organisation. A new name is written on every member's records in the same transaction (and
 * on the search fields of the guides among them); a name another organisation has is a 409, as merging is the way.
 */
export async function updateOrganisation(id: number, input: OrganisationInput, actor: SessionUser): Promise<OrganisationRow> {
  requireAdmin(actor);
  const name = tidyOrganisationName(input.name);
  try {
    await transaction(async (tx) => {
      const before = await tx.organisation.findUnique({ where: { id } });
      if (!before) throw notFoundError();
      await tx.organisation.update({ where: { id }, data: { ...input, name, nameKey: organisationNameKey(name) } });
      if (name !== before.name) await renameMembers(tx, id, name);
      const after = audited({ ...input, name });
      await recordAudit(tx, actor, { kind: "organisation", id, label: before.name, action: "update", before: audited(before), after });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  return getOrganisation(id, actor);
}

/** The organisation's name on its members' records, and on the search fields of the guides among them. */
async function renameMembers(tx: Transaction, id: number, name: string) {
  await tx.user.updateMany({ where: { organisationId: id }, data: { organisation: name } });
  const guides = await tx.user.findMany({ where: { organisationId: id, role: "guide" }, select: { id: true } });
  if (guides.length) await refreshGuideSearch(tx, guides.map((guide) => guide.id));
}

/**
 * Folds organisation `id` into `intoId`, in one transaction: its members move (their records showing the name of the
 * one that stays), the counts follow, the merged record is removed, and one audit row says so.
 */
export async function mergeOrganisation(id: number, intoId: number, actor: SessionUser): Promise<OrganisationRow> {
  requireAdmin(actor);
  if (id === intoId) throw badRequest("An organisation cannot be merged into itself");
  await transaction(async (tx) => {
    const [merged, into] = await Promise.all([tx.organisation.findUnique({ where: { id } }), tx.organisation.findUnique({ where: { id: intoId } })]);
    if (!merged) throw notFoundError();
    if (!into) throw notFound("The organisation to merge into was not found");
    // A sponsor's balance, rules and pastors belong to its record: it is merged into, never away.
    if (await tx.sponsorAccount.findUnique({ where: { organisationId: id }, select: { organisationId: true } })) {
      throw new HttpError(409, `${merged.name} sponsors mentoring: merge the other organisation into it instead`);
    }
    const guides = await tx.user.findMany({ where: { organisationId: id, role: "guide" }, select: { id: true } });
    const { count } = await tx.user.updateMany({ where: { organisationId: id }, data: { organisationId: intoId, organisation: into.name } });
    await tx.organisation.update({ where: { id: intoId }, data: { memberCount: { increment: count } } });
    await tx.organisation.delete({ where: { id } });
    if (guides.length) await refreshGuideSearch(tx, guides.map((guide) => guide.id));
    await recordAudit(tx, actor, {
      kind: "organisation",
      id,
      label: merged.name,
      action: "merge",
      before: { ...audited(merged), members: merged.memberCount },
      after: { mergedInto: into.name, mergedIntoId: into.id, membersMoved: count },
    });
  });
  return getOrganisation(intoId, actor);
}

/** The organisation an administrator names to merge into (case and spacing aside), or null. */
export async function findOrganisationByName(name: string, actor: SessionUser) {
  requireAdmin(actor);
  const key = organisationNameKey(name);
  if (!key) return null;
  return prisma.organisation.findUnique({ where: { nameKey: key }, select: { id: true, name: true, memberCount: true } });
}
