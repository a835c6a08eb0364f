/**
 * Raw statements read their rows with `queryRows` and a shape naming each column's kind: a table's column and a
 * computed one (a COUNT, a MAX of dates, a comparison, a division) come back as the same JavaScript values on SQLite
 * and PostgreSQL, which hand them over differently (BigInt, ISO text, 0/1, numeric text).
 */
import { describe, expect, test } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { createPerson } from "#tests/app.ts";

describe("queryRows", () => {
  test("reads table and computed columns as numbers, text, booleans, dates and nulls on either engine", async () => {
    const person = await createPerson("user", { name: "Lydia Purple" });
    const rows = await queryRows(
      {
        id: column.int,
        name: column.text,
        imageId: column.nullableText,
        createdAt: column.date,
        isVerified: column.bool,
        count: column.int,
        none: column.int,
        latestAt: column.nullableDate,
        positive: column.bool,
        negative: column.bool,
        half: column.number,
        profileId: column.nullableInt,
        profileUpdatedAt: column.nullableDate,
      },
      Prisma.sql`
        SELECT u.id, u.name, u."imageId", u."createdAt", u."isVerified",
          (SELECT COUNT(*) FROM "User" x WHERE x.id = u.id) AS count,
          (SELECT COUNT(*) FROM "User" x WHERE x.id = -1) AS none,
          (SELECT MAX(x."createdAt") FROM "User" x WHERE x.id = u.id) AS "latestAt",
          (u.id > 0) AS positive, (u.id < 0) AS negative, u.id / 2.0 AS half,
          g.id AS "profileId", g."updatedAt" AS "profileUpdatedAt"
        FROM "User" u LEFT JOIN "GuideProfile" g ON g."userId" = u.id WHERE u.id = ${person.id}`,
    );
    expect(rows).toEqual([
      {
        id: person.id,
        name: "Lydia Purple",
        imageId: null,
        createdAt: person.createdAt,
        isVerified: true,
        count: 1,
        none: 0,
        latestAt: person.createdAt,
        positive: true,
        negative: false,
        half: person.id / 2,
        profileId: null,
        profileUpdatedAt: null,
      },
    ]);
  });

  test("a statement that finds nothing reads as no rows", async () => {
    expect(await queryRows({ id: column.int }, Prisma.sql`SELECT id FROM "User" WHERE id = -1`)).toEqual([]);
  });
});
