/**
 * The console's Outbox: the mail kept without an SMTP server, newest first, searched by recipient or subject,
 * paged in SQL, and one message with its text part and its HTML part in a sandboxed frame. Admins only.
 */
import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { mailLayout, sendMail } from "#app/lib/mail.server.ts";
import { send, signIn } from "#tests/app.ts";

const outbox = "/admin/dashboard/outbox";

const text = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

const tag = faker.string.alpha({ length: 8, casing: "lower" });
let admin: Awaited<ReturnType<typeof signIn>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  admin = await signIn("admin");
  // Three messages a minute apart (oldest first), to two people.
  const base = Date.UTC(2026, 0, 10, 12);
  const rows = [
    { key: "old", to: `ana.${tag}@test.example`, subject: `Welcome ${tag}`, at: base },
    { key: "mid", to: `ben.${tag}@test.example`, subject: `Your code ${tag}`, at: base + 60_000 },
    { key: "new", to: `ana.${tag}@test.example`, subject: `Reminder ${tag}`, at: base + 120_000 },
  ];
  for (const row of rows) {
    const created = await prisma.outboxMail.create({
      data: { to: row.to, subject: row.subject, text: `Hello from ${row.key}`, html: mailLayout({ paragraphs: [`Hello from ${row.key}`] }), createdAt: new Date(row.at) },
    });
    ids[row.key] = created.id;
  }
});

const rowsOf = (html: string) => [...html.matchAll(/href="\/admin\/dashboard\/outbox\/(\d+)"[^>]*>([^<]+)</g)].map((match) => match[2]);

