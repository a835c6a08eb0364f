import { faker } from "@faker-js/faker";
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createPerson, postForm, send, signIn, TEST_PASSWORD } from "#tests/app.ts";

const json = (body: unknown) => JSON.stringify(body);
const uniqueEmail = () => `${faker.string.alphanumeric(10).toLowerCase()}@test.example`;
const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
const TOO_LONG = "Password must be at most 128 characters";
const longPassword = `Aa1!${"x".repeat(125)}`; // 129 characters, otherwise strong

describe("one strict id parser", () => {
  test("route ids are plain positive decimal digits: 0x3, 3e0, +3, ' 3', 03 are 400", async () => {
    const { token } = await signIn("admin");
    const user = await createPerson("user");
    expect((await send(`/api/admin/get-user-by-id/${user.id}`, { token })).status).toBe(200);
    for (const bad of ["0x3", "3e0", "+3", "%203", "03", "0", "-3", "3.0", "99999999999999999999"]) {
      const response = await send(`/api/admin/get-user-by-id/${bad}`, { token });
      expect(response.status, bad).toBe(400);
      expect((await response.json()).message).toMatch(/expected a positive whole number/);
    }
    expect((await send(`/api/admin/get-booking/0x1`, { token })).status).toBe(400);
    expect((await send(`/api/admin/transactions/guide/1e0`, { token })).status).toBe(400);
  });

  test("ids in forms and filters use the same parser", async () => {
    const { cookie, token } = await signIn("admin");
    const user = await createPerson("user");
    // A status switch posting id=0x<id> must not reach the account.
    const response = await postForm("/admin/dashboard/user-management/user", { intent: "status", id: `0x${user.id.toString(16)}`, status: "inactive" }, cookie);
    expect(response.status).not.toBe(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe("active");
    expect((await send(`/api/admin/get-allbookings?guideId=1e0`, { token })).status).toBe(400);
  });
});

describe("PATCH changes only the fields sent", () => {
  test("PATCH /api/admin/resources/{id} with only a title keeps the rest", async () => {
    const { token } = await signIn("admin");
    const resource = await prisma.resource.create({ data: { title: "Old title", type: "video", description: "Keep me", link: "https://example.org/v" } });
    const form = new FormData();
    form.append("title", "New title");
    const response = await send(`/api/admin/resources/${resource.id}`, { method: "PATCH", token, body: form });
    expect(response.status).toBe(200);
    expect(await prisma.resource.findUniqueOrThrow({ where: { id: resource.id } })).toMatchObject({ title: "New title", type: "video", description: "Keep me", link: "https://example.org/v" });

    const bad = new FormData();
    bad.append("type", "poem");
    expect((await send(`/api/admin/resources/${resource.id}`, { method: "PATCH", token, body: bad })).status).toBe(400);
  });

  test("PATCH /api/admin/faq/update/{id} with only is_active keeps question and answer", async () => {
    const { token } = await signIn("admin");
    const faq = await prisma.faq.create({ data: { question: "How do I book?", answer: "Pick a time.", type: "general", isActive: true } });
    const response = await send(`/api/admin/faq/update/${faq.id}`, { method: "PATCH", token, body: json({ is_active: false }) });
    expect(response.status).toBe(200);
    expect(await prisma.faq.findUniqueOrThrow({ where: { id: faq.id } })).toMatchObject({ question: "How do I book?", answer: "Pick a time.", isActive: false });
  });
});

describe("one API 400 body: {message, errors}", () => {
  test("validation failures of bodies and queries carry the messages by field", async () => {
    const { token } = await signIn("admin");
    const user = await createPerson("user");
    const created = await send("/api/admin/create-user", { method: "POST", token, body: json({ name: "Ann" }) });
    expect(created.status).toBe(400);
    const body = await created.json();
    expect(typeof body.message).toBe("string");
    expect(body.errors.email).toBeInstanceOf(Array);

    const updated = await send(`/api/admin/update-user-by-id/${user.id}`, { method: "PUT", token, body: json({ name: "Ann" }) });
    expect(updated.status).toBe(400);
    expect(Object.keys((await updated.json()).errors)).toContain("title");

    const list = await send("/api/admin/get-user-list?page=abc", { token });
    expect(list.status).toBe(400);
    expect(await list.json()).toEqual({ message: "page must be a positive whole number", errors: { page: ["page must be a positive whole number"] } });
  });
});

describe("one path for a failed form", () => {
  test("Create User with an e-mail in use: 400, the message in the form, typed values kept, no password back", async () => {
    const { cookie } = await signIn("admin");
    const other = await createPerson("user");
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: "Typed Name", email: other.email, password: "Secret1!x", confirmPassword: "Secret1!x", title: "Pastor", organisation: "Typed Org", education: "MDiv", bio: "Bio" })) form.append(key, value);
    const response = await send("/admin/dashboard/add-User", { method: "POST", body: form, cookie, headers: { Origin: "http://localhost" } });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("A user with this email already exists");
    expect(page).toContain("Typed Org");
    expect(page).not.toContain("Secret1!x");
  });

  test("Create Guide with an e-mail in use: 400 with the form's messages, no second toaster", async () => {
    const { cookie } = await signIn("admin");
    const other = await createPerson("guide");
    const form = new FormData();
    const fields = { name: "Typed Guide", email: other.email, phone: "(503) 555-0147", password: "Secret1!x", confirmPassword: "Secret1!x", title: "Pastor", organisation: "Typed Org", experience: "5", category: "Leadership", bio: "A bio", recentSuccess: "", videoUrl: "" };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const response = await send("/admin/dashboard/add-Guide", { method: "POST", body: form, cookie, headers: { Origin: "http://localhost" } });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).not.toContain("Secret1!x");
    expect(page.match(/aria-label="Notifications"/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });
});

