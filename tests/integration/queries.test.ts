import { faker } from "@faker-js/faker";
import { describe, expect, test } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import { cookiesFrom, createPerson, postForm, send, signIn } from "#tests/app.ts";
import { expectReadInIndexOrder } from "#tests/support/query-plans.ts";

const screen = "/admin/dashboard/customer-queries";

/** Queries with a unique word in their subject, oldest first, one minute apart. */
async function makeQueries(count: number, data: Partial<{ answered: boolean; askerId: number }> = {}) {
  const tag = `q${faker.string.alphanumeric(10).toLowerCase()}`;
  const start = Date.now() - 60 * 60_000;
  const queries = [];
  for (let i = 0; i < count; i++) {
    queries.push(
      await prisma.customerQuery.create({
        data: {
          askerId: data.askerId ?? null,
          name: `Asker ${String.fromCharCode(65 + i)} ${tag}`,
          email: `asker${i}-${tag}@test.example`,
          subject: `Subject ${i} ${tag}`,
          message: `Full message number ${i} about ${tag}.\nSecond line.`,
          createdAt: new Date(start + i * 60_000),
          ...(data.answered ? { answer: "Already answered", answeredAt: new Date(start + i * 60_000 + 1000) } : {}),
        },
      }),
    );
  }
  return { tag, queries };
}

/** Follows a redirect that set a toast and returns the HTML of the page it lands on. */
async function landing(response: Response, cookie: string) {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  return (await (await send(location, { cookie: cookiesFrom(response, cookie) })).text()).replaceAll("<!-- -->", "");
}

