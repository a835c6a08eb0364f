import { Prisma } from "#app/generated/prisma/client.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { ftsPhrase, likeAnywhere } from "#app/lib/list.server.ts";
import { isAdmin } from "./policy.ts";

const like = (column: Prisma.Sql, pattern: string) => Prisma.sql`${column} LIKE ${pattern} ESCAPE '\\'`;

/**
 * The support team's people search, over name, e-mail and organisation of the person aliased `alias`:
 * the trigram full-text index for 3+ characters, a LIKE scan below that (the index cannot match shorter terms).
 */
export function peopleSearch(term: string, alias = Prisma.raw("u")) {
  if (term.length >= 3) {
    return Prisma.sql`${alias}.id IN (SELECT rowid FROM "UserSearch" WHERE "UserSearch" MATCH ${ftsPhrase(term)})`;
  }
  const pattern = likeAnywhere(term);
  return Prisma.sql`(${like(Prisma.sql`${alias}.name`, pattern)} OR ${like(Prisma.sql`${alias}.email`, pattern)} OR ${like(Prisma.sql`${alias}.organisation`, pattern)})`;
}

/**
 * The rows whose person column (`b.userId`, `p.guideId`…) points at someone the support team's search finds:
 * a condition on the listed table itself, answered through that column's index, with no join.
 */
export function personMatches(personColumn: Prisma.Sql, term: string) {
  if (term.length >= 3) {
    return Prisma.sql`${personColumn} IN (SELECT rowid FROM "UserSearch" WHERE "UserSearch" MATCH ${ftsPhrase(term)})`;
  }
  return Prisma.sql`${personColumn} IN (SELECT x.id FROM "User" x WHERE ${peopleSearch(term, Prisma.raw("x"))})`;
}

/**
 * Rows whose text column matches `term` anywhere: through a trigram full-text table (`table`, rowid = the row's
 * id, kept by triggers) for 3+ characters, a LIKE scan of `column` below that.
 */
export function textMatches({ idColumn, table, column }: { idColumn: Prisma.Sql; table: string; column: Prisma.Sql }, term: string) {
  if (term.length >= 3) {
    const fts = Prisma.raw(`"${table}"`);
    return Prisma.sql`${idColumn} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${ftsPhrase(term)})`;
  }
  return Prisma.sql`${column} LIKE ${likeAnywhere(term)} ESCAPE '\\'`;
}

/** People search for everyone else: name and organisation only, so an e-mail address never finds anybody. */
export function publicPeopleSearch(term: string, alias = Prisma.raw("u")) {
  if (term.length >= 3) {
    // An FTS5 column filter: the phrase must match within name or organisation.
    const match = `{name organisation} : ${ftsPhrase(term)}`;
    return Prisma.sql`${alias}.id IN (SELECT rowid FROM "UserSearch" WHERE "UserSearch" MATCH ${match})`;
  }
  const pattern = likeAnywhere(term);
  return Prisma.sql`(${like(Prisma.sql`${alias}.name`, pattern)} OR ${like(Prisma.sql`${alias}.organisation`, pattern)})`;
}

/** The people search `actor` may use: e-mail addresses are searchable for admins only. */
export const peopleSearchFor = (actor: SessionUser, term: string, alias = Prisma.raw("u")) =>
  isAdmin(actor) ? peopleSearch(term, alias) : publicPeopleSearch(term, alias);
