/**
 * CSV export of every console list and profile tab (routes/admin/list-exports.server.ts): the screen's Export CSV
 * (/admin/dashboard/export/<list>[/<person>]) and each list's API twin asked for text/csv answer the whole filtered,
 * sorted, searched list, the same rows in the same order as its pages read one after another; cells that a
 * spreadsheet would run as a formula are escaped; the download streams (its first bytes leave before the list is
 * read to its end); admins only.
 */
import { faker } from "@faker-js/faker";
import { stringify } from "csv-stringify/sync";
import { beforeAll, describe, expect, test } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { eachRowOf, orderBy, pageOf } from "#app/lib/list.server.ts";
import { column } from "#app/lib/sql.server.ts";
import { listExports, type ListExportName } from "#app/routes/admin/list-exports.server.ts";
import { createPerson, send, signIn } from "#tests/app.ts";

let admin: Awaited<ReturnType<typeof signIn>>;
const tag = faker.string.alpha(10).toLowerCase();
let mentee: { id: number };
let guide: { id: number };

/** Three of each listed record, a day apart, so every default order is strict and a page of 2 leaves a second page. */
beforeAll(async () => {
  admin = await signIn("admin");
  const day = (n: number) => new Date(Date.UTC(2026, 0, 10 + n, 9, 30));
  const users = [];
  const guides = [];
  for (const i of [0, 1, 2]) {
    users.push(await createPerson("user", { name: `Ann${"abc"[i]} ${tag}` }));
    guides.push(await createPerson("guide", { name: `Bea${"abc"[i]} ${tag}`, isVerified: i !== 1 }));
  }
  [mentee, guide] = [users[0], guides[0]];
  for (const i of [0, 1, 2]) {
    // The first mentee and guide have a booking, payment and review with each other person, so their tabs page too.
    const [user, mentor] = i === 2 ? [users[0], guides[0]] : [users[i], guides[0]];
    const otherGuide = guides[i];
    await prisma.guideRequest.create({ data: { guideId: otherGuide.id, createdAt: day(i) } });
    for (const [who, g] of [[user, mentor], [users[i], otherGuide]] as const) {
      const booking = await prisma.booking.create({
        data: { userId: who.id, guideId: g.id, topic: `Topic ${i} ${tag}`, rateCents: 12500 + i, startsAt: day(i + 30), durationMinutes: 60, createdAt: day(i) },
      });
      const payment = await prisma.payment.create({
        data: { bookingId: booking.id, userId: who.id, guideId: g.id, amountCents: 12500 + i, status: "succeeded", paidAt: day(i), createdAt: day(i) },
      });
      await prisma.payout.create({ data: { bookingId: booking.id, paymentId: payment.id, guideId: g.id, feePercent: 10, amountCents: 11250, createdAt: day(i) } });
      await prisma.review.create({ data: { bookingId: booking.id, authorId: who.id, guideId: g.id, rating: 3 + i, content: `Review ${i} ${tag}`, createdAt: day(i) } });
    }
    await prisma.customerQuery.create({ data: { name: users[i].name, email: users[i].email, subject: `Subject ${i} ${tag}`, message: "Help", createdAt: day(i) } });
    await prisma.faq.create({ data: { question: `Question ${i} ${tag}?`, answer: "Answer.", createdAt: day(i) } });
    await prisma.resource.create({ data: { title: `Resource ${i} ${tag}`, type: "article", link: "https://example.com", createdAt: day(i) } });
    for (const kind of ["blog", "story"]) {
      await prisma.post.create({ data: { kind, slug: `${kind}-${i}-${tag}`, title: `Post ${i} ${tag}`, summary: "S", body: "B", author: "Ann", publishedAt: i ? day(i) : null, createdAt: day(i) } });
    }
    const organisation = { kind: ["church", "seminary", "church"][i], city: i === 1 ? null : `City ${i}`, country: ["Kenya", "Peru", "Kenya"][i], memberCount: 10 - i };
    await prisma.organisation.create({ data: { name: `Chapel${"abc"[i]} ${tag}`, nameKey: `chapel${"abc"[i]} ${tag}`, ...organisation, createdAt: day(i) } });
    await prisma.outboxMail.create({ data: { to: `ann${i}.${tag}@test.example`, subject: `Mail ${i} ${tag}`, text: "T", html: "<p>T</p>", createdAt: day(i) } });
    await prisma.publishedContent.create({ data: { guideId: guide.id, title: `Content ${i} ${tag}`, url: "https://example.com/c", type: "article", publishedDate: day(i) } });
    const changes = JSON.stringify({ question: { before: `Old ${i}`, after: `=New ${i}` } });
    await prisma.auditEntry.create({
      data: { createdAt: day(i), actorId: admin.person.id, actorName: admin.person.name, door: i % 2 ? "api" : "screen", recordKind: "faq", recordId: String(9000 + i), recordLabel: `Question ${i} ${tag}?`, action: "update", changes },
    });
  }
});

