import { prisma } from "./db.server.ts";
import { knownTimeZone } from "./time-zones.ts";

/** The zone a person reads times in (their setting; UTC when unset or unknown to this runtime). */
export async function timeZoneOf(personId: number) {
  const [person] = await prisma.$queryRaw<Array<{ timeZone: string }>>`SELECT "timeZone" FROM "User" WHERE id = ${personId}`;
  return knownTimeZone(person?.timeZone);
}
