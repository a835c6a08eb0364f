import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, containsAny } from "#app/lib/search/dialect.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { liveGuideSql } from "./search-fields.server.ts";

/*
 * Guides as someone outside the console names them: by the name Find a Mentor shows, or by their profile address.
 * Only live guides are found (the ones anyone can see and book); there are a few thousand, so their names are scanned.
 */

const SUGGESTIONS = 20;

/** What a person typed for a name, its spacing collapsed (control characters are in no name). */
const typedName = (typed: string) => typed.replace(/[\p{Cc}\s]+/gu, " ").trim().slice(0, 100);

/** The names of live guides holding `typed`, by name, at most 20: the suggestions of a field that names a guide. */
export async function suggestGuideNames(typed: string): Promise<string[]> {
  const term = typedName(typed);
  if (!term) return [];
  const rows = await queryRows(
    { name: column.text },
    Prisma.sql`SELECT u.name FROM "User" u WHERE ${liveGuideSql()} AND ${containsAny([Prisma.sql`u.name`], term)}
      ORDER BY ${caseless(Prisma.sql`u.name`)} LIMIT ${Prisma.raw(String(SUGGESTIONS))}`,
  );
  // Two guides may share a name: the suggestion is the name, once.
  return [...new Set(rows.map((row) => row.name))];
}

/** A guide's profile address (`https://…/mentor/12`, `/mentor/12/book`) or its number alone: the guide's id. */
const PROFILE_ADDRESS = /^(?:(?:https?:\/\/[^/\s]+)?\/?mentor\/)?(\d{1,9})(?:\/book)?\/?(?:[?#]\S*)?$/i;

/**
 * The live guides `typed` names: the one of a profile address, or those called exactly that, ignoring case and
 * spacing (at most two: enough to tell one from several).
 */
export async function liveGuidesNamed(typed: string): Promise<Array<{ id: number; name: string }>> {
  const text = typedName(typed);
  if (!text) return [];
  const address = text.match(PROFILE_ADDRESS);
  const condition = address ? Prisma.sql`u.id = ${Number(address[1])}` : Prisma.sql`${caseless(Prisma.sql`u.name`)} = ${caseless(Prisma.sql`${text}`)}`;
  return queryRows({ id: column.int, name: column.text }, Prisma.sql`SELECT u.id, u.name FROM "User" u WHERE ${liveGuideSql()} AND ${condition} ORDER BY u.id LIMIT 2`);
}

/**
 * The guides among `ids` (any others left out; deleted or paused ones kept, as a sponsor's choice may outlive them), by
 * name, each with whether anyone can still find and book them.
 */
export async function guidesByIds(ids: number[]): Promise<Array<{ id: number; name: string; live: boolean }>> {
  if (!ids.length) return [];
  return queryRows(
    { id: column.int, name: column.text, live: column.bool },
    Prisma.sql`SELECT u.id, u.name, CASE WHEN ${liveGuideSql()} THEN 1 ELSE 0 END AS live FROM "User" u
      WHERE u.role = 'guide' AND u.id IN (${Prisma.join(ids)}) ORDER BY ${caseless(Prisma.sql`u.name`)}, u.id`,
  );
}
