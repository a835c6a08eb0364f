import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { guideSearchChanged, refreshGuideSearchNow } from "#app/modules/guides/search-fields.server.ts";
import { featuredMentors, refreshPassedFreeTimes, searchMentors } from "#app/modules/mentor-search/mentor-search.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { refreshNextFreeAt } from "#app/modules/schedule/schedule.server.ts";
import { SEARCH_PAGE_SIZE, defaultOrder, searchInput, searchSchema, type SearchQuery } from "#app/modules/mentor-search/schema.ts";
import { createPerson, send } from "#tests/app.ts";
import { resetDatabase } from "#tests/setup/worker-db.ts";

// Find a Mentor (/search): its own small marketplace, made once for the file (the database starts empty).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** 10:00 UTC on the date `days` from today: the one free start of an `openHourOn` day. */
const hourOn = (days: number) => new Date(`${dateIn(days)}T10:00:00.000Z`);

/** Opens 10:00–11:00 UTC on the date `days` from today (a date override; the guide keeps UTC). */
async function openHourOn(guideId: number, days: number) {
  await prisma.availabilityOverride.create({ data: { guideId, date: dateIn(days), startTime: "10:00", endTime: "11:00" } });
}

/** A confirmed booking that claims that hour (its 15-minute blocks), as the booking flow would. */
async function claimHour(guideId: number, menteeId: number, days: number, expiresAt: Date | null = null) {
  const booking = await prisma.booking.create({ data: { userId: menteeId, guideId, topic: "Session", startsAt: hourOn(days) } });
  await prisma.timeClaim.createMany({
    data: blocksFor(hourOn(days), 60, 0).map((blockStart) => ({ guideId, blockStart, bookingId: booking.id, expiresAt })),
  });
  return booking;
}

type GuideOptions = {
  name?: string;
  title?: string;
  organisation?: string;
  bio?: string;
  email?: string;
  category?: string;
  specialties?: string[];
  expertise?: string[];
  languages?: string[];
  rateCents?: number;
  pwyw?: boolean;
  experience?: number;
  rating?: [number, number];
  freeInDays?: number[];
  bookedInDays?: number[];
  role?: "guide" | "user";
  isVerified?: boolean;
  status?: string;
  isDeleted?: boolean;
};

async function createGuide(options: GuideOptions = {}) {
  const person = await createPerson(options.role ?? "guide", {
    name: options.name ?? `${faker.person.firstName()} Zed${faker.string.alpha(6).toLowerCase()}`,
    organisation: options.organisation ?? "Plain Fellowship",
    email: options.email,
    isVerified: options.isVerified ?? true,
    status: options.status ?? "active",
  });
  await prisma.user.update({
    where: { id: person.id },
    data: {
      title: options.title ?? "Pastor",
      bio: options.bio ?? "Serves a local church.",
      isDeleted: options.isDeleted ?? false,
      specialties: { create: (options.specialties ?? ["leadership"]).map((code) => ({ code })) },
    },
  });
  await prisma.guideProfile.create({
    data: {
      userId: person.id,
      category: options.category ?? "Senior Pastors",
      experienceYears: options.experience ?? 10,
      hourlyRateCents: options.rateCents ?? 8000,
      payWhatYouWant: options.pwyw ?? false,
      expertise: JSON.stringify(options.expertise ?? ["Preaching"]),
      ratingAverage: options.rating?.[0] ?? 0,
      ratingCount: options.rating?.[1] ?? 0,
      languages: { create: (options.languages ?? ["English"]).map((language, position) => ({ language, position })) },
    },
  });
  // Free times come from the guide's rules: an hour of hours (10:00–11:00 UTC) on each of those dates, none weekly.
  for (const days of [...(options.freeInDays ?? []), ...(options.bookedInDays ?? [])]) await openHourOn(person.id, days);
  for (const days of options.bookedInDays ?? []) {
    const mentee = await createPerson("user");
    await claimHour(person.id, mentee.id, days);
  }
  // Written straight into the tables above, as no screen would: the search fields follow as a write path makes them.
  await refreshGuideSearchNow([person.id]);
  await refreshNextFreeAt([person.id]);
  return person;
}

/** What a write path does after changing a column Find a Mentor keeps (the writes here are the test's own). */
const searchChanged = () => transaction(guideSearchChanged);