type Case = { name: ListExportName; api: () => string; key: string; id?: () => number; params?: Record<string, string> };
const cases: Case[] = [
  { name: "users", api: () => "/api/admin/get-user-list", key: "data" },
  { name: "guides", api: () => "/api/admin/get-mentor-list", key: "data" },
  { name: "organisations", api: () => "/api/admin/organisations", key: "data" },
  { name: "guide-requests", api: () => "/api/admin/get-mentor-request-list", key: "data", params: { status: "all" } },
  { name: "bookings", api: () => "/api/admin/get-allbookings", key: "bookings" },
  { name: "payments", api: () => "/api/admin/getall/payments", key: "data" },
  { name: "payouts", api: () => "/api/admin/payouts", key: "data" },
  { name: "reviews", api: () => "/api/admin/all/reviews", key: "data" },
  { name: "customer-queries", api: () => "/api/admin/get-all-queries", key: "data" },
  { name: "faqs", api: () => "/api/admin/faq/all", key: "data" },
  { name: "resources", api: () => "/api/admin/resources/all", key: "data" },
  { name: "blog", api: () => "/api/admin/posts", key: "data", params: { kind: "blog" } },
  { name: "success-stories", api: () => "/api/admin/posts", key: "data", params: { kind: "story" } },
  { name: "people-directory", api: () => "/api/admin/user-guide/list", key: "data", params: { filter: "users" } },
  { name: "outbox", api: () => "/api/admin/outbox", key: "data" },
  // The FAQs' changes: each export is itself a change of the log ("Exported"), which the kind leaves out.
  { name: "audit-log", api: () => "/api/admin/audit-log", key: "data", params: { kind: "faq" } },
  { name: "user-payments", api: () => `/api/admin/transactions/user/${mentee.id}`, key: "payments", id: () => mentee.id },
  { name: "guide-payments", api: () => `/api/admin/transactions/guide/${guide.id}`, key: "payments", id: () => guide.id },
  { name: "user-reviews", api: () => `/api/admin/users/reviews/${mentee.id}`, key: "data", id: () => mentee.id },
  { name: "guide-reviews", api: () => `/api/admin/guides/reviews/${guide.id}`, key: "data", id: () => guide.id },
  // A profile's Booking tab reads the bookings list of its person (its API twin: the bookings filtered by them).
  { name: "user-bookings", api: () => `/api/admin/get-allbookings?userId=${mentee.id}`, key: "bookings", id: () => mentee.id },
  { name: "guide-bookings", api: () => `/api/admin/get-allbookings?guideId=${guide.id}`, key: "bookings", id: () => guide.id },
  { name: "guide-content", api: () => `/api/admin/guide-published-content/all/${guide.id}`, key: "data", id: () => guide.id },
];

const withParams = (path: string, params: Record<string, string>) => `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams(params)}`;
const exportPath = (c: Case, params: Record<string, string>) =>
  withParams(`/admin/dashboard/export/${c.name}${c.id ? `/${c.id()}` : ""}`, { ...c.params, ...params });

/** Every row of the list's JSON pages (2 a page), read one after another. */
async function pagesOf(c: Case, params: Record<string, string>) {
  const rows: unknown[] = [];
  for (let page = 1; ; page++) {
    const response = await send(withParams(c.api(), { ...c.params, ...params, limit: "2", page: String(page) }), { token: admin.token });
    expect(response.status, `${c.name} page ${page}`).toBe(200);
    const body = (await response.json()) as Record<string, unknown> & { meta: { totalPages: number } };
    rows.push(...(body[c.key] as unknown[]));
    if (page >= body.meta.totalPages) return rows;
  }
}

/** The CSV those rows make with the list's columns, as the export writes it. */
function csvOf(name: ListExportName, rows: unknown[]) {
  const { columns } = listExports[name];
  const records = rows.map((row) => columns.map((c) => c.value(row as never) ?? ""));
  return stringify(records, { header: true, columns: columns.map((c) => c.header), escape_formulas: true });
}

