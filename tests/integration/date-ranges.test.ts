// The console's lists narrowed to a range of days (`from`, `to`), read as days of the admin's time zone: here Chicago
// (UTC−6 in winter), so 23:30 there on the last day is 05:30 UTC the next day and still in, and 00:30 the next day out.
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { dateRangeChoices } from "#app/lib/date-range.ts";
import { LIST_TOTAL_CAP } from "#app/lib/list.ts";
import { createPerson, send, signIn } from "#tests/app.ts";

const ZONE = "America/Chicago";
/** 23:30 in Chicago on Jan 31 of `year`, and 00:30 on Feb 1 (both CST, UTC−6). */
const lastEvening = (year: number) => new Date(`${year}-02-01T05:30:00Z`);
const nextMorning = (year: number) => new Date(`${year}-02-01T06:30:00Z`);
/** In UTC both moments are on Feb 1: only the admin's zone puts the first on Jan 31. */
const january = (year: number) => `from=${year}-01-01&to=${year}-01-31`;

async function chicagoAdmin() {
  const admin = await signIn("admin");
  await prisma.user.update({ where: { id: admin.person.id }, data: { timeZone: ZONE } });
  return admin;
}

const json = async (path: string, token: string) => {
  const response = await send(path, { token });
  expect(response.status, path).toBe(200);
  const body = (await response.json()) as { data?: Array<Record<string, unknown>>; bookings?: Array<Record<string, unknown>>; meta: { total: number } };
  return { data: body.data ?? body.bookings ?? [], meta: body.meta };
};
const screen = async (path: string, cookie: string) => {
  const response = await send(path, { cookie });
  expect(response.status, path).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
};

async function twoBookings(year: number, of: "startsAt" | "createdAt") {
  const [user, guide] = await Promise.all([createPerson("user"), createPerson("guide")]);
  const booking = (moment: Date, topic: string) =>
    prisma.booking.create({ data: { userId: user.id, guideId: guide.id, topic, rateCents: 5000, paymentStatus: "paid", [of]: moment, ...(of === "createdAt" ? { startsAt: new Date("2020-06-01T15:00:00Z") } : {}) } });
  return { user, guide, inside: await booking(lastEvening(year), `Evening ${year} ${of}`), outside: await booking(nextMorning(year), `Morning ${year} ${of}`) };
}

