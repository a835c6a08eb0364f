import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { cookiesFrom, createPerson, postForm, send, signIn } from "#tests/app.ts";
import { freshCode, turnOnTwoFactor } from "#tests/two-factor.ts";

const screen = "/admin/dashboard/UserManagement";
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

/** Twelve users in one organisation of their own, so each test can scope the list with a search. */
async function church() {
  const organisation = `Church ${faker.string.alpha(10)}`;
  const names = ["Aaron Zimmer", "bella young", "Caleb Xu", "Dora White", "Eli Vance", "faith Underwood", "Gideon Tate", "Hannah Stone", "Isaac Reed", "Joy Quinn", "Kofi Park", "Lydia Owens"];
  const people = [];
  for (const [index, name] of names.entries()) {
    people.push(await createPerson("user", { name, organisation, email: `${name.split(" ")[0].toLowerCase()}.${organisation.slice(7).toLowerCase()}@test.example`, status: index % 3 === 0 ? "inactive" : "active" }));
  }
  return { organisation, people };
}

let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  admin = await signIn("admin");
});

describe("User Management screen", () => {
  test("searches name, e-mail and organisation over the whole list in SQL and pages the result", async () => {
    const { organisation } = await church();
    const response = await send(`${screen}?search=${encodeURIComponent(organisation)}&limit=5`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = await text(response);
    expect(html).toContain("User Management");
    expect(html).toContain("Search Users...");
    expect(html).toContain("1–5 of 12");
    expect(html).toContain("Page 1 of 3");
    // name ascending, case-insensitive: Aaron, bella, Caleb, Dora, Eli
    const order = ["Aaron Zimmer", "bella young", "Caleb Xu", "Dora White", "Eli Vance"].map((name) => html.indexOf(name));
    expect(order.every((position, i) => position > 0 && (i === 0 || position > order[i - 1]))).toBe(true);
    expect(html).not.toContain("faith Underwood");

    const page3 = await text(await send(`${screen}?search=${encodeURIComponent(organisation)}&limit=5&page=3`, { cookie: admin.cookie }));
    expect(page3).toContain("Kofi Park");
    expect(page3).toContain("Lydia Owens");
    expect(page3).toContain("11–12 of 12");

    const byEmailPart = await text(await send(`${screen}?search=${encodeURIComponent(`caleb.${organisation.slice(7).toLowerCase()}`)}`, { cookie: admin.cookie }));
    expect(byEmailPart).toContain("Caleb Xu");
    expect(byEmailPart).toContain("1–1 of 1");

    const shortTerm = await text(await send(`${screen}?search=Xu`, { cookie: admin.cookie }));
    expect(shortTerm).toContain("Caleb Xu");
  });

  test("sorts by every column, both directions, across all pages", async () => {
    const { organisation } = await church();
    const first = async (query: string) => {
      const html = await text(await send(`${screen}?search=${encodeURIComponent(organisation)}&limit=5&${query}`, { cookie: admin.cookie }));
      return html.match(/<td class="whole-words px-4 py-3 font-medium text-slate-900"[^>]*>([^<]+)<\/td>/)?.[1];
    };
    expect(await first("sort=name&order=desc")).toBe("Lydia Owens");
    expect(await first("sort=email&order=asc")).toBe("Aaron Zimmer");
    expect(await first("sort=email&order=desc")).toBe("Lydia Owens");
    expect(await first("sort=status&order=asc")).toMatch(/bella young|Caleb Xu|Eli Vance|faith Underwood|Hannah Stone|Isaac Reed|Kofi Park|Lydia Owens/);
    expect(await first("sort=status&order=desc")).toMatch(/Aaron Zimmer|Dora White|Gideon Tate|Joy Quinn/);
    expect(await first("sort=organisation&order=asc")).toBe("Aaron Zimmer");
  });

  test("the column header toggles the direction and a page past the last goes back to page 1", async () => {
    const { organisation } = await church();
    const search = encodeURIComponent(organisation);
    const html = await text(await send(`${screen}?search=${search}`, { cookie: admin.cookie }));
    expect(html).toMatch(/aria-sort="ascending"[^>]*><a [^>]*href="[^"]*sort=name&amp;order=desc"/);
    const past = await send(`${screen}?search=${search}&page=9`, { cookie: admin.cookie });
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`${screen}?search=${search.replaceAll("%20", "+")}`);
  });

  test("shows 'No data found' for an empty result", async () => {
    const html = await text(await send(`${screen}?search=zzqqxxnomatch`, { cookie: admin.cookie }));
    expect(html).toContain("No data found");
  });

  test.each(["page=-3", "limit=100000", "sort=password", "order=sideways"])(
    "a list parameter the screen cannot read (%s) is dropped: the list in its default view, no developer text",
    async (query) => {
      const response = await send(`${screen}?search=ruth&${query}`, { cookie: admin.cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`${screen}?search=ruth`);
      const html = await text(await send(response.headers.get("Location")!, { cookie: admin.cookie }));
      expect(html).not.toContain("Failed to load data");
      expect(html).not.toMatch(/must be (a positive|between|one of|asc)/);
    },
  );

  test("the status switch works as a plain form and shows the toast after the redirect", async () => {
    const person = await createPerson("user");
    const back = `${screen}?search=${encodeURIComponent(person.email)}`;
    const response = await postForm(back, { intent: "status", id: String(person.id), status: "inactive" }, admin.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(back);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).status).toBe("inactive");
    const page = await text(await send(back, { cookie: cookiesFrom(response, admin.cookie) }));
    expect(page).toContain("Action Successful");
    expect(page).toContain("Deactivated successfully");
    expect(page).toContain('aria-checked="false"');

    const again = await postForm(back, { intent: "status", id: String(person.id), status: "active" }, admin.cookie);
    expect(await text(await send(back, { cookie: cookiesFrom(again, admin.cookie) }))).toContain("Activated successfully");
  });

  test("deactivating ends the person's sessions", async () => {
    const { person, cookie } = await signIn("user");
    await postForm(screen, { intent: "status", id: String(person.id), status: "inactive" }, admin.cookie);
    expect((await send("/user-dashboard", { cookie })).headers.get("Location")).toMatch(/^\/login/);
  });

  test("delete asks 'Confirm Delete' with the name, then soft-deletes and keeps the history", async () => {
    const person = await createPerson("user", { name: "Ruth Delete-Me" });
    const guide = await createPerson("guide");
    const booking = await prisma.booking.create({ data: { userId: person.id, guideId: guide.id, topic: "Preaching through Ruth", rateCents: 5000, paymentStatus: "paid" } });
    await prisma.payment.create({ data: { bookingId: booking.id, userId: person.id, guideId: guide.id, amountCents: 5000, status: "succeeded", paidAt: new Date() } });
    await prisma.review.create({ data: { bookingId: booking.id, authorId: person.id, guideId: guide.id, rating: 5, content: "Wise counsel." } });

    const dialog = await text(await send(`${screen}?search=Ruth&delete=${person.id}`, { cookie: admin.cookie }));
    expect(dialog).toContain("Confirm Delete");
    expect(dialog).toContain("Are you sure you want to delete Ruth Delete-Me?");
    expect(dialog).toContain(">Cancel<");

    const response = await postForm(`${screen}?search=Ruth`, { intent: "delete", id: String(person.id) }, admin.cookie);
    expect(response.headers.get("Location")).toBe(`${screen}?search=Ruth`);
    const after = await text(await send(`${screen}?search=Ruth`, { cookie: cookiesFrom(response, admin.cookie) }));
    expect(after).toContain("User Deleted");
    expect(after).not.toContain("<td class=\"whole-words px-4 py-3 font-medium text-slate-900\" data-label=\"Name\">Ruth Delete-Me");

    const stored = await prisma.user.findUniqueOrThrow({ where: { id: person.id }, include: { bookingsMade: true, paymentsMade: true, reviewsWritten: true } });
    expect(stored.isDeleted).toBe(true);
    expect(stored.bookingsMade).toHaveLength(1);
    expect(stored.paymentsMade).toHaveLength(1);
    expect(stored.reviewsWritten).toHaveLength(1);
  });

  test("a dialog for someone without a name says 'this user'; a bad action is refused with a toast", async () => {
    const person = await createPerson("user", { name: "" });
    expect(await text(await send(`${screen}?delete=${person.id}`, { cookie: admin.cookie }))).toContain("Are you sure you want to delete this user?");
    const bad = await postForm(screen, { intent: "status", id: String(person.id), status: "maybe" }, admin.cookie);
    expect(bad.status).toBe(302);
    const page = await text(await send(screen, { cookie: cookiesFrom(bad, admin.cookie) }));
    expect(page).toContain("Action Failed");
    expect(page).toContain("status must be active or inactive");
    const missing = await postForm(screen, { intent: "delete", id: "99999999" }, admin.cookie);
    expect(await text(await send(screen, { cookie: cookiesFrom(missing, admin.cookie) }))).toContain("User not found");
  });
});

