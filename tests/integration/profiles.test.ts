import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createPerson, send, signIn } from "#tests/app.ts";

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
const tag = () => faker.string.alpha({ length: 8, casing: "lower" });
const capital = (word: string) => word[0].toUpperCase() + word.slice(1);
const guideProfile = (id: number) => `/admin/dashboard/viewAddGuide/${id}`;
const userProfile = (id: number) => `/admin/dashboard/viewuser/${id}`;
const day = (iso: string) => new Date(iso);

/** Positions of `items` in `html`, which must all be present and in this order. */
function expectOrder(html: string, items: string[]) {
  const positions = items.map((item) => html.indexOf(item));
  expect(positions.every((p) => p >= 0), `all of ${items.join(", ")} on the page`).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
}

const LONG_REVIEW = `${"Pastor David helped our board find a shared vision. ".repeat(5)}THE-HIDDEN-END`;

/**
 * A guide with a history of their own: two mentees, seven bookings (every payment-status case), six
 * payments, six reviews (one with the zero date, one long, one with a reply) and six published items.
 * Names carry a unique word so each test can search its own rows.
 */
async function guideWithHistory() {
  const word = tag();
  const Word = capital(word);
  const guide = await createPerson("guide", { name: `Guide ${Word}`, organisation: `Org ${word}` });
  await prisma.user.update({ where: { id: guide.id }, data: { title: "Senior Pastor", bio: "Pastored for decades.", specialties: { create: [{ code: "churchGrowth" }, { code: "pastoralCare" }] } } });
  await prisma.guideProfile.create({
    data: {
      userId: guide.id,
      experienceYears: 12,
      category: "Senior Pastors",
      education: JSON.stringify(["M.Div., Dallas Seminary", "D.Min. Southern"]),
      expertise: JSON.stringify(["Church boards", "Succession planning"]),
      videoUrl: "https://www.youtube.com/embed/abc123",
    },
  });
  const abigail = await createPerson("user", { name: `Abigail ${Word}` });
  const zed = await createPerson("user", { name: `Zed ${Word}` });

  const plan = [
    { user: abigail, rateCents: 0, paymentStatus: "unpaid", topic: `Vision night ${word}` },
    { user: abigail, rateCents: 9500, paymentStatus: "paid", topic: "Elder board" },
    { user: zed, rateCents: 5000, paymentStatus: "pending", topic: "Budget season" },
    { user: zed, rateCents: 12000, paymentStatus: "failed", topic: "Hiring staff" },
    { user: abigail, rateCents: 3000, paymentStatus: "unpaid", topic: "Preaching plan" },
    { user: zed, rateCents: 7000, paymentStatus: "paid", topic: "Capital campaign" },
    { user: abigail, rateCents: 1000, paymentStatus: "refunded", topic: "Youth retreat" },
  ] as const;
  const bookings = [];
  for (const [i, item] of plan.entries()) {
    bookings.push(
      await prisma.booking.create({
        data: { userId: item.user.id, guideId: guide.id, startsAt: new Date(Date.UTC(2025, 0, 10 + i, 15)), topic: item.topic, rateCents: item.rateCents, paymentStatus: item.paymentStatus, createdAt: new Date(Date.UTC(2025, 0, 1 + i)) },
      }),
    );
  }
  const payments = [];
  for (const [i, [booking, status, amountCents]] of ([
    [bookings[1], "succeeded", 9500],
    [bookings[2], "pending", 5000],
    [bookings[3], "failed", 12000],
    [bookings[5], "succeeded", 7000],
    [bookings[6], "refunded", 1000],
    [bookings[1], "succeeded", 2500],
  ] as const).entries()) {
    payments.push(
      await prisma.payment.create({
        data: { bookingId: booking.id, userId: booking.userId, guideId: guide.id, amountCents, status, paidAt: status === "succeeded" ? new Date(Date.UTC(2025, 1, 1 + i, 9)) : null },
      }),
    );
  }
  const reviews = [];
  for (const [i, data] of [
    { authorId: abigail.id, rating: 4, content: LONG_REVIEW, date: "2025-01-11", mentorResponse: "Thank you, it was a joy." },
    { authorId: zed.id, rating: 5, content: `Undated review ${word}`, date: "0000-00-00" },
    { authorId: zed.id, rating: 3, content: "Third review", date: "2025-01-13" },
    { authorId: abigail.id, rating: 2, content: "Fourth review", date: null },
    { authorId: zed.id, rating: 5, content: "Fifth review", date: "2025-01-15" },
    { authorId: abigail.id, rating: 1, content: "Newest review", date: "2025-01-16" },
  ].entries()) {
    reviews.push(await prisma.review.create({ data: { ...data, guideId: guide.id, createdAt: new Date(Date.UTC(2025, 2, 4 + i, 10)) } }));
  }
  const contents = [];
  for (let i = 0; i < 6; i++) {
    contents.push(
      await prisma.publishedContent.create({
        data: {
          guideId: guide.id,
          title: i === 0 ? `A very long title about leading a church through change ${word}` : `Item ${i} ${word}`,
          url: `https://example.org/${word}/articles/a-rather-long-path-${i}`,
          description: i === 0 ? "A description that is certainly longer than thirty characters." : null,
          type: i % 2 ? "video" : "article",
          publishedDate: new Date(Date.UTC(2024, i, 1)),
        },
      }),
    );
  }
  return { word, Word, guide, abigail, zed, bookings, payments, reviews, contents };
}