/** Removes a guide outright (no screen does: accounts are soft-deleted), and has the search read the guides again. */
async function removeGuide(id: number) {
  await prisma.user.delete({ where: { id } });
  await searchChanged();
}

function query(params: Record<string, string | string[]> = {}): SearchQuery {
  const url = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const item of [value].flat()) url.append(key, item);
  const { order, ...parsed } = searchSchema.parse(searchInput(url));
  return { ...parsed, order: parsed.sort === "relevance" ? "desc" : (order ?? defaultOrder(parsed.sort)) };
}
const ids = async (params: Record<string, string | string[]> = {}) => (await searchMentors(query(params))).mentors.map((mentor) => mentor.id);
const count = (facet: Array<{ value: string | number; count: number }>, value: string | number) => facet.find((option) => option.value === value)?.count;
/** The page's HTML without React's text separators ("+<!-- -->1" is "+1" on screen). */
const page = async (path: string) => (await (await send(path)).text()).replaceAll("<!-- -->", "");
const nextFreeAt = async (userId: number) => (await prisma.guideProfile.findUniqueOrThrow({ where: { userId } })).nextFreeAt?.toISOString() ?? null;

const world = {} as Record<"ruth" | "amos" | "lydia" | "silas" | "phoebe" | "pending" | "rejected" | "inactive" | "deleted" | "mentee", { id: number; email: string; name: string }>;

beforeAll(async () => {
  await resetDatabase();
  world.ruth = await createGuide({
    name: "Ruth Okonkwo", title: "Youth Pastor", organisation: "Harbor Light Church", bio: "Builds volunteer teams for teenagers.",
    email: "quillfeather@mail.test", category: "Youth Ministry", specialties: ["youthMinistry", "discipleship", "smallGroups", "missions"],
    expertise: ["Camp leadership"], languages: ["English", "Spanish"], rateCents: 4500, experience: 6, rating: [4.9, 12], freeInDays: [2, 20],
  });
  world.amos = await createGuide({
    name: "Amos Whitfield", title: "Senior Pastor", organisation: "Cornerstone Bible", bio: "Led a congregation through a building campaign.",
    category: "Senior Pastors", specialties: ["leadership", "churchGrowth"], expertise: ["Succession planning"], languages: ["English"],
    rateCents: 12000, experience: 30, rating: [4.2, 40], freeInDays: [10], bookedInDays: [3],
  });
  world.lydia = await createGuide({
    name: "Lydia Marchetti", title: "Worship Director", organisation: "Riverbend Chapel", bio: "Writes liturgy with musicians.",
    category: "Worship Pastors", specialties: ["worshipPlanning"], expertise: ["Songwriting for congregations"], languages: ["English", "Korean"],
    pwyw: true, rateCents: 9000, experience: 15, rating: [3.6, 5], freeInDays: [25],
  });
  world.silas = await createGuide({
    name: "Silas Brennan", title: "Church Planter", organisation: "New Roots Network", bio: "Planted three churches.",
    category: "Multi-Site", specialties: ["churchPlanting"], expertise: ["Launch teams"], rateCents: 15000, experience: 22, rating: [0, 0],
  });
  world.phoebe = await createGuide({
    name: "Phoebe Adeyemi", title: "Children's Director", organisation: "Grace Kids", bio: "Trains Sunday school teachers.",
    category: "Children's Ministry", specialties: ["childrensMinistry"], expertise: ["Safeguarding"], rateCents: 6000, experience: 3, rating: [4.6, 3], freeInDays: [5],
  });
  // Never in the results: not approved, rejected (not approved either), deactivated, deleted, a mentee.
  world.pending = await createGuide({ name: "Pending Hiddenperson", isVerified: false, freeInDays: [1] });
  world.rejected = await createGuide({ name: "Rejected Hiddenperson", isVerified: false });
  await prisma.guideRequest.create({ data: { guideId: world.rejected.id, status: "rejected", declineReason: "Not yet" } });
  world.inactive = await createGuide({ name: "Inactive Hiddenperson", status: "inactive", freeInDays: [1] });
  world.deleted = await createGuide({ name: "Deleted Hiddenperson", isDeleted: true, freeInDays: [1] });
  world.mentee = await createGuide({ name: "Mentee Hiddenperson", role: "user" });
});

