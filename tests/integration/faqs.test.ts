import { faker } from "@faker-js/faker";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { cookiesFrom, postForm, send, signIn } from "#tests/app.ts";

const screen = "/admin/dashboard/faqs";
const json = (body: unknown) => JSON.stringify(body);

/** FAQs with a unique word in the question, oldest first, one minute apart. */
async function makeFaqs(specs: Array<{ type?: string; active?: boolean }>) {
  const tag = `f${faker.string.alphanumeric(10).toLowerCase()}`;
  const start = Date.now() - 60 * 60_000;
  const faqs = [];
  for (const [i, spec] of specs.entries()) {
    faqs.push(
      await prisma.faq.create({
        data: {
          type: spec.type ?? "general",
          question: `Question ${String.fromCharCode(65 + i)} ${tag}?`,
          answer: `Answer ${i} for ${tag}.`,
          isActive: spec.active ?? true,
          position: 1000 + i,
          createdAt: new Date(start + i * 60_000),
        },
      }),
    );
  }
  return { tag, faqs };
}

async function landing(response: Response, cookie: string) {
  expect(response.status).toBe(302);
  return (await (await send(response.headers.get("Location")!, { cookie: cookiesFrom(response, cookie) })).text()).replaceAll("<!-- -->", "");
}

describe("GET /api/admin/faq/all", () => {
  test("answers {status: true, data, meta}, filters by type, searches and pages", async () => {
    const { token } = await signIn("admin");
    const { tag, faqs } = await makeFaqs([{ type: "general" }, { type: "payments", active: false }, { type: "payments" }]);
    const response = await send(`/api/admin/faq/all?search=${tag}`, { token });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe(true);
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.meta).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
    expect(body.data.map((f: { id: number }) => f.id)).toEqual([faqs[2].id, faqs[1].id, faqs[0].id]);
    expect(body.data[1]).toMatchObject({ type: "payments", is_active: false, question: `Question B ${tag}?` });

    const payments = await (await send(`/api/admin/faq/all?search=${tag}&type=payments`, { token })).json();
    expect(payments.data.map((f: { id: number }) => f.id)).toEqual([faqs[2].id, faqs[1].id]);

    const paged = await (await send(`/api/admin/faq/all?search=${tag}&per_page=2&page=2`, { token })).json();
    expect(paged.meta).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(paged.data.map((f: { id: number }) => f.id)).toEqual([faqs[0].id]);

    const byAnswer = await (await send(`/api/admin/faq/all?search=${encodeURIComponent(`Answer 1 for ${tag}`)}`, { token })).json();
    expect(byAnswer.data.map((f: { id: number }) => f.id)).toEqual([faqs[1].id]);

    const byQuestion = await (await send(`/api/admin/faq/all?search=${tag}&sort=question&order=asc`, { token })).json();
    expect(byQuestion.data.map((f: { id: number }) => f.id)).toEqual(faqs.map((f) => f.id));
  });

  test("refuses a bad type or paging and people who are not admins", async () => {
    const { token } = await signIn("admin");
    const bad = await send("/api/admin/faq/all?type=weather", { token });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "type must be one of: general, user, guide, payments" });
    expect((await send("/api/admin/faq/all?per_page=0", { token })).status).toBe(400);
    const missing = await send("/api/admin/faq/all");
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ message: "Authentication token is missing" });
    expect((await send("/api/admin/faq/all", { token: (await signIn("guide")).token })).status).toBe(403);
  });
});

