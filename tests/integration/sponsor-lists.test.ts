/**
 * The sponsor's paged lists (/sponsor/ledger, /sponsor/pastors, /sponsor/invites) through the screens: paging, each
 * sort, each filter, the search, a page past the last one and a parameter the list cannot read; and that another
 * organisation's rows never appear, however they are asked for.
 */
import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { periodStart } from "#app/modules/sponsorship/messages.ts";
import { createPerson, postForm, send, signIn } from "#tests/app.ts";
import { turnOnTwoFactor } from "#tests/two-factor.ts";

const text = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

const tag = faker.string.alpha({ length: 6, casing: "lower" });
const DAY = 86_400_000;
/** The ledger's movements: 12 a day apart from Jan 1, 2026 (UTC), fundings of $1,000, $1,001…, sessions and returns. */
const BASE = Date.UTC(2026, 0, 1, 12);

type Sponsor = { admin: Awaited<ReturnType<typeof signIn>>; organisationId: number };
let mine: Sponsor;
let theirs: Sponsor;
const pastorIds: Record<string, number> = {};

async function makeSponsor(name: string): Promise<Sponsor> {
  const admin = await signIn("user");
  await turnOnTwoFactor(admin.person.id);
  const organisation = await prisma.organisation.create({ data: { name, nameKey: name.toLowerCase() } });
  await prisma.sponsorAccount.create({ data: { organisationId: organisation.id, budgetCents: 30_000, budgetPeriod: "quarter" } });
  await prisma.sponsorAdmin.create({ data: { organisationId: organisation.id, userId: admin.person.id } });
  return { admin, organisationId: organisation.id };
}