describe("every list's CSV is its pages, read one after another", () => {
  for (const c of cases) {
    test(c.name, async () => {
      for (const params of [{}, { order: "asc" }, { search: tag }] as Record<string, string>[]) {
        const pages = await pagesOf(c, params);
        const exported = await send(exportPath(c, params), { cookie: admin.cookie });
        expect(exported.status, JSON.stringify(params)).toBe(200);
        const text = await exported.text();
        expect(text, `${c.name} ${JSON.stringify(params)}`).toBe(csvOf(c.name, pages));
        // The list's API twin answers the same file, asked either way.
        const api = withParams(c.api(), { ...c.params, ...params });
        expect(await (await send(withParams(api, { format: "csv" }), { token: admin.token })).text()).toBe(text);
        expect(await (await send(api, { token: admin.token, headers: { Accept: "text/csv" } })).text()).toBe(text);
      }
      // Each list holds rows here, so the comparisons above compared something.
      expect((await pagesOf(c, {})).length).toBeGreaterThan(1);
    });
  }
});

describe("the download", () => {
  test("is a CSV attachment named for the list and the day, money in dollars and times in UTC", async () => {
    const response = await send(`/admin/dashboard/export/bookings?search=${tag}&sort=rate&order=asc`, { cookie: admin.cookie });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="bookings-${today}.csv"`);
    const [header, first] = (await response.text()).split("\n");
    expect(header).toBe("Booking ID,Topic,Status,User,User email,Guide,Guide email,Session date (UTC),Minutes,Rate ($),Payment Status,Created (UTC)");
    expect(first).toContain(",125.00,");
    expect(first).toContain(",2026-02-09T09:30:00.000Z,60,");
  });

  test("Organisations: the screen's columns (the kind as it reads, the place as city and country), sorted and filtered as the screen is", async () => {
    const response = await send(`/admin/dashboard/export/organisations?search=${tag}&sort=members&order=asc`, { cookie: admin.cookie });
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="organisations-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect((await response.text()).trim().split("\n")).toEqual([
      "Name,Kind,City,Country,Members,Added (UTC)",
      `Chapelc ${tag},Church,City 2,Kenya,8,2026-01-12T09:30:00.000Z`,
      `Chapelb ${tag},Seminary,,Peru,9,2026-01-11T09:30:00.000Z`,
      `Chapela ${tag},Church,City 0,Kenya,10,2026-01-10T09:30:00.000Z`,
    ]);
    const filtered = await send(`/api/admin/organisations?format=csv&search=${tag}&kind=church&country=Kenya&sort=createdAt&order=desc`, { token: admin.token });
    expect((await filtered.text()).trim().split("\n").map((line) => line.split(",")[0])).toEqual(["Name", `Chapelc ${tag}`, `Chapela ${tag}`]);
    const bad = await send("/admin/dashboard/export/organisations?kind=club", { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^kind must be one of/);
    const recorded = await prisma.auditEntry.findFirstOrThrow({ where: { action: "export", recordId: "organisations" }, orderBy: { id: "desc" } });
    expect(recorded).toMatchObject({ recordKind: "list", recordLabel: "organisations", door: "api", actorId: admin.person.id });
    expect(JSON.parse(recorded.changes)).toEqual({ parameters: { before: null, after: `format=csv&search=${tag}&kind=church&country=Kenya&sort=createdAt&order=desc` } });
  });

  test("a filter narrows it as it narrows the screen; an unknown list or bad parameter is a 4xx", async () => {
    const verified = await (await send(`/admin/dashboard/export/users?isVerified=true&search=${tag}`, { cookie: admin.cookie })).text();
    expect(verified.trim().split("\n")).toHaveLength(4);
    const api = await send(`/api/admin/get-mentor-list?format=csv&search=${tag}`, { token: admin.token });
    expect((await api.text()).trim().split("\n")).toHaveLength(4);
    expect((await send("/admin/dashboard/export/nothing", { cookie: admin.cookie })).status).toBe(404);
    expect((await send(`/admin/dashboard/export/user-payments/${guide.id}`, { cookie: admin.cookie })).status).toBe(404);
    const bad = await send("/admin/dashboard/export/users?sort=password", { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^sort must be one of/);
    expect((await send("/api/admin/get-user-list?format=csv&limit=abc", { token: admin.token })).status).toBe(400);
  });

  test("each export is written to the audit log: who, which list, from which door and with which parameters", async () => {
    await (await send(`/admin/dashboard/export/users?isVerified=true&search=${tag}`, { cookie: admin.cookie })).text();
    await (await send(`/api/admin/get-user-list?search=${tag}`, { token: admin.token, headers: { Accept: "text/csv" } })).text();
    const rows = await prisma.auditEntry.findMany({ where: { action: "export", recordId: "users" }, orderBy: { id: "desc" }, take: 2 });
    expect(rows.map((row) => row.door)).toEqual(["api", "screen"]);
    expect(rows[0]).toMatchObject({ recordKind: "list", recordLabel: "users" });
    expect(JSON.parse(rows[1].changes)).toEqual({ parameters: { before: null, after: `isVerified=true&search=${tag}` } });
    // A refused export is no export.
    const exports = () => prisma.auditEntry.count({ where: { action: "export" } });
    const before = await exports();
    expect((await send("/admin/dashboard/export/users?sort=password", { cookie: admin.cookie })).status).toBe(400);
    expect(await exports()).toBe(before);
  });

  test("a cell a spreadsheet would run as a formula is text", async () => {
    const person = await createPerson("user", { name: '=HYPERLINK("https://evil.example","x")', organisation: "@SUM(1+1)" });
    const formulas = ["+1 555 0100", "-2+3", "\tTAB", "\rCR"];
    for (const subject of formulas) await prisma.outboxMail.create({ data: { to: `f.${tag}@test.example`, subject, text: "T", html: "T" } });
    const users = await (await send(`/admin/dashboard/export/users?search=${encodeURIComponent(person.email)}`, { cookie: admin.cookie })).text();
    expect(users).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")",${person.email},'@SUM(1+1),`);
    const outbox = await (await send(`/api/admin/outbox?format=csv&search=f.${tag}@`, { token: admin.token })).text();
    for (const subject of formulas) expect(outbox).toContain(`'${subject}`);
    expect(outbox.split("\n").every((line) => !/^[=+\-@]/.test(line))).toBe(true);
  });

  test("admins only: a mentee or guide is sent to their dashboard, their API token refused", async () => {
    for (const role of ["user", "guide"] as const) {
      const { cookie, token } = await signIn(role);
      const screen = await send("/admin/dashboard/export/users", { cookie });
      expect(screen.status).toBe(302);
      expect(screen.headers.get("Location")).toBe(role === "user" ? "/user-dashboard" : "/mentor-dashboard");
      expect((await send(`/admin/dashboard/export/user-bookings/${mentee.id}`, { cookie })).status).toBe(302);
      expect((await send("/api/admin/get-allbookings?format=csv", { token })).status).toBe(403);
      expect((await send("/api/admin/outbox", { token, headers: { Accept: "text/csv" } })).status).toBe(403);
    }
    expect((await send("/admin/dashboard/export/users")).headers.get("Location")).toMatch(/^\/admin\/login/);
    expect((await send("/api/admin/get-user-list?format=csv")).status).toBe(401);
  });
});