describe("who appears", () => {
  test("only live guides: approved, active, not deleted, role guide", async () => {
    const result = await searchMentors(query());
    expect(result.mentors.map((m) => m.id).sort()).toEqual([world.ruth.id, world.amos.id, world.lydia.id, world.silas.id, world.phoebe.id].sort());
    expect(result.meta).toEqual({ page: 1, limit: SEARCH_PAGE_SIZE, total: 5, totalPages: 1 });
    expect(await ids({ q: "Hiddenperson" })).toEqual([]);
  });

  test("follows the guide's account: deactivated, deleted or unapproved later, they leave; restored, they return", async () => {
    const guide = await createGuide({ name: "Toggle Livingstone" });
    expect(await ids({ q: "Livingstone" })).toEqual([guide.id]);
    for (const change of [{ status: "inactive" }, { isDeleted: true }, { isVerified: false }, { role: "user" }]) {
      await prisma.user.update({ where: { id: guide.id }, data: change });
      await refreshGuideSearchNow([guide.id]);
      expect(await ids({ q: "Livingstone" })).toEqual([]);
      await prisma.user.update({ where: { id: guide.id }, data: { status: "active", isDeleted: false, isVerified: true, role: "guide" } });
      await refreshGuideSearchNow([guide.id]);
      expect(await ids({ q: "Livingstone" })).toEqual([guide.id]);
    }
    await removeGuide(guide.id);
  });

  test("the page lists them as cards linking to their profiles, and never the hidden ones", async () => {
    const response = await send("/search");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Find a Mentor");
    expect(html).not.toContain("not available yet");
    for (const guide of [world.ruth, world.amos, world.lydia, world.silas, world.phoebe]) expect(html).toContain(`href="/mentor/${guide.id}"`);
    expect(html).not.toContain("Hiddenperson");
    expect(html).toContain("5 mentors");
  });

  test("a card shows photo, name, title, organisation, category, specialty labels, rating, price and next free time", async () => {
    const html = await page("/search?q=Okonkwo");
    expect(html).toContain('src="/images/default"');
    expect(html).toContain("Ruth Okonkwo");
    expect(html).toContain("Youth Pastor · Harbor Light Church");
    expect(html).toContain("Youth Ministry");
    expect(html).toContain("Discipleship");
    expect(html).toContain("+1 more");
    expect(html).toContain("4.9");
    expect(html).toContain("(12 reviews)");
    // The price as the profile says it, a price for a length: one hour at the rate before the guide chose lengths.
    expect(html).toContain("$45.00 for 60 minutes");
    expect(html).not.toContain("/ session");
    expect(html).toMatch(/<time dateTime="[^"]+"/);
    const lydia = await page("/search?q=Marchetti");
    expect(lydia).toContain("Pay what you want");
    const silas = await page("/search?q=Brennan");
    expect(silas).toContain("New: no reviews yet");
    expect(silas).toContain("None open yet");
    // Several lengths: the lowest price with its length.
    await prisma.sessionOption.createMany({ data: [{ guideId: world.silas.id, minutes: 30, priceCents: 3500 }, { guideId: world.silas.id, minutes: 90, priceCents: 12000 }] });
    try {
      expect(await page("/search?q=Brennan")).toContain("from $35.00 for 30 minutes");
    } finally {
      await prisma.sessionOption.deleteMany({ where: { guideId: world.silas.id } });
    }
  });
});

