import { faker } from "@faker-js/faker";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { setAccountStatus } from "#app/modules/accounts/accounts.server.ts";
import { applyBulkChange, undoBulkChange } from "#app/modules/bulk/bulk.server.ts";
import { answerQuery } from "#app/modules/queries/queries.server.ts";
import { adminStats as getStats } from "#app/modules/stats/stats.server.ts";
import { actorOf, cookiesFrom, createPerson, postForm, send, signIn } from "#tests/app.ts";

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
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

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return body;
};
/** A bulk form as the console posts it (several `ids`), as `cookie`'s person. */
const postBulk = (list: string, fields: Record<string, string | string[]>, cookie = admin.cookie) =>
  send(`/admin/dashboard/bulk/${list}`, { method: "POST", body: form(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" }, cookie });
const postApi = (path: string, token: string, body?: unknown) =>
  send(path, { method: "POST", token, headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
/** The page a redirect lands on (its toast read from the cookie). */
const landing = async (response: Response) => text(await send(response.headers.get("Location")!, { cookie: cookiesFrom(response, admin.cookie) }));

describe("bulk decisions on guide requests", () => {
  /** Guides of one organisation of their own, each with a join request (pending unless said). */
  async function applicants(statuses: string[]) {
    const organisation = `Applicants ${faker.string.alpha(12)}`;
    const made = [];
    for (const [index, status] of statuses.entries()) {
      const guide = await createPerson("guide", { name: `Applicant ${"ABCDEFGHIJ"[index]} ${faker.person.lastName()}`, organisation, isVerified: status === "approved" });
      const request = await prisma.guideRequest.create({ data: { guideId: guide.id, status, ...(status === "pending" ? {} : { decidedAt: new Date(), decidedById: admin.person.id }) } });
      made.push({ guide, request });
    }
    return { organisation, made };
  }
  const requestsOf = async (ids: number[]) =>
    (await prisma.guideRequest.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" }, include: { guide: { select: { isVerified: true } } } })).map((row) => [row.status, row.declineReason, row.guide.isVerified]);
  const mailsTo = (emails: string[]) => prisma.outboxMail.findMany({ where: { to: { in: emails } }, orderBy: { id: "asc" } });

  test("rejecting without JavaScript: the confirmation asks for one reason, refuses a missing or long one as a form error keeping it, then rejects the pending ones and mails each guide", async () => {
    const { made } = await applicants(["pending", "pending", "approved"]);
    const ids = made.map(({ request }) => String(request.id));

    const asked = await postBulk("guide-requests", { action: "reject", ids });
    expect(asked.status).toBe(200);
    const page = await text(asked);
    expect(page).toContain("Reject 3 guide requests?");
    for (const { guide } of made) expect(page).toContain(guide.name);
    expect(page).toContain("Reason for declining");
    expect(page).toContain("this cannot be undone");

    const missing = await postBulk("guide-requests", { action: "reject", ids, confirm: "1", reason: "   " });
    expect(missing.status).toBe(400);
    expect(await text(missing)).toContain("Please give a reason for declining");
    const long = "x".repeat(1001);
    const tooLong = await postBulk("guide-requests", { action: "reject", ids, confirm: "1", reason: long });
    expect(tooLong.status).toBe(400);
    const refused = await text(tooLong);
    expect(refused).toContain("The reason must be at most 1000 characters");
    expect(refused).toContain(`>${long}</textarea>`);
    expect(await requestsOf(made.map(({ request }) => request.id))).toEqual([["pending", null, false], ["pending", null, false], ["approved", null, true]]);

    const done = await postBulk("guide-requests", { action: "reject", ids, confirm: "1", reason: "Please add two references from your church." });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/dashboard/guide-request");
    const list = await landing(done);
    expect(list).toContain("2 guide requests rejected, 1 skipped");
    expect(list).not.toContain(">Undo</button>");
    expect(await requestsOf(made.map(({ request }) => request.id))).toEqual([
      ["rejected", "Please add two references from your church.", false],
      ["rejected", "Please add two references from your church.", false],
      ["approved", null, true],
    ]);
    const audit = await auditOf(made.map(({ guide }) => guide.id));
    expect(audit.map((row) => [row.recordKind, row.recordId, row.action])).toEqual(made.slice(0, 2).map(({ guide }) => ["guide", String(guide.id), "reject"]));
    const mails = await mailsTo(made.map(({ guide }) => guide.email));
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual(made.slice(0, 2).map(({ guide }) => [guide.email, "Your guide application was not approved"]));
    expect(mails[0].text).toContain("Reason: Please add two references from your church.");
  });

  test("approving all matching through the API: the decided ones skipped, no undo token, each guide verified and mailed; a reject without a reason is a 400", async () => {
    const { organisation, made } = await applicants(["pending", "pending", "rejected"]);
    const query = `status=all&search=${encodeURIComponent(organisation)}`;

    const refused = await postApi("/api/admin/bulk/guide-requests", admin.token, { action: "reject", query });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "Please give a reason for declining", errors: { reason: ["Please give a reason for declining"] } });
    expect((await requestsOf(made.map(({ request }) => request.id))).map(([status]) => status)).toEqual(["pending", "pending", "rejected"]);

    const done = await postApi("/api/admin/bulk/guide-requests", admin.token, { action: "approve", query });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ message: "2 guide requests approved, 1 skipped", changed: 2, skipped: 1, undoToken: null });
    expect(await requestsOf(made.map(({ request }) => request.id))).toEqual([["approved", null, true], ["approved", null, true], ["rejected", null, false]]);
    expect((await mailsTo(made.map(({ guide }) => guide.email))).map((mail) => mail.subject)).toEqual(["Your guide application has been approved", "Your guide application has been approved"]);
    // The single-row form keeps deciding through the same rule: the rejected guide's request is decided already.
    const again = await postForm("/admin/dashboard/guide-request", { guideId: String(made[0].guide.id), actionId: "2", declineReason: "Too late" }, admin.cookie);
    expect(await landing(again)).toContain("This request has already been decided");
  });
});

describe("bulk hiding and showing of reviews", () => {
  /** A guide (with a profile, for the rating) and reviews of them, hidden where given a reason. */
  async function reviewsOf(hiddenReasons: (string | null)[]) {
    const guide = await createPerson("guide");
    await prisma.guideProfile.create({ data: { userId: guide.id } });
    const author = await createPerson("user", { name: `Reviewer ${faker.string.alpha(8)}` });
    const other = await createPerson("admin");
    const made = [];
    for (const [index, reason] of hiddenReasons.entries()) {
      made.push(
        await prisma.review.create({
          data: {
            authorId: author.id,
            guideId: guide.id,
            rating: index + 2,
            content: `A thoughtful session number ${index}.`,
            ...(reason ? { hiddenAt: new Date(Date.UTC(2026, 0, 2 + index, 9, 30, 15, 123)), hiddenReason: reason, hiddenById: other.id } : {}),
          },
        }),
      );
    }
    return { guide, made, other };
  }
  const hiddenOf = async (ids: number[]) =>
    (await prisma.review.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } })).map((row) => ({ hiddenAt: row.hiddenAt?.toISOString() ?? null, hiddenReason: row.hiddenReason, hiddenById: row.hiddenById }));
  const ratingOf = async (guideId: number) => prisma.guideProfile.findUniqueOrThrow({ where: { userId: guideId }, select: { ratingAverage: true, ratingCount: true } });

  test("the Reviews screen offers a checkbox per card; hiding asks for one reason (a form error without it), skips the hidden, and Undo restores exactly what was", async () => {
    const { guide, made } = await reviewsOf([null, null, "Off topic"]);
    const ids = made.map((review) => review.id);
    const before = await hiddenOf(ids);

    const screen = await text(await send(`/admin/dashboard/all-review?guideId=${guide.id}`, { cookie: admin.cookie }));
    const author = await prisma.user.findUniqueOrThrow({ where: { id: made[0].authorId } });
    expect(screen).toContain(`aria-label="Select Review by ${author.name} of ${guide.name}"`);
    expect(screen).toContain(">Hide selected</button>");
    expect(screen).toContain(">Show selected</button>");

    const missing = await postBulk("reviews", { action: "hide", ids: ids.map(String), confirm: "1", query: `?guideId=${guide.id}` });
    expect(missing.status).toBe(400);
    const refused = await text(missing);
    expect(refused).toContain("Hide 3 reviews?");
    expect(refused).toContain("Please give a reason for hiding this review");
    expect(await hiddenOf(ids)).toEqual(before);

    const done = await postBulk("reviews", { action: "hide", ids: ids.map(String), confirm: "1", query: `?guideId=${guide.id}`, reason: "Names another church member" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/dashboard/all-review?guideId=${guide.id}`);
    const list = await landing(done);
    expect(list).toContain("2 reviews hidden, 1 skipped");
    const hidden = await hiddenOf(ids);
    expect(hidden.slice(0, 2).map((row) => [row.hiddenReason, row.hiddenById, row.hiddenAt !== null])).toEqual([["Names another church member", admin.person.id, true], ["Names another church member", admin.person.id, true]]);
    expect(hidden[2]).toEqual(before[2]);
    expect(await ratingOf(guide.id)).toEqual({ ratingAverage: 0, ratingCount: 0 });
    expect((await prisma.auditEntry.findMany({ where: { recordKind: "review", recordId: { in: ids.map(String) } } })).map((row) => row.action)).toEqual(["hide", "hide"]);

    const token = /bulk-undo\/([\w-]+)/.exec(list)?.[1];
    const undone = await postForm(`/admin/dashboard/bulk-undo/${token}`, { list: "reviews", query: `?guideId=${guide.id}` }, admin.cookie);
    expect(await landing(undone)).toContain("2 reviews restored");
    expect(await hiddenOf(ids)).toEqual(before);
    expect(await ratingOf(guide.id)).toEqual({ ratingAverage: 2.5, ratingCount: 2 });
  });

  test("showing all matching restores the hidden ones; Undo hides them again with exactly their reason, time and admin, skipping one changed since", async () => {
    const { guide, made } = await reviewsOf(["Rude", "Spam", null]);
    const ids = made.map((review) => review.id);
    const before = await hiddenOf(ids);
    const me = actorOf(admin.person);

    const done = await postApi("/api/admin/bulk/reviews", admin.token, { action: "show", query: `guideId=${guide.id}` });
    expect(await done.json()).toMatchObject({ message: "2 reviews shown, 1 skipped", changed: 2, skipped: 1 });
    expect((await hiddenOf(ids)).every((row) => row.hiddenAt === null && row.hiddenReason === null && row.hiddenById === null)).toBe(true);
    expect(await ratingOf(guide.id)).toEqual({ ratingAverage: 3, ratingCount: 3 });

    // Hidden again by hand meanwhile: the undo leaves that one as it is now.
    const outcome = await prisma.bulkChange.findFirstOrThrow({ where: { actorId: me.id, list: "reviews" }, orderBy: { createdAt: "desc" } });
    await postForm("/admin/dashboard/all-review", { intent: "hide", reviewId: String(ids[1]), reason: "Still spam" }, admin.cookie);
    expect(await undoBulkChange(outcome.token, me)).toMatchObject({ restored: 1, skipped: 1 });
    const after = await hiddenOf(ids);
    expect(after[0]).toEqual(before[0]);
    expect(after[1]).toMatchObject({ hiddenReason: "Still spam", hiddenById: me.id });
    expect(after[2]).toEqual(before[2]);
  });
});

describe("bulk marking of customer queries answered", () => {
  async function queriesOf(answered: boolean[]) {
    const tag = faker.string.alpha(12);
    const made = [];
    for (const [index, done] of answered.entries()) {
      made.push(
        await prisma.customerQuery.create({
          data: { name: `Asker ${index}`, email: `asker-${tag.toLowerCase()}-${index}@test.example`, subject: `Phone call ${tag} ${index}`, message: "Could someone call me?", ...(done ? { answer: "We wrote back.", answeredAt: new Date(), answeredById: admin.person.id } : {}) },
        }),
      );
    }
    return { tag, made };
  }
  const stateOf = async (ids: number[]) =>
    (await prisma.customerQuery.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } })).map((row) => [row.answer, row.answeredAt !== null, row.answeredById]);

  test("all matching: the open ones are marked answered (who and when, no answer, no mail), the overview counts them answered, and Undo opens them again", async () => {
    const { tag, made } = await queriesOf([false, false, true]);
    const ids = made.map((query) => query.id);
    const openBefore = await getStats();
    const mails = await prisma.outboxMail.count();

    const asked = await text(await postBulk("customer-queries", { action: "answer", all: "1", query: `?search=${tag}` }));
    expect(asked).toContain("Mark 3 queries answered?");
    expect(asked).toContain("no written answer and no e-mail");

    const done = await postBulk("customer-queries", { action: "answer", all: "1", confirm: "1", query: `?search=${tag}&query=${ids[0]}` });
    expect(done.headers.get("Location")).toBe(`/admin/dashboard/customer-queries?search=${tag}`);
    const list = await landing(done);
    expect(list).toContain("2 queries marked answered, 1 skipped");
    expect(list.match(/data-tone="green"[^>]*>Answered</g)).toHaveLength(3);
    expect(list).toContain(">Mark selected answered</button>");
    expect(await stateOf(ids)).toEqual([[null, true, admin.person.id], [null, true, admin.person.id], ["We wrote back.", true, admin.person.id]]);
    expect(await prisma.outboxMail.count()).toBe(mails);
    expect((await getStats()).openQueries).toBe(openBefore.openQueries - 2);
    expect((await prisma.auditEntry.findMany({ where: { recordKind: "query", recordId: { in: ids.map(String) } } })).map((row) => row.action)).toEqual(["answer", "answer"]);
    const panel = await text(await send(`/admin/dashboard/customer-queries?query=${ids[0]}`, { cookie: admin.cookie }));
    expect(panel).toContain("without a written answer");

    const token = /bulk-undo\/([\w-]+)/.exec(list)?.[1];
    const undone = await postForm(`/admin/dashboard/bulk-undo/${token}`, { list: "customer-queries", query: `?search=${tag}` }, admin.cookie);
    expect(await landing(undone)).toContain("2 queries restored");
    expect(await stateOf(ids)).toEqual([[null, false, null], [null, false, null], ["We wrote back.", true, admin.person.id]]);
    expect((await getStats()).openQueries).toBe(openBefore.openQueries);
  });

  test("the asker reads it as answered outside the site; Undo skips a query answered in writing since", async () => {
    const { made } = await queriesOf([false, false]);
    const ids = made.map((query) => query.id);
    const me = actorOf(admin.person);
    const asker = await signIn("user");
    await prisma.customerQuery.update({ where: { id: ids[1] }, data: { askerId: asker.person.id } });
    const outcome = await applyBulkChange("customer-queries", "answer", ids, me);
    const mine = await text(await send("/user-dashboard/query", { cookie: asker.cookie }));
    expect(mine).toContain("Our team answered this outside the site, for example by phone.");
    expect(mine).toContain(">Answered<");
    await answerQuery(ids[0], "Here is what we said on the phone.", me);
    expect(await undoBulkChange(outcome.undoToken!, me)).toMatchObject({ restored: 1, skipped: 1 });
    expect(await stateOf(ids)).toEqual([["Here is what we said on the phone.", true, me.id], [null, false, null]]);
    expect(await text(await send("/user-dashboard/query", { cookie: asker.cookie }))).not.toContain("answered this outside the site");
  });
});

describe("the new lists' bulk changes are the admins'", () => {
  test("a user or guide is refused at both doors, and nothing changes", async () => {
    const query = await prisma.customerQuery.create({ data: { name: "Asker", email: "asker@test.example", subject: "Refused", message: "Hello" } });
    for (const role of ["user", "guide"] as const) {
      const someone = await signIn(role);
      for (const [list, action] of [["customer-queries", "answer"], ["reviews", "show"], ["guide-requests", "approve"]] as const) {
        expect((await postApi(`/api/admin/bulk/${list}`, someone.token, { action, ids: [query.id] })).status).toBe(403);
      }
      const screen = await postBulk("customer-queries", { action: "answer", ids: String(query.id), confirm: "1" }, someone.cookie);
      expect(screen.status).toBe(302);
      expect(screen.headers.get("Location")).toBe(role === "user" ? "/user-dashboard" : "/mentor-dashboard");
    }
    expect((await prisma.customerQuery.findUniqueOrThrow({ where: { id: query.id } })).answeredAt).toBeNull();
    // An action another list has is refused for this one.
    const wrong = await postApi("/api/admin/bulk/reviews", admin.token, { action: "answer", ids: [query.id] });
    expect(wrong.status).toBe(400);
  });
});
