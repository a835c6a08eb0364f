// A deep page of a long list (the mentees, the people directory, the guides by category, the outbox, customer queries)
// is read from an index alone: at scale, page 1,000 lies 10,000 rows in, and PostgreSQL read every one of those rows
// to skip it (mentees by name: 20 ms; the outbox, whose rows hold whole e-mails: 40 ms), where their ids in the index
// take 3 ms. The pages are asked of the API as an admin would; the SQL each runs is kept and its plan read.
import { faker } from "@faker-js/faker";
import { beforeAll, expect, test } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { GUIDE_CATEGORIES } from "#app/modules/guides/schema.ts";
import { createPerson, send, signIn } from "#tests/app.ts";
import { expectPageFromIndexAlone, noteRawQueries } from "#tests/support/query-plans.ts";

const queriesRun: unknown[] = [];

let token: string;
beforeAll(async () => {
  ({ token } = await signIn("admin"));
  for (let i = 0; i < 25; i++) await createPerson("user", { organisation: i % 3 ? `Church ${faker.string.alpha(6)}` : undefined });
  for (let i = 0; i < 25; i++) {
    const guide = await createPerson("guide");
    await prisma.guideProfile.create({ data: { userId: guide.id, category: i % 4 ? faker.helpers.arrayElement(GUIDE_CATEGORIES) : null } });
  }
  await prisma.outboxMail.createMany({
    data: Array.from({ length: 25 }, (_, i) => ({ to: `reader${i}@test.example`, subject: `Notice ${i}`, text: "Text", html: "<p>Text</p>" })),
  });
  await prisma.customerQuery.createMany({
    data: Array.from({ length: 25 }, (_, i) => ({ name: faker.person.fullName(), email: `asker${i}@test.example`, subject: `Question ${i}`, message: "M" })),
  });
  return noteRawQueries(queriesRun);
});

/** The lower(column) sort indexes of PostgreSQL are NOCASE indexes on SQLite. */
const caseless = (postgres: string) => (dialect === "postgres" ? postgres : postgres.replace("_lower_", "_nocase_"));

test.each([
  ["/api/admin/get-user-list?sort=name&order=asc", caseless("User_role_isDeleted_name_lower_idx")],
  ["/api/admin/get-user-list?sort=email&order=desc", caseless("User_role_isDeleted_email_lower_idx")],
  ["/api/admin/get-user-list?sort=organisation&order=asc", caseless("User_role_isDeleted_organisation_lower_idx")],
  ["/api/admin/get-user-list?sort=status&order=desc", "User_role_isDeleted_status_id_idx"],
  ["/api/admin/user-guide/list?filter=users&sort=name&order=desc", caseless("User_role_isDeleted_name_lower_idx")],
  ["/api/admin/get-mentor-list?sort=category&order=asc", "GuideProfile_category_sort_idx"],
  ["/api/admin/get-mentor-list?sort=category&order=desc", "GuideProfile_category_sort_idx"],
  ["/api/admin/outbox?sort=createdAt&order=desc", "OutboxMail_createdAt_id_idx"],
  ["/api/admin/outbox?sort=createdAt&order=asc", "OutboxMail_createdAt_id_idx"],
  ["/api/admin/get-all-queries?sort=createdAt&order=desc", "CustomerQuery_createdAt_id_idx"],
  ["/api/admin/get-all-queries?sort=subject&order=asc", "CustomerQuery_subject_sort_idx"],
  ["/api/admin/get-all-queries?sort=email&order=desc", "CustomerQuery_email_sort_idx"],
])("page 3 of %s is read from %s alone", async (path, index) => {
  queriesRun.length = 0;
  const response = await send(`${path}&page=3&limit=10`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  expect((await response.json()).meta).toMatchObject({ page: 3, limit: 10 });
  const page = queriesRun.findLast((query): query is Prisma.Sql => query instanceof Prisma.Sql && /LIMIT 10 OFFSET 20\b/.test(query.sql));
  expect(page, "the page's query").toBeDefined();
  await expectPageFromIndexAlone(index, page!);
});

// Sorted by a person, the whole bookings or payments list reads the people in their name or e-mail index and each
// one's rows, so the first page is found after a few people; SQLite's planner would otherwise sort every booking
// (72 ms at 1M bookings, 5 ms this way). PostgreSQL plans the join by its own statistics.
test.skipIf(dialect !== "sqlite").each([
  ["/api/admin/get-allbookings?sort=guideName&order=desc", "User_name_nocase_idx"],
  ["/api/admin/get-allbookings?sort=guideEmail&order=asc", "User_email_nocase_idx"],
  ["/api/admin/get-allbookings?sort=userName&order=asc", "User_name_nocase_idx"],
  ["/api/admin/getall/payments?sort=guideName&order=asc", "User_name_nocase_idx"],
])("the first page of %s reads the people first, from %s", async (path, index) => {
  const [mentee, guide] = await Promise.all([createPerson("user"), createPerson("guide")]);
  const booking = await prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, topic: "Preaching through Mark", rateCents: 5000, status: "pending" } });
  await prisma.payment.create({ data: { bookingId: booking.id, userId: mentee.id, guideId: guide.id, amountCents: 5000, status: "succeeded", paidAt: new Date() } });
  queriesRun.length = 0;
  const response = await send(`${path}&limit=10`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  const page = queriesRun.findLast((query): query is Prisma.Sql => query instanceof Prisma.Sql && /LIMIT 10 OFFSET 0\b/.test(query.sql));
  expect(page, "the page's query").toBeDefined();
  const plan = await prisma.$queryRaw<Array<{ detail: string }>>`EXPLAIN QUERY PLAN ${page!}`;
  expect(plan[0].detail).toMatch(new RegExp(`^SCAN [ug] USING (COVERING )?INDEX ${index}\\b`));
});