let admin: Awaited<ReturnType<typeof signIn>>;
let history: Awaited<ReturnType<typeof guideWithHistory>>;
beforeAll(async () => {
  admin = await signIn("admin");
  history = await guideWithHistory();
});

const page = async (path: string) => {
  const response = await send(path, { cookie: admin.cookie });
  expect(response.status, path).toBe(200);
  return text(response);
};

describe("Guide Profile", () => {
  test("General Info shows the sections, N/A and None for empty values, the default photo, the tabs and Close", async () => {
    const html = await page(guideProfile(history.guide.id));
    expect(html).toContain(`<title>Guide ${history.Word} · Guide Profile · Ministry Mentors</title>`);
    for (const heading of ["Personal Information", "Professional Details", "Background and Expertise", "Additional Details"]) expect(html).toContain(heading);
    expect(html).toMatch(/Phone<\/dt><dd[^>]*>N\/A</);
    expect(html).toMatch(/Languages<\/dt><dd[^>]*>None</);
    expect(html).toMatch(/Education<\/dt><dd[^>]*>M\.Div\., Dallas Seminary, D\.Min\. Southern</);
    expect(html).toMatch(/Years of Experience<\/dt><dd[^>]*>12 years</);
    expect(html).toMatch(/Specialties<\/dt><dd[^>]*>Church Growth, Pastoral Care</);
    expect(html).toMatch(/Areas of Expertise<\/dt><dd[^>]*>Church boards, Succession planning</);
    expect(html).toMatch(/Recent Success<\/dt><dd[^>]*>N\/A</);
    expect(html).toContain('href="https://www.youtube.com/embed/abc123"');
    expect(html).toContain('src="/images/default"');
    expect(html).toMatch(/role="tablist"/);
    expect(html.match(/role="tab"/g)).toHaveLength(5);
    expectOrder(html, [">General Info<", ">Payment<", ">Review<", ">Booking<", ">Publish Content<"]);
    expect(html).toMatch(/aria-selected="true"[^>]*>General Info</);
    expect(html).toMatch(/role="tabpanel"/);
    expect(html).toMatch(/<a[^>]*href="\/admin\/dashboard\/user-management\/guide"[^>]*>.*?Close<\/a>/s);
  });

  test("viewAddGuide without an id asks to choose a guide; unknown ids and non-guides are 'Guide not found'", async () => {
    const html = await page("/admin/dashboard/viewAddGuide");
    expect(html).toContain("Choose a guide from the guide list");
    expect(html).toContain('href="/admin/dashboard/user-management/guide"');
    for (const id of [99_999_999, history.abigail.id]) {
      const response = await send(guideProfile(id), { cookie: admin.cookie });
      expect(response.status).toBe(404);
      expect(await text(response)).toContain("Guide not found");
    }
  });

  test("a list tab names the guide and carries only the name, not the whole profile; unknown ids and non-guides are 'Guide not found' there too", async () => {
    const html = await page(`${guideProfile(history.guide.id)}?tab=booking`);
    expect(html).toContain(`<title>Guide ${history.Word} · Guide Profile · Ministry Mentors</title>`);
    expect(html).toMatch(new RegExp(`<p[^>]*>Guide ${history.Word}</p>`));
    // The profile's own fields are neither shown nor sent with the page's data.
    expect(html).not.toContain("Pastored for decades.");
    expect(html).not.toContain("Dallas Seminary");
    for (const id of [99_999_999, history.abigail.id]) {
      const response = await send(`${guideProfile(id)}?tab=booking`, { cookie: admin.cookie });
      expect(response.status).toBe(404);
      expect(await text(response)).toContain("Guide not found");
    }
  });

  test("Payment tab: labels, money, 5 a page by default, sizes 5/10/25/50, sort by Paid At, search, empty text", async () => {
    const base = `${guideProfile(history.guide.id)}?tab=payment`;
    const html = await page(base);
    expect(html).toMatch(/aria-selected="true"[^>]*>Payment</);
    expect(html).toContain('placeholder="Search payments..."');
    expectOrder(html, [">Guide Name<", ">Amount<", ">Status<", ">Paid At<"]);
    expect(html).toContain("1–5 of 6");
    for (const size of [5, 10, 25, 50]) expect(html).toContain(`<option value="${size}"`);
    // guide name ascending, then id: the first five payments
    expect(html).toContain("$95.00");
    expect(html).not.toContain("$25.00");
    expect(html).toMatch(/data-tone="green"[^>]*>Approved</);
    expect(html).toMatch(/data-tone="amber"[^>]*>Pending</);
    expect(html).toMatch(/data-tone="red"[^>]*>Failed</);
    expect(html).toMatch(/data-tone="red"[^>]*>Unknown</);
    // the search form keeps the tab
    expect(html).toMatch(/<form[^>]*role="search"[^>]*>.*?<input type="hidden" name="tab" value="payment"/s);

    const second = await page(`${base}&page=2`);
    expect(second).toContain("$25.00");
    expect(second).toContain("6–6 of 6");

    const latestFirst = await page(`${base}&sort=paidAt&order=desc`);
    expectOrder(latestFirst, ["$25.00", "$70.00", "$95.00"]);
    const all = await page(`${base}&limit=10`);
    expect(all).toContain("1–6 of 6");

    const zedOnly = await page(`${base}&search=${encodeURIComponent(`Zed ${history.Word}`)}`);
    expect(zedOnly).toContain("1–3 of 3");
    expect(zedOnly).not.toContain("$95.00");
    expect(await page(`${base}&search=zzqqnomatch`)).toContain("No payments found.");

    const past = await send(`${base}&page=9`, { cookie: admin.cookie });
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(base);
  });

  test("a list parameter a tab cannot read is dropped: the tab in its default view, never developer text", async () => {
    for (const [tab, query] of [["payment", "sort=amountx"], ["review", "limit=500"], ["booking", "page=0"], ["content", "order=sideways"]]) {
      const base = `${guideProfile(history.guide.id)}?tab=${tab}`;
      const response = await send(`${base}&${query}`, { cookie: admin.cookie });
      expect(response.status, tab).toBe(302);
      expect(response.headers.get("Location"), tab).toBe(base);
      const html = await text(await send(base, { cookie: admin.cookie }));
      expect(html, tab).not.toMatch(/Failed to load|must be (a positive|between|one of|asc)/);
    }
  });

  test("Review tab: newest first by default ('Sort by Oldest' = DESC), ASC, n / 5, Mentor Reply, the zero-date rule, See More, paging", async () => {
    const base = `${guideProfile(history.guide.id)}?tab=review`;
    const html = await page(base);
    expect(html).toMatch(/<option value="DESC"[^>]*>Sort by Oldest<\/option>/);
    expect(html).toMatch(/<option value="ASC"[^>]*>Sort by Latest<\/option>/);
    expect(html).toMatch(/<select[^>]*name="order"/);
    // By the date each card shows (a missing or zero date shows createdAt: Mar 7 and Mar 5), newest first.
    expectOrder(html, ["Fourth review", `Undated review ${history.word}`, "Newest review", "Fifth review", "Third review"]);
    expect(html).not.toContain("THE-HIDDEN-END");
    expect(html).toContain("1 / 5");
    expect(html).toContain(`Guide ${history.Word}`);
    expect(html).toContain(`By Zed ${history.Word}`);
    // the zero date shows createdAt (Mar 5, 2025); a missing date too (Mar 7, 2025); a real date as written
    expect(html).toMatch(new RegExp(`Mar 5, 2025(?:(?!<article).)*Undated review ${history.word}`, "s"));
    expect(html).toContain("Jan 15, 2025");
    expect(html).toContain("Mar 7, 2025");

    const oldest = await page(`${base}&order=ASC`);
    expectOrder(oldest, ["Pastor David helped", "Third review", "Fifth review", "Newest review", `Undated review ${history.word}`]);
    expect(oldest).toContain("4 / 5");
    expect(oldest).toContain("Mentor Reply:");
    expect(oldest).toContain("Thank you, it was a joy.");
    expect(oldest).toMatch(/<option value="ASC" selected=""/);
    const longId = history.reviews[0].id;
    expect(oldest).toContain(`${LONG_REVIEW.slice(0, 200)}...`);
    expect(oldest).toMatch(new RegExp(`href="[^"]*expanded=${longId}"[^>]*>See More<`));

    const expanded = await page(`${base}&order=ASC&expanded=${longId}`);
    expect(expanded).toContain("THE-HIDDEN-END");
    expect(expanded).toMatch(/>See Less</);

    const second = await page(`${base}&page=2`);
    expect(second).toContain("Pastor David helped");
    expect(second).toContain("6–6 of 6");

    const byText = await page(`${base}&search=Third`);
    expect(byText).toContain("1–1 of 1");
    expect(byText).toContain(`By Zed ${history.Word}`);
    const byReviewer = await page(`${base}&search=${encodeURIComponent(`Abigail ${history.Word}`)}`);
    expect(byReviewer).toContain("1–3 of 3");
    expect(byReviewer).not.toContain("Fifth review");

    const other = await createPerson("guide");
    expect(await page(`${guideProfile(other.id)}?tab=review`)).toContain("No reviews available...");
  });

  test("Booking tab: every column sorts the whole list in SQL; badge rules and colours; search; empty text", async () => {
    const base = `${guideProfile(history.guide.id)}?tab=booking`;
    const html = await page(`${base}&limit=10`);
    expect(html).toContain('placeholder="Search bookings..."');
    expectOrder(html, [">Booking ID<", ">Rate ($)<", ">Payment Status<", ">User Name<", ">User Email<", ">Guide Name<", ">Guide Email<"]);
    expect(html).toMatch(/data-tone="grey"[^>]*>N\/A</);
    expect(html).toMatch(/data-tone="green"[^>]*>Paid</);
    expect(html).toMatch(/data-tone="amber"[^>]*>Pending</);
    expect(html).toMatch(/data-tone="red"[^>]*>Failed</);
    expect(html).toMatch(/data-tone="grey"[^>]*>Unpaid</);
    expect(html).toMatch(/data-tone="grey"[^>]*>Refunded</);
    expect(html).toContain(history.abigail.email);

    const firstRate = async (query: string) => (await page(`${base}&${query}`)).match(/<td class="px-4 py-3 text-slate-700"[^>]*>(\$[\d,.]+)<\/td>/)?.[1];
    expect(await firstRate("sort=rate&order=asc")).toBe("$0.00");
    expect(await firstRate("sort=rate&order=desc")).toBe("$120.00");
    expect(await firstRate("sort=id&order=desc")).toBe("$10.00");
    expect(await firstRate("sort=id&order=asc")).toBe("$0.00");
    expect(await firstRate("sort=paymentStatus&order=asc")).toBe("$120.00"); // failed
    expect(await firstRate("sort=paymentStatus&order=desc")).toBe("$30.00"); // unpaid, the later booking first
    expect(await firstRate("sort=userName&order=desc")).toBe("$70.00"); // Zed's bookings, the latest first
    expect(await firstRate("sort=userEmail&order=asc")).toMatch(/\$/);
    expect(await firstRate("sort=guideName&order=asc")).toBe("$0.00");
    expect(await firstRate("sort=guideEmail&order=desc")).toBe("$10.00");

    const search = await page(`${base}&search=${encodeURIComponent(`Vision night ${history.word}`)}`);
    expect(search).toContain("1–1 of 1");
    expect(await page(`${base}&search=zzqqnomatch`)).toContain("No bookings found");
  });

  test("Publish Content tab: newest first, 5 a page, cut at 45/30/30 with the full text as a tooltip, new-tab URL, details dialog", async () => {
    const base = `${guideProfile(history.guide.id)}?tab=content`;
    const html = await page(base);
    expect(html).toContain(">Published Content<");
    expect(html).toContain('placeholder="Search content..."');
    expectOrder(html, [">Title<", ">URL<", ">Description<", ">Type<", ">Publication Date<", ">Action<"]);
    expect(html).toContain("1–5 of 6");
    expectOrder(html, [`Item 5 ${history.word}`, `Item 4 ${history.word}`, `Item 1 ${history.word}`]);
    expect(html).not.toContain("A very long title");

    const oldest = await page(`${base}&order=asc`);
    const title = history.contents[0].title;
    expect(oldest).toContain(`title="${title}"`);
    expect(oldest).toContain(`${title.slice(0, 45)}…`);
    const url = history.contents[0].url;
    expect(oldest).toMatch(new RegExp(`<a href="${url}" target="_blank" rel="noopener noreferrer" title="${url}"`));
    expect(oldest).toContain(`${url.slice(0, 30)}…`);
    expect(oldest).toContain(`${"A description that is certainly longer than thirty characters.".slice(0, 30)}…`);

    const dialog = await page(`${base}&view=${history.contents[0].id}`);
    expect(dialog).toContain("Published Content Details");
    expect(dialog).toMatch(/role="dialog"/);
    expect(dialog).toContain(`>${title}<`);
    expect(dialog).toContain(">Article<");
    expect(dialog).toContain("Jan 1, 2024");
    expect(dialog).toMatch(/>Close<\/a>/);

    expect(await page(`${base}&search=zzqqnomatch`)).toContain("No content found");
    expect(await page(`${base}&search=${encodeURIComponent(`Item 3 ${history.word}`)}`)).toContain("1–1 of 1");
  });
});