describe("GET /api/admin/get-all-queries", () => {
  test("needs an admin token", async () => {
    expect((await send("/api/admin/get-all-queries")).status).toBe(401);
    const { token } = await signIn("user");
    const response = await send("/api/admin/get-all-queries", { token });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Admin access required" });
  });

  test("lists newest first with status, searches and pages in SQL", async () => {
    const { token } = await signIn("admin");
    const { tag, queries } = await makeQueries(3);
    await prisma.customerQuery.update({ where: { id: queries[0].id }, data: { answer: "Done", answeredAt: new Date() } });

    const response = await send(`/api/admin/get-all-queries?search=${tag}`, { token });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.meta).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
    expect(body.data.map((q: { id: number }) => q.id)).toEqual([queries[2].id, queries[1].id, queries[0].id]);
    expect(body.data[2]).toMatchObject({ status: "Answered", answer: "Done", subject: `Subject 0 ${tag}` });
    expect(body.data[0]).toMatchObject({ status: "Open", answer: null, email: `asker2-${tag}@test.example` });
    expect(body.data[0].createdAt).toBe(queries[2].createdAt.toISOString());

    const ascending = await (await send(`/api/admin/get-all-queries?search=${tag}&sortOrder=ASC`, { token })).json();
    expect(ascending.data.map((q: { id: number }) => q.id)).toEqual(queries.map((q) => q.id));

    const paged = await (await send(`/api/admin/get-all-queries?search=${tag}&limit=2&page=2`, { token })).json();
    expect(paged.meta).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(paged.data.map((q: { id: number }) => q.id)).toEqual([queries[0].id]);

    const byMessage = await (await send(`/api/admin/get-all-queries?search=${encodeURIComponent(`number 1 about ${tag}`)}`, { token })).json();
    expect(byMessage.data.map((q: { id: number }) => q.id)).toEqual([queries[1].id]);

    const byStatus = await (await send(`/api/admin/get-all-queries?search=${tag}&sort=status&order=asc`, { token })).json();
    expect(byStatus.data.at(-1).id).toBe(queries[0].id);
  });

  test("a search finds any part of a name, e-mail, subject or message, and follows queries edited and deleted", async () => {
    const { token } = await signIn("admin");
    const { tag, queries } = await makeQueries(3);
    const found = async (term: string) =>
      ((await (await send(`/api/admin/get-all-queries?search=${encodeURIComponent(term)}`, { token })).json()).data as Array<{ id: number }>).map((q) => q.id);
    // The middle of a word (trigrams), the short terms read each query's own text.
    expect(await found(tag.slice(2))).toEqual([queries[2].id, queries[1].id, queries[0].id]);
    expect(await found(`asker1-${tag}@`)).toEqual([queries[1].id]);
    expect(await found(`number 2 about ${tag}`)).toEqual([queries[2].id]);
    expect(await found(`nothing${tag}`)).toEqual([]);

    await prisma.customerQuery.update({ where: { id: queries[0].id }, data: { subject: `Renamed ${tag.toUpperCase()}x`, message: "Other words" } });
    await prisma.customerQuery.delete({ where: { id: queries[1].id } });
    expect(await found(`${tag}x`)).toEqual([queries[0].id]);
    expect(await found(`number 0 about ${tag}`)).toEqual([]);
    expect(await found(tag)).toEqual([queries[2].id, queries[0].id]);
    if (dialect === "sqlite") {
      // The trigram table holds each query's words as they are now.
      const indexed = await prisma.$queryRaw<Array<{ id: bigint; subject: string }>>`
        SELECT rowid AS id, subject FROM "CustomerQuerySearch" WHERE "CustomerQuerySearch" MATCH ${`"${tag}"`} ORDER BY rowid`;
      expect(indexed.map((row) => [Number(row.id), row.subject])).toEqual([
        [queries[0].id, `Renamed ${tag.toUpperCase()}x`],
        [queries[2].id, `Subject 2 ${tag}`],
      ]);
    }
  });

  test("a word in over a thousand queries is counted as 1,000+, the page still in the list's order", async () => {
    const { token } = await signIn("admin");
    const word = `bulk${faker.string.alpha(8).toLowerCase()}`;
    const start = Date.UTC(2026, 2, 1);
    await prisma.customerQuery.createMany({
      data: Array.from({ length: 1005 }, (_, i) => ({ name: `Asker ${i}`, email: `a${i}@test.example`, subject: `About ${word} ${i}`, message: "M", createdAt: new Date(start + i * 1000) })),
    });
    const body = await (await send(`/api/admin/get-all-queries?search=${word.slice(1)}&limit=2`, { token })).json();
    expect(body.meta).toEqual({ page: 1, limit: 2, total: 1000, totalPages: 500, totalCapped: true });
    expect(body.data.map((q: { subject: string }) => q.subject)).toEqual([`About ${word} 1004`, `About ${word} 1003`]);
    const bySubject = await (await send(`/api/admin/get-all-queries?search=${word}&limit=2&sort=subject&order=asc`, { token })).json();
    expect(bySubject.data.map((q: { subject: string }) => q.subject)).toEqual([`About ${word} 0`, `About ${word} 1`]);
  });

  test.each(["ASC", "DESC"])("a page sorted by status (%s) is read from an index in that order, not sorted", async (order) => {
    const { queryStatusOrder } = await import("#app/modules/queries/queries.server.ts");
    const direction = Prisma.raw(order);
    await expectReadInIndexOrder(
      "CustomerQuery_answered_id_idx",
      Prisma.sql`SELECT q.id FROM "CustomerQuery" q ORDER BY ${queryStatusOrder} ${direction}, q.id ${direction} LIMIT 10`,
    );
  });

  test.each([
    ["name", "ASC"],
    ["email", "DESC"],
    ["subject", "ASC"],
    ["subject", "DESC"],
  ])("a page sorted by %s (%s) is read from an index in that order, not sorted", async (column, order) => {
    const { caseless } = await import("#app/lib/search/dialect.server.ts");
    const direction = Prisma.raw(order);
    await expectReadInIndexOrder(
      `CustomerQuery_${column}_sort_idx`,
      Prisma.sql`SELECT q.id FROM "CustomerQuery" q ORDER BY ${caseless(Prisma.raw(`q.${column}`))} ${direction}, q.id ${direction} LIMIT 10`,
    );
  });

  test("refuses bad list parameters with 400", async () => {
    const { token } = await signIn("admin");
    for (const query of ["page=0", "limit=1000", "sortOrder=sideways", "sort=message"]) {
      const response = await send(`/api/admin/get-all-queries?${query}`, { token });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBeTruthy();
    }
  });
});