describe("keyword search", () => {
  test.each([
    ["name", "Okonkwo", "ruth"],
    ["title", "Worship Director", "lydia"],
    ["organisation", "Cornerstone", "amos"],
    ["bio", "liturgy", "lydia"],
    ["specialty label", "Church Planting", "silas"],
    ["expertise", "Safeguarding", "phoebe"],
    ["the start of a word", "okon", "ruth"],
    ["any case and several words", "harbor TEENAGERS", "ruth"],
  ] as const)("finds by %s (%s)", async (_field, q, who) => {
    expect(await ids({ q })).toEqual([world[who].id]);
  });

  test("never by e-mail", async () => {
    expect(await ids({ q: "quillfeather" })).toEqual([]);
    expect(await ids({ q: "quillfeather@mail.test" })).toEqual([]);
  });

  test("follows changes to the guide's name, specialties and expertise (guide-search-fields.test.ts: through each screen)", async () => {
    const guide = await createGuide({ name: "Temporary Person", specialties: ["finance"], expertise: ["Budgets"] });
    await prisma.user.update({ where: { id: guide.id }, data: { name: "Ezekiel Vantongeren" } });
    await refreshGuideSearchNow([guide.id]);
    expect(await ids({ q: "Vantongeren" })).toEqual([guide.id]);
    await prisma.userSpecialty.create({ data: { userId: guide.id, code: "technology" } });
    await refreshGuideSearchNow([guide.id]);
    expect(await ids({ q: "Vantongeren technology" })).toEqual([guide.id]);
    expect(await ids({ q: "Vantongeren", specialty: "technology" })).toEqual([guide.id]);
    await prisma.userSpecialty.delete({ where: { userId_code: { userId: guide.id, code: "technology" } } });
    await refreshGuideSearchNow([guide.id]);
    expect(await ids({ q: "Vantongeren", specialty: "technology" })).toEqual([]);
    expect(await ids({ q: "Vantongeren", specialty: "finance" })).toEqual([guide.id]);
    await prisma.guideProfile.update({ where: { userId: guide.id }, data: { expertise: JSON.stringify(["Stewardship drives"]) } });
    await refreshGuideSearchNow([guide.id]);
    expect(await ids({ q: "stewardship" })).toEqual([guide.id]);
    expect(await ids({ q: "Budgets" })).toEqual([]);
    await removeGuide(guide.id);
    expect(await ids({ q: "Vantongeren" })).toEqual([]);
  });

  test("words that match nothing give no one, and the page says how to loosen the search", async () => {
    expect(await ids({ q: "xylophonist" })).toEqual([]);
    const html = await (await send("/search?q=xylophonist&category=Youth+Ministry")).text();
    expect(html).toContain("No mentors match your search");
    // Said once: the count above it is a count.
    expect(html).toMatch(/id="results-heading"[^>]*>0 mentors</);
    expect(html).not.toContain("No mentors found");
    expect(html).toContain('href="/search?category=Youth+Ministry"'); // drops the words
    expect(html).toContain('href="/search?q=xylophonist"'); // drops the category
  });

  test("relevance ranks the better match first", async () => {
    const result = await ids({ q: "church" });
    expect(result.length).toBeGreaterThan(1);
    const names = (await searchMentors(query({ q: "planting" }))).mentors.map((m) => m.name);
    expect(names[0]).toBe("Silas Brennan");
  });

  test("ranking reads each guide's words where the index keeps them, not from far storage", async () => {
    // A common word matches most guides, and each match's words are read to rank it.
    if (dialect === "postgres") {
      const [column] = await prisma.$queryRaw<Array<{ storage: string }>>`
        SELECT attstorage::text AS storage FROM pg_attribute WHERE attrelid = '"GuideProfile"'::regclass AND attname = 'searchVector'`;
      expect(column.storage).toBe("m"); // in the row, compressed; not in the TOAST table (75 ms against 12 for "church")
    } else {
      const [table] = await prisma.$queryRaw<Array<{ sql: string }>>`SELECT sql FROM sqlite_master WHERE name = 'GuideSearch'`;
      expect(table.sql).toMatch(/USING fts5/i);
    }
  });

  test("by relevance, pages hold only the guides that meet the facets, best match first, and never the hidden ones", async () => {
    // The word once in a long bio ranks below the word in a short one; each guide's bio is a little longer.
    const filler = (n: number) => " and shepherds the congregation faithfully".repeat(n);
    const youth = [];
    for (let i = 0; i < 14; i++) youth.push(await createGuide({ category: "Youth Ministry", bio: `Teaches marvelwick${filler(i)}.` }));
    const senior = await createGuide({ category: "Senior Pastors", bio: "Teaches marvelwick." });
    const hidden = await createGuide({ category: "Youth Ministry", bio: "Teaches marvelwick.", status: "inactive" });

    try {
      const first = await searchMentors(query({ q: "marvelwick", category: "Youth Ministry" }));
      expect(first.meta).toMatchObject({ total: 14, totalPages: 2 });
      expect(first.mentors.map((m) => m.id)).toEqual(youth.slice(0, SEARCH_PAGE_SIZE).map((guide) => guide.id));
      const second = await searchMentors(query({ q: "marvelwick", category: "Youth Ministry", page: "2" }));
      expect(second.mentors.map((m) => m.id)).toEqual(youth.slice(SEARCH_PAGE_SIZE).map((guide) => guide.id));
      // Without the category, the Senior Pastor's short bio is among the best matches; the deactivated guide is nowhere.
      const all = await searchMentors(query({ q: "marvelwick" }));
      expect(all.meta.total).toBe(15);
      expect(all.mentors.slice(0, 2).map((m) => m.id).sort()).toEqual([youth[0].id, senior.id].sort());
    } finally {
      for (const guide of [...youth, senior, hidden]) await removeGuide(guide.id);
    }
  });
});