describe("User Management API", () => {
  test("POST /api/auth/login gives a token that the admin API accepts, with or without 'Bearer'", async () => {
    const person = await createPerson("admin");
    const code = await freshCode(person.id, await turnOnTwoFactor(person.id));
    const login = await send("/api/auth/login", { method: "POST", body: JSON.stringify({ email: person.email, password: "Passw0rd!", code }), headers: { "Content-Type": "application/json" } });
    expect(login.status).toBe(200);
    const body = await login.json();
    expect(body.user).toEqual({ id: person.id, name: person.name, email: person.email, userType: "admin" });
    expect((await send("/api/admin/get-user-list", { token: body.token })).status).toBe(200);
    expect((await send("/api/admin/get-user-list", { token: `Bearer ${body.token}` })).status).toBe(200);
  });

  test("login refusals", async () => {
    const wrong = await send("/api/auth/login", { method: "POST", body: JSON.stringify({ email: "nobody@test.example", password: "x" }) });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Invalid email or password" });
    const malformed = await send("/api/auth/login", { method: "POST", body: "{not json" });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe("Request body must be a JSON object");
    const missing = await send("/api/auth/login", { method: "POST", body: JSON.stringify({ email: "a@b.co" }) });
    expect(missing.status).toBe(400);
  });

  test("get-user-list answers {data, meta} with search, paging and the isVerified filter", async () => {
    const { organisation, people } = await church();
    await prisma.user.update({ where: { id: people[1].id }, data: { isVerified: false } });
    const response = await send(`/api/admin/get-user-list?search=${encodeURIComponent(organisation)}&limit=5&page=2`, { token: admin.token });
    const body = await response.json();
    expect(body.meta).toEqual({ page: 2, limit: 5, total: 12, totalPages: 3 });
    expect(body.data).toHaveLength(5);
    expect(body.data[0]).toEqual({ id: expect.any(Number), name: "faith Underwood", email: expect.any(String), organisation, status: "active", userType: "user", isVerified: true });
    const unverified = await (await send(`/api/admin/get-user-list?search=${encodeURIComponent(organisation)}&isVerified=false`, { token: admin.token })).json();
    expect(unverified.data.map((row: { name: string }) => row.name)).toEqual(["bella young"]);
  });

  test.each([
    ["page=-3", "page must be a positive whole number", "page"],
    ["limit=100000", "limit must be between 1 and 100", "limit"],
    ["sort=hash", "sort must be one of: name, email, organisation, status", "sort"],
    ["isVerified=maybe", "isVerified must be true or false", null],
  ])("get-user-list?%s → 400", async (query, message, field) => {
    const response = await send(`/api/admin/get-user-list?${query}`, { token: admin.token });
    expect(response.status).toBe(400);
    // {message, errors}: the message by the field it is about (isVerified is read on its own)
    if (field) expect(await response.json()).toEqual({ message, errors: { [field]: [message] } });
    else expect(await response.json()).toMatchObject({ message });
  });

  test("401 without or with an unknown token, 403 for a non-admin", async () => {
    const none = await send("/api/admin/get-user-list");
    expect(none.status).toBe(401);
    expect(await none.json()).toHaveProperty("message");
    expect((await send("/api/admin/get-user-list", { token: "not-a-token" })).status).toBe(401);
    const guide = await signIn("guide");
    const forbidden = await send("/api/admin/get-user-list", { token: guide.token });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: "Admin access required" });
    expect((await send("/api/admin/delete-user-by-id/1", { method: "DELETE", token: guide.token })).status).toBe(403);
  });

  test("PATCH status for users and guides, with 400 and 404 refusals", async () => {
    const person = await createPerson("user");
    const guide = await createPerson("guide");
    const off = await send(`/api/admin/user/${person.id}/status/inactive`, { method: "PATCH", token: admin.token });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ id: person.id, status: "inactive" });
    expect((await send(`/api/admin/guide/${guide.id}/status/inactive`, { method: "PATCH", token: admin.token })).status).toBe(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).status).toBe("inactive");

    const maybe = await send(`/api/admin/user/${person.id}/status/maybe`, { method: "PATCH", token: admin.token });
    expect(maybe.status).toBe(400);
    expect(await maybe.json()).toEqual({ message: "action must be active or inactive", errors: { action: ["action must be active or inactive"] } });
    expect((await send(`/api/admin/pastor/${person.id}/status/active`, { method: "PATCH", token: admin.token })).status).toBe(400);
    expect((await send(`/api/admin/user/abc/status/active`, { method: "PATCH", token: admin.token })).status).toBe(400);
    // a guide's id under accountType user is not found: roles are not mixed up
    const wrongRole = await send(`/api/admin/user/${guide.id}/status/active`, { method: "PATCH", token: admin.token });
    expect(wrongRole.status).toBe(404);
    expect(await wrongRole.json()).toEqual({ message: "User not found" });
    expect((await send(`/api/admin/user/${person.id}/status/active`, { method: "GET", token: admin.token })).status).toBe(405);
  });

  test("DELETE delete-user-by-id soft-deletes; a second delete or a malformed id is refused", async () => {
    const person = await createPerson("user");
    const response = await send(`/api/admin/delete-user-by-id/${person.id}`, { method: "DELETE", token: admin.token });
    expect(response.status).toBe(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).isDeleted).toBe(true);
    expect((await send(`/api/admin/delete-user-by-id/${person.id}`, { method: "DELETE", token: admin.token })).status).toBe(404);
    const malformed = await send(`/api/admin/delete-user-by-id/1.5`, { method: "DELETE", token: admin.token });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toMatch(/Invalid id/);
    const list = await (await send(`/api/admin/get-user-list?search=${encodeURIComponent(person.email)}`, { token: admin.token })).json();
    expect(list.meta.total).toBe(0);
  });

  test("unknown API paths answer JSON 404", async () => {
    const response = await send("/api/admin/nothing-here", { token: admin.token });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not found" });
  });
});
