// What every dashboard page reads beside its own content comes from an index alone: the bell's newest notifications
// in id order (someone with a hundred had them all read and sorted on every page), and on Messages the mentees a
// guide may write to (the busiest guide's 450 bookings were each read for their status: 1.2 ms of every visit).
// The page is asked for as the guide would; the SQL it runs is kept and its plan read.
import { beforeAll, expect, test } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { createPerson, send } from "#tests/app.ts";
import { expectReadInIndexOrder, noteRawQueries, postgresPlan } from "#tests/support/query-plans.ts";

const queriesRun: unknown[] = [];
const ranLike = (pattern: RegExp) => queriesRun.find((query): query is Prisma.Sql => query instanceof Prisma.Sql && pattern.test(query.sql));

beforeAll(async () => {
  const guide = await createPerson("guide");
  await prisma.guideProfile.create({ data: { userId: guide.id, category: "Senior Pastors" } });
  const mentees = [];
  for (let i = 0; i < 3; i++) {
    const mentee = await createPerson("user");
    mentees.push(mentee);
    const startsAt = new Date(Date.now() + 86_400_000 * (i + 2));
    await prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, startsAt, topic: "Leading well", status: "confirmed" } });
  }
  await prisma.notification.createMany({ data: Array.from({ length: 12 }, (_, i) => ({ userId: guide.id, kind: "booking", title: `Booking ${i}` })) });
  // Everyone else's bells too, as in a marketplace: the guide's are a few of many, so reading every row newest first
  // and skipping the others' is not a plan PostgreSQL may rightly prefer (it did, with only the guide's rows and
  // whatever statistics an earlier test file left).
  await prisma.notification.createMany({ data: mentees.flatMap((mentee) => Array.from({ length: 100 }, (_, i) => ({ userId: mentee.id, kind: "message", title: `Message ${i}` }))) });
  if (dialect === "postgres") await prisma.$executeRawUnsafe(`ANALYZE "Notification"`);
  const cookie = (await commitSession(await createSession(guide.id, "web"))).split(";")[0];
  const stop = noteRawQueries(queriesRun);
  const response = await send("/mentor-dashboard/messages", { cookie });
  expect(response.status).toBe(200);
  stop();
});

test("the bell's newest notifications are read from Notification_userId_id_idx in id order", async () => {
  const bell = ranLike(/FROM "Notification" WHERE "userId" = \S+ ORDER BY id DESC LIMIT/);
  expect(bell, "the bell's query").toBeDefined();
  await expectReadInIndexOrder("Notification_userId_id_idx", bell!);
});

test("the mentees a guide may write to are read from Booking_guideId_userId_status_id_idx alone", async () => {
  const contacts = ranLike(/MAX\(b\.id\) AS "lastId" FROM "Booking" b/);
  expect(contacts, "the new contacts' query").toBeDefined();
  if (dialect === "sqlite") {
    await prisma.$executeRawUnsafe(`ANALYZE "Booking"`);
    const plan = await prisma.$queryRaw<Array<{ detail: string }>>`EXPLAIN QUERY PLAN ${contacts!}`;
    expect(plan.map((row) => row.detail)).toContain("SEARCH b USING COVERING INDEX Booking_guideId_userId_status_id_idx (guideId=?)");
    return;
  }
  // As expectPageFromIndexAlone does: measured afresh, an index-only scan costs no visits to the table, whatever the
  // visibility map and the statistics that earlier test files left (without it, another index's scan can win).
  await prisma.$executeRawUnsafe("VACUUM (ANALYZE)");
  const plan = await postgresPlan(contacts!, ["enable_seqscan", "enable_indexscan", "enable_bitmapscan"]);
  expect(plan).toMatch(/Index Only Scan using "?Booking_guideId_userId_status_id_idx"? on "?Booking"? b/);
});