describe("date ranges of the console's lists", () => {
  test("bookings by session date: the last day's evening in the admin's zone is in, the next morning out; the screen's count follows", async () => {
    const { token, cookie } = await chicagoAdmin();
    const { inside, outside } = await twoBookings(2031, "startsAt");
    const january2031 = await json(`/api/admin/get-allbookings?${january(2031)}`, token);
    expect(january2031.data.map((row) => row.id)).toEqual([inside.id]);
    expect(january2031.meta.total).toBe(1);
    // The same days named explicitly, and the next day alone.
    expect((await json(`/api/admin/get-allbookings?${january(2031)}&date=session`, token)).data.map((row) => row.id)).toEqual([inside.id]);
    expect((await json("/api/admin/get-allbookings?from=2031-02-01&to=2031-02-01", token)).data.map((row) => row.id)).toEqual([outside.id]);
    // An open end: everything from Jan 31 on.
    expect((await json("/api/admin/get-allbookings?from=2031-01-31&sortBy=id&sortOrder=asc", token)).data.map((row) => row.id)).toEqual([inside.id, outside.id]);

    const page = await screen(`${adminLinks.bookings}?${january(2031)}`, cookie);
    expect(page).toContain("Evening 2031 startsAt");
    expect(page).not.toContain("Morning 2031 startsAt");
    expect(page).toContain("1–1 of 1 · Page 1 of 1");
    expect(page).toContain("Session: Jan 1, 2031 – Jan 31, 2031");
  });

  test("bookings by booked date (date=booked), also over one guide's bookings (read another way)", async () => {
    const { token } = await chicagoAdmin();
    const { guide, inside, outside } = await twoBookings(2032, "createdAt");
    expect((await json(`/api/admin/get-allbookings?${january(2032)}&date=booked`, token)).data.map((row) => row.id)).toEqual([inside.id]);
    expect((await json(`/api/admin/get-allbookings?${january(2032)}&date=booked&mentorId=${guide.id}`, token)).data.map((row) => row.id)).toEqual([inside.id]);
    expect((await json(`/api/admin/get-allbookings?from=2032-02-01&to=2032-02-01&date=booked&sortBy=rate`, token)).data.map((row) => row.id)).toEqual([outside.id]);
    // By session date neither is in January 2032 (their sessions were in 2020).
    expect((await json(`/api/admin/get-allbookings?${january(2032)}`, token)).meta.total).toBe(0);
  });

  test("transactions by the day paid, their count on the screen following the range", async () => {
    const { token, cookie } = await chicagoAdmin();
    const [user, guide] = await Promise.all([createPerson("user"), createPerson("guide")]);
    const paid = (moment: Date, amountCents: number) => prisma.payment.create({ data: { userId: user.id, guideId: guide.id, amountCents, status: "succeeded", paidAt: moment } });
    const inside = await paid(lastEvening(2033), 1234);
    await paid(nextMorning(2033), 5678);
    const result = await json(`/api/admin/getall/payments?${january(2033)}`, token);
    expect(result.data.map((row) => row.id)).toEqual([inside.id]);
    // Sorted by another column, the range is tested on each row as the list is read in that order.
    expect((await json(`/api/admin/getall/payments?${january(2033)}&sortBy=amount`, token)).data.map((row) => row.id)).toEqual([inside.id]);
    const page = await screen(`${adminLinks.transactions}?${january(2033)}`, cookie);
    expect(page).toContain("$12.34");
    expect(page).not.toContain("$56.78");
    expect(page).toContain("1–1 of 1 · Page 1 of 1");
    expect(page).toContain("Paid: Jan 1, 2033 – Jan 31, 2033");
  });

  test("reviews by the date each shows: a reviewer's day as written, else when it was written in the admin's zone", async () => {
    const { token } = await chicagoAdmin();
    const [user, guide] = await Promise.all([createPerson("user"), createPerson("guide")]);
    const review = (data: { date?: string; createdAt: Date; content: string }) => prisma.review.create({ data: { authorId: user.id, guideId: guide.id, rating: 5, ...data } });
    const undatedIn = await review({ createdAt: lastEvening(2034), content: "Written on the evening of the last day." });
    await review({ createdAt: nextMorning(2034), content: "Written on the next morning." });
    const datedIn = await review({ date: "2034-01-31", createdAt: new Date("2034-03-01T12:00:00Z"), content: "Dated by the reviewer on the last day." });
    await review({ date: "2034-02-01", createdAt: new Date("2034-01-15T12:00:00Z"), content: "Dated by the reviewer on the next day." });
    for (const sort of ["createdAt", "rating"]) {
      const result = await json(`/api/admin/all/reviews?${january(2034)}&sortBy=${sort}`, token);
      expect(result.data.map((row) => row.id).sort(), sort).toEqual([undatedIn.id, datedIn.id].sort());
    }
    expect((await json("/api/admin/all/reviews?from=2034-02-01&to=2034-02-01", token)).meta.total).toBe(2);
  });

  test("guide requests by the day submitted and customer queries by the day received", async () => {
    const { token, cookie } = await chicagoAdmin();
    const [early, late] = await Promise.all([createPerson("guide"), createPerson("guide")]);
    const inside = await prisma.guideRequest.create({ data: { guideId: early.id, createdAt: lastEvening(2035) } });
    await prisma.guideRequest.create({ data: { guideId: late.id, createdAt: nextMorning(2035) } });
    expect((await json(`/api/admin/get-mentor-request-list?${january(2035)}`, token)).data.map((row) => row.id)).toEqual([inside.id]);
    expect(await screen(`${adminLinks.guideRequests}?${january(2035)}`, cookie)).toContain("1–1 of 1 · Page 1 of 1");

    const query = (moment: Date, subject: string) => prisma.customerQuery.create({ data: { name: "Ruth Calloway", email: "ruth@example.test", subject, message: "A question.", createdAt: moment } });
    const asked = await query(lastEvening(2035), "Asked on the evening of the last day");
    await query(nextMorning(2035), "Asked on the next morning");
    expect((await json(`/api/admin/get-all-queries?${january(2035)}`, token)).data.map((row) => row.id)).toEqual([asked.id]);
    const page = await screen(`${adminLinks.customerQueries}?${january(2035)}`, cookie);
    expect(page).toContain("Asked on the evening of the last day");
    expect(page).not.toContain("Asked on the next morning");
  });

  test("a range of more rows than the count's cap, sorted by another column, is read in that order and each row tested: the same rows", async () => {
    const { token } = await chicagoAdmin();
    const [user, guide] = await Promise.all([createPerson("user"), createPerson("guide")]);
    const start = Date.parse("2036-01-01T06:00:00Z");
    const count = LIST_TOTAL_CAP + 60;
    // A session every 20 minutes from Jan 1, 2036 (Chicago) for about 140 days; rates repeat, so the order leans on the id too.
    await prisma.booking.createMany({
      data: Array.from({ length: count }, (_, index) => ({ userId: user.id, guideId: guide.id, topic: `Range ${index}`, rateCents: 100 * ((index * 37) % 97), startsAt: new Date(start + index * 1_200_000) })),
    });
    const made = await prisma.booking.findMany({ where: { guideId: guide.id }, select: { id: true, rateCents: true, startsAt: true } });
    const inRange = made.filter((booking) => booking.startsAt! >= new Date(start) && booking.startsAt! < new Date("2037-01-01T06:00:00Z"));
    const expected = inRange.sort((a, b) => b.rateCents - a.rateCents || b.id - a.id).slice(0, 10).map((booking) => booking.id);
    const result = await json("/api/admin/get-allbookings?from=2036-01-01&to=2036-12-31&sortBy=rate&sortOrder=desc", token);
    expect(result.data.map((row) => row.id)).toEqual(expected);
    expect(result.meta).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true });
    // A range of a few of them, the same order: collected from the range's index and sorted.
    const fewDays = made.filter((booking) => booking.startsAt! >= new Date("2036-01-02T06:00:00Z") && booking.startsAt! < new Date("2036-01-03T06:00:00Z"));
    const few = await json("/api/admin/get-allbookings?from=2036-01-02&to=2036-01-02&sortBy=rate&sortOrder=desc&limit=100", token);
    expect(few.data.map((row) => row.id)).toEqual(fewDays.sort((a, b) => b.rateCents - a.rateCents || b.id - a.id).map((booking) => booking.id));
  });

  test("a bad date or a range that ends before it starts is a 400 naming the parameter; a screen drops it", async () => {
    const { token, cookie } = await chicagoAdmin();
    for (const api of ["/api/admin/get-allbookings", "/api/admin/getall/payments", "/api/admin/all/reviews", "/api/admin/get-mentor-request-list", "/api/admin/get-all-queries", "/api/admin/payouts"]) {
      const backwards = await send(`${api}?from=2026-02-10&to=2026-02-01`, { token });
      expect(backwards.status, api).toBe(400);
      expect(await backwards.json(), api).toMatchObject({ message: "to must be the same day as from or later", errors: { to: expect.any(Array) } });
      for (const day of ["2026-02-30", "2026-13-40", "26-2-1", "yesterday"]) {
        const impossible = await send(`${api}?from=${day}`, { token });
        expect(impossible.status, `${api} ${day}`).toBe(400);
        expect(await impossible.json(), api).toMatchObject({ message: "from must be a date such as 2026-11-28" });
      }
    }
    expect((await send("/api/admin/get-allbookings?date=tomorrow", { token })).status).toBe(400);
    // One day is a range too.
    expect((await send("/api/admin/get-allbookings?from=2026-02-01&to=2026-02-01", { token })).status).toBe(200);

    const dropped = await send(`${adminLinks.bookings}?from=2026-02-10&to=2026-02-01&paymentStatus=paid`, { cookie });
    expect(dropped.status).toBe(302);
    expect(dropped.headers.get("location")).toBe(`${adminLinks.bookings}?from=2026-02-10&paymentStatus=paid`);
    const unreadable = await send(`${adminLinks.transactions}?from=someday`, { cookie });
    expect(unreadable.headers.get("location")).toBe(adminLinks.transactions);
  });

  test("the quick choices are days of the admin's zone, offered as links that set the URL", async () => {
    const { cookie } = await chicagoAdmin();
    // 03:00 UTC on Mar 1 is still Feb 28 in Chicago.
    expect(dateRangeChoices(ZONE, new Date("2027-03-01T03:00:00Z"))).toEqual([
      { label: "Today", from: "2027-02-28", to: "2027-02-28" },
      { label: "Last 7 days", from: "2027-02-22", to: "2027-02-28" },
      { label: "This month", from: "2027-02-01", to: "2027-02-28" },
      { label: "Last month", from: "2027-01-01", to: "2027-01-31" },
    ]);
    const [today] = dateRangeChoices(ZONE);
    const page = await screen(`${adminLinks.bookings}?paymentStatus=paid`, cookie);
    expect(page).toContain(`href="${adminLinks.bookings}?paymentStatus=paid&amp;from=${today.from}&amp;to=${today.to}"`);
  });
});
