import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { formatMoney } from "#app/lib/format.ts";
import { countBookingMade } from "#app/modules/stats/month-totals.server.ts";
import { createPerson, send, signIn } from "#tests/app.ts";

const base = "/admin/dashboard";
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const json = async <T,>(response: Response) => (await response.json()) as T;

let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  admin = await signIn("admin");
});

const getStats = async () => (await json<{ data: Record<string, number> }>(await send("/api/admin/dashboard/Stats", { token: admin.token }))).data;

/** A month key 'YYYY-MM' (UTC) `offset` months from now. */
const monthFromNow = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
};

describe("overview figures", () => {
  test("Stats counts what the database holds: each figure moves by what was added", async () => {
    const before = await getStats();
    await createPerson("user");
    await createPerson("user", { status: "inactive" });
    const deleted = await createPerson("user");
    await prisma.user.update({ where: { id: deleted.id }, data: { isDeleted: true } });
    const verified = await createPerson("guide", { isVerified: true });
    const unverified = await createPerson("guide", { isVerified: false });
    const deletedGuide = await createPerson("guide", { isVerified: true });
    await prisma.user.update({ where: { id: deletedGuide.id }, data: { isDeleted: true } });
    await prisma.guideRequest.create({ data: { guideId: unverified.id } });
    await prisma.guideRequest.create({ data: { guideId: verified.id, status: "approved" } });
    // Bookings and revenue are kept by their domains as people book and pay: overview-totals.test.ts.
    await transaction(async (tx) => {
      await countBookingMade(tx, { createdAt: new Date() });
      await countBookingMade(tx, { createdAt: new Date(Date.UTC(new Date().getUTCFullYear() - 2, 0, 15)) });
    });
    await prisma.customerQuery.create({ data: { name: "Q", email: "q@test.example", subject: "Open", message: "Help" } });
    await prisma.customerQuery.create({ data: { name: "Q", email: "q@test.example", subject: "Done", message: "Help", answer: "Done", answeredAt: new Date() } });
    // Marked answered without a written answer (answered by phone): answered, as the list shows it.
    await prisma.customerQuery.create({ data: { name: "Q", email: "q@test.example", subject: "Phoned", message: "Help", answeredAt: new Date() } });

    const after = await getStats();
    expect(after.activeUsers - before.activeUsers).toBe(1);
    expect(after.totalGuides - before.totalGuides).toBe(2);
    expect(after.verifiedGuides - before.verifiedGuides).toBe(1);
    expect(after.pendingGuideRequests - before.pendingGuideRequests).toBe(1);
    expect(after.totalBookings - before.totalBookings).toBe(2);
    expect(after.bookingsThisMonth - before.bookingsThisMonth).toBe(1);
    expect(after.revenueCents - before.revenueCents).toBe(0);
    expect(after.openQueries - before.openQueries).toBe(1);

    // The counted figures match direct counts.
    expect(after.activeUsers).toBe(await prisma.user.count({ where: { role: "user", status: "active", isDeleted: false } }));
    expect(after.verifiedGuides).toBe(await prisma.user.count({ where: { role: "guide", isVerified: true, isDeleted: false } }));
    expect(after.openQueries).toBe(await prisma.customerQuery.count({ where: { answeredAt: null } }));
  });

  test("the platform's share of revenue follows the fee percentage in the settings", async () => {
    const previous = await prisma.platformSettings.findUnique({ where: { id: 1 } });
    await prisma.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, platformFeePercent: 20 }, update: { platformFeePercent: 20 } });
    try {
      const stats = await getStats();
      expect(stats.platformFeePercent).toBe(20);
      expect(stats.platformFeeCents).toBe(Math.round(stats.revenueCents * 0.2));
      const overview = await text(await send(base, { cookie: admin.cookie }));
      expect(overview).toContain(`platform share ${formatMoney(stats.platformFeeCents)} at 20%`);
    } finally {
      await prisma.platformSettings.update({ where: { id: 1 }, data: { platformFeePercent: previous?.platformFeePercent ?? 10 } });
    }
  });

  test("montlyBookingStats has the last 12 months, oldest first, zero months included", async () => {
    const read = async () =>
      (await json<{ data: Array<{ month: string; label: string; bookings: number }> }>(
        await send("/api/admin/dashboard/montlyBookingStats", { token: admin.token }),
      )).data;
    const before = await read();
    expect(before).toHaveLength(12);
    expect(before.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => monthFromNow(i - 11)));
    const [year, month] = monthFromNow(-3).split("-").map(Number);
    expect(before[8].label).toBe(`${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]} ${year}`);

    // Bookings made then, as the booking flow counts each in its month.
    const threeMonthsAgo = new Date(Date.UTC(year, month - 1, 10, 12));
    await transaction(async (tx) => {
      for (const createdAt of [threeMonthsAgo, threeMonthsAgo, threeMonthsAgo, new Date(), new Date(Date.UTC(year - 2, 0, 1))]) await countBookingMade(tx, { createdAt });
    });

    const after = await read();
    expect(after.map((m, i) => m.bookings - before[i].bookings)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 1]);
  });

  test("the overview screen shows the figures, links each card to its screen and has the data table in the HTML", async () => {
    const stats = await getStats();
    const response = await send(base, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = await text(response);
    expect(html).toContain("<title>Overview · Ministry Mentors</title>");
    expect(html).toContain(formatMoney(stats.revenueCents));
    expect(html).toContain(`${stats.verifiedGuides} / ${stats.totalGuides}`);
    expect(html).toContain(`${stats.bookingsThisMonth} this month`);
    for (const href of ["/user-management/user", "/user-management/guide", "/guide-request", "/Bookings", "/all-transactions", "/customer-queries"]) {
      expect(html).toContain(`href="${base}${href}"`);
    }
    const table = html.match(/<table[^>]*><caption>Bookings per month<\/caption>[\s\S]*?<\/table>/)?.[0] ?? "";
    expect(table.match(/<th scope="row">/g)).toHaveLength(12);
  });

  test("the dashboard API needs an admin token", async () => {
    const { token: userToken } = await signIn("user");
    for (const path of ["/api/admin/dashboard/Stats", "/api/admin/dashboard/montlyBookingStats"]) {
      const anonymous = await send(path);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ message: "Authentication token is missing" });
      const user = await send(path, { token: userToken });
      expect(user.status).toBe(403);
      expect(await user.json()).toEqual({ message: "Admin access required" });
    }
  });
});

