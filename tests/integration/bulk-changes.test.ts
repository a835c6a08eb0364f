import { faker } from "@faker-js/faker";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { setAccountStatus } from "#app/modules/accounts/accounts.server.ts";
import { applyBulkChange, undoBulkChange } from "#app/modules/bulk/bulk.server.ts";
import { actorOf, cookiesFrom, createPerson, postForm, send, signIn } from "#tests/app.ts";

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const bulkPath = "/admin/dashboard/bulk/users";

/** People of one organisation of their own, so a search scopes a list to them. */
async function congregation(role: "user" | "guide", statuses: string[]) {
  const organisation = `Flock ${faker.string.alpha(12)}`;
  const people = [];
  for (const [index, status] of statuses.entries()) people.push(await createPerson(role, { name: `Member ${"ABCDEFGHIJ"[index]} ${faker.person.lastName()}`, organisation, status }));
  return { organisation, people };
}

const statusOf = async (ids: number[]) => (await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, status: true }, orderBy: { id: "asc" } })).map((row) => row.status);
const auditOf = (ids: number[]) => prisma.auditEntry.findMany({ where: { recordId: { in: ids.map(String) } }, orderBy: { id: "asc" } });

let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  admin = await signIn("admin");
});

describe("bulk changes from the Users screen", () => {
  test("without JavaScript: the form asks on a confirmation page, and Confirm changes every row, skips the unchanged and offers Undo", async () => {
    const { organisation, people } = await congregation("user", ["active", "active", "active", "inactive"]);
    const ids = people.map((person) => String(person.id));
    const query = `?search=${encodeURIComponent(organisation)}`;
    const form = new URLSearchParams({ action: "deactivate", query });
    for (const id of ids) form.append("ids", id);

    const asked = await send(bulkPath, { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" }, cookie: admin.cookie });
    expect(asked.status, asked.headers.get("Location") ?? "").toBe(200);
    const page = await text(asked);
    expect(page).toContain("Deactivate 4 users?");
    for (const person of people) expect(page).toContain(person.name);
    expect(page).toContain(">Confirm</button>");
    expect(await statusOf(people.map((person) => person.id))).toEqual(["active", "active", "active", "inactive"]);

    form.set("confirm", "1");
    const done = await send(bulkPath, { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" }, cookie: admin.cookie });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/dashboard/user-management/user?${new URLSearchParams({ search: organisation })}`);
    expect(await statusOf(people.map((person) => person.id))).toEqual(["inactive", "inactive", "inactive", "inactive"]);
    const list = await text(await send(done.headers.get("Location")!, { cookie: cookiesFrom(done, admin.cookie) }));
    expect(list).toContain("3 users deactivated, 1 skipped");
    expect(list).toContain(">Undo</button>");

    // One audit row per record changed, with its before and after; none for the skipped one.
    const audit = await auditOf(people.map((person) => person.id));
    expect(audit.map((row) => [row.recordId, row.action, JSON.parse(row.changes)])).toEqual(
      people.slice(0, 3).map((person) => [String(person.id), "deactivate", { status: { before: "active", after: "inactive" } }]),
    );

    // Undo, as the toast's form posts it.
    const token = /bulk-undo\/([\w-]+)/.exec(list)?.[1];
    expect(token).toBeTruthy();
    const undone = await postForm(`/admin/dashboard/bulk-undo/${token}`, { list: "users", query }, admin.cookie);
    expect(undone.status).toBe(302);
    expect(await statusOf(people.map((person) => person.id))).toEqual(["active", "active", "active", "inactive"]);
    expect(await text(await send(undone.headers.get("Location")!, { cookie: cookiesFrom(undone, admin.cookie) }))).toContain("3 users restored");
    expect((await auditOf(people.map((person) => person.id))).filter((row) => row.action === "undo")).toHaveLength(3);
  });

  test("'all matching' takes every row the list's URL shows (its search and filters), read again on the server", async () => {
    const { organisation, people } = await congregation("user", ["active", "active", "active"]);
    await prisma.user.update({ where: { id: people[2].id }, data: { isVerified: false } });
    const outsider = await createPerson("user");
    const query = `?search=${encodeURIComponent(organisation)}&isVerified=true&page=2&limit=5`;
    const response = await postForm(bulkPath, { action: "deactivate", all: "1", confirm: "1", query }, admin.cookie);
    expect(response.status).toBe(302);
    expect(await statusOf([...people.map((person) => person.id), outsider.id])).toEqual(["inactive", "inactive", "active", "active"]);
  });

  test("a bad request changes nothing and says why", async () => {
    const { people } = await congregation("user", ["active"]);
    const response = await postForm(bulkPath, { action: "explode", ids: String(people[0].id), confirm: "1" }, admin.cookie);
    expect(response.status).toBe(302);
    expect(await statusOf([people[0].id])).toEqual(["active"]);
    const tooMany = await send("/api/admin/bulk/users", {
      method: "POST",
      token: admin.token,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: "deactivate", ids: Array.from({ length: 1001 }, (_, index) => index + 1) }),
    });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { message: string }).message).toMatch(/at most 1,000 rows/);
  });
});