describe("facets and their counts", () => {
  test("category, with counts that ignore the category chosen", async () => {
    const result = await searchMentors(query({ category: ["Youth Ministry", "Multi-Site"] }));
    expect(result.mentors.map((m) => m.id).sort()).toEqual([world.ruth.id, world.silas.id].sort());
    expect(count(result.facets.category, "Youth Ministry")).toBe(1);
    expect(count(result.facets.category, "Senior Pastors")).toBe(1);
    expect(count(result.facets.category, "Worship Pastors")).toBe(1);
    // The other facets count within the chosen categories.
    expect(count(result.facets.specialty, "youthMinistry")).toBe(1);
    expect(count(result.facets.specialty, "leadership")).toBe(0);
  });

  test("specialty", async () => {
    const result = await searchMentors(query({ specialty: ["discipleship", "churchGrowth"] }));
    expect(result.mentors.map((m) => m.id).sort()).toEqual([world.ruth.id, world.amos.id].sort());
    expect(count(result.facets.specialty, "worshipPlanning")).toBe(1);
    expect(count(result.facets.category, "Youth Ministry")).toBe(1);
    expect(count(result.facets.category, "Worship Pastors")).toBe(0);
  });

  test("language", async () => {
    const result = await searchMentors(query({ language: "Korean" }));
    expect(result.mentors.map((m) => m.id)).toEqual([world.lydia.id]);
    expect(count(result.facets.language, "English")).toBe(5);
    expect(count(result.facets.language, "Spanish")).toBe(1);
    expect(count(result.facets.language, "Korean")).toBe(1);
  });

  test("a guide's languages changing moves the language counts at once (kept on the profile)", async () => {
    const lydia = { guideProfile: { userId: world.lydia.id } };
    // How many live guides speak `language` (a language nobody speaks is not listed).
    const speaking = async (language: string) => count((await searchMentors(query())).facets.language, language) ?? 0;
    await prisma.guideLanguage.updateMany({ where: { ...lydia, language: "Korean" }, data: { language: "Tagalog" } });
    await refreshGuideSearchNow([world.lydia.id]);
    expect(await speaking("Korean")).toBe(0);
    expect(await speaking("Tagalog")).toBe(1);
    expect((await ids({ language: "Tagalog" }))).toEqual([world.lydia.id]);
    await prisma.guideLanguage.deleteMany({ where: { ...lydia, language: "Tagalog" } });
    await refreshGuideSearchNow([world.lydia.id]);
    expect(await speaking("Tagalog")).toBe(0);
    expect(await speaking("English")).toBe(5);
    const profile = await prisma.guideProfile.findUniqueOrThrow({ where: { userId: world.lydia.id } });
    await prisma.guideLanguage.create({ data: { guideProfileId: profile.id, language: "Korean", position: 1 } });
    await refreshGuideSearchNow([world.lydia.id]);
    expect(await speaking("Korean")).toBe(1);
  });

  test("price ranges and pay what you want, any of those chosen", async () => {
    const base = await searchMentors(query());
    expect(count(base.facets.price, "under-50")).toBe(1);
    expect(count(base.facets.price, "50-99")).toBe(1); // Phoebe; Lydia's rate is a suggestion: she is pay-what-you-want
    expect(count(base.facets.price, "100-149")).toBe(1);
    expect(count(base.facets.price, "150-up")).toBe(1);
    expect(base.facets.pwyw).toBe(1);
    expect((await ids({ price: "under-50" }))).toEqual([world.ruth.id]);
    expect((await ids({ pwyw: "1" }))).toEqual([world.lydia.id]);
    expect((await ids({ pwyw: "1", price: ["150-up"] })).sort()).toEqual([world.lydia.id, world.silas.id].sort());
  });

  test("a free time in the next 7, 14 or 30 days (booked time is not free)", async () => {
    const base = await searchMentors(query());
    expect(count(base.facets.free, 7)).toBe(2); // Ruth (day 2), Phoebe (day 5); Amos's day-3 hour is booked
    expect(count(base.facets.free, 14)).toBe(3); // + Amos (day 10)
    expect(count(base.facets.free, 30)).toBe(4); // + Lydia (day 25); Silas has none
    expect((await ids({ free: "7" })).sort()).toEqual([world.ruth.id, world.phoebe.id].sort());
  });

  test("minimum rating (unrated guides never pass)", async () => {
    const base = await searchMentors(query());
    expect(count(base.facets.rating, 4.5)).toBe(2);
    expect(count(base.facets.rating, 4)).toBe(3);
    expect(count(base.facets.rating, 3.5)).toBe(4);
    expect(count(base.facets.rating, 3)).toBe(4);
    expect((await ids({ rating: "4.5", sort: "rating" }))).toEqual([world.ruth.id, world.phoebe.id]);
  });

  test("facets combine: each narrows the others", async () => {
    const result = await searchMentors(query({ language: "English", free: "30", rating: "4", price: ["under-50", "100-149"] }));
    expect(result.mentors.map((m) => m.id).sort()).toEqual([world.ruth.id, world.amos.id].sort());
    expect(count(result.facets.free, 7)).toBe(1);
    expect(result.meta.total).toBe(2);
  });

  test("a facet link on the page keeps the rest of the search", async () => {
    const html = await (await send("/search?q=church&specialty=churchPlanting&sort=price")).text();
    expect(html).toMatch(/<input type="checkbox"[^>]*name="specialty" checked="" value="churchPlanting"/);
    expect(html).toContain('href="/search?q=church&amp;sort=price"'); // removing the specialty
  });
});

