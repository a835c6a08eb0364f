/**
 * The Guide filter of the bookings, transactions and reviews screens: a person picker, not a select of every
 * guide. With JavaScript it asks /admin/dashboard/person-options/{role} for suggestions; without, the screen
 * answers a submitted ?guideSearch= with links that set ?guideId=.
 */
import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { createPerson, send, signIn } from "#tests/app.ts";

const options = (role: string, search: string) => `/admin/dashboard/person-options/${role}?${new URLSearchParams({ search })}`;
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
type Choice = { id: number; name: string; email: string };

let admin: Awaited<ReturnType<typeof signIn>>;
const tag = faker.string.alpha(10).toLowerCase();
let guides: Array<{ id: number; name: string; email: string }>;
let deletedGuide: { id: number };
let user: { id: number; name: string };

beforeAll(async () => {
  admin = await signIn("admin");
  // Twelve guides share the tag (more than a picker offers), named so that their order by name is known.
  guides = [];
  for (const letter of "abcdefghijkl") guides.push(await createPerson("guide", { name: `${letter.toUpperCase()}ster ${tag}` }));
  deletedGuide = await createPerson("guide", { name: `Aaron ${tag}` });
  await prisma.user.update({ where: { id: deletedGuide.id }, data: { isDeleted: true } });
  user = await createPerson("user", { name: `Mentee ${tag}` });
});

describe("GET /admin/dashboard/person-options/{role}", () => {
  test("an admin gets at most ten live people of that role by name, with their e-mail", async () => {
    const response = await send(options("guide", tag), { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    const { people } = (await response.json()) as { people: Choice[] };
    expect(people).toEqual(guides.slice(0, 10).map(({ id, name, email }) => ({ id, name, email })));
    expect(people.map((person) => person.id)).not.toContain(deletedGuide.id);
    const users = ((await (await send(options("user", tag), { cookie: admin.cookie })).json()) as { people: Choice[] }).people;
    expect(users.map((person) => person.id)).toEqual([user.id]);
  });

  test("a few letters, an e-mail address, and nothing at all", async () => {
    // Two letters, the start of a word of every guide's name (the short search, not the trigram one): ten at most, by name.
    const few = ((await (await send(options("guide", tag.slice(0, 2)), { cookie: admin.cookie })).json()) as { people: Choice[] }).people;
    expect(few.map((person) => person.id)).toEqual(guides.slice(0, 10).map((guide) => guide.id));
    const byEmail = ((await (await send(options("guide", guides[4].email), { cookie: admin.cookie })).json()) as { people: Choice[] }).people;
    expect(byEmail.map((person) => person.id)).toEqual([guides[4].id]);
    expect(await (await send(options("guide", ""), { cookie: admin.cookie })).json()).toEqual({ people: [] });
  });

  test("bad input: an unknown role is a 404, a search over 200 characters a 400", async () => {
    const unknown = await send(options("admin", tag), { cookie: admin.cookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Not found" });
    const long = await send(options("guide", "x".repeat(201)), { cookie: admin.cookie });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ message: "search must be at most 200 characters" });
  });

  test("only an admin's browser session: no one else ever sees a person or an e-mail address", async () => {
    for (const role of ["user", "guide"] as const) {
      const other = await signIn(role);
      const response = await send(options("guide", tag), { cookie: other.cookie });
      expect(response.status, role).toBe(302);
      expect(response.headers.get("Location"), role).toBe(role === "user" ? "/user-dashboard" : "/mentor-dashboard");
      expect(await response.text(), role).not.toContain(guides[0].email);
    }
    const signedOut = await send(options("guide", tag));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    // An API token is not a browser session.
    const byToken = await send(options("guide", tag), { token: admin.token });
    expect(byToken.status).toBe(302);
    expect(await byToken.text()).not.toContain(guides[0].email);
  });
});

describe("the screens' Guide filter", () => {
  const screens = [adminLinks.bookings, adminLinks.transactions, adminLinks.reviews];

  test.each(screens)("%s has a picker, not an option per guide", async (path) => {
    const html = await text(await send(path, { cookie: admin.cookie }));
    expect(html).toMatch(/<label [^>]*>Guide<\/label>/);
    expect(html).toMatch(/<input [^>]*name="guideSearch"/);
    for (const guide of guides) expect(html).not.toContain(`>${guide.name}</option>`);
  });

  test.each(screens)("%s answers a submitted name with links to the first ten matching guides (without JavaScript)", async (path) => {
    const html = await text(await send(`${path}?${new URLSearchParams({ guideSearch: tag, limit: "25" })}`, { cookie: admin.cookie }));
    expect(html).toContain(`Guides matching “${tag}”:`);
    const linked = [...html.matchAll(/href="[^"]*(?:\?|&amp;)guideId=(\d+)[^"]*"/g)].map((match) => Number(match[1]));
    expect(linked).toEqual(guides.slice(0, 10).map((guide) => guide.id));
    // Each link keeps the other parameters and drops the search.
    expect(html).toContain(`href="${path}?limit=25&amp;guideId=${guides[0].id}"`);
    // The box keeps what was typed.
    expect(html).toMatch(new RegExp(`<input [^>]*name="guideSearch"[^>]*value="${tag}"`));
  });

  test("a name no guide has, and a search that is too long", async () => {
    expect(await text(await send(`${adminLinks.bookings}?guideSearch=qqqqzzzz`, { cookie: admin.cookie }))).toContain("No guides match “qqqqzzzz”.");
    const long = await send(`${adminLinks.bookings}?guideSearch=${"x".repeat(201)}`, { cookie: admin.cookie });
    expect(long.status).toBe(400);
    expect(await text(long)).toContain("guideSearch must be at most 200 characters");
  });

  test("the chosen guide stays shown by name, even once deleted", async () => {
    for (const guide of [guides[7], { ...deletedGuide, name: `Aaron ${tag}` }]) {
      const html = await text(await send(`${adminLinks.bookings}?guideId=${guide.id}`, { cookie: admin.cookie }));
      expect(html).toMatch(new RegExp(`<input [^>]*name="guideSearch"[^>]*value="${guide.name}"`));
      expect(html).toMatch(new RegExp(`<a (?=[^>]*aria-label="Remove filter: Guide: ${guide.name}")(?=[^>]*href="${adminLinks.bookings}")`));
    }
  });
});