describe("passwords at most 128 characters", () => {
  test("API create-user, admin change-password and login refuse 129 characters with one message", async () => {
    const { token } = await signIn("admin");
    const created = await send("/api/admin/create-user", {
      method: "POST",
      token,
      body: json({ name: "Long Pass", email: uniqueEmail(), password: longPassword, confirmPassword: longPassword, title: "Pastor", organisation: "Org", education: "MDiv", bio: "Bio" }),
    });
    expect(created.status).toBe(400);
    expect((await created.json()).errors.password).toContain(TOO_LONG);

    const guide = await send("/api/admin/create-mentor", { method: "POST", token, body: json({ name: "Long Pass", email: uniqueEmail(), password: longPassword, confirmPassword: longPassword }) });
    expect(guide.status).toBe(400);
    expect((await guide.json()).errors.password).toContain(TOO_LONG);

    const changed = await send("/api/admin/change-password", { method: "PUT", token, body: json({ currentPassword: TEST_PASSWORD, password: longPassword, confirmPassword: longPassword }) });
    expect(changed.status).toBe(400);
    expect((await changed.json()).errors.password).toContain(TOO_LONG);

    const person = await createPerson("admin");
    const login = await send("/api/auth/login", { method: "POST", body: json({ email: person.email, password: longPassword }), headers: { "Content-Type": "application/json" } });
    expect(login.status).toBe(400);
    expect((await login.json()).message).toBe(TOO_LONG);
  });
});

describe("the admin's e-mail and password need the current password", () => {
  test("PUT /api/admin/update-admin-profile: a new e-mail needs the right current password; a name alone does not", async () => {
    const { token, person } = await signIn("admin");
    const email = uniqueEmail();
    const missing = await send("/api/admin/update-admin-profile", { method: "PUT", token, body: json({ name: "Grace", email }) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "Current password is required", errors: { currentPassword: ["Current password is required"] } });
    const wrong = await send("/api/admin/update-admin-profile", { method: "PUT", token, body: json({ name: "Grace", email, currentPassword: "Wrong1!pass" }) });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe("Current password is incorrect");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).email).toBe(person.email);

    const renamed = await send("/api/admin/update-admin-profile", { method: "PUT", token, body: json({ name: "Grace Renamed", email: person.email }) });
    expect(renamed.status).toBe(200);
    const moved = await send("/api/admin/update-admin-profile", { method: "PUT", token, body: json({ name: "Grace", email, currentPassword: TEST_PASSWORD }) });
    expect(moved.status).toBe(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).email).toBe(email);
  });

  test("My Profile form asks for the current password when the e-mail changes", async () => {
    const { cookie } = await signIn("admin");
    const response = await postForm("/admin/dashboard/myprofile", { intent: "profile", name: "Grace", email: uniqueEmail() }, cookie);
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("Current password");
    expect(page).toContain("Current password is required");
  });

  test("a new password must differ from the current one (form and API)", async () => {
    const { token, cookie } = await signIn("admin");
    const api = await send("/api/admin/change-password", { method: "PUT", token, body: json({ currentPassword: TEST_PASSWORD, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }) });
    expect(api.status).toBe(400);
    expect((await api.json()).errors.password).toContain("New password must be different from the current password");
    const form = await postForm("/admin/dashboard/change-password", { currentPassword: TEST_PASSWORD, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, cookie);
    expect(form.status).toBe(400);
    expect(await html(form)).toContain("New password must be different from the current password");
  });
});

describe("no network call inside transaction()", () => {
  test("lint flags fetch, e-mail and Stripe calls inside the callback, not outside", async () => {
    const eslint = new ESLint();
    const code = [
      'import { transaction } from "#app/lib/db.server.ts";',
      'import { sendMail } from "#app/lib/mail.server.ts";',
      "declare const stripe: { paymentIntents: { create(): Promise<void> } };",
      "export async function probe() {",
      "  await transaction(async () => {",
      '    await fetch("https://example.org");',
      '    await sendMail({ to: "a@b.c", subject: "s", text: "t" });',
      "    await stripe.paymentIntents.create();",
      "  });",
      '  await fetch("https://example.org");',
      "}",
    ].join("\n");
    const [result] = await eslint.lintText(code, { filePath: "app/modules/probe.server.ts" });
    const lines = result.messages.filter((message) => message.ruleId === "no-restricted-syntax").map((message) => message.line);
    expect(lines).toEqual([6, 7, 8]);
  });
});