describe("User Profile", () => {
  test("General Info shows the person's fields, 'Share Your Journey', N/A for empty values and four tabs", async () => {
    await prisma.user.update({ where: { id: history.abigail.id }, data: { title: "Deacon", bio: "Serving our town.", education: "B.A. History", challenges: "Leading volunteers." } });
    const html = await page(userProfile(history.abigail.id));
    expect(html).toContain(`<title>Abigail ${history.Word} · User Profile · Ministry Mentors</title>`);
    expect(html.match(/role="tab"/g)).toHaveLength(4);
    expectOrder(html, [">General Info<", ">Payment<", ">Review<", ">Booking<"]);
    expect(html).toMatch(/Job Title<\/dt><dd[^>]*>Deacon</);
    expect(html).toMatch(/Bio<\/dt><dd[^>]*>Serving our town\.</);
    expect(html).toContain("Education Background");
    expect(html).toContain("Share Your Journey");
    expect(html).toContain("Leading volunteers.");
    expect(html).toMatch(/Experience<\/dt><dd[^>]*>N\/A</);
    expect(html).toContain('src="/images/default"');
    expect(html).toMatch(/<a[^>]*href="\/admin\/dashboard\/user-management\/user"[^>]*>.*?Close<\/a>/s);
    expect((await send(userProfile(history.guide.id), { cookie: admin.cookie })).status).toBe(404);
  });

  test("a list tab names the user and carries only the name; a guide's id is 'User not found' there too", async () => {
    await prisma.user.update({ where: { id: history.abigail.id }, data: { bio: "Serving our town." } });
    const html = await page(`${userProfile(history.abigail.id)}?tab=payment`);
    expect(html).toContain(`<title>Abigail ${history.Word} · User Profile · Ministry Mentors</title>`);
    expect(html).not.toContain("Serving our town.");
    const response = await send(`${userProfile(history.guide.id)}?tab=payment`, { cookie: admin.cookie });
    expect(response.status).toBe(404);
    expect(await text(response)).toContain("User not found");
  });

  test("Payment tab: columns, sort by user name, amount and status, labels, search, empty text", async () => {
    const base = `${userProfile(history.zed.id)}?tab=payment`;
    const html = await page(base);
    expect(html).toContain('placeholder="Search payment records..."');
    expectOrder(html, [">User Name<", ">Amount<", ">Status<", ">Paid at<"]);
    expect(html).toContain("1–3 of 3");
    expectOrder(await page(`${base}&sort=amount&order=asc`), ["$50.00", "$70.00", "$120.00"]);
    expectOrder(await page(`${base}&sort=amount&order=desc`), ["$120.00", "$70.00", "$50.00"]);
    expectOrder(await page(`${base}&sort=status&order=asc`), [">Failed<", ">Pending<", ">Approved<"]);
    expect(await page(`${base}&sort=userName&order=desc`)).toContain(`Zed ${history.Word}`);
    expect(await page(`${base}&search=zzqqnomatch`)).toContain("No payment records found.");
  });

  test("Review tab shows the reviewer's name on each card", async () => {
    const html = await page(`${userProfile(history.zed.id)}?tab=review`);
    expect(html).toMatch(new RegExp(`<h2[^>]*>Zed ${history.Word}</h2>`));
    expect(html).toContain(`Guide: Guide ${history.Word}`);
    expect(html).toContain("1–3 of 3");
  });

  test("Booking tab: Paid, Pending, Failed, N/A (unpaid or rate 0), Unknown; rate or N/A; sorting and search", async () => {
    const base = `${userProfile(history.abigail.id)}?tab=booking`;
    const html = await page(`${base}&limit=10`);
    expect(html).toContain('placeholder="Search booking records..."');
    expectOrder(html, [">Guide Name<", ">User Name<", ">Booking Date<", ">Status<", ">Rate<"]);
    expect(html).toMatch(/data-tone="green"[^>]*>Paid</);
    expect(html).toMatch(/data-tone="grey"[^>]*>N\/A</);
    expect(html).toMatch(/data-tone="grey"[^>]*>Unknown</);
    expect(html).toContain("$95.00");
    expect(html).toMatch(/<td class="px-4 py-3 text-slate-700"[^>]*>N\/A<\/td>/);
    expect(html).toContain("Jan 10, 2025");
    const zed = await page(`${userProfile(history.zed.id)}?tab=booking`);
    expect(zed).toMatch(/data-tone="amber"[^>]*>Pending</);
    expect(zed).toMatch(/data-tone="red"[^>]*>Failed</);
    expectOrder(await page(`${base}&sort=slotDate&order=desc`), ["Jan 16, 2025", "Jan 14, 2025", "Jan 10, 2025"]);
    expectOrder(await page(`${base}&sort=rate&order=desc`), ["$95.00", "$30.00", "$10.00"]);
    expect(await page(`${base}&search=${encodeURIComponent(`Vision night ${history.word}`)}`)).toContain("1–1 of 1");
  });
});

