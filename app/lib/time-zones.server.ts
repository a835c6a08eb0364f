import { Prisma } from "#app/generated/prisma/client.ts";
import { column, queryRows } from "./sql.server.ts";
import { knownTimeZone } from "./time-zones.ts";

/** The zone a person reads times in (their setting; UTC when unset or unknown to this runtime). */
export async function timeZoneOf(personId: number) {
  const [person] = await queryRows({ timeZone: column.text }, Prisma.sql`SELECT "timeZone" FROM "User" WHERE id = ${personId}`);
  return knownTimeZone(person?.timeZone);
}
