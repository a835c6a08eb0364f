import { prisma } from "./db.server.ts";
import { knownTimeZone } from "./time-zones.ts";

/** The zone a person reads times in (their setting; UTC when unset or unknown to this runtime). */
export async function timeZoneOf(personId: number) {
  const person = await prisma.user.findUnique({ where: { id: personId }, select: { timeZone: true } });
  return knownTimeZone(person?.timeZone);
}