describe("eachRowOf", () => {
  test("reads a list chunk by chunk in its order, as its pages read one after another", async () => {
    const from = Prisma.sql`"OutboxMail" o`;
    const columns = { id: column.int, subject: column.text };
    const list = { from, id: Prisma.sql`o.id`, where: [], search: [{ column: Prisma.sql`o.id`, index: "outbox" as const }], orderBy: orderBy(Prisma.sql`o."createdAt"`, "desc", Prisma.sql`o.id`), rows: { columns, select: Prisma.sql`o.id, o.subject`, from } };
    for (const search of ["", tag]) {
      const paged = [];
      for (let page = 1; ; page++) {
        const { rows, meta } = await pageOf(list, { page, limit: 2, search });
        paged.push(...rows);
        if (page >= meta.totalPages) break;
      }
      const streamed = [];
      for await (const row of eachRowOf(list, { search }, 2)) streamed.push(row);
      expect(streamed.length).toBeGreaterThan(2);
      expect(streamed).toEqual(paged);
    }
  });

  test("streams: the first bytes leave before the list is read to its end", { timeout: 120_000 }, async () => {
    const count = 30_000;
    const subject = `Bulk ${tag}`;
    for (let start = 0; start < count; start += 5000) {
      await prisma.outboxMail.createMany({
        data: Array.from({ length: 5000 }, (_, i) => ({ to: `bulk${start + i}@test.example`, subject, text: "T", html: "T", createdAt: new Date(Date.UTC(2025, 0, 1) + start + i) })),
      });
    }
    const response = await send(`/api/admin/outbox?format=csv&order=asc`, { token: admin.token });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, { stream: true });
    // Whatever the server has not read yet is gone: a download that had read the whole list first would still hold it.
    await prisma.outboxMail.deleteMany({ where: { subject } });
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
    const bulkRows = text.split("\n").filter((line) => line.includes(subject)).length;
    expect(bulkRows).toBeGreaterThan(0);
    expect(bulkRows).toBeLessThan(count / 2);
  });

  test("a download the client drops stops reading, quietly", async () => {
    await prisma.outboxMail.createMany({
      data: Array.from({ length: 6000 }, (_, i) => ({ to: `drop${i}@test.example`, subject: `Dropped ${tag}`, text: "T", html: "T" })),
    });
    const response = await send("/api/admin/outbox?format=csv", { token: admin.token });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    // Any console.error (a logged "premature close") would fail this test.
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await send("/api/admin/outbox?limit=1", { token: admin.token })).status).toBe(200);
  });
});