describe("bulk changes: one transaction, undo rules", () => {
  const dropTrigger = async () => {
    if (dialect === "postgres") {
      await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS bulk_test_fail ON "User"`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION IF EXISTS bulk_test_fail()`);
    } else await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS bulk_test_fail`);
  };
  afterEach(dropTrigger);

  test("a failure on the last row leaves every row as it was and writes no audit row and no undo record", async () => {
    const { people } = await congregation("user", ["active", "active", "active"]);
    const last = people[2].id;
    // A real failure of the database on the last row's update.
    if (dialect === "postgres") {
      await prisma.$executeRawUnsafe(`CREATE FUNCTION bulk_test_fail() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`);
      await prisma.$executeRawUnsafe(`CREATE TRIGGER bulk_test_fail BEFORE UPDATE ON "User" FOR EACH ROW WHEN (NEW.id = ${last}) EXECUTE FUNCTION bulk_test_fail()`);
    } else {
      await prisma.$executeRawUnsafe(`CREATE TRIGGER bulk_test_fail BEFORE UPDATE ON "User" WHEN NEW.id = ${last} BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    }
    const before = await prisma.bulkChange.count();
    await expect(applyBulkChange("users", "deactivate", people.map((person) => person.id), actorOf(admin.person))).rejects.toThrow();
    expect(await statusOf(people.map((person) => person.id))).toEqual(["active", "active", "active"]);
    expect(await auditOf(people.map((person) => person.id))).toEqual([]);
    expect(await prisma.bulkChange.count()).toBe(before);
  });

  test("undo restores a soft delete, and only once", async () => {
    const { people } = await congregation("guide", ["active", "inactive"]);
    const ids = people.map((person) => person.id);
    const outcome = await applyBulkChange("guides", "delete", ids, actorOf(admin.person));
    expect(outcome).toMatchObject({ changed: 2, skipped: 0 });
    expect((await prisma.user.findMany({ where: { id: { in: ids } } })).every((row) => row.isDeleted && row.deletedAt)).toBe(true);
    expect(await undoBulkChange(outcome.undoToken!, actorOf(admin.person))).toMatchObject({ restored: 2, skipped: 0 });
    const rows = await prisma.user.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(rows.map((row) => [row.isDeleted, row.deletedAt, row.status])).toEqual([[false, null, "active"], [false, null, "inactive"]]);
    await expect(undoBulkChange(outcome.undoToken!, actorOf(admin.person))).rejects.toThrow("This change has already been undone.");
  });

  test("undo skips a row changed since, and restores nothing after 10 seconds or for another admin", async () => {
    const { people } = await congregation("user", ["active", "active"]);
    const ids = people.map((person) => person.id);
    const me = actorOf(admin.person);
    const first = await applyBulkChange("users", "deactivate", ids, me);
    await setAccountStatus({ accountType: "user", id: ids[0], action: "active" }, me);
    expect(await undoBulkChange(first.undoToken!, me)).toMatchObject({ restored: 1, skipped: 1 });
    expect(await statusOf(ids)).toEqual(["active", "active"]);

    const other = actorOf((await signIn("admin")).person);
    const second = await applyBulkChange("users", "deactivate", ids, me);
    await expect(undoBulkChange(second.undoToken!, other)).rejects.toThrow("There is no change of yours to undo here.");
    await prisma.bulkChange.update({ where: { token: second.undoToken! }, data: { expiresAt: new Date(Date.now() - 1) } });
    await expect(undoBulkChange(second.undoToken!, me)).rejects.toThrow("Too late to undo: a change can be undone for 10 seconds.");
    expect(await statusOf(ids)).toEqual(["inactive", "inactive"]);
  });

  test("the JSON twins answer counts and undo by token; a user or guide may not", async () => {
    const { organisation, people } = await congregation("guide", ["inactive", "inactive", "active"]);
    const post = (path: string, token: string, body?: unknown) =>
      send(path, { method: "POST", token, headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    const done = await post("/api/admin/bulk/guides", admin.token, { action: "activate", query: `search=${encodeURIComponent(organisation)}` });
    expect(done.status).toBe(200);
    const body = (await done.json()) as { message: string; changed: number; skipped: number; undoToken: string };
    expect(body).toMatchObject({ message: "2 guides activated, 1 skipped", changed: 2, skipped: 1 });
    expect(await statusOf(people.map((person) => person.id))).toEqual(["active", "active", "active"]);

    for (const role of ["user", "guide"] as const) {
      const someone = await signIn(role);
      expect((await post("/api/admin/bulk/guides", someone.token, { action: "delete", ids: [people[0].id] })).status).toBe(403);
      expect((await post(`/api/admin/bulk/undo/${body.undoToken}`, someone.token)).status).toBe(403);
    }
    const undone = await post(`/api/admin/bulk/undo/${body.undoToken}`, admin.token);
    expect(await undone.json()).toMatchObject({ message: "2 guides restored", restored: 2, skipped: 0 });
    expect(await statusOf(people.map((person) => person.id))).toEqual(["inactive", "inactive", "active"]);
  });
});

