/**
 * Organisations as records: every write of a person's organisation links them to one (sign-up, profiles, the console's
 * and the API's edits), names stay in step with it, and the console lists, searches, edits and merges them.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { cookiesFrom, createPerson, postForm, send, signIn, TEST_PASSWORD } from "#tests/app.ts";
import { sendQueuedMail } from "#tests/mocks/mail.ts";
import { guideInput } from "#tests/support/guide-input.ts";

const tag = randomBytes(3).toString("hex");
let admin: Awaited<ReturnType<typeof signIn>>;

const html = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const json = (body: unknown) => ({ headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** An organisation with `members` people linked to it through the module's own path (the admin API's edit). */
async function organisationWith(name: string, data: { kind?: string; country?: string; city?: string } = {}) {
  return prisma.organisation.create({ data: { name, nameKey: name.toLowerCase(), ...data } });
}

/** A mentee joins `organisation` by editing their profile as the console does (PUT /api/admin/update-user-by-id). */
async function moveThroughApi(person: { id: number; name: string }, organisation: string) {
  const response = await send(`/api/admin/update-user-by-id/${person.id}`, {
    method: "PUT",
    token: admin.token,
    ...json({ name: person.name, title: "Deacon", organisation, education: "B.A.", bio: "Hello", specialties: [] }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as unknown;
}

const memberOf = async (id: number) => prisma.user.findUniqueOrThrow({ where: { id }, select: { organisation: true, organisationId: true } });
const countOf = async (id: number) => (await prisma.organisation.findUniqueOrThrow({ where: { id } })).memberCount;

beforeAll(async () => {
  admin = await signIn("admin");
});

describe("membership", () => {
  test("sign-up with a new name creates the organisation; with an existing one in another case and spacing, joins it", async () => {
    let client = 0;
    const signUp = (email: string, organisation: string) =>
      send("/signup", {
        method: "POST",
        body: new URLSearchParams({ name: "Grace Hopper", email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, title: "Pastor", organisation, terms: "on" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
        clientAddress: `198.51.100.${++client}`,
      });
    const name = `New Life ${tag} Church`;
    expect((await signUp(`first.${tag}@organisations.test`, name)).status).toBe(302);
    expect((await signUp(`second.${tag}@organisations.test`, `  new  LIFE ${tag} church `)).status).toBe(302);
    await sendQueuedMail();

    const organisations = await prisma.organisation.findMany({ where: { nameKey: name.toLowerCase() } });
    expect(organisations).toHaveLength(1);
    expect(organisations[0]).toMatchObject({ name, memberCount: 2 });
    for (const email of [`first.${tag}@organisations.test`, `second.${tag}@organisations.test`]) {
      expect(await prisma.user.findUniqueOrThrow({ where: { email }, select: { organisation: true, organisationId: true } })).toEqual({ organisation: name, organisationId: organisations[0].id });
    }
  });

  test("a mentee's own profile edit moves them: both counts follow and their records show the new name", async () => {
    const from = await organisationWith(`Old Mill ${tag} Chapel`);
    const to = await organisationWith(`River ${tag} Church`);
    const person = await createPerson("user");
    await moveThroughApi(person, from.name);
    expect(await countOf(from.id)).toBe(1);

    const { commitSession, createSession } = await import("#app/lib/session.server.ts");
    const cookie = (await commitSession(await createSession(person.id, "web"))).split(";")[0];
    const response = await postForm(
      "/user-dashboard/profile",
      { intent: "profile", name: person.name, title: "Deacon", organisation: `river ${tag} CHURCH`, education: "B.A.", bio: "Hello" },
      cookie,
    );
    expect(response.status, await response.clone().text()).toBe(302);
    expect(await memberOf(person.id)).toEqual({ organisation: to.name, organisationId: to.id });
    expect([await countOf(from.id), await countOf(to.id)]).toEqual([0, 1]);
  });

  test("a guide made and edited through the API is linked too; the API's organisation field still answers the name", async () => {
    const name = `Harbour ${tag} Fellowship`;
    const input = guideInput({ name: `Grace Zq${tag.replace(/\d/g, (digit) => "abcdefghij"[Number(digit)])}`, email: `grace.${tag}@organisations.test`, organisation: `Lighthouse ${tag} Church` });
    const created = await send("/api/admin/create-mentor", { method: "POST", token: admin.token, ...json(input) });
    expect(created.status, await created.clone().text()).toBe(201);
    const { guide } = (await created.json()) as { guide: { id: number; organisation: string } };
    const first = await prisma.organisation.findUniqueOrThrow({ where: { nameKey: input.organisation.toLowerCase() } });
    expect(await memberOf(guide.id)).toEqual({ organisation: input.organisation, organisationId: first.id });

    await organisationWith(name);
    const response = await send(`/api/admin/update-mentor-by-id/${guide.id}`, { method: "PUT", token: admin.token, ...json({ ...input, organisation: name.toUpperCase(), password: "", confirmPassword: "" }) });
    expect(response.status, await response.clone().text()).toBe(200);
    const organisation = await prisma.organisation.findUniqueOrThrow({ where: { nameKey: name.toLowerCase() } });
    expect(await memberOf(guide.id)).toEqual({ organisation: name, organisationId: organisation.id });
    expect([await countOf(first.id), await countOf(organisation.id)]).toEqual([0, 1]);
    expect(JSON.stringify(await (await send(`/api/admin/get-mentor-by-id/${guide.id}`, { token: admin.token })).json())).toContain(`"organisation":"${name}"`);

    // Renamed in the console, the guide is found by the new name on Find a Mentor.
    const renamed = `Harbour Light ${tag} Fellowship`;
    expect((await send(`/api/admin/organisations/${organisation.id}`, { method: "PUT", token: admin.token, ...json({ name: renamed, kind: "church" }) })).status).toBe(200);
    const search = await (await send(`/search?${new URLSearchParams({ q: `Light ${tag}` })}`)).text();
    expect(search).toContain(`href="/mentor/${guide.id}"`);

    const user = await createPerson("user");
    expect(JSON.stringify(await moveThroughApi(user, renamed.toUpperCase()))).toContain(`"organisation":"${renamed}"`);
    const answer = (await (await send(`/api/admin/get-user-by-id/${user.id}`, { token: admin.token })).json()) as Record<string, unknown>;
    expect(JSON.stringify(answer)).toContain(`"organisation":"${renamed}"`);
  });
});

describe("the console's list", () => {
  const word = `zq${tag}`;
  beforeAll(async () => {
    await organisationWith(`Alpha ${word} Church`, { kind: "church", country: "Kenya" });
    await organisationWith(`Beta ${word} Seminary`, { kind: "seminary", country: "Ghana" });
    await organisationWith(`Gamma ${word} Foundation`, { kind: "foundation", country: "Kenya" });
    const beta = await prisma.organisation.findFirstOrThrow({ where: { name: `Beta ${word} Seminary` } });
    for (let i = 0; i < 2; i++) await moveThroughApi(await createPerson("user"), beta.name);
  });
  const names = async (query: string) => {
    const response = await send(`/api/admin/organisations?search=${word}&${query}`, { token: admin.token });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as { data: { name: string; memberCount: number }[]; meta: { total: number } };
    expect(body.meta.total).toBe(body.data.length);
    return body.data.map((row) => row.name.replace(` ${word}`, ""));
  };

  test("searched by name, sorted by name, kind, members and date, filtered by kind and country", async () => {
    expect(await names("")).toEqual(["Alpha Church", "Beta Seminary", "Gamma Foundation"]);
    expect(await names("order=desc")).toEqual(["Gamma Foundation", "Beta Seminary", "Alpha Church"]);
    expect(await names("sort=kind")).toEqual(["Alpha Church", "Gamma Foundation", "Beta Seminary"]);
    // Ties keep the id's order, in the same direction.
    expect(await names("sort=members&order=desc")).toEqual(["Beta Seminary", "Gamma Foundation", "Alpha Church"]);
    expect(await names("sort=createdAt&order=desc")).toEqual(["Gamma Foundation", "Beta Seminary", "Alpha Church"]);
    expect(await names("kind=seminary")).toEqual(["Beta Seminary"]);
    expect(await names("country=Kenya")).toEqual(["Alpha Church", "Gamma Foundation"]);
    const short = await send(`/api/admin/organisations?search=Al&kind=church`, { token: admin.token });
    expect(JSON.stringify(await short.json())).toContain(`Alpha ${word} Church`);
    expect((await send("/api/admin/organisations?kind=chapel", { token: admin.token })).status).toBe(400);
  });

  test("the screen shows the rows with their member counts, and its filters", async () => {
    const page = await html(await send(`/admin/dashboard/organisations?search=${word}&sort=members&order=desc`, { cookie: admin.cookie }));
    expect(page).toContain(`Beta ${word} Seminary`);
    expect(page.indexOf(`Beta ${word} Seminary`)).toBeLessThan(page.indexOf(`Alpha ${word} Church`));
    expect(page).toMatch(/<option value="Kenya"/);
    expect(page).toContain("All kinds");
  });

  test("suggestions: names matching what is typed, for anyone", async () => {
    const body = (await (await send(`/api/organisations?search=${word}`)).json()) as { data: string[] };
    expect(body.data).toEqual([`Alpha ${word} Church`, `Beta ${word} Seminary`, `Gamma ${word} Foundation`]);
    expect((await send(`/api/organisations?search=${"x".repeat(101)}`)).status).toBe(400);
  });
});

describe("edit and merge", () => {
  test("renaming rewrites every member's name in the same change, audited; a name another one has is refused", async () => {
    const organisation = await organisationWith(`Cedar ${tag} Church`);
    const other = await organisationWith(`Oak ${tag} Church`);
    const person = await createPerson("user");
    await moveThroughApi(person, organisation.name);

    const renamed = `Cedar Hill ${tag} Church`;
    const response = await postForm(`/admin/dashboard/organisations/${organisation.id}`, { name: renamed, kind: "church", city: "Nairobi", country: "Kenya", website: "https://cedar.example" }, admin.cookie);
    expect(response.status, await response.clone().text()).toBe(302);
    expect(await memberOf(person.id)).toEqual({ organisation: renamed, organisationId: organisation.id });
    expect(await prisma.organisation.findUniqueOrThrow({ where: { id: organisation.id } })).toMatchObject({ name: renamed, nameKey: renamed.toLowerCase(), city: "Nairobi" });
    const audit = await prisma.auditEntry.findFirstOrThrow({ where: { recordKind: "organisation", recordId: String(organisation.id), action: "update" } });
    expect(JSON.parse(audit.changes)).toMatchObject({ name: { before: organisation.name, after: renamed } });

    const taken = await postForm(`/admin/dashboard/organisations/${organisation.id}`, { name: other.name.toUpperCase(), kind: "church" }, admin.cookie);
    expect(taken.status).toBe(400);
    expect(await html(taken)).toContain("merge this one into it instead");
    const bad = await send(`/api/admin/organisations/${organisation.id}`, { method: "PUT", token: admin.token, ...json({ name: "", kind: "temple" }) });
    expect(bad.status).toBe(400);
    expect((await prisma.organisation.findUniqueOrThrow({ where: { id: organisation.id } })).name).toBe(renamed);
  });

  test("merge: a confirmation page first, then the members move, the record goes and one audit row says so", async () => {
    const duplicate = await organisationWith(`grace ${tag} chapel`);
    const keeper = await organisationWith(`Grace ${tag} Chapel International`);
    const [a, b, c] = [await createPerson("user"), await createPerson("user"), await createPerson("user")];
    await moveThroughApi(a, duplicate.name);
    await moveThroughApi(b, duplicate.name);
    await moveThroughApi(c, keeper.name);

    const confirm = await html(await send(`/admin/dashboard/organisations/${duplicate.id}/merge?into=${encodeURIComponent(keeper.name.toUpperCase())}`, { cookie: admin.cookie }));
    expect(confirm).toContain(`Merge into “${keeper.name}”?`);
    expect(confirm).toContain(`name="intoId" value="${keeper.id}"`);
    expect(await prisma.organisation.count({ where: { id: duplicate.id } })).toBe(1);
    const itself = await html(await send(`/admin/dashboard/organisations/${duplicate.id}/merge?into=${encodeURIComponent(duplicate.name)}`, { cookie: admin.cookie }));
    expect(itself).toContain("cannot be merged into itself");

    const response = await postForm(`/admin/dashboard/organisations/${duplicate.id}/merge`, { intoId: String(keeper.id) }, admin.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/dashboard/organisations/${keeper.id}`);
    expect(await prisma.organisation.count({ where: { id: duplicate.id } })).toBe(0);
    for (const person of [a, b, c]) expect(await memberOf(person.id)).toEqual({ organisation: keeper.name, organisationId: keeper.id });
    expect(await countOf(keeper.id)).toBe(3);
    const rows = await prisma.auditEntry.findMany({ where: { recordKind: "organisation", recordId: String(duplicate.id) } });
    expect(rows.map((row) => row.action)).toEqual(["merge"]);
    const page = await html(await send(response.headers.get("Location")!, { cookie: cookiesFrom(response, admin.cookie) }));
    expect(page).toContain("Organisations Merged");
  });

  test("the API refuses a merge into itself (400) or into a missing one (404), and changes nothing", async () => {
    const organisation = await organisationWith(`Lone ${tag} Church`);
    const person = await createPerson("user");
    await moveThroughApi(person, organisation.name);
    const merge = (intoId: number) => send(`/api/admin/organisations/${organisation.id}/merge`, { method: "POST", token: admin.token, ...json({ intoId }) });
    const itself = await merge(organisation.id);
    expect(itself.status).toBe(400);
    expect(await itself.json()).toEqual({ message: "An organisation cannot be merged into itself" });
    expect((await merge(987654321)).status).toBe(404);
    expect(await memberOf(person.id)).toEqual({ organisation: organisation.name, organisationId: organisation.id });

    const created = await send("/api/admin/organisations", { method: "POST", token: admin.token, ...json({ name: `Bethel ${tag} Seminary`, kind: "seminary", country: "Ghana" }) });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number; memberCount: number } };
    expect(data.memberCount).toBe(0);
    const merged = await merge(data.id);
    expect(merged.status).toBe(200);
    expect(await memberOf(person.id)).toEqual({ organisation: `Bethel ${tag} Seminary`, organisationId: data.id });
    expect((await send(`/api/admin/organisations/${organisation.id}`, { token: admin.token })).status).toBe(404);
  });

  test("a sponsoring organisation is never merged away (its balance and pastors are its own); others merge into it", async () => {
    const sponsor = await organisationWith(`Hope ${tag} Fellowship`);
    const other = await organisationWith(`hope ${tag} fellowship church`);
    await prisma.sponsorAccount.create({ data: { organisationId: sponsor.id, balanceCents: 50_000 } });
    const refused = await send(`/api/admin/organisations/${sponsor.id}/merge`, { method: "POST", token: admin.token, ...json({ intoId: other.id }) });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: `${sponsor.name} sponsors mentoring: merge the other organisation into it instead` });
    expect((await prisma.sponsorAccount.findUniqueOrThrow({ where: { organisationId: sponsor.id } })).balanceCents).toBe(50_000);
    expect((await send(`/api/admin/organisations/${other.id}/merge`, { method: "POST", token: admin.token, ...json({ intoId: sponsor.id }) })).status).toBe(200);
  });
});