describe("sorting", () => {
  const live = () => [world.ruth, world.amos, world.lydia, world.silas, world.phoebe];
  test.each([
    ["rating", "desc", ["ruth", "phoebe", "amos", "lydia", "silas"]],
    ["rating", "asc", ["lydia", "amos", "phoebe", "ruth", "silas"]],
    ["price", "asc", ["lydia", "ruth", "phoebe", "amos", "silas"]],
    ["price", "desc", ["silas", "amos", "phoebe", "ruth", "lydia"]],
    ["experience", "desc", ["amos", "silas", "lydia", "ruth", "phoebe"]],
    ["experience", "asc", ["phoebe", "ruth", "lydia", "silas", "amos"]],
    ["next-free", "asc", ["ruth", "phoebe", "amos", "lydia", "silas"]],
    ["next-free", "desc", ["lydia", "amos", "phoebe", "ruth", "silas"]],
  ] as const)("by %s %s", async (sort, order, expected) => {
    expect(live().length).toBe(5);
    expect(await ids({ sort, order })).toEqual(expected.map((who) => world[who].id));
  });

  test("best match without words: the best rated first", async () => {
    expect(await ids()).toEqual(["ruth", "phoebe", "amos", "lydia", "silas"].map((who) => world[who as "ruth"].id));
  });
});