describe("FAQ mutations through the API", () => {
  test("create, update, status and delete", async () => {
    const { token } = await signIn("admin");
    const tag = `f${faker.string.alphanumeric(10).toLowerCase()}`;
    const created = await send("/api/admin/faq/create", { method: "POST", token, body: json({ type: "guide", question: `How ${tag}?`, answer: "Like this." }) });
    expect(created.status).toBe(201);
    const { data: faq } = await created.json();
    expect(faq).toMatchObject({ type: "guide", question: `How ${tag}?`, answer: "Like this.", is_active: true });

    const updated = await send(`/api/admin/faq/update/${faq.id}`, { method: "PATCH", token, body: json({ question: `Why ${tag}?`, answer: "Because.", is_active: false }) });
    expect(updated.status).toBe(200);
    expect((await updated.json()).data).toMatchObject({ question: `Why ${tag}?`, answer: "Because.", is_active: false, type: "guide" });
    expect(await prisma.faq.findUniqueOrThrow({ where: { id: faq.id } })).toMatchObject({ question: `Why ${tag}?`, isActive: false });

    const status = await send(`/api/admin/faq/${faq.id}/status`, { method: "PATCH", token, body: json({ is_active: true }) });
    expect(status.status).toBe(200);
    expect((await status.json()).data.is_active).toBe(true);
    expect((await prisma.faq.findUniqueOrThrow({ where: { id: faq.id } })).isActive).toBe(true);

    const removed = await send(`/api/admin/faq/delete/${faq.id}`, { method: "DELETE", token });
    expect(removed.status).toBe(200);
    expect(await prisma.faq.count({ where: { id: faq.id } })).toBe(0);
    const again = await send(`/api/admin/faq/delete/${faq.id}`, { method: "DELETE", token });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: "FAQ not found" });
  });

  test("validation messages and refusals", async () => {
    const { token } = await signIn("admin");
    const noQuestion = await send("/api/admin/faq/create", { method: "POST", token, body: json({ answer: "x" }) });
    expect(noQuestion.status).toBe(400);
    expect((await noQuestion.json()).message).toMatch(/Question is required$/);
    const noAnswer = await send("/api/admin/faq/create", { method: "POST", token, body: json({ question: "x", answer: " " }) });
    expect(await noAnswer.json()).toEqual({ message: "Answer is required", errors: { answer: ["Answer is required"] } });
    const badType = await send("/api/admin/faq/create", { method: "POST", token, body: json({ question: "x", answer: "y", type: "weather" }) });
    expect(await badType.json()).toEqual({
      message: "type must be one of: general, user, guide, payments",
      errors: { type: ["type must be one of: general, user, guide, payments"] },
    });
    const badBody = await send("/api/admin/faq/create", { method: "POST", token, body: "not json" });
    expect(badBody.status).toBe(400);

    const { faqs } = await makeFaqs([{}]);
    const badStatus = await send(`/api/admin/faq/${faqs[0].id}/status`, { method: "PATCH", token, body: json({ is_active: "maybe" }) });
    expect(badStatus.status).toBe(400);
    expect(await badStatus.json()).toEqual({ message: "is_active: must be true or false", errors: { is_active: ["must be true or false"] } });
    const unknown = await send("/api/admin/faq/update/999999999", { method: "PATCH", token, body: json({ question: "q", answer: "a" }) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "FAQ not found" });
    expect((await send(`/api/admin/faq/update/${faqs[0].id}`, { method: "PUT", token, body: json({ question: "q", answer: "a" }) })).status).toBe(405);

    const user = await signIn("user");
    for (const [path, method] of [
      ["/api/admin/faq/create", "POST"],
      [`/api/admin/faq/update/${faqs[0].id}`, "PATCH"],
      [`/api/admin/faq/${faqs[0].id}/status`, "PATCH"],
      [`/api/admin/faq/delete/${faqs[0].id}`, "DELETE"],
    ]) {
      expect((await send(path, { method, body: json({ question: "q", answer: "a", is_active: false }) })).status).toBe(401);
      expect((await send(path, { method, token: user.token, body: json({ question: "q", answer: "a", is_active: false }) })).status).toBe(403);
    }
    expect(await prisma.faq.findUniqueOrThrow({ where: { id: faqs[0].id } })).toMatchObject({ question: faqs[0].question, isActive: true });
  });
});