describe("PUT /api/admin/answer/{id}", () => {
  test("stores the answer, when and by whom; the asker can read it", async () => {
    const { token, person: admin } = await signIn("admin");
    const asker = await createPerson("user");
    const { queries } = await makeQueries(1, { askerId: asker.id });
    const response = await send(`/api/admin/answer/${queries[0].id}`, { method: "PUT", token, body: JSON.stringify({ answer: "  Here is how.  " }) });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.query).toMatchObject({ id: queries[0].id, answer: "Here is how.", answeredById: admin.id, status: "Answered" });
    const stored = await prisma.customerQuery.findUniqueOrThrow({ where: { id: queries[0].id } });
    expect(stored.answer).toBe("Here is how.");
    expect(stored.answeredById).toBe(admin.id);
    expect(stored.answeredAt).toBeInstanceOf(Date);
    expect(await prisma.customerQuery.count({ where: { askerId: asker.id, answer: "Here is how." } })).toBe(1);
  });

  test("refuses an empty answer, an unknown query, a bad id, the wrong method and non-admins", async () => {
    const { token } = await signIn("admin");
    const { queries } = await makeQueries(1);
    const path = `/api/admin/answer/${queries[0].id}`;
    const empty = await send(path, { method: "PUT", token, body: JSON.stringify({ answer: "   " }) });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: "Answer is required", errors: { answer: ["Answer is required"] } });
    const missing = await send(path, { method: "PUT", token, body: JSON.stringify({}) });
    expect((await missing.json()).message).toMatch(/Answer is required/);
    const unknown = await send("/api/admin/answer/999999999", { method: "PUT", token, body: JSON.stringify({ answer: "x" }) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Query not found" });
    expect((await send("/api/admin/answer/abc", { method: "PUT", token, body: JSON.stringify({ answer: "x" }) })).status).toBe(400);
    expect((await send(path, { method: "POST", token, body: JSON.stringify({ answer: "x" }) })).status).toBe(405);
    expect((await send(path, { method: "PUT", body: JSON.stringify({ answer: "x" }) })).status).toBe(401);
    const guide = await signIn("guide");
    expect((await send(path, { method: "PUT", token: guide.token, body: JSON.stringify({ answer: "x" }) })).status).toBe(403);
    expect((await prisma.customerQuery.findUniqueOrThrow({ where: { id: queries[0].id } })).answer).toBeNull();
  });
});

describe("DELETE /api/admin/delete-query/{id}", () => {
  test("deletes; unknown ids are 404; non-admins are refused", async () => {
    const { token } = await signIn("admin");
    const { queries } = await makeQueries(1);
    const path = `/api/admin/delete-query/${queries[0].id}`;
    expect((await send(path, { method: "DELETE" })).status).toBe(401);
    expect((await send(path, { method: "DELETE", token: (await signIn("user")).token })).status).toBe(403);
    const response = await send(path, { method: "DELETE", token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Query deleted successfully", id: queries[0].id });
    expect(await prisma.customerQuery.count({ where: { id: queries[0].id } })).toBe(0);
    const again = await send(path, { method: "DELETE", token });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: "Query not found" });
  });
});