// ─── Bookings, payments and reviews of one small marketplace per test ────────────────────────────────

const LONG_REVIEW = `${"Wise, patient and practical counsel. ".repeat(6)}The END of the long review text.`;

/** Two guides, two mentees, five bookings, five payments and three reviews, all named with one tag. */
async function marketplace() {
  const tag = faker.string.alpha({ length: 10, casing: "lower" });
  const person = (role: "user" | "guide", first: string) =>
    createPerson(role, { name: `${first} ${tag}`, email: `${first.toLowerCase()}.${tag}@test.example` });
  const abigail = await person("guide", "Abigail");
  const boaz = await person("guide", "Boaz");
  const carmen = await person("user", "Carmen");
  const dan = await person("user", "Dan");
  const booking = async (user: { id: number }, guide: { id: number }, topic: string, rateCents: number, paymentStatus: string, startsAt?: string) =>
    prisma.booking.create({
      data: {
        userId: user.id,
        guideId: guide.id,
        topic: `${topic} ${tag}`,
        rateCents,
        paymentStatus,
        startsAt: startsAt ? new Date(startsAt) : undefined,
      },
    });
  const bookings = {
    preaching: await booking(carmen, abigail, "Preaching", 5000, "paid", "2026-01-10T15:00:00Z"),
    budget: await booking(carmen, boaz, "Budget", 0, "unpaid"),
    youth: await booking(dan, abigail, "Youth", 7500, "pending", "2026-02-10T15:00:00Z"),
    worship: await booking(dan, boaz, "Worship", 2500, "failed"),
    planting: await booking(dan, abigail, "Planting", 4000, "unpaid"),
  };
  const payment = (data: { bookingId?: number; userId: number; guideId: number; amountCents: number; status: string; paidAt?: string; intent?: string }) =>
    prisma.payment.create({
      data: {
        bookingId: data.bookingId,
        userId: data.userId,
        guideId: data.guideId,
        amountCents: data.amountCents,
        status: data.status,
        paidAt: data.paidAt ? new Date(data.paidAt) : null,
        stripePaymentIntentId: data.intent,
      },
    });
  const payments = {
    january: await payment({ bookingId: bookings.preaching.id, userId: carmen.id, guideId: abigail.id, amountCents: 5000, status: "succeeded", paidAt: "2026-01-10T16:00:00Z", intent: `pi_${tag}_jan` }),
    pending: await payment({ bookingId: bookings.youth.id, userId: dan.id, guideId: abigail.id, amountCents: 7500, status: "pending" }),
    failed: await payment({ bookingId: bookings.worship.id, userId: dan.id, guideId: boaz.id, amountCents: 2500, status: "failed" }),
    refunded: await payment({ userId: carmen.id, guideId: boaz.id, amountCents: 1234, status: "refunded", paidAt: "2026-02-01T10:00:00Z" }),
    march: await payment({ userId: dan.id, guideId: abigail.id, amountCents: 9900, status: "succeeded", paidAt: "2026-03-01T10:00:00Z" }),
  };
  const review = (data: { authorId: number; guideId: number; rating: number; content: string; date?: string; createdAt: string; mentorResponse?: string }) =>
    prisma.review.create({ data: { ...data, createdAt: new Date(data.createdAt) } });
  const reviews = {
    long: await review({ authorId: carmen.id, guideId: abigail.id, rating: 5, content: LONG_REVIEW, date: "0000-00-00", createdAt: "2026-01-11T09:00:00Z", mentorResponse: `Thank you, ${tag}!` }),
    short: await review({ authorId: dan.id, guideId: abigail.id, rating: 3, content: `Helpful session ${tag}.`, date: "2026-02-02", createdAt: "2026-02-03T09:00:00Z" }),
    other: await review({ authorId: dan.id, guideId: boaz.id, rating: 4, content: "Good listener.", createdAt: "2026-03-03T09:00:00Z" }),
  };
  return { tag, abigail, boaz, carmen, dan, bookings, payments, reviews };
}