describe("paging and bad input", () => {
  test("pages of 12, and a page past the last goes back to the first", async () => {
    const extra = [];
    for (let i = 0; i < 10; i++) extra.push(await createGuide({ name: `Pager Person${String.fromCharCode(97 + i)}`, experience: 40 + i }));
    const first = await searchMentors(query({ sort: "experience" }));
    expect(first.meta).toMatchObject({ total: 15, totalPages: 2, page: 1 });
    expect(first.mentors).toHaveLength(12);
    const second = await searchMentors(query({ sort: "experience", page: "2" }));
    expect(second.mentors.map((m) => m.id)).toEqual([world.lydia.id, world.ruth.id, world.phoebe.id]);
    const html = await (await send("/search?sort=experience&page=2")).text();
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('href="/search?sort=experience"'); // page 1 and Previous
    const past = await send("/search?sort=experience&page=9");
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/search?sort=experience");
    for (const guide of extra) await removeGuide(guide.id);
  });

  test.each([
    ["page=0", "language=Korean"],
    ["page=abc", "language=Korean"],
    ["sort=cheapest", "language=Korean"],
    ["order=sideways", "sort=price"],
    ["category=Astronauts", "sort=rating"],
    ["specialty=juggling", "language=Korean"],
    ["price=free", "pwyw=1"],
    ["free=3", "rating=4"],
    ["rating=6", "free=7"],
    ["pwyw=yes", "sort=experience"],
    ["language=%3Cscript%3E", "free=14"],
    [`q=${"a".repeat(101)}`, "language=Korean"],
    ["sort=price&sort=rating", "language=Korean"],
  ])("?%s cannot be read: it is dropped and the rest of the search stays (%s)", async (unreadable, kept) => {
    const response = await send(`/search?${kept}&${unreadable}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/search?${kept}`);
    const html = await (await send(`/search?${kept}`)).text();
    expect(html).not.toContain("This search cannot be read");
    expect(html).not.toMatch(/must be (a positive|between|one of|asc|1)/);
  });

  test("unknown parameters and empty values are ignored", async () => {
    const response = await send("/search?utm_source=mail&q=&category=&free=&rating=");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("5 mentors");
  });
});