describe("Customer Queries screen", () => {
  test("lists queries newest first with status, searches, sorts and pages through the URL", async () => {
    const { cookie } = await signIn("admin");
    const { tag, queries } = await makeQueries(3);
    await prisma.customerQuery.update({ where: { id: queries[1].id }, data: { answer: "ok", answeredAt: new Date() } });
    const html = (await (await send(`${screen}?search=${tag}`, { cookie })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("<title>Customer Queries · Ministry Mentors</title>");
    const order = [2, 1, 0].map((i) => html.indexOf(`Subject ${i} ${tag}`));
    expect(order.every((position) => position > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain("Answered");
    expect(html).toContain("Open");

    const sorted = (await (await send(`${screen}?search=${tag}&sort=subject&order=asc`, { cookie })).text());
    expect(sorted.indexOf(`Subject 0 ${tag}`)).toBeLessThan(sorted.indexOf(`Subject 2 ${tag}`));

    const page2 = (await (await send(`${screen}?search=${tag}&limit=2&page=2`, { cookie })).text()).replaceAll("<!-- -->", "");
    expect(page2).toContain(`Subject 0 ${tag}`);
    expect(page2).not.toContain(`Subject 2 ${tag}`);

    const past = await send(`${screen}?search=${tag}&page=9`, { cookie });
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`${screen}?search=${tag}`);

    const none = await (await send(`${screen}?search=nothing-${tag}`, { cookie })).text();
    expect(none).toContain("No data found");

    const bad = await send(`${screen}?page=abc`, { cookie });
    expect(bad.headers.get("Location")).toBe(screen);
  });

  test("?query=<id> shows the full message and the answer form", async () => {
    const { cookie } = await signIn("admin");
    const { tag, queries } = await makeQueries(1);
    const html = (await (await send(`${screen}?query=${queries[0].id}`, { cookie })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`Full message number 0 about ${tag}.\nSecond line.`);
    expect(html).toContain(`asker0-${tag}@test.example`);
    expect(html).toContain("Submit Answer");
    const gone = await (await send(`${screen}?query=999999999`, { cookie })).text();
    expect(gone).toContain("Query not found");
  });

  test("answering shows 'Answer Submitted'; an empty answer is refused in place", async () => {
    const { cookie, person: admin } = await signIn("admin");
    const { queries } = await makeQueries(1);
    const id = String(queries[0].id);
    const empty = await postForm(`${screen}?query=${id}`, { intent: "answer", id, answer: " " }, cookie);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("<li>Answer is required</li>");

    const response = await postForm(`${screen}?query=${id}&search=x`, { intent: "answer", id, answer: "Thanks for asking." }, cookie);
    expect(response.headers.get("Location")).toBe(`${screen}?search=x`);
    const html = await landing(response, cookie);
    expect(html).toContain("Answer Submitted");
    const stored = await prisma.customerQuery.findUniqueOrThrow({ where: { id: queries[0].id } });
    expect(stored).toMatchObject({ answer: "Thanks for asking.", answeredById: admin.id });
    expect(stored.answeredAt).not.toBeNull();
  });

  test("answering a query that is gone shows 'Submission Failed'", async () => {
    const { cookie } = await signIn("admin");
    const html = await landing(await postForm(screen, { intent: "answer", id: "999999999", answer: "Hello" }, cookie), cookie);
    expect(html).toContain("Submission Failed");
    expect(html).toContain("Query not found");
  });

  test("deleting shows 'Query Deleted'; a second delete shows 'Delete Failed'", async () => {
    const { cookie } = await signIn("admin");
    const { tag, queries } = await makeQueries(1);
    const id = String(queries[0].id);
    const dialog = (await (await send(`${screen}?delete=${id}`, { cookie })).text()).replaceAll("<!-- -->", "");
    expect(dialog).toContain("Confirm Delete");
    expect(dialog).toContain(`Are you sure you want to delete the query “Subject 0 ${tag}”`);

    const html = await landing(await postForm(screen, { intent: "delete", id }, cookie), cookie);
    expect(html).toContain("Query Deleted");
    expect(await prisma.customerQuery.count({ where: { id: queries[0].id } })).toBe(0);

    const again = await landing(await postForm(screen, { intent: "delete", id }, cookie), cookie);
    expect(again).toContain("Delete Failed");
    expect(again).toContain("Query not found");
  });

  test("people who are not admins cannot answer or delete", async () => {
    const { cookie } = await signIn("user");
    const { queries } = await makeQueries(1);
    const response = await postForm(screen, { intent: "delete", id: String(queries[0].id) }, cookie);
    expect(response.headers.get("Location")).toBe("/user-dashboard");
    const signedOut = await postForm(screen, { intent: "answer", id: String(queries[0].id), answer: "x" });
    expect(signedOut.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await prisma.customerQuery.findUniqueOrThrow({ where: { id: queries[0].id } })).toMatchObject({ answer: null });
  });
});