describe("/admin/dashboard/outbox", () => {
  test("lists messages newest first with recipient, subject and time; says where mail goes", async () => {
    const response = await send(`${outbox}?search=${tag}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = await text(response);
    expect(html).toContain("<title>Outbox · Ministry Mentors</title>");
    expect(rowsOf(html)).toEqual([`Reminder ${tag}`, `Your code ${tag}`, `Welcome ${tag}`]);
    expect(html).toContain(`ana.${tag}@test.example`);
    expect(html.toLowerCase()).toContain(`datetime="${new Date(Date.UTC(2026, 0, 10, 12, 2)).toISOString().toLowerCase()}"`);
    expect(html).toContain("No SMTP server is set up");
    // The console's navigation links it.
    expect(html).toMatch(/href="\/admin\/dashboard\/outbox"[^>]*>Outbox</);
  });

  test("oldest first on request; searched by recipient (an address's start) or subject; paged", async () => {
    expect(rowsOf(await text(await send(`${outbox}?search=${tag}&order=asc`, { cookie: admin.cookie })))).toEqual([
      `Welcome ${tag}`,
      `Your code ${tag}`,
      `Reminder ${tag}`,
    ]);
    expect(rowsOf(await text(await send(`${outbox}?search=ana.${tag}@`, { cookie: admin.cookie })))).toEqual([`Reminder ${tag}`, `Welcome ${tag}`]);
    expect(rowsOf(await text(await send(`${outbox}?search=${encodeURIComponent(`ANA.${tag}@TEST.EX`)}`, { cookie: admin.cookie })))).toEqual([
      `Reminder ${tag}`,
      `Welcome ${tag}`,
    ]);
    expect(rowsOf(await text(await send(`${outbox}?search=${encodeURIComponent(`code ${tag}`)}`, { cookie: admin.cookie })))).toEqual([`Your code ${tag}`]);
    // LIKE's wildcards are plain characters in a search.
    expect(rowsOf(await text(await send(`${outbox}?search=${encodeURIComponent(`a%${tag}@`)}`, { cookie: admin.cookie })))).toEqual([]);
    const second = await text(await send(`${outbox}?search=${tag}&limit=2&page=2`, { cookie: admin.cookie }));
    expect(rowsOf(second)).toEqual([`Welcome ${tag}`]);
    expect(await text(await send(`${outbox}?search=nothing-matches-${tag}`, { cookie: admin.cookie }))).toContain("No messages");
  });

  test("a parameter the list cannot read is dropped (the API names it); a page past the last goes to the first", async () => {
    const bad = await send(`${outbox}?search=${tag}&sort=subject`, { cookie: admin.cookie });
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe(`${outbox}?search=${tag}`);
    expect(await (await send("/api/admin/outbox?sort=subject", { token: admin.token })).json()).toMatchObject({ message: "sort must be one of: createdAt" });
    const past = await send(`${outbox}?search=${tag}&page=9`, { cookie: admin.cookie });
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`${outbox}?search=${tag}`);
  });

  test("a word in over a thousand messages: counted as 1,000+, the newest (or oldest) first, from the search index", async () => {
    const word = `bulk${tag}`;
    const base = Date.UTC(2026, 1, 1);
    await prisma.outboxMail.createMany({
      data: Array.from({ length: 1005 }, (_, i) => ({ to: `p${i}@test.example`, subject: `Note ${i} ${word}`, text: "T", html: "H", createdAt: new Date(base + i * 1000) })),
    });
    const newest = await text(await send(`${outbox}?search=${word}&limit=2`, { cookie: admin.cookie }));
    expect(rowsOf(newest)).toEqual([`Note 1004 ${word}`, `Note 1003 ${word}`]);
    expect(newest).toContain("1,000+");
    const oldest = await text(await send(`${outbox}?search=${word}&limit=2&order=asc`, { cookie: admin.cookie }));
    expect(rowsOf(oldest)).toEqual([`Note 0 ${word}`, `Note 1 ${word}`]);
    // The middle of the word matches too (trigrams), and a deleted message leaves the index with it.
    await prisma.outboxMail.deleteMany({ where: { subject: `Note 1004 ${word}` } });
    expect(rowsOf(await text(await send(`${outbox}?search=${word.slice(2)}&limit=1`, { cookie: admin.cookie })))).toEqual([`Note 1003 ${word}`]);
  });

  test("mail the product sends lands here", async () => {
    const to = `cara.${tag}@test.example`;
    await sendMail({ to, subject: `Sent ${tag}`, text: "Plain words" });
    expect(rowsOf(await text(await send(`${outbox}?search=${encodeURIComponent(to)}`, { cookie: admin.cookie })))).toEqual([`Sent ${tag}`]);
  });
});

describe("/admin/dashboard/outbox/:id", () => {
  test("shows the text part and the HTML part in a sandboxed frame, escaped into srcdoc", async () => {
    const hostile = await prisma.outboxMail.create({
      data: {
        to: `dee.${tag}@test.example`,
        subject: `Hostile ${tag}`,
        text: "Line one\n\nLine <two>",
        html: `<!doctype html><html><body><p>Shown</p><script>parent.document.title="pwned"</script><img src="https://tracker.example/p.gif"></body></html>`,
      },
    });
    const response = await send(`${outbox}/${hostile.id}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const raw = await response.text();
    expect(raw).toContain(`Hostile ${tag}`);
    expect(raw).toContain(`dee.${tag}@test.example`);
    expect(raw).toContain("Line one\n\nLine &lt;two&gt;");
    const frame = /<iframe[^>]*>/.exec(raw)?.[0] ?? "";
    expect(frame).toContain('sandbox=""');
    expect(frame).toMatch(/srcDoc="&lt;!doctype html&gt;&lt;meta http-equiv=&quot;Content-Security-Policy&quot; content=&quot;default-src &#x27;none&#x27;/);
    // The mail's markup exists only as escaped text inside the attribute, never as this page's markup.
    expect(frame).toContain("&lt;script&gt;");
    expect(raw).not.toContain('<script>parent.document.title="pwned"</script>');
    expect(raw).not.toContain('<img src="https://tracker.example/p.gif">');
    // The page's own policy applies to the srcdoc frame as well: it may not load other sites.
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  });

  test("a missing message and an address that names none (a bad id) are the same 404", async () => {
    for (const id of ["987654321", "abc"]) {
      const missing = await send(`${outbox}/${id}`, { cookie: admin.cookie });
      expect(missing.status, id).toBe(404);
      expect(await text(missing), id).toContain("Message not found");
    }
  });
});

describe("admins only", () => {
  test.each(["user", "guide"] as const)("a %s is sent to their own dashboard, from the list and from a message", async (role) => {
    const person = await signIn(role);
    for (const path of [outbox, `${outbox}/${ids.old}`]) {
      const response = await send(path, { cookie: person.cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(role === "user" ? "/user-dashboard" : "/mentor-dashboard");
    }
  });

  test("signed out: the console's sign-in, coming back after", async () => {
    const response = await send(`${outbox}/${ids.old}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/login?${new URLSearchParams({ redirectTo: `${outbox}/${ids.old}` })}`);
  });
});