describe("the kept next free time", () => {
  test("follows the guide's rules and claimed time: opened, booked, a hold that ran out, released, paused", async () => {
    const guide = await createGuide({ name: "Keeper Person" });
    expect(await nextFreeAt(guide.id)).toBeNull();
    await openHourOn(guide.id, 9);
    await refreshNextFreeAt([guide.id]);
    expect(await nextFreeAt(guide.id)).toBe(hourOn(9).toISOString());
    await openHourOn(guide.id, 3);
    await refreshNextFreeAt([guide.id]);
    expect(await nextFreeAt(guide.id)).toBe(hourOn(3).toISOString());

    const mentee = await createPerson("user");
    const booking = await claimHour(guide.id, mentee.id, 3);
    await refreshNextFreeAt([guide.id]);
    expect(await nextFreeAt(guide.id)).toBe(hourOn(9).toISOString());
    // A hold that ran out no longer claims the time.
    await prisma.timeClaim.updateMany({ where: { bookingId: booking.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    await refreshNextFreeAt([guide.id]);
    expect(await nextFreeAt(guide.id)).toBe(hourOn(3).toISOString());
    // Claimed again, then released (a cancelled booking's claims are deleted).
    await prisma.timeClaim.updateMany({ where: { bookingId: booking.id }, data: { expiresAt: null } });
    await refreshNextFreeAt([guide.id]);
    expect(await nextFreeAt(guide.id)).toBe(hourOn(9).toISOString());
    await prisma.timeClaim.deleteMany({ where: { bookingId: booking.id } });
    await refreshNextFreeAt([guide.id]);
    expect(await nextFreeAt(guide.id)).toBe(hourOn(3).toISOString());
    // Paused: nothing free.
    await prisma.guideProfile.update({ where: { userId: guide.id }, data: { bookingPaused: true } });
    await refreshNextFreeAt([guide.id]);
    expect(await nextFreeAt(guide.id)).toBeNull();
    await prisma.booking.delete({ where: { id: booking.id } });
    await removeGuide(guide.id);
  });

  test("a free time that can no longer be booked is replaced by the next one when a search runs", async () => {
    const guide = await createGuide({ name: "Passing Person", freeInDays: [4] });
    // As if kept a while ago: a time that has since come within the notice.
    await prisma.guideProfile.update({ where: { userId: guide.id }, data: { nextFreeAt: new Date(Date.now() + HOUR) } });
    expect(await refreshPassedFreeTimes(new Date())).toBe(1);
    expect(await nextFreeAt(guide.id)).toBe(hourOn(4).toISOString());
    expect(await refreshPassedFreeTimes(new Date())).toBe(0);
    await removeGuide(guide.id);
  });
});

describe("the live guides kept in memory", () => {
  const generation = async () => (await prisma.guideSearchGeneration.findUnique({ where: { id: 1 } }))?.generation ?? null;
  const rateOf = async (id: number) => (await searchMentors(query({ q: "Brennan" }))).mentors.find((mentor) => mentor.id === id)?.hourlyRateCents;
  const priced = async (range: string) => count((await searchMentors(query())).facets.price, range);

  test("a change to a column the search reads gives the generation a new value; a refresh that moves nothing does not", async () => {
    const silas = { userId: world.silas.id };
    await refreshNextFreeAt([world.silas.id]);
    const before = await generation();
    expect(before).toMatch(/\w{8,}/);
    // Silas has no free time: recomputed, it is still none, and nothing is written.
    await refreshNextFreeAt([world.silas.id]);
    expect(await generation()).toBe(before);
    await prisma.guideProfile.update({ where: silas, data: { hourlyRateCents: 4000 } });
    await searchChanged();
    const after = await generation();
    expect(after).not.toBe(before);
    // Any server's next search reads the profiles again: the facets and the order follow at once.
    expect(await priced("under-50")).toBe(2);
    // Pay what you want first, then the cheapest.
    expect((await ids({ sort: "price", order: "asc" })).slice(0, 2)).toEqual([world.lydia.id, world.silas.id]);
    await prisma.guideProfile.update({ where: silas, data: { hourlyRateCents: 15000, experienceYears: 22 } });
    await searchChanged();
    expect(await priced("under-50")).toBe(1);
    expect((await ids({ sort: "price", order: "asc" })).at(-1)).toBe(world.silas.id);
  });

  test("the profiles are read again only when the generation has moved", async () => {
    expect(await priced("150-up")).toBe(1);
    const kept = await generation();
    // A write that leaves the generation as it was (which no write path does) is not seen: the search answers from
    // memory. Once the generation moves, it reads the profiles again.
    await prisma.$executeRaw`UPDATE "GuideProfile" SET "hourlyRateCents" = 16000 WHERE "userId" = ${world.amos.id}`;
    await prisma.$executeRaw`UPDATE "GuideSearchGeneration" SET generation = ${kept!} WHERE id = 1`;
    expect(await priced("150-up")).toBe(1);
    await prisma.$executeRaw`UPDATE "GuideSearchGeneration" SET generation = ${"moved"} WHERE id = 1`;
    expect(await priced("150-up")).toBe(2);
    await prisma.guideProfile.update({ where: { userId: world.amos.id }, data: { hourlyRateCents: 12000 } });
    await searchChanged();
    expect(await priced("150-up")).toBe(1);
    // The card's own fields are read with the page, never kept.
    expect(await rateOf(world.silas.id)).toBe(15000);
  });
});

describe("the home page's mentors", () => {
  test("the best rated live guides with a free time in the next 14 days, at most four, each linking to a live profile", async () => {
    const best = await createGuide({ name: "Hannah Featuredperson", rating: [4.95, 7], freeInDays: [2] });
    await createGuide({ name: "Later Featuredperson", rating: [5, 20], freeInDays: [20] });
    await createGuide({ name: "Hidden Featuredperson", rating: [5, 9], freeInDays: [2], status: "inactive" });
    await createGuide({ name: "Fifth Featuredperson", rating: [4.1, 30], freeInDays: [3] });
    const upload = await prisma.upload.create({ data: { contentType: "image/webp", byteSize: 1, data: Buffer.from([0]) } });
    await prisma.user.update({ where: { id: best.id }, data: { imageId: upload.id } });
    // Ruth (4.9) and Phoebe (4.6) are free soon, Amos (4.2) on day 10; Lydia only after 14 days, Silas unrated.
    const expected = [best.id, world.ruth.id, world.phoebe.id, world.amos.id];
    expect((await featuredMentors()).map((mentor) => mentor.id)).toEqual(expected);

    const home = await page("/");
    const linked = [...home.matchAll(/href="\/mentor\/(\d+)"/g)].map((match) => Number(match[1]));
    expect(linked).toEqual(expected);
    expect(home).toContain("Mentors you could meet soon");
    expect(home).toContain(`src="/images/${upload.id}" alt="Picture of Hannah Featuredperson"`);
    expect(home).toContain('alt="Picture of Ruth Okonkwo"');
    for (const id of linked) expect((await send(`/mentor/${id}`)).status).toBe(200);
    // The example searches lead to Find a Mentor's results for each.
    expect(home).toContain('href="/search?q=burnout"');
    expect(home).toContain('href="/search?q=building+campaign"');
  });
});
