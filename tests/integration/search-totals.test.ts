// A list counts its rows up to a cap: SEARCH_TOTAL_CAP searched ("1,000+"), LIST_TOTAL_CAP otherwise ("10,000+").
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { LIST_TOTAL_CAP, SEARCH_TOTAL_CAP } from "#app/lib/list.ts";
import { send, signIn } from "#tests/app.ts";

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

});

// Every booking searched for a name: each side's people, and both together, counted up to the cap.
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
    // Filtered: the count is exact below the cap.
    expect(await total("search=thaddeus&paymentStatus=failed")).toEqual({ page: 1, limit: 10, total: 600, totalPages: 60 });
    expect(await total("search=thaddeus+kell")).toEqual({ page: 1, limit: 10, total: 600, totalPages: 60 });
  });


  test("an unsearched list past LIST_TOTAL_CAP says so in the API's meta and as '10,000+' on the screen, and its last page is there", async () => {
    const [mentee, guide] = await Promise.all([person("Cornelius Deep", "user"), person("Perpetua Deep", "guide")]);
    await book(mentee.id, guide.id, LIST_TOTAL_CAP + 5);
    const pages = LIST_TOTAL_CAP / 10;
    expect(await total(`userId=${mentee.id}`)).toEqual({ page: 1, limit: 10, total: LIST_TOTAL_CAP, totalPages: pages, totalCapped: true });
    expect(await total(`userId=${mentee.id}&page=${pages}`)).toMatchObject({ page: pages, totalCapped: true });
    const { cookie } = await signIn("admin");
    const screen = await send(`/admin/dashboard/Bookings?userId=${mentee.id}`, { cookie });
    expect((await screen.text()).replaceAll("<!-- -->", "")).toContain("1–10 of 10,000+");
  });
});
