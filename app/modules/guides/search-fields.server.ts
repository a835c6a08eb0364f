import { randomBytes } from "node:crypto";
import { transaction, type Transaction } from "#app/lib/db.server.ts";
import { Prisma } from "#app/generated/prisma/client.ts";
import { sqlBool } from "#app/lib/search/dialect.server.ts";
import { guideSearchFields, LIVE_GUIDE } from "./search-fields.ts";

// What Find a Mentor reads of a guide, kept on GuideProfile and written here (`guideSearchFields` defines each), in the
// transaction of every change to what it is made of: the guide's account, profile, specialties and languages.

/**
 * Find a Mentor keeps every live guide's facet values in memory, read again once "GuideSearchGeneration" holds
 * another value: call this in the transaction of any change to a column it keeps (see mentor-search.server.ts).
 * Random, so a database put back to an earlier state never repeats a value; an upsert, so an emptied table gets
 * its row back.
 */
export async function guideSearchChanged(tx: Transaction) {
  const generation = randomBytes(8).toString("hex");
  await tx.guideSearchGeneration.upsert({ where: { id: 1 }, create: { id: 1, generation }, update: { generation } });
}

/**
 * Writes the search fields of the guides among `userIds` (people without a guide profile are skipped) and moves the
 * generation. Called in the transaction that changed their account, profile, specialties or languages.
 */
export async function refreshGuideSearch(tx: Transaction, userIds: number[]) {
  const people = await tx.user.findMany({
    where: { id: { in: [...new Set(userIds)] }, guideProfile: { isNot: null } },
    select: {
      id: true,
      role: true,
      isVerified: true,
      status: true,
      isDeleted: true,
      name: true,
      title: true,
      organisation: true,
      bio: true,
      specialties: { select: { code: true } },
      guideProfile: { select: { expertise: true, languages: { select: { language: true }, orderBy: { position: "asc" } } } },
    },
  });
  for (const person of people) {
    const fields = guideSearchFields({
      ...person,
      expertise: person.guideProfile!.expertise,
      specialties: person.specialties.map((row) => row.code),
      languages: person.guideProfile!.languages.map((row) => row.language),
    });
    await tx.guideProfile.update({ where: { userId: person.id }, data: fields });
  }
  if (people.length) await guideSearchChanged(tx);
}

/** `refreshGuideSearch` in a transaction of its own (after writes made elsewhere, such as a test's or the seed's). */
export const refreshGuideSearchNow = (userIds: number[]) => transaction((tx) => refreshGuideSearch(tx, userIds));

/** LIVE_GUIDE in raw SQL, over the "User" row aliased `alias`. */
export const liveGuideSql = (alias = Prisma.raw("u")) =>
  Prisma.join(
    Object.entries(LIVE_GUIDE).map(([name, value]) => Prisma.sql`${alias}.${Prisma.raw(`"${name}"`)} = ${typeof value === "boolean" ? sqlBool(value) : value}`),
    " AND ",
  );
