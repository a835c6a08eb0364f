// Console lists sorted by a column with few distinct values (a booking's rate, a payment's amount, a review's
// rating, a person's status or verification) read their page straight from an index in (column, id) order, both
// ways: at scale one rate or one status is shared by a hundred thousand rows, and sorting those took PostgreSQL
// 50–90 ms a page.
import { test } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { expectReadInIndexOrder } from "#tests/support/query-plans.ts";

const pages: Array<[string, string, (order: Prisma.Sql) => Prisma.Sql]> = [
  ["bookings by rate", "Booking_rateCents_id_idx", (order) => Prisma.sql`SELECT b.id FROM "Booking" b ORDER BY b."rateCents" ${order}, b.id ${order} LIMIT 10`],
  ["payments by amount", "Payment_amountCents_id_idx", (order) => Prisma.sql`SELECT p.id FROM "Payment" p ORDER BY p."amountCents" ${order}, p.id ${order} LIMIT 10`],
  ["reviews by rating", "Review_rating_id_idx", (order) => Prisma.sql`SELECT r.id FROM "Review" r ORDER BY r.rating ${order}, r.id ${order} LIMIT 10`],
  [
    "users by status",
    "User_role_isDeleted_status_id_idx",
    (order) => Prisma.sql`SELECT u.id FROM "User" u WHERE u.role = 'user' AND u."isDeleted" = FALSE ORDER BY u.status ${order}, u.id ${order} LIMIT 10`,
  ],
  [
    "guides by verification",
    "User_role_isDeleted_isVerified_id_idx",
    (order) => Prisma.sql`SELECT u.id FROM "User" u WHERE u.role = 'guide' AND u."isDeleted" = FALSE ORDER BY u."isVerified" ${order}, u.id ${order} LIMIT 10`,
  ],
];

test.each(pages.flatMap(([name, index, query]) => ["ASC", "DESC"].map((order) => [name, order, index, query] as const)))(
  "a page of %s (%s) is read from an index in that order, ties by id included",
  async (_, order, index, query) => {
    await expectReadInIndexOrder(index, query(Prisma.raw(order)), { ties: "indexed" });
  },
);