describe("FAQs screen", () => {
  test("lists with type filter, search, sort and paging in the URL", async () => {
    const { cookie } = await signIn("admin");
    const { tag } = await makeFaqs([{ type: "user" }, { type: "guide" }, { type: "guide" }]);
    const html = (await (await send(`${screen}?search=${tag}`, { cookie })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("<title>FAQs · Ministry Mentors</title>");
    expect(html.indexOf(`Question C ${tag}?`)).toBeLessThan(html.indexOf(`Question A ${tag}?`));
    const guides = await (await send(`${screen}?search=${tag}&type=guide`, { cookie })).text();
    expect(guides).toContain(`Question B ${tag}?`);
    expect(guides).not.toContain(`Question A ${tag}?`);
    const sorted = await (await send(`${screen}?search=${tag}&sort=question&order=asc&limit=2`, { cookie })).text();
    expect(sorted).toContain(`Question A ${tag}?`);
    expect(sorted).not.toContain(`Question C ${tag}?`);
    // A type the list does not have is dropped: every type is shown.
    const bad = await send(`${screen}?search=${tag}&type=weather`, { cookie });
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe(`${screen}?search=${tag}`);
    expect(await (await send(`${screen}?search=none-${tag}`, { cookie })).text()).toContain("No data found");
  });

  test("creating shows 'FAQ Created'; missing fields are refused in place", async () => {
    const { cookie } = await signIn("admin");
    const tag = `f${faker.string.alphanumeric(10).toLowerCase()}`;
    const form = (await (await send(`${screen}?new=1`, { cookie })).text()).replaceAll("<!-- -->", "");
    expect(form).toContain("Create FAQ");
    const invalid = await postForm(`${screen}?new=1`, { intent: "create", type: "general", question: "", answer: "" }, cookie);
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toContain("<li>Question is required</li>");
    expect(invalidHtml).toContain("<li>Answer is required</li>");

    const response = await postForm(`${screen}?new=1`, { intent: "create", type: "payments", question: `Cost ${tag}?`, answer: "Nothing.", is_active: "on" }, cookie);
    expect(response.headers.get("Location")).toBe(screen);
    expect(await landing(response, cookie)).toContain("FAQ Created");
    expect(await prisma.faq.findFirstOrThrow({ where: { question: `Cost ${tag}?` } })).toMatchObject({ type: "payments", answer: "Nothing.", isActive: true });

    const inactive = await postForm(screen, { intent: "create", type: "user", question: `Hidden ${tag}?`, answer: "Yes." }, cookie);
    expect(inactive.status).toBe(302);
    expect((await prisma.faq.findFirstOrThrow({ where: { question: `Hidden ${tag}?` } })).isActive).toBe(false);
  });

  test("editing shows 'FAQ Updated'; a missing FAQ shows 'Update Failed'", async () => {
    const { cookie } = await signIn("admin");
    const { tag, faqs } = await makeFaqs([{}]);
    const id = String(faqs[0].id);
    const form = (await (await send(`${screen}?edit=${id}`, { cookie })).text()).replaceAll("<!-- -->", "");
    expect(form).toContain("Edit FAQ");
    expect(form).toContain(`value="Question A ${tag}?"`);
    const response = await postForm(`${screen}?edit=${id}`, { intent: "update", id, type: "guide", question: `Edited ${tag}?`, answer: "New answer." }, cookie);
    expect(await landing(response, cookie)).toContain("FAQ Updated");
    expect(await prisma.faq.findUniqueOrThrow({ where: { id: faqs[0].id } })).toMatchObject({ question: `Edited ${tag}?`, type: "guide", isActive: false });

    const failed = await landing(await postForm(screen, { intent: "update", id: "999999999", type: "guide", question: "q", answer: "a" }, cookie), cookie);
    expect(failed).toContain("Update Failed");
    expect(failed).toContain("FAQ not found");
  });

  test("the switch activates and deactivates; delete asks first", async () => {
    const { cookie } = await signIn("admin");
    const { faqs } = await makeFaqs([{}]);
    const id = String(faqs[0].id);
    const off = await landing(await postForm(screen, { intent: "status", id, status: "inactive" }, cookie), cookie);
    expect(off).toContain("FAQ Updated");
    expect(off).toContain("FAQ deactivated");
    expect((await prisma.faq.findUniqueOrThrow({ where: { id: faqs[0].id } })).isActive).toBe(false);
    await postForm(screen, { intent: "status", id, status: "active" }, cookie);
    expect((await prisma.faq.findUniqueOrThrow({ where: { id: faqs[0].id } })).isActive).toBe(true);
    const garbled = await landing(await postForm(screen, { intent: "status", id, status: "maybe" }, cookie), cookie);
    expect(garbled).toContain("Update Failed");
    expect(garbled).toContain("status must be active or inactive");
    const gone = await landing(await postForm(screen, { intent: "status", id: "999999999", status: "inactive" }, cookie), cookie);
    expect(gone).toContain("FAQ not found");

    expect(await (await send(`${screen}?delete=${id}`, { cookie })).text()).toContain("Confirm Delete");
    const deleted = await landing(await postForm(screen, { intent: "delete", id }, cookie), cookie);
    expect(deleted).toContain("FAQ Deleted");
    expect(await prisma.faq.count({ where: { id: faqs[0].id } })).toBe(0);
  });

  test("people who are not admins cannot change FAQs", async () => {
    const { faqs } = await makeFaqs([{}]);
    const { cookie } = await signIn("guide");
    const response = await postForm(screen, { intent: "status", id: String(faqs[0].id), status: "inactive" }, cookie);
    expect(response.headers.get("Location")).toBe("/mentor-dashboard");
    expect((await prisma.faq.findUniqueOrThrow({ where: { id: faqs[0].id } })).isActive).toBe(true);
  });
});

describe("public /faq", () => {
  test("shows only active FAQs, grouped by type, without signing in", async () => {
    const { tag } = await makeFaqs([{ type: "payments" }, { type: "payments", active: false }, { type: "guide" }]);
    const response = await send("/faq");
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Frequently Asked Questions");
    expect(html).toContain(`Question A ${tag}?`);
    expect(html).toContain(`Answer 0 for ${tag}.`);
    expect(html).toContain(`Question C ${tag}?`);
    expect(html).not.toContain(`Question B ${tag}?`);
    expect(html).toContain("<details");
    const payments = html.indexOf('id="faq-payments"');
    const guides = html.indexOf('id="faq-guide"');
    expect(guides).toBeGreaterThan(0);
    expect(payments).toBeGreaterThan(guides);
    expect(html.indexOf(`Question A ${tag}?`)).toBeGreaterThan(payments);
  });
});
