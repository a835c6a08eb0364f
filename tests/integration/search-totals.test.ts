// A search's matches are counted up to SEARCH_TOTAL_CAP: a broad term at scale would otherwise count them all.
import { describe, expect, test } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { ALL_ROWS, pageOf } from "#app/lib/list.server.ts";
import { SEARCH_TOTAL_CAP } from "#app/lib/list.ts";
import { personIndexProbes } from "#app/modules/accounts/search.server.ts";
import { bookingParties } from "#app/modules/bookings/policy.ts";
import { send, signIn } from "#tests/app.ts";
import { postgresPlan } from "#tests/support/query-plans.ts";

describe("search totals", () => {
  test("stop counting past the cap, say so in the API's meta and as '1,000+' on the screen", async () => {
    const { cookie, token } = await signIn("admin");
    await prisma.user.createMany({
      data: Array.from({ length: SEARCH_TOTAL_CAP + 5 }, (_, index) => ({ name: `Quillon Member ${index}`, email: `quillon.${index}@example.test`, updatedAt: new Date() })),
    });

    const api = await send("/api/admin/get-user-list?search=quillon&limit=10", { token });
    expect(api.status).toBe(200);
    const { meta } = (await api.json()) as { meta: Record<string, unknown> };
    expect(meta).toMatchObject({ total: SEARCH_TOTAL_CAP, totalPages: SEARCH_TOTAL_CAP / 10, totalCapped: true });

    const screen = await send("/admin/dashboard/user-management/user?search=quillon", { cookie });
    expect((await screen.text()).replaceAll("<!-- -->", "")).toContain("1–10 of 1,000+ · Page 1 of 100+");

    // Below the cap the count is exact and says nothing more.
    const few = (await (await send("/api/admin/get-user-list?search=quillon.100", { token })).json()) as { meta: Record<string, unknown> };
    expect(few.meta.total).toBeLessThan(SEARCH_TOTAL_CAP);
    expect(few.meta).not.toHaveProperty("totalCapped");
  });

  test("a list of few rows counts its own rows; a long one may count its search's rows from a quicker source", async () => {
    await prisma.user.createMany({
      data: Array.from({ length: 3 }, (_, index) => ({ name: `Ozias Fewrow ${index}`, email: `ozias.${index}@example.test`, role: "guide", updatedAt: new Date() })),
    });
    const list = (fewRows: boolean) =>
      pageOf<{ id: unknown }>({
        search: () => Prisma.sql`u.name LIKE 'Ozias Fewrow%'`,
        // A stand-in source that finds one row of the three, to tell which count ran.
        searchRows: Prisma.sql`FROM "User" u WHERE u.email = 'ozias.0@example.test'`,
        fewRows,
        select: Prisma.sql`u.id`,
        from: Prisma.sql`"User" u`,
        where: [Prisma.sql`u.role = 'guide'`],
        orderBy: Prisma.sql`u.id`,
        page: 1,
        limit: 10,
      });
    expect((await list(true)).meta.total).toBe(3);
    expect((await list(false)).meta.total).toBe(1);
  });
});

// Every booking searched for a name: when one side's people alone have more bookings than the cap, the people index
// says so at once (a cap probe); otherwise, or on a filtered list, the search is counted as usual, exactly up to it.
describe("search totals of bookings, through the people index", () => {
  const person = (name: string, role: "user" | "guide") =>
    prisma.user.create({ data: { name, email: `${name.replace(/\W/g, "").toLowerCase()}.${Date.now()}@example.test`, role, updatedAt: new Date() } });
  const book = (userId: number, guideId: number, count: number, paymentStatus = "paid") =>
    prisma.booking.createMany({ data: Array.from({ length: count }, () => ({ userId, guideId, topic: "Sabbath rhythms", paymentStatus, updatedAt: new Date() })) });
  const total = async (query: string) => {
    const { token } = await signIn("admin");
    const response = await send(`/api/admin/get-allbookings?limit=10&${query}`, { token });
    expect(response.status).toBe(200);
    return ((await response.json()) as { meta: { total: number; totalCapped?: true } }).meta;
  };

  test("one side past the cap, both sides together past it, and a filtered list", async () => {
    const [mentee, guide, otherMentee, otherGuide] = await Promise.all([
      person("Thaddeus Orrin", "user"),
      person("Thaddeus Kell", "guide"),
      person("Wilhelmina Pryce", "user"),
      person("Octavia Brandt", "guide"),
    ]);
    await book(mentee.id, otherGuide.id, SEARCH_TOTAL_CAP + 5);
    expect(await total("search=thaddeus+orrin")).toEqual({ page: 1, limit: 10, total: SEARCH_TOTAL_CAP, totalPages: SEARCH_TOTAL_CAP / 10, totalCapped: true });

    // 600 as a mentee and 600 as a guide: neither side alone passes the cap, together they do.
    await book(otherMentee.id, guide.id, 600, "failed");
    await prisma.booking.deleteMany({ where: { userId: mentee.id } });
    await book(mentee.id, otherGuide.id, 600);
    expect(await total("search=thaddeus")).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    // Filtered: no probe; the count is exact below the cap.
    expect(await total("search=thaddeus&paymentStatus=failed")).toEqual({ page: 1, limit: 10, total: 600, totalPages: 60 });
    expect(await total("search=thaddeus+kell")).toEqual({ page: 1, limit: 10, total: 600, totalPages: 60 });
  });

  test("a probe reads the people index first and each person's bookings through their column's index", async () => {
    const probes = personIndexProbes({ text: "th" }, Prisma.sql`"Booking" b`, [ALL_ROWS], [bookingParties.user, bookingParties.guide]);
    expect(probes).toHaveLength(2);
    for (const probe of probes) {
      if (dialect === "sqlite") {
        const plan = (await prisma.$queryRaw<Array<{ detail: string }>>`EXPLAIN QUERY PLAN SELECT 1 ${probe}`).map((row) => row.detail);
        expect(plan.findIndex((step) => step.startsWith("SCAN UserWords"))).toBeLessThan(plan.findIndex((step) => /^SEARCH b USING (COVERING )?INDEX/.test(step)));
        continue;
      }
      // A few test rows would be scanned whole: scans are priced out, as at scale.
      const plan = (await postgresPlan(Prisma.sql`SELECT 1 ${probe} LIMIT 1001`, ["enable_seqscan"])).split("\n");
      expect(plan.join("\n")).toMatch(/Nested Loop/);
      expect(plan.findIndex((step) => /"User_words_idx"/.test(step))).toBeLessThan(plan.findIndex((step) => /"Booking_\w+_idx"/.test(step)));
    }
    expect(personIndexProbes({ text: "th" }, Prisma.sql`"Booking" b`, [ALL_ROWS, Prisma.sql`b."paymentStatus" = 'failed'`], [bookingParties.user])).toEqual([]);
  });
});