/** Amounts in the ledger, as the screen writes them. */
const amountsOf = (html: string) => [...html.matchAll(/text-right tabular-nums"[^>]*>([+-]?\$[\d,.]+)<\/td>/g)].map((match) => match[1]);
/** Pastors' names in the list, in order. */
const pastorsOf = (html: string) => [...html.matchAll(/href="\/sponsor\/pastors\/(\d+)"[^>]*>([^<]+)</g)].map((match) => match[2]);

beforeAll(async () => {
  mine = await makeSponsor(`Grace Lists ${tag}`);
  theirs = await makeSponsor(`Other Lists ${tag}`);
  const ledger = (organisationId: number, kind: string, amountCents: number, at: number) => ({ organisationId, kind, amountCents, createdAt: new Date(at) });
  await prisma.sponsorLedgerEntry.createMany({
    data: [
      // 4 fundings, 6 sessions, 2 returns: a day apart.
      ...[0, 1, 2, 3].map((i) => ledger(mine.organisationId, "funding", 100_000 + i * 100, BASE + i * DAY)),
      ...[0, 1, 2, 3, 4, 5].map((i) => ledger(mine.organisationId, "session", -(4_000 + i * 500), BASE + (4 + i) * DAY)),
      ...[0, 1].map((i) => ledger(mine.organisationId, "returned", 1_500 + i * 100, BASE + (10 + i) * DAY)),
      // Another organisation's, with an amount of its own, on the same days.
      ledger(theirs.organisationId, "funding", 77_777, BASE),
      ledger(theirs.organisationId, "session", -4_000, BASE + 5 * DAY),
    ],
  });
  // Five pastors of mine (one has left), a day apart; one of theirs whose name is close to mine.
  const now = new Date();
  const names = ["Abigail Stone", "Boaz Miller", "Caleb Ortiz", "Deborah Lane", "Ezra Quinn"];
  for (const [i, name] of names.entries()) {
    const person = await createPerson("user", { name: `${name} ${tag}`, email: `${name.split(" ")[0].toLowerCase()}.${tag}@test.example` });
    pastorIds[name] = person.id;
    await prisma.sponsoredPastor.create({ data: { organisationId: mine.organisationId, userId: person.id, joinedAt: new Date(BASE + (names.length - i) * DAY), leftAt: name === "Deborah Lane" ? new Date() : null } });
    // What each used of this quarter's budget: Caleb most, Abigail nothing.
    const spent = [0, 5_000, 20_000, 1_000, 10_000][i];
    if (spent) await prisma.sponsorPeriodSpend.create({ data: { organisationId: mine.organisationId, pastorId: person.id, period: "quarter", periodStart: periodStart(now, "quarter"), spentCents: spent } });
  }
  const outsider = await createPerson("user", { name: `Abigail Outsider ${tag}` });
  await prisma.sponsoredPastor.create({ data: { organisationId: theirs.organisationId, userId: outsider.id } });
  // Invitations: three of mine (one revoked), one of theirs.
  const invite = (organisationId: number, email: string | null, at: number, revoked = false) => ({
    organisationId,
    email,
    tokenHash: faker.string.alphanumeric(40),
    createdById: mine.admin.person.id,
    createdAt: new Date(at),
    revokedAt: revoked ? new Date(at + DAY) : null,
  });
  await prisma.sponsorInvite.createMany({
    data: [
      invite(mine.organisationId, `zoe.${tag}@test.example`, BASE),
      invite(mine.organisationId, null, BASE + DAY),
      invite(mine.organisationId, `adam.${tag}@test.example`, BASE + 2 * DAY, true),
      invite(theirs.organisationId, `zoe.other.${tag}@test.example`, BASE),
    ],
  });
});

const get = (path: string, sponsor = mine) => send(path, { cookie: sponsor.admin.cookie });

describe("/sponsor/ledger", () => {
  test("pages every movement, newest first, with the position and page links", async () => {
    const first = await text(await get("/sponsor/ledger?limit=5"));
    expect(first).toContain("1–5 of 12");
    expect(amountsOf(first)).toEqual(["+$16.00", "+$15.00", "-$65.00", "-$60.00", "-$55.00"]);
    const last = await text(await get("/sponsor/ledger?limit=5&page=3"));
    expect(last).toContain("11–12 of 12");
    expect(amountsOf(last)).toEqual(["+$1,001.00", "+$1,000.00"]);
    // Past the last page: its first page, said in the URL.
    const past = await get("/sponsor/ledger?limit=5&page=4");
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/sponsor/ledger?limit=5");
  });

  test("sorts by date or amount, either way", async () => {
    expect(amountsOf(await text(await get("/sponsor/ledger?sort=date&order=asc&limit=3")))).toEqual(["+$1,000.00", "+$1,001.00", "+$1,002.00"]);
    expect(amountsOf(await text(await get("/sponsor/ledger?sort=amount&order=asc&limit=3")))).toEqual(["-$65.00", "-$60.00", "-$55.00"]);
    expect(amountsOf(await text(await get("/sponsor/ledger?sort=amount&order=desc&limit=3")))).toEqual(["+$1,003.00", "+$1,002.00", "+$1,001.00"]);
  });

  test("filters by kind and by days, and finds an amount", async () => {
    const fundings = await text(await get("/sponsor/ledger?kind=funding"));
    expect(amountsOf(fundings)).toEqual(["+$1,003.00", "+$1,002.00", "+$1,001.00", "+$1,000.00"]);
    expect(amountsOf(await text(await get("/sponsor/ledger?kind=returned")))).toEqual(["+$16.00", "+$15.00"]);
    // Jan 5 to Jan 6 (UTC, the sponsor admin's zone): the first two sessions.
    const days = await text(await get("/sponsor/ledger?from=2026-01-05&to=2026-01-06"));
    expect(amountsOf(days)).toEqual(["-$45.00", "-$40.00"]);
    expect(days).toContain("Date: Jan 5, 2026 – Jan 6, 2026");
    expect(amountsOf(await text(await get("/sponsor/ledger?kind=session&from=2026-01-09")))).toEqual(["-$65.00", "-$60.00"]);
    // An amount, typed any way: either direction of money.
    expect(amountsOf(await text(await get(`/sponsor/ledger?search=${encodeURIComponent("$40")}`)))).toEqual(["-$40.00"]);
    expect(amountsOf(await text(await get("/sponsor/ledger?search=1,001.00")))).toEqual(["+$1,001.00"]);
    expect(await text(await get("/sponsor/ledger?search=grace"))).toContain("No movements match.");
  });

  test("drops what it cannot read (a kind it does not know, a day that is not one, a sort it does not have)", async () => {
    for (const [query, kept] of [["kind=gift&limit=5", "limit=5"], ["from=2026-02-30", ""], ["sort=topic", ""], ["from=2026-01-09&to=2026-01-01", "from=2026-01-09"]] as const) {
      const response = await get(`/sponsor/ledger?${query}`);
      expect(response.status, query).toBe(302);
      expect(response.headers.get("Location"), query).toBe(kept ? `/sponsor/ledger?${kept}` : "/sponsor/ledger");
    }
  });

  test("never shows another organisation's movements", async () => {
    for (const query of ["", "?search=777.77", "?kind=funding", "?sort=amount&order=desc", "?from=2026-01-01&to=2026-01-01"]) {
      const html = await text(await get(`/sponsor/ledger${query}`));
      expect(html, query).not.toContain("$777.77");
    }
    // Theirs sees its own two, and none of mine.
    const other = await text(await get("/sponsor/ledger", theirs));
    expect(amountsOf(other)).toEqual(["-$40.00", "+$777.77"]);
  });
});

describe("/sponsor/pastors", () => {
  test("pages the pastors by name, with this period's budget used and left", async () => {
    const html = await text(await get("/sponsor/pastors?limit=2"));
    expect(pastorsOf(html)).toEqual([`Abigail Stone ${tag}`, `Boaz Miller ${tag}`]);
    expect(html).toContain("1–2 of 5");
    expect(html).toContain("$250.00"); // Boaz: $300 less $50 used
    // The budget's column names the rules' period, as the overview and the pastor's Settings do.
    expect(html).toMatch(/Used this (month|quarter|year)</);
    expect(html).not.toContain("Used this period");
    expect(pastorsOf(await text(await get("/sponsor/pastors?limit=2&page=3")))).toEqual([`Ezra Quinn ${tag}`]);
  });

  test("sorts by name, joining and budget used, either way", async () => {
    const order = async (query: string) => pastorsOf(await text(await get(`/sponsor/pastors?${query}`))).map((name) => name.split(" ")[0]);
    expect(await order("sort=name&order=desc")).toEqual(["Ezra", "Deborah", "Caleb", "Boaz", "Abigail"]);
    expect(await order("sort=joined&order=asc")).toEqual(["Ezra", "Deborah", "Caleb", "Boaz", "Abigail"]);
    expect(await order("sort=joined&order=desc")).toEqual(["Abigail", "Boaz", "Caleb", "Deborah", "Ezra"]);
    expect(await order("sort=budgetUsed&order=desc")).toEqual(["Caleb", "Ezra", "Boaz", "Deborah", "Abigail"]);
    expect(await order("sort=budgetUsed&order=asc")).toEqual(["Abigail", "Deborah", "Boaz", "Ezra", "Caleb"]);
  });

  test("searches by name only (never an e-mail address) and filters who is sponsored now or left", async () => {
    const names = async (query: string) => pastorsOf(await text(await get(`/sponsor/pastors?${query}`)));
    expect(await names("search=caleb")).toEqual([`Caleb Ortiz ${tag}`]);
    expect(await names(`search=${tag}&limit=10`)).toHaveLength(5);
    // The e-mail addresses hold "abigail." but a sponsor never searches addresses.
    expect(await names(`search=abigail.${tag}`)).toEqual([]);
    expect(await names("status=left")).toEqual([`Deborah Lane ${tag}`]);
    expect(await names("status=joined&limit=10")).toHaveLength(4);
    const unknown = await get("/sponsor/pastors?status=gone&sort=email");
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Location")).toBe("/sponsor/pastors");
  });

  test("never lists another organisation's pastors, however asked", async () => {
    for (const query of ["", `?search=abigail`, "?search=outsider", "?status=joined", "?sort=budgetUsed&order=desc"]) {
      expect(await text(await get(`/sponsor/pastors${query}`)), query).not.toContain("Outsider");
    }
    expect(pastorsOf(await text(await get("/sponsor/pastors", theirs)))).toEqual([`Abigail Outsider ${tag}`]);
    // And one of theirs is a 404 to me.
    const outsider = await prisma.sponsoredPastor.findFirstOrThrow({ where: { organisationId: theirs.organisationId } });
    expect((await get(`/sponsor/pastors/${outsider.userId}`)).status).toBe(404);
  });

  test("the overview previews the first pastors and the latest movements, with links to the whole lists", async () => {
    const html = await text(await get("/sponsor"));
    expect(html).toContain('href="/sponsor/pastors"');
    expect(html).toContain("See all 5 pastors");
    expect(html).toContain("See the whole ledger (12 movements)");
    expect(amountsOf(html)).toHaveLength(10);
  });
});

describe("/sponsor/pastors of a sponsor of more than a thousand pastors", () => {
  // Past 1,000 pastors a page by name reads people in their name order (a page in the second half from the end); fewer
  // are looked up and sorted whole. Both must list the same pastors in the same order: two of each name, the pastor made
  // first (whose person was made later) before the other, whichever way.
  let many: Sponsor;
  const COUNT = 1030;
  const expected: string[] = [];
  beforeAll(async () => {
    many = await makeSponsor(`Many Lists ${tag}`);
    const names = Array.from({ length: COUNT }, (_, i) => `Pastor ${tag} ${String(Math.floor(i / 2)).padStart(4, "0")}`);
    await prisma.user.createMany({ data: names.map((name, i) => ({ name, email: `many.${i}.${tag}@test.example`, organisation: "Test Fellowship" })) });
    const people = await prisma.user.findMany({ where: { email: { endsWith: `.${tag}@test.example`, startsWith: "many." } }, select: { id: true, name: true }, orderBy: { id: "desc" } });
    await prisma.sponsoredPastor.createMany({ data: people.map((person) => ({ organisationId: many.organisationId, userId: person.id })) });
    const pastors = await prisma.sponsoredPastor.findMany({ where: { organisationId: many.organisationId }, select: { id: true, user: { select: { name: true } } } });
    pastors.sort((a, b) => a.user.name.localeCompare(b.user.name) || a.id - b.id);
    expected.push(...pastors.map((pastor) => pastor.user.name));
  });
  const page = async (query: string) => pastorsOf(await text(await get(`/sponsor/pastors?limit=100&${query}`, many)));

  test("pages them by name either way, the first, a middle and the last page", async () => {
    expect(await page("page=1")).toEqual(expected.slice(0, 100));
    expect(await page("page=6")).toEqual(expected.slice(500, 600));
    expect(await page("page=11")).toEqual(expected.slice(1000));
    const descending = expected.toReversed();
    expect(await page("order=desc")).toEqual(descending.slice(0, 100));
    expect(await page("order=desc&page=7")).toEqual(descending.slice(600, 700));
    expect(await page("order=desc&page=11")).toEqual(descending.slice(1000));
  });

  test("searched by a short or a longer term, matching more or fewer than a thousand, pages them by name", async () => {
    // "as" (in "Pastor") matches all of them: counted to 1,000+, a page by name reads people first.
    const html = await text(await get("/sponsor/pastors?limit=100&search=as", many));
    expect(html).toContain("1,000+");
    expect(pastorsOf(html)).toEqual(expected.slice(0, 100));
    expect(await page("search=as&order=desc&page=2")).toEqual(expected.toReversed().slice(100, 200));
    // "01" fewer; 3+ characters are counted from the index of names: "001" a few, the tag all of them again.
    expect(await page("search=01")).toEqual(expected.filter((name) => name.includes("01")).slice(0, 100));
    expect(await page("search=001&order=desc")).toEqual(expected.filter((name) => name.includes("001")).toReversed());
    expect(await page(`search=${tag}&order=desc`)).toEqual(expected.toReversed().slice(0, 100));
  });
});

describe("/sponsor/invites", () => {
  const sentTo = (html: string) => [...html.matchAll(/<td class="px-4 py-3 text-slate-700 break-all"[^>]*>([^<]+)<\/td>/g)].map((match) => match[1]);

  test("pages, sorts, filters and searches the invitations made, and never another organisation's", async () => {
    expect(sentTo(await text(await get("/sponsor/invites")))).toEqual([`adam.${tag}@test.example`, "Shareable link", `zoe.${tag}@test.example`]);
    expect(sentTo(await text(await get("/sponsor/invites?sort=email&order=asc")))).toEqual(["Shareable link", `adam.${tag}@test.example`, `zoe.${tag}@test.example`]);
    expect(sentTo(await text(await get("/sponsor/invites?status=revoked")))).toEqual([`adam.${tag}@test.example`]);
    expect(sentTo(await text(await get("/sponsor/invites?status=open&limit=10")))).toEqual(["Shareable link", `zoe.${tag}@test.example`]);
    // "zoe." with its dot: the random tag itself may hold "zoe" (adam.hzoenh@…).
    expect(sentTo(await text(await get("/sponsor/invites?search=zoe.")))).toEqual([`zoe.${tag}@test.example`]);
    const paged = await text(await get("/sponsor/invites?limit=10&page=1"));
    expect(paged).toContain("1–3 of 3");
    expect(paged).not.toContain("zoe.other");
  });

  test("revoking one goes back to the list as it was", async () => {
    const invite = await prisma.sponsorInvite.findFirstOrThrow({ where: { organisationId: mine.organisationId, email: `zoe.${tag}@test.example` } });
    const response = await postForm("/sponsor/invites?status=open&search=zoe", { intent: "revoke", inviteId: String(invite.id) }, mine.admin.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sponsor/invites?status=open&search=zoe");
    expect((await prisma.sponsorInvite.findUniqueOrThrow({ where: { id: invite.id } })).revokedAt).not.toBeNull();
    // Another organisation's invitation cannot be revoked from here.
    const theirsInvite = await prisma.sponsorInvite.findFirstOrThrow({ where: { organisationId: theirs.organisationId } });
    expect((await postForm("/sponsor/invites", { intent: "revoke", inviteId: String(theirsInvite.id) }, mine.admin.cookie)).status).toBe(404);
    expect((await prisma.sponsorInvite.findUniqueOrThrow({ where: { id: theirsInvite.id } })).revokedAt).toBeNull();
  });
});

test("a hand-edited or hostile URL is never a 500: what a list cannot read is dropped", async () => {
  const hostile = "?page=-1&limit=1e9&sort=__proto__&order=sideways&search=%00%0D%0A&status=maybe&kind=../../etc&from=abc&to=0x10";
  for (const list of ["/sponsor/ledger", "/sponsor/pastors", "/sponsor/invites"]) {
    let response = await get(`${list}${hostile}`);
    for (let hops = 0; response.status === 302 && hops < 3; hops++) response = await get(response.headers.get("Location")!);
    expect(response.status, list).toBe(200);
  }
});