type Market = Awaited<ReturnType<typeof marketplace>>;

/** The ids of a screen's rows, in order, from the links to their profiles (bookings) or their '#id' cells (payments). */
const bookingIds = (html: string) => [...html.matchAll(/<a [^>]*href="\/admin\/dashboard\/viewBookingPage\/(\d+)"[^>]*>(?:<svg[\s\S]*?<\/svg>)?#\d+<\/a>/g)].map((m) => Number(m[1]));
const paymentIds = (html: string) => [...html.matchAll(/<span class="font-medium text-slate-900">#(\d+)<\/span>/g)].map((m) => Number(m[1]));

describe("Bookings screen", () => {
  const screen = `${base}/Bookings`;
  let market: Market;
  beforeAll(async () => {
    market = await marketplace();
  });
  const page = async (query: string) => {
    const response = await send(`${screen}?search=${market.tag}&${query}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    return text(response);
  };

  test("lists every booking with its columns and the payment badge rules, newest first", async () => {
    const html = await page("");
    expect(html).toContain("<title>Bookings · Ministry Mentors</title>");
    for (const heading of ["Booking ID", "Topic", "User", "Guide", "Session date", "Rate ($)", "Payment Status"]) expect(html).toContain(heading);
    expect(html).toContain('placeholder="Search bookings..."');
    const { preaching, budget, youth, worship, planting } = market.bookings;
    expect(bookingIds(html)).toEqual([planting.id, worship.id, youth.id, budget.id, preaching.id]);
    expect(html).toContain(`Carmen ${market.tag}`);
    expect(html).toContain(`abigail.${market.tag}@test.example`);
    expect(html).toContain("$50.00");
    expect(html).toContain("$75.00");
    expect(html).toContain("Jan 10, 2026, 3:00 PM UTC");
    const badge = (label: string) => html.match(new RegExp(`data-tone="(\\w+)"[^>]*>${label}</span>`))?.[1];
    expect(badge("Paid")).toBe("green");
    expect(badge("Pending")).toBe("amber");
    expect(badge("Failed")).toBe("red");
    expect(badge("N/A")).toBe("grey"); // rate 0 and unpaid
    expect(badge("Unpaid")).toBe("grey"); // unpaid with a rate
    expect(html).toContain(`href="${base}/viewBookingPage/${preaching.id}"`);
  });

  test("searches topic, user and guide name or e-mail over the whole list", async () => {
    const { tag } = market;
    const only = async (search: string) => bookingIds(await text(await send(`${screen}?search=${encodeURIComponent(search)}`, { cookie: admin.cookie })));
    expect(await only(`Worship ${tag}`)).toEqual([market.bookings.worship.id]);
    expect((await only(`carmen.${tag}`)).sort()).toEqual([market.bookings.preaching.id, market.bookings.budget.id].sort());
    expect((await only(`Boaz ${tag}`)).sort()).toEqual([market.bookings.budget.id, market.bookings.worship.id].sort());
    expect(await text(await send(`${screen}?search=zzqqxxnomatch`, { cookie: admin.cookie }))).toContain("No bookings found");
  });

  test("sorts by rate, topic, user, guide and session date in SQL and pages the result", async () => {
    const { preaching, budget, youth, worship, planting } = market.bookings;
    expect(bookingIds(await page("sort=rate&order=asc"))).toEqual([budget.id, worship.id, planting.id, preaching.id, youth.id]);
    expect(bookingIds(await page("sort=rate&order=desc"))).toEqual([youth.id, preaching.id, planting.id, worship.id, budget.id]);
    expect(bookingIds(await page("sort=topic&order=asc"))).toEqual([budget.id, planting.id, preaching.id, worship.id, youth.id]);
    expect(bookingIds(await page("sort=userName&order=asc"))).toEqual([preaching.id, budget.id, youth.id, worship.id, planting.id]);
    expect(bookingIds(await page("sort=guideName&order=desc"))).toEqual([worship.id, budget.id, planting.id, youth.id, preaching.id]);
    // One guide's bookings by mentee: the same order (the page cut from the bookings and their mentees alone).
    const { abigail } = market;
    expect(bookingIds(await page(`guideId=${abigail.id}&sort=userName&order=asc`))).toEqual([preaching.id, youth.id, planting.id]);
    expect(bookingIds(await page(`guideId=${abigail.id}&sort=userName&order=desc&limit=2`))).toEqual([planting.id, youth.id]);
    expect(bookingIds(await page("sort=slotDate&order=desc")).slice(0, 2)).toEqual([youth.id, preaching.id]);
    const page2 = await page("sort=topic&order=asc&limit=2&page=2");
    expect(bookingIds(page2)).toEqual([preaching.id, worship.id]);
    expect(page2).toContain("3–4 of 5");
    expect(page2).toContain("Page 2 of 3");
    const past = await send(`${screen}?search=${market.tag}&limit=2&page=9`, { cookie: admin.cookie });
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`${screen}?search=${market.tag}&limit=2`);
  });

  test("filters by payment status, guide and user, and keeps the filters in the search and page-size forms", async () => {
    const { abigail, dan, bookings } = market;
    expect(bookingIds(await page("paymentStatus=paid"))).toEqual([bookings.preaching.id]);
    expect(bookingIds(await page("paymentStatus=unpaid"))).toEqual([bookings.planting.id, bookings.budget.id]);
    expect(bookingIds(await page(`guideId=${abigail.id}`))).toEqual([bookings.planting.id, bookings.youth.id, bookings.preaching.id]);
    const byUser = await page(`userId=${dan.id}&guideId=${abigail.id}`);
    expect(bookingIds(byUser)).toEqual([bookings.planting.id, bookings.youth.id]);
    expect(byUser).toContain(`User: Dan ${market.tag}`);
    // The Guide picker shows the chosen guide by name, with a way to remove the filter.
    expect(byUser).toMatch(new RegExp(`<input [^>]*name="guideSearch"[^>]*value="Abigail ${market.tag}"`));
    expect(byUser).toContain(`aria-label="Remove filter: Guide: Abigail ${market.tag}"`);
    // The search form and the rows-per-page form carry the filters along.
    expect(byUser).toContain(`<input type="hidden" name="userId" value="${dan.id}"/>`);
    expect(byUser.match(new RegExp(`<input type="hidden" name="guideId" value="${abigail.id}"/>`, "g"))?.length).toBeGreaterThanOrEqual(2);
    // Without a user filter, each row offers to narrow the list to its people.
    expect(await page("")).toContain(`Show only bookings of Carmen ${market.tag}`);
  });

  test("list parameters the screen cannot read are dropped; an unknown person is refused with the message", async () => {
    const bad = await send(`${screen}?paymentStatus=refunded&search=x`, { cookie: admin.cookie });
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe(`${screen}?search=x`);
    const badSort = await send(`${screen}?sort=password`, { cookie: admin.cookie });
    expect(badSort.status).toBe(302);
    expect(badSort.headers.get("Location")).toBe(screen);
    const unknown = await send(`${screen}?userId=99999999`, { cookie: admin.cookie });
    expect(unknown.status).toBe(404);
    expect(await text(unknown)).toContain("User not found");
  });

  test("the booking profile shows topic, payment status, both people and the rate, with Close", async () => {
    const { preaching } = market.bookings;
    const response = await send(`${base}/viewBookingPage/${preaching.id}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = await text(response);
    expect(html).toContain("Booking Details");
    expect(html).toContain(`Preaching ${market.tag}`);
    expect(html).toMatch(/data-tone="green"[^>]*>Paid<\/span>/);
    for (const value of [`Carmen ${market.tag}`, `carmen.${market.tag}@test.example`, `Abigail ${market.tag}`, `abigail.${market.tag}@test.example`, "$50.00"]) {
      expect(html).toContain(value);
    }
    for (const label of ["User Name", "User Email", "Guide Name", "Guide Email", "Rate", "Payment Status", "Topic"]) expect(html).toContain(label);
    expect(html).toMatch(/<a [^>]*href="\/admin\/dashboard\/Bookings"[^>]*>[\s\S]*?Close<\/a>/);
    const free = await text(await send(`${base}/viewBookingPage/${market.bookings.budget.id}`, { cookie: admin.cookie }));
    expect(free).toMatch(/data-tone="grey"[^>]*>N\/A<\/span>/);
    expect(free).toContain("$0.00");
  });

  test("a missing booking and a malformed id are the same 404, inside the console", async () => {
    const missing = await send(`${base}/viewBookingPage/99999999`, { cookie: admin.cookie });
    expect(missing.status).toBe(404);
    const html = await text(missing);
    expect(html).toContain("Booking not found");
    expect(html).toContain("Admin Console");
    const malformed = await send(`${base}/viewBookingPage/abc`, { cookie: admin.cookie });
    expect(malformed.status).toBe(404);
    expect(await text(malformed)).toContain("Booking not found");
  });
});

describe("all payments", () => {
  const api = "/api/admin/getall/payments";
  let market: Market;
  beforeAll(async () => {
    market = await marketplace();
  });
  type PaymentList = { data: Array<{ id: number; userName: string; guideName: string; amountCents: number; status: string; paidAt: string | null; stripe: { amount: number } }>; meta: { page: number; limit: number; total: number; totalPages: number } };
  const list = async (query: string) => {
    const response = await send(`${api}?search=${market.tag}&${query}`, { token: admin.token });
    expect(response.status).toBe(200);
    return json<PaymentList>(response);
  };
  const ids = (result: PaymentList) => result.data.map((payment) => payment.id);

  test("GET getall/payments answers {data, meta}, newest payment first with unpaid ones last", async () => {
    const { january, pending, failed, refunded, march } = market.payments;
    const result = await list("");
    expect(result.meta).toEqual({ page: 1, limit: 10, total: 5, totalPages: 1 });
    expect(ids(result)).toEqual([march.id, refunded.id, january.id, failed.id, pending.id]);
    const first = result.data[0];
    expect(first).toMatchObject({ userName: `Dan ${market.tag}`, guideName: `Abigail ${market.tag}`, amountCents: 9900, status: "succeeded", paidAt: "2026-03-01T10:00:00.000Z" });
    expect(first.stripe.amount).toBe(99);
  });

  test("sorts by amount, status, user, guide and paid at; sortOrder is any case", async () => {
    const { january, pending, failed, refunded, march } = market.payments;
    expect(ids(await list("sortBy=amount&sortOrder=ASC"))).toEqual([refunded.id, failed.id, january.id, pending.id, march.id]);
    expect(ids(await list("sort=amount&order=desc"))).toEqual([march.id, pending.id, january.id, failed.id, refunded.id]);
    expect((await list("sortBy=status&sortOrder=asc")).data.map((p) => p.status)).toEqual(["failed", "pending", "refunded", "succeeded", "succeeded"]);
    expect((await list("sortBy=userName&sortOrder=asc")).data.map((p) => p.userName.split(" ")[0])).toEqual(["Carmen", "Carmen", "Dan", "Dan", "Dan"]);
    expect((await list("sortBy=guideName&sortOrder=desc")).data[0].guideName).toBe(`Boaz ${market.tag}`);
    expect(ids(await list("sortBy=paidAt&sortOrder=asc")).slice(-3)).toEqual([january.id, refunded.id, march.id]);
  });

  test("searches names, e-mails and the payment intent id; filters by guide, user and status; pages", async () => {
    const { tag, abigail, carmen, payments } = market;
    const search = async (term: string) => ids(await json<PaymentList>(await send(`${api}?search=${encodeURIComponent(term)}`, { token: admin.token })));
    expect(await search(`pi_${tag}_jan`)).toEqual([payments.january.id]);
    expect((await search(`carmen.${tag}@test.example`)).sort()).toEqual([payments.january.id, payments.refunded.id].sort());
    expect(ids(await list(`guideId=${abigail.id}`))).toEqual([payments.march.id, payments.january.id, payments.pending.id]);
    expect(ids(await list(`mentorId=${abigail.id}&userId=${carmen.id}`))).toEqual([payments.january.id]);
    expect(ids(await list("status=succeeded"))).toEqual([payments.march.id, payments.january.id]);
    const page2 = await list("limit=2&page=2");
    expect(ids(page2)).toEqual([payments.january.id, payments.failed.id]);
    expect(page2.meta).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3 });
  });

  test("refuses bad parameters with 400 and unknown people with 404", async () => {
    for (const [query, message, field] of [
      ["status=refunded", "status must be succeeded, pending or failed", null],
      ["sortBy=password", "sort must be one of: guideName, userName, amount, status, paidAt, createdAt", "sort"],
      ["sortOrder=sideways", "order must be asc or desc", "order"],
      ["limit=0", "limit must be a positive whole number", "limit"],
      ["page=x", "page must be a positive whole number", "page"],
      ["guideId=abc", "guideId must be a positive whole number", "guideId"],
    ] as const) {
      const response = await send(`${api}?${query}`, { token: admin.token });
      expect(response.status, query).toBe(400);
      // {message, errors}: the message by the field it is about (the status filter is read on its own)
      if (field) expect(await response.json(), query).toEqual({ message, errors: { [field]: [message] } });
      else expect(await response.json(), query).toMatchObject({ message });
    }
    const unknown = await send(`${api}?guideId=99999999`, { token: admin.token });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Guide not found" });
  });

  test("the Transactions screen shows the status labels, money and times, sorts, searches and filters", async () => {
    const { tag, abigail, carmen, payments } = market;
    const screen = async (query: string) => {
      const response = await send(`${base}/all-transactions?search=${tag}&${query}`, { cookie: admin.cookie });
      expect(response.status).toBe(200);
      return text(response);
    };
    const html = await screen("");
    expect(html).toContain("<title>Transactions · Ministry Mentors</title>");
    expect(html).toContain('placeholder="Search payments..."');
    expect(paymentIds(html)).toEqual([payments.march.id, payments.refunded.id, payments.january.id, payments.failed.id, payments.pending.id]);
    const badge = (label: string) => [...html.matchAll(new RegExp(`data-tone="(\\w+)"[^>]*>${label}</span>`, "g"))].map((m) => m[1]);
    expect(badge("Approved")).toEqual(["green", "green"]);
    expect(badge("Pending")).toEqual(["amber"]);
    expect(badge("Failed")).toEqual(["red"]);
    expect(badge("Unknown")).toEqual(["red"]);
    for (const money of ["$99.00", "$12.34", "$50.00", "$25.00", "$75.00"]) expect(html).toContain(money);
    expect(html).toContain("Mar 1, 2026, 10:00 AM UTC");
    expect(html).toContain("Not paid");
    expect(html).toContain(`href="${base}/viewBookingPage/${market.bookings.preaching.id}"`);
    for (const column of ["amount", "status", "paidAt", "userName", "guideName"]) expect(html).toContain(`sort=${column}&amp;order=`);

    expect(paymentIds(await screen("sort=amount&order=asc"))).toEqual([payments.refunded.id, payments.failed.id, payments.january.id, payments.pending.id, payments.march.id]);
    expect(paymentIds(await screen("status=failed"))).toEqual([payments.failed.id]);
    const filtered = await screen(`guideId=${abigail.id}&userId=${carmen.id}`);
    expect(paymentIds(filtered)).toEqual([payments.january.id]);
    expect(filtered).toContain(`User: Carmen ${tag}`);
    const byIntent = await text(await send(`${base}/all-transactions?search=pi_${tag}_jan`, { cookie: admin.cookie }));
    expect(paymentIds(byIntent)).toEqual([payments.january.id]);
    expect(await text(await send(`${base}/all-transactions?search=zzqqxxnomatch`, { cookie: admin.cookie }))).toContain("No payments found.");
  });
});

describe("all reviews", () => {
  const api = "/api/admin/all/reviews";
  let market: Market;
  beforeAll(async () => {
    market = await marketplace();
  });
  type ReviewList = { data: Array<{ id: number; rating: number; content: string; date: string; createdAt: string; author: string; guideName: string; mentorResponse: string | null }>; meta: { page: number; limit: number; total: number; totalPages: number } };
  const list = async (query: string) => {
    const response = await send(`${api}?search=${market.tag}&${query}`, { token: admin.token });
    expect(response.status).toBe(200);
    return json<ReviewList>(response);
  };
  const ids = (result: ReviewList) => result.data.map((review) => review.id);

  test("GET all/reviews answers {data, meta}, DESC by default, sortOrder upper- or lower-case", async () => {
    const { long, short, other } = market.reviews;
    const result = await list("");
    expect(ids(result)).toEqual([other.id, short.id, long.id]);
    expect(result.meta).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
    expect(ids(await list("sortOrder=ASC"))).toEqual([long.id, short.id, other.id]);
    expect(ids(await list("sortOrder=desc"))).toEqual([other.id, short.id, long.id]);
    const long0 = result.data.find((review) => review.id === long.id)!;
    // The zero date means no date: createdAt is shown instead.
    expect(long0.date).toBe("2026-01-11T09:00:00.000Z");
    expect(long0).toMatchObject({ author: `Carmen ${market.tag}`, guideName: `Abigail ${market.tag}`, rating: 5, mentorResponse: `Thank you, ${market.tag}!` });
    expect(result.data.find((review) => review.id === short.id)!.date).toBe("2026-02-02");
  });

  test("filters by guide and by user, searches and pages", async () => {
    const { abigail, dan, reviews, tag } = market;
    expect(ids(await list(`guideId=${abigail.id}`))).toEqual([reviews.short.id, reviews.long.id]);
    expect(ids(await list(`userId=${dan.id}`))).toEqual([reviews.other.id, reviews.short.id]);
    expect(ids(await list(`guideId=${abigail.id}&userId=${dan.id}`))).toEqual([reviews.short.id]);
    const byText = await json<ReviewList>(await send(`${api}?search=${encodeURIComponent(`Helpful session ${tag}`)}`, { token: admin.token }));
    expect(ids(byText)).toEqual([reviews.short.id]);
    const page2 = await list("limit=2&page=2");
    expect(ids(page2)).toEqual([reviews.long.id]);
    expect(page2.meta).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
  });

  test("refuses bad parameters with 400, unknown people with 404", async () => {
    for (const [query, message, field] of [
      ["sortOrder=NEWEST", "order must be asc or desc", "order"],
      ["limit=1000", "limit must be between 1 and 100", "limit"],
      ["userId=-3", "userId must be a positive whole number", "userId"],
    ]) {
      const response = await send(`${api}?${query}`, { token: admin.token });
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toEqual({ message, errors: { [field]: [message] } });
    }
    const unknown = await send(`${api}?userId=99999999`, { token: admin.token });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "User not found" });
  });

  test("the Reviews screen shows the cards with the review rules, the sort select, search and filters", async () => {
    const { tag, abigail, dan, reviews } = market;
    const screen = async (query: string) => {
      const response = await send(`${base}/all-review?search=${tag}&${query}`, { cookie: admin.cookie });
      expect(response.status).toBe(200);
      return text(response);
    };
    const html = await screen("");
    expect(html).toContain("<title>Reviews · Ministry Mentors</title>");
    expect(html).toContain('<option value="DESC" selected="">Sort by Oldest</option>');
    expect(html).toContain('<option value="ASC">Sort by Latest</option>');
    expect(html).toContain('placeholder="Search reviews..."');
    expect(html).toContain(`Abigail ${tag}`);
    expect(html).toContain(`By Carmen ${tag}`);
    expect(html).toContain("5 / 5");
    expect(html).toContain("3 / 5");
    expect(html).toContain("Mentor Reply:");
    expect(html).toContain(`Thank you, ${tag}!`);
    const reviewText = (page: string, id: number) => page.match(new RegExp(`id="review-${id}-text"[^>]*>([\\s\\S]*?)</p>`))?.[1] ?? "";
    const cut = reviewText(html, reviews.long.id);
    expect(cut).toContain(`${LONG_REVIEW.slice(0, 200)}...`);
    expect(cut).not.toContain("The END of the long review text.");
    expect(cut).toContain("See More");
    expect(html).toContain("Jan 11, 2026"); // the zero date falls back to createdAt
    expect(html).toContain("Feb 2, 2026");
    const order = (page: string) => [reviews.long, reviews.short, reviews.other].map((review) => ({ id: review.id, at: page.indexOf(`id="review-${review.id}-heading"`) })).sort((a, b) => a.at - b.at).map((review) => review.id);
    expect(order(html)).toEqual([reviews.other.id, reviews.short.id, reviews.long.id]);
    expect(order(await screen("order=ASC"))).toEqual([reviews.long.id, reviews.short.id, reviews.other.id]);

    const expanded = reviewText(await screen(`expanded=${reviews.long.id}`), reviews.long.id);
    expect(expanded).toContain("The END of the long review text.");
    expect(expanded).toContain("See Less");

    const filtered = await screen(`guideId=${abigail.id}&userId=${dan.id}`);
    expect(filtered).toContain(`User: Dan ${tag}`);
    expect(filtered).toContain(`Helpful session ${tag}.`);
    expect(filtered).not.toContain("Mentor Reply:");
    expect(await text(await send(`${base}/all-review?search=zzqqxxnomatch`, { cookie: admin.cookie }))).toContain("No reviews available...");
    const bad = await send(`${base}/all-review?order=sideways`, { cookie: admin.cookie });
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe(`${base}/all-review`);
  });
});

describe("authorisation of the operations API", () => {
  test.each([["/api/admin/getall/payments"], ["/api/admin/all/reviews"]])("%s needs an admin token", async (path) => {
    expect((await send(path)).status).toBe(401);
    const { token } = await signIn("guide");
    const forbidden = await send(path, { token });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: "Admin access required" });
  });

  test("the screens are the console's: a mentee is sent to their own dashboard", async () => {
    const { cookie } = await signIn("user");
    for (const path of ["/Bookings", "/all-transactions", "/all-review", "/viewBookingPage/1", ""]) {
      expect((await send(`${base}${path}`, { cookie })).headers.get("Location")).toBe("/user-dashboard");
    }
  });
});