describe("Profile API", () => {
  test("transactions/guide/{id}: {payments:[{id, guideName, userName, stripe}], meta} with limit, page and search", async () => {
    const response = await send(`/api/admin/transactions/guide/${history.guide.id}?limit=2&page=2`, { token: admin.token });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.meta).toEqual({ page: 2, limit: 2, total: 6, totalPages: 3 });
    expect(body.payments).toHaveLength(2);
    expect(body.payments[0]).toMatchObject({ guideName: `Guide ${history.Word}`, stripe: { amount: 120, status: "failed", paidAt: null } });
    expect(body.payments[0].userName).toBe(`Zed ${history.Word}`);
    const search = await (await send(`/api/admin/transactions/guide/${history.guide.id}?search=${encodeURIComponent(`Abigail ${history.Word}`)}`, { token: admin.token })).json();
    expect(search.meta.total).toBe(3);
    const paid = (await (await send(`/api/admin/transactions/guide/${history.guide.id}?sortBy=paidAt&sortOrder=DESC&limit=1`, { token: admin.token })).json()).payments[0];
    expect(paid.stripe).toEqual({ amount: 25, currency: "usd", status: "succeeded", paidAt: day("2025-02-06T09:00:00Z").toISOString() });
  });

  test("transactions/user/{id} lists the mentee's payments; unknown ids 404, bad parameters 400, non-admins 401/403", async () => {
    const body = await (await send(`/api/admin/transactions/user/${history.zed.id}`, { token: admin.token })).json();
    expect(body.meta.total).toBe(3);
    expect(body.payments.every((p: { userName: string }) => p.userName === `Zed ${history.Word}`)).toBe(true);
    expect((await send(`/api/admin/transactions/user/${history.guide.id}`, { token: admin.token })).status).toBe(404);
    expect((await send("/api/admin/transactions/guide/99999999", { token: admin.token })).status).toBe(404);
    expect((await send(`/api/admin/transactions/mentor/${history.guide.id}`, { token: admin.token })).status).toBe(404);
    expect((await send(`/api/admin/transactions/user/${history.zed.id}?limit=0`, { token: admin.token })).status).toBe(400);
    expect((await send(`/api/admin/transactions/user/${history.zed.id}`)).status).toBe(401);
    const guide = await signIn("guide");
    expect((await send(`/api/admin/transactions/user/${history.zed.id}`, { token: guide.token })).status).toBe(403);
  });

  test("guides/reviews/{id} and users/reviews/{id}: sortOrder ASC|DESC, the zero-date rule, {data, meta}", async () => {
    const desc = await (await send(`/api/admin/guides/reviews/${history.guide.id}?limit=2`, { token: admin.token })).json();
    expect(desc.meta).toEqual({ page: 1, limit: 2, total: 6, totalPages: 3 });
    // Newest first by the date shown: the undated "Fourth review" shows its createdAt, Mar 7.
    expect(desc.data[0]).toMatchObject({ content: "Fourth review", rating: 2, author: `Abigail ${history.Word}`, guideName: `Guide ${history.Word}`, createdAt: "2025-03-07T10:00:00.000Z" });
    const asc = await (await send(`/api/admin/guides/reviews/${history.guide.id}?sortOrder=ASC&limit=2`, { token: admin.token })).json();
    expect(asc.data[0]).toMatchObject({ content: LONG_REVIEW, date: "2025-01-11", mentorResponse: "Thank you, it was a joy." });
    expect(asc.data[1]).toMatchObject({ content: "Third review", date: "2025-01-13" });
    const undated = await (await send(`/api/admin/guides/reviews/${history.guide.id}?limit=2&page=1`, { token: admin.token })).json();
    expect(undated.data[1]).toMatchObject({ date: undated.data[1].createdAt, createdAt: "2025-03-05T10:00:00.000Z" });
    const mine = await (await send(`/api/admin/users/reviews/${history.zed.id}`, { token: admin.token })).json();
    expect(mine.meta.total).toBe(3);
    expect(mine.data.every((r: { userName: string }) => r.userName === `Zed ${history.Word}`)).toBe(true);
    expect((await send(`/api/admin/guides/reviews/${history.guide.id}?sortOrder=UP`, { token: admin.token })).status).toBe(400);
    expect((await send(`/api/admin/users/reviews/${history.guide.id}`, { token: admin.token })).status).toBe(404);
  });

  test("guide-published-content/all/{guideId}: per_page, page, sortBy, sortOrder, search", async () => {
    const body = await (await send(`/api/admin/guide-published-content/all/${history.guide.id}?per_page=2&sortBy=title&sortOrder=asc`, { token: admin.token })).json();
    expect(body.meta).toEqual({ page: 1, limit: 2, total: 6, totalPages: 3 });
    expect(body.data[0]).toMatchObject({ title: history.contents[0].title, type: "article", publishedDate: "2024-01-01T00:00:00.000Z", url: history.contents[0].url });
    const byDate = await (await send(`/api/admin/guide-published-content/all/${history.guide.id}`, { token: admin.token })).json();
    expect(byDate.meta.limit).toBe(5);
    expect(byDate.data[0].title).toBe(`Item 5 ${history.word}`);
    const search = await (await send(`/api/admin/guide-published-content/all/${history.guide.id}?search=${encodeURIComponent(`Item 2 ${history.word}`)}`, { token: admin.token })).json();
    expect(search.meta.total).toBe(1);
    expect((await send(`/api/admin/guide-published-content/all/${history.zed.id}`, { token: admin.token })).status).toBe(404);
    expect((await send(`/api/admin/guide-published-content/all/${history.guide.id}?sortBy=secret`, { token: admin.token })).status).toBe(400);
  });

  test("get-allbookings with guideId or userId → {bookings, meta}; get-booking/{id} → {booking}", async () => {
    const byGuide = await (await send(`/api/admin/get-allbookings?guideId=${history.guide.id}&limit=3&sortBy=rate&sortOrder=desc`, { token: admin.token })).json();
    expect(byGuide.meta).toEqual({ page: 1, limit: 3, total: 7, totalPages: 3 });
    expect(byGuide.bookings.map((b: { rate: number }) => b.rate)).toEqual([120, 95, 70]);
    const byUser = await (await send(`/api/admin/get-allbookings?userId=${history.zed.id}`, { token: admin.token })).json();
    expect(byUser.meta.total).toBe(3);
    const searched = await (await send(`/api/admin/get-allbookings?search=${encodeURIComponent(`Vision night ${history.word}`)}`, { token: admin.token })).json();
    expect(searched.meta.total).toBe(1);
    expect((await send(`/api/admin/get-allbookings?guideId=${history.zed.id}`, { token: admin.token })).status).toBe(404);
    expect((await send("/api/admin/get-allbookings?userId=abc", { token: admin.token })).status).toBe(400);
    expect((await send("/api/admin/get-allbookings?paymentStatus=lost", { token: admin.token })).status).toBe(400);

    const booking = history.bookings[1];
    const one = await send(`/api/admin/get-booking/${booking.id}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect((await one.json()).booking).toMatchObject({
      id: booking.id,
      topic: "Elder board",
      rate: 95,
      paymentStatus: "paid",
      additionalNotes: null,
      user: { name: `Abigail ${history.Word}`, email: history.abigail.email },
      guide: { name: `Guide ${history.Word}`, email: history.guide.email },
      slot: { date: "2025-01-11", startTime: "15:00" },
    });
    expect((await send("/api/admin/get-booking/99999999", { token: admin.token })).status).toBe(404);
    expect((await send(`/api/admin/get-booking/${booking.id}`)).status).toBe(401);
  });
});