describe("bulk changes of FAQs", () => {
  const faqsOf = async (count: number, isActive = true) => {
    const tag = faker.string.alpha(12);
    const made = [];
    for (let index = 0; index < count; index++) made.push(await prisma.faq.create({ data: { type: "general", question: `Bulk question ${tag} ${index}?`, answer: "An answer.", isActive, position: 1000 + index } }));
    return made;
  };
  const post = (body: unknown) => send("/api/admin/bulk/faqs", { method: "POST", token: admin.token, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  test("deactivating is undone; deleting is for good, says so on its confirmation and offers no Undo", async () => {
    const faqs = await faqsOf(3);
    const ids = faqs.map((faq) => faq.id);
    const off = (await (await post({ action: "deactivate", ids })).json()) as { message: string; undoToken: string };
    expect(off.message).toBe("3 FAQs deactivated");
    expect(await undoBulkChange(off.undoToken, actorOf(admin.person))).toMatchObject({ restored: 3 });
    expect((await prisma.faq.findMany({ where: { id: { in: ids } } })).every((faq) => faq.isActive)).toBe(true);

    const asked = await text(await postForm("/admin/dashboard/bulk/faqs", { action: "delete", ids: String(ids[0]) }, admin.cookie));
    expect(asked).toContain("Delete 1 FAQ?");
    expect(asked).toContain("Deleted FAQs are gone for good: this cannot be undone.");

    const gone = (await (await post({ action: "delete", ids })).json()) as { message: string; undoToken: string | null };
    expect(gone).toMatchObject({ message: "3 FAQs deleted", undoToken: null });
    expect(await prisma.faq.count({ where: { id: { in: ids } } })).toBe(0);
    const audit = await prisma.auditEntry.findMany({ where: { recordKind: "faq", recordId: { in: ids.map(String) }, action: "delete" } });
    expect(audit).toHaveLength(3);
    expect(JSON.parse(audit[0].changes)).toMatchObject({ question: { after: null }, isActive: { before: true, after: null } });
  });
});

describe("bulk changes of resources", () => {
  test("deleting is for good (no Undo) and audited; an action resources do not have is a 400", async () => {
    const tag = faker.string.alpha(12);
    const made = [];
    for (let index = 0; index < 2; index++) made.push(await prisma.resource.create({ data: { title: `Bulk resource ${tag} ${index}`, type: "article", link: "https://example.org/read" } }));
    const ids = made.map((resource) => resource.id);
    const post = (body: unknown) => send("/api/admin/bulk/resources", { method: "POST", token: admin.token, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

    const refused = await post({ action: "deactivate", ids });
    expect(refused.status).toBe(400);
    expect(await prisma.resource.count({ where: { id: { in: ids } } })).toBe(2);

    // "All matching" the list's search, as the screen sends it.
    const done = await postForm("/admin/dashboard/bulk/resources", { action: "delete", all: "1", confirm: "1", query: `?search=${tag}&edit=${ids[0]}` }, admin.cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/dashboard/resource-content?search=${tag}`);
    expect(await prisma.resource.count({ where: { id: { in: ids } } })).toBe(0);
    expect(await text(await send(done.headers.get("Location")!, { cookie: cookiesFrom(done, admin.cookie) }))).not.toContain(">Undo</button>");
    expect(await prisma.auditEntry.count({ where: { recordKind: "resource", recordId: { in: ids.map(String) }, action: "delete" } })).toBe(2);
  });
});
