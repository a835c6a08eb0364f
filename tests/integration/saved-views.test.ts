/**
 * Saved views of the console's lists: an admin saves a list's URL state under a name ("Save view" over the list, or
 * POST /api/admin/saved-views), finds it in the sidebar under its list, renames and deletes it. Each admin sees only
 * their own; a view keeps only what its list reads, never the page.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { cookiesFrom, postForm, send, signIn } from "#tests/app.ts";

const screen = "/admin/dashboard/saved-views";
const users = "/admin/dashboard/UserManagement";

const text = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

/** Follows a screen action's redirect and answers the page it lands on (its toast included). */
async function landing(response: Response, cookie: string) {
  expect(response.status).toBe(302);
  return text(await send(response.headers.get("Location")!, { cookie: cookiesFrom(response, cookie) }));
}

const save = (cookie: string, fields: Record<string, string>) => postForm(screen, { intent: "save", list: "users", query: "", ...fields }, cookie);

let admin: Awaited<ReturnType<typeof signIn>>;
let other: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  admin = await signIn("admin");
  other = await signIn("admin");
});

describe("Save view (the dialog over a list)", () => {
  test("a list shows 'Save view'; ?saveView opens the dialog with the list's state", async () => {
    const html = await text(await send(`${users}?isVerified=false&sort=email`, { cookie: admin.cookie }));
    expect(html).toMatch(/href="\/admin\/dashboard\/UserManagement\?isVerified=false&sort=email&saveView="[^>]*>.*?Save view</s);
    const dialog = await text(await send(`${users}?isVerified=false&sort=email&saveView=`, { cookie: admin.cookie }));
    expect(dialog).toContain('role="dialog"');
    expect(dialog).toContain('name="query" value="isVerified=false&sort=email"');
    expect(dialog).toContain('name="list" value="users"');
  });

  test("saves the state under a name: back on the view with a toast, and in the sidebar under its list", async () => {
    const response = await save(admin.cookie, { name: "  Unverified  ", query: "isVerified=false&sort=email&order=desc&page=3&limit=25" });
    expect(response.headers.get("Location")).toBe(`${users}?sort=email&order=desc&limit=25&isVerified=false`);
    const html = await landing(response, admin.cookie);
    expect(html).toContain("View Saved");
    expect(html).toContain('"Unverified" is in the sidebar under User Management.');
    // Nested under User Management, current (the page is the view's).
    expect(html).toMatch(/aria-label="Saved views of User Management"[^>]*><li><a aria-current="page" [^>]*href="\/admin\/dashboard\/UserManagement\?sort=email&order=desc&limit=25&isVerified=false"[^>]*>Unverified</);
    const stored = await prisma.savedView.findFirstOrThrow({ where: { adminId: admin.person.id, name: "Unverified" } });
    expect(stored).toMatchObject({ list: "users", query: "sort=email&order=desc&limit=25&isVerified=false" });
    // On the list's plain page the list's item is current, not the view.
    const plain = await text(await send(users, { cookie: admin.cookie }));
    expect(plain).toMatch(/href="\/admin\/dashboard\/UserManagement\?sort=email[^"]*"[^>]*>Unverified</);
    expect(plain).not.toMatch(/aria-current="page"[^>]*href="\/admin\/dashboard\/UserManagement\?/);
  });

  test("Organisations: saved with its sort, filters and search, under Organisations in the sidebar, and opened as it was", async () => {
    const { cookie } = await signIn("admin");
    const organisations = "/admin/dashboard/organisations";
    const word = `kirk${Date.now().toString(36).replace(/\d/g, "")}`;
    for (const [name, members] of [["Alpha", 3], ["Beta", 7]] as const) {
      await prisma.organisation.create({ data: { name: `${name} ${word}`, nameKey: `${name} ${word}`.toLowerCase(), kind: "church", country: "Ghana", memberCount: members } });
    }
    await prisma.organisation.create({ data: { name: `Gamma ${word}`, nameKey: `gamma ${word}`, kind: "seminary", country: "Ghana" } });
    const state = `search=${word}&sort=members&order=desc&kind=church&country=Ghana`;
    const list = await text(await send(`${organisations}?${state}`, { cookie }));
    expect(list).toMatch(new RegExp(`href="${organisations}\\?${state}&saveView="[^>]*>.*?Save view<`, "s"));
    const dialog = await text(await send(`${organisations}?${state}&saveView=`, { cookie }));
    expect(dialog).toContain('name="list" value="organisations"');

    const response = await save(cookie, { list: "organisations", name: "Ghana churches", query: `${state}&page=2&saveView=` });
    const href = `${organisations}?search=${word}&sort=members&order=desc&kind=church&country=Ghana`;
    expect(response.headers.get("Location")).toBe(href);
    const html = await landing(response, cookie);
    expect(html).toContain('"Ghana churches" is in the sidebar under Organisations.');
    expect(html).toMatch(/aria-label="Saved views of Organisations"[^>]*><li><a aria-current="page" [^>]*href="[^"]*"[^>]*>Ghana churches</);
    // The list as saved: its churches in Ghana matching the search, most members first.
    expect(html.indexOf(`Beta ${word}`)).toBeGreaterThan(-1);
    expect(html.indexOf(`Beta ${word}`)).toBeLessThan(html.indexOf(`Alpha ${word}`));
    expect(html).not.toContain(`Gamma ${word}`);
    expect(html).toMatch(/aria-sort="descending"[^>]*><a [^>]*>Members</);

    // A value the list cannot read is not kept.
    const refused = await save(cookie, { list: "organisations", name: "Clubs", query: "kind=club&sort=place&search=x" });
    expect(refused.status).toBe(302);
    expect((await prisma.savedView.findFirstOrThrow({ where: { name: "Clubs", list: "organisations" } })).query).toBe("search=x");
  });

  test("keeps only the parameters the list reads, under their own names, and drops values it cannot read", async () => {
    const cases: Array<[string, string, string]> = [
      ["users", "isVerified=maybe&sort=sideways&search=grace&edit=4&delete=9&utm=x&saveView=", "search=grace"],
      ["faqs", "per_page=50&sortOrder=desc&type=general&page=2", "order=desc&limit=50&type=general"],
      ["outbox", "sort=subject&limit=1000", ""],
    ];
    for (const [list, query, kept] of cases) {
      const response = await save(admin.cookie, { list, name: `Kept ${list}`, query });
      expect(response.status).toBe(302);
      expect((await prisma.savedView.findFirstOrThrow({ where: { adminId: admin.person.id, list, name: `Kept ${list}` } })).query).toBe(kept);
    }
  });

  test("a bad name is a form error that keeps what was typed", async () => {
    const { cookie } = await signIn("admin");
    const empty = await save(cookie, { name: "   ", query: "isVerified=false" });
    expect(empty.status).toBe(400);
    expect(await text(empty)).toContain("<li>Name is required</li>");

    const long = "A".repeat(61);
    const tooLong = await save(cookie, { name: long, query: "isVerified=false" });
    expect(tooLong.status).toBe(400);
    const html = await text(tooLong);
    expect(html).toContain("<li>Name must be at most 60 characters</li>");
    // Without JavaScript the refused form is shown again on the Saved Views screen, with the name and the state.
    expect(html).toContain(`value="${long}"`);
    expect(html).toContain('name="query" value="isVerified=false"');

    expect((await save(cookie, { name: "Mine" })).status).toBe(302);
    const taken = await save(cookie, { name: "Mine", query: "search=x" });
    expect(taken.status).toBe(400);
    const takenHtml = await text(taken);
    expect(takenHtml).toContain("<li>You already have a view of this list with this name</li>");
    expect(takenHtml).toContain('value="Mine"');
    // The same name on another list, or another admin's, is fine.
    expect((await save(cookie, { name: "Mine", list: "guides" })).status).toBe(302);
    expect((await save(other.cookie, { name: "Mine" })).status).toBe(302);
    expect(await prisma.savedView.count({ where: { name: "Mine" } })).toBe(3);
  });

  test("at most 20 views a list for each admin", async () => {
    const { cookie, person } = await signIn("admin");
    await prisma.savedView.createMany({ data: Array.from({ length: 20 }, (_, i) => ({ adminId: person.id, list: "bookings", name: `View ${i}`, query: "" })) });
    const refused = await save(cookie, { list: "bookings", name: "One more" });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("You can keep at most 20 views of a list: delete one first");
    expect((await save(cookie, { list: "payouts", name: "One more" })).status).toBe(302);
  });

  test("an unknown list is refused", async () => {
    const response = await save(admin.cookie, { list: "passwords", name: "Nope" });
    expect(response.status).toBe(400);
    expect(await prisma.savedView.count({ where: { name: "Nope" } })).toBe(0);
  });
});

describe("the Saved Views screen and the sidebar", () => {
  test("each admin sees only their own views", async () => {
    const mine = await signIn("admin");
    const theirs = await signIn("admin");
    await save(mine.cookie, { name: "Only mine", query: "search=alpha" });
    await save(theirs.cookie, { name: "Only theirs", query: "search=beta" });
    const page = await text(await send(screen, { cookie: mine.cookie }));
    expect(page).toContain("<title>Saved Views · Ministry Mentors</title>");
    expect(page).toContain("Only mine");
    expect(page).not.toContain("Only theirs");
    const sidebar = await text(await send("/admin/dashboard", { cookie: theirs.cookie }));
    expect(sidebar).toContain("Only theirs");
    expect(sidebar).not.toContain("Only mine");
  });

  test("renames a view (a taken name is refused in place); another admin's view is not found", async () => {
    const { cookie, person } = await signIn("admin");
    await save(cookie, { name: "First", query: "search=a" });
    await save(cookie, { name: "Second", query: "search=b" });
    const first = await prisma.savedView.findFirstOrThrow({ where: { adminId: person.id, name: "First" } });
    const id = String(first.id);

    const dialog = await text(await send(`${screen}?rename=${id}`, { cookie }));
    expect(dialog).toContain("Rename view");
    expect(dialog).toContain('value="First"');

    const taken = await postForm(`${screen}?rename=${id}`, { intent: "rename", id, name: "Second" }, cookie);
    expect(taken.status).toBe(400);
    const takenHtml = await text(taken);
    expect(takenHtml).toContain("<li>You already have a view of this list with this name</li>");
    expect(takenHtml).toContain('value="Second"');

    const renamed = await postForm(`${screen}?rename=${id}`, { intent: "rename", id, name: "Renamed" }, cookie);
    expect(renamed.headers.get("Location")).toBe(screen);
    const html = await landing(renamed, cookie);
    expect(html).toContain("View Renamed");
    expect(html).toContain('The view is now called "Renamed".');
    expect(html).toMatch(/href="\/admin\/dashboard\/UserManagement\?search=a"[^>]*>Renamed</);

    // Another admin: the same answer as a view that does not exist, and nothing changes.
    expect(await text(await send(`${screen}?rename=${id}`, { cookie: other.cookie }))).toContain("Saved view not found");
    const refused = await landing(await postForm(screen, { intent: "rename", id, name: "Stolen" }, other.cookie), other.cookie);
    expect(refused).toContain("Rename Failed");
    expect(refused).toContain("Saved view not found");
    expect((await prisma.savedView.findUniqueOrThrow({ where: { id: first.id } })).name).toBe("Renamed");
  });

  test("deletes a view after confirming; another admin's view is not found", async () => {
    const { cookie, person } = await signIn("admin");
    await save(cookie, { name: "Doomed", query: "search=z" });
    const view = await prisma.savedView.findFirstOrThrow({ where: { adminId: person.id, name: "Doomed" } });
    const id = String(view.id);
    expect(await text(await send(`${screen}?delete=${id}`, { cookie }))).toContain('Are you sure you want to delete the view "Doomed"?');

    const refused = await landing(await postForm(screen, { intent: "delete", id }, other.cookie), other.cookie);
    expect(refused).toContain("Delete Failed");
    expect(refused).toContain("Saved view not found");
    expect(await prisma.savedView.count({ where: { id: view.id } })).toBe(1);

    const html = await landing(await postForm(`${screen}?delete=${id}`, { intent: "delete", id }, cookie), cookie);
    expect(html).toContain("View Deleted");
    expect(html).toContain('"Doomed" is no longer in the sidebar.');
    expect(html).toContain("You have no saved views yet.");
    expect(await prisma.savedView.count({ where: { id: view.id } })).toBe(0);
  });

  test("people who are not admins cannot save, rename or delete views", async () => {
    const { cookie } = await signIn("user");
    expect((await save(cookie, { name: "Sneaky" })).headers.get("Location")).toBe("/user-dashboard");
    expect((await save("", { name: "Sneaky" })).headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await prisma.savedView.count({ where: { name: "Sneaky" } })).toBe(0);
  });
});

describe("/api/admin/saved-views", () => {
  test("save, list, read, rename and delete the signed-in admin's views", async () => {
    const { token, person } = await signIn("admin");
    const created = await send("/api/admin/saved-views", {
      method: "POST",
      token,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ list: "bookings", name: "Held", query: "?paymentStatus=unpaid&page=4&nonsense=1" }),
    });
    expect(created.status).toBe(201);
    const { data: view } = await created.json();
    expect(view).toMatchObject({ list: "bookings", name: "Held", query: "paymentStatus=unpaid", href: "/admin/dashboard/Bookings?paymentStatus=unpaid" });

    const listed = await (await send("/api/admin/saved-views", { token })).json();
    expect(listed.data.map((row: { name: string }) => row.name)).toEqual(["Held"]);
    expect((await (await send(`/api/admin/saved-views/${view.id}`, { token })).json()).data).toMatchObject({ name: "Held" });

    const patch = (body: unknown, as = token) =>
      send(`/api/admin/saved-views/${view.id}`, { method: "PATCH", token: as, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const bad = await patch({ name: "" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "Name is required" });
    const renamed = await patch({ name: "On hold" });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).data).toMatchObject({ name: "On hold" });

    // Another admin's token: 404 for each, and nothing changes.
    expect((await send(`/api/admin/saved-views/${view.id}`, { token: other.token })).status).toBe(404);
    expect((await patch({ name: "Taken over" }, other.token)).status).toBe(404);
    expect((await send(`/api/admin/saved-views/${view.id}`, { method: "DELETE", token: other.token })).status).toBe(404);
    expect((await (await send("/api/admin/saved-views", { token: other.token })).json()).data.some((row: { id: number }) => row.id === view.id)).toBe(false);

    const deleted = await send(`/api/admin/saved-views/${view.id}`, { method: "DELETE", token });
    expect(deleted.status).toBe(200);
    expect(await prisma.savedView.count({ where: { adminId: person.id } })).toBe(0);
    expect((await send(`/api/admin/saved-views/${view.id}`, { method: "DELETE", token })).status).toBe(404);

    // Each change is in the audit log, through the API's door, with what it changed; the refused ones are not.
    const history = await prisma.auditEntry.findMany({ where: { recordKind: "view", recordId: String(view.id) }, orderBy: { id: "asc" } });
    expect(history.map((row) => [row.action, row.actorId, row.door])).toEqual([
      ["create", person.id, "api"],
      ["update", person.id, "api"],
      ["delete", person.id, "api"],
    ]);
    expect(JSON.parse(history[0].changes)).toEqual({ list: { before: null, after: "bookings" }, name: { before: null, after: "Held" }, query: { before: null, after: "paymentStatus=unpaid" } });
    expect(JSON.parse(history[1].changes)).toEqual({ name: { before: "Held", after: "On hold" } });
    expect(JSON.parse(history[2].changes)).toMatchObject({ name: { before: "On hold", after: null } });
  });

  test("a bad body is a 400 naming the field; a taken name a 409", async () => {
    const { token } = await signIn("admin");
    const post = (body: unknown) => send("/api/admin/saved-views", { method: "POST", token, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const unknownList = await post({ list: "nope", name: "X" });
    expect(unknownList.status).toBe(400);
    expect((await unknownList.json()).message).toMatch(/^list must be one of: users, guides/);
    expect((await post({ list: "users", name: "x".repeat(61) })).status).toBe(400);
    expect((await post({ list: "users", name: "Dup" })).status).toBe(201);
    const taken = await post({ list: "users", name: "Dup" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ message: "You already have a view of this list with this name", errors: { name: ["You already have a view of this list with this name"] } });
  });
});
