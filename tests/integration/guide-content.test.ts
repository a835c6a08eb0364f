/**
 * A guide's Published content (/mentor-dashboard/content): their own list (searched, sorted, paged like every
 * list), add, edit and delete through the screen's forms, what the forms refuse, and that another guide's item is
 * out of reach. What they add shows on their public profile (/mentor/{id}).
 */
import { faker } from "@faker-js/faker";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { contentMessages as m } from "#app/modules/published-content/options.ts";
import { cookiesFrom, createPerson, postForm, send, signIn } from "#tests/app.ts";

const SCREEN = "/mentor-dashboard/content";

const text = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const word = () => faker.string.alpha({ length: 8, casing: "lower" });

/** A live guide (approved, with a profile) signed in with a browser session. */
async function signedInGuide() {
  const guide = await createPerson("guide", { isVerified: true });
  await prisma.guideProfile.create({ data: { userId: guide.id, experienceYears: 8, category: "Senior Pastors" } });
  const cookie = (await commitSession(await createSession(guide.id, "web"))).split(";")[0];
  return { guide, cookie };
}

const fields = (overrides: Record<string, string> = {}) => ({
  intent: "create",
  title: `Shepherding in a small town ${word()}`,
  url: "https://example.org/articles/small-town",
  type: "article",
  publishedDate: "2025-09-14",
  description: "Notes from twenty years in one parish.",
  ...overrides,
});

/** The page a redirect leads to, opened with the cookies it set (so it shows its toast). */
async function landing(response: Response, cookie: string) {
  expect(response.status, "a redirect").toBe(302);
  return text(await send(response.headers.get("Location")!, { cookie: cookiesFrom(response, cookie) }));
}

const itemsOf = (guideId: number) => prisma.publishedContent.findMany({ where: { guideId }, orderBy: { id: "asc" } });

describe("a guide's published content", () => {
  test("adding an item: saved as theirs (the day as midnight UTC), back on the list with a toast, and on their public profile", async () => {
    const { guide, cookie } = await signedInGuide();
    const sent = fields();
    const page = await landing(await postForm(`${SCREEN}?new=1`, sent, cookie), cookie);
    expect(page).toContain("Content created");
    expect(page).toContain(sent.title);
    const [item] = await itemsOf(guide.id);
    expect(item).toMatchObject({ title: sent.title, url: sent.url, type: "article", description: sent.description });
    expect(item.publishedDate.toISOString()).toBe("2025-09-14T00:00:00.000Z");

    const profile = await text(await send(`/mentor/${guide.id}`));
    expect(profile).toContain("Published content");
    expect(profile).toContain(sent.title);
    expect(profile).toContain(`href="${sent.url}"`);
  });

  test("the forms refuse what is not content, say why beside each field, keep what was typed and save nothing", async () => {
    const { guide, cookie } = await signedInGuide();
    const cases: Array<[Record<string, string>, string]> = [
      [{ title: "  " }, m.titleRequired],
      [{ title: "x".repeat(201) }, m.titleLength],
      [{ url: "" }, m.urlRequired],
      [{ url: "javascript:alert(1)" }, m.url],
      [{ url: "ftp://example.org/file" }, m.url],
      [{ url: "https://example.org/a path" }, m.url],
      [{ url: `https://example.org/${"a".repeat(2000)}` }, m.urlLength],
      [{ type: "blog" }, m.type],
      [{ publishedDate: "2026-02-30" }, m.publishedDate],
      [{ publishedDate: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) }, m.publishedDate],
      [{ publishedDate: "1850-01-01" }, m.publishedDate],
      [{ description: "d".repeat(1001) }, m.descriptionLength],
    ];
    for (const [overrides, message] of cases) {
      const sent = fields({ ...overrides, title: overrides.title ?? `Kept ${word()}` });
      const response = await postForm(`${SCREEN}?new=1`, sent, cookie);
      expect(response.status, JSON.stringify(overrides).slice(0, 60)).toBe(400);
      const page = await text(response);
      expect(page).toContain(message);
      if (!overrides.title) expect(page).toContain(`value="${sent.title}"`);
    }
    expect(await itemsOf(guide.id)).toEqual([]);
  });

  test("editing and deleting their own item; another guide's is not found and stays as it was", async () => {
    const { guide, cookie } = await signedInGuide();
    const other = await signedInGuide();
    const mine = await prisma.publishedContent.create({ data: { guideId: guide.id, title: "Old title", url: "https://example.org/old", type: "sermon", publishedDate: new Date("2024-01-07T00:00:00Z") } });
    const theirs = await prisma.publishedContent.create({ data: { guideId: other.guide.id, title: `Theirs ${word()}`, url: "https://example.org/theirs", type: "book", publishedDate: new Date("2023-05-01T00:00:00Z") } });

    const edited = await landing(await postForm(`${SCREEN}?edit=${mine.id}`, fields({ intent: "update", id: String(mine.id), title: "New title", type: "podcast" }), cookie), cookie);
    expect(edited).toContain("Content updated");
    expect(await prisma.publishedContent.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ title: "New title", type: "podcast" });

    // Another guide's item: its dialog does not open (the screen says it was not found) and its form changes nothing.
    const editTheirs = await text(await send(`${SCREEN}?edit=${theirs.id}`, { cookie }));
    expect(editTheirs).toContain("That item was not found.");
    expect(editTheirs).not.toContain(theirs.title);
    const refused = await landing(await postForm(`${SCREEN}?edit=${theirs.id}`, fields({ intent: "update", id: String(theirs.id), title: "Hijacked" }), cookie), cookie);
    expect(refused).toContain("Update Failed");
    expect(refused).toContain("Published content not found");
    const deleteTheirs = await landing(await postForm(`${SCREEN}?delete=${theirs.id}`, { intent: "delete", id: String(theirs.id) }, cookie), cookie);
    expect(deleteTheirs).toContain("Published content not found");
    expect(await prisma.publishedContent.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ title: theirs.title, type: "book" });

    // Delete asks first (a dialog from the URL), then removes it.
    const confirm = await text(await send(`${SCREEN}?delete=${mine.id}`, { cookie }));
    expect(confirm).toContain("Confirm Delete");
    expect(confirm).toContain("Are you sure you want to delete “New title”?");
    const deleted = await landing(await postForm(`${SCREEN}?delete=${mine.id}`, { intent: "delete", id: String(mine.id) }, cookie), cookie);
    expect(deleted).toContain("Content deleted");
    expect(await itemsOf(guide.id)).toEqual([]);
    expect(await text(await send(`/mentor/${guide.id}`))).not.toContain("New title");
  });

  test("the list is theirs alone: searched, sorted and paged in SQL like every list", async () => {
    const { guide, cookie } = await signedInGuide();
    const other = await signedInGuide();
    const tag = word();
    await prisma.publishedContent.createMany({
      data: Array.from({ length: 7 }, (_, index) => ({
        guideId: guide.id,
        title: `${String.fromCharCode(71 - index)} ${index % 2 ? "Sermon" : "Article"} ${tag}`,
        url: `https://example.org/${index}`,
        type: index % 2 ? "sermon" : "article",
        publishedDate: new Date(Date.UTC(2020 + index, 0, 1)),
      })),
    });
    await prisma.publishedContent.create({ data: { guideId: other.guide.id, title: `Not mine ${tag}`, url: "https://example.org/x", type: "video", publishedDate: new Date() } });

    // Each row's title (its cell; the row's Edit and Delete buttons name it again).
    const titlesOf = (html: string) => [...html.matchAll(new RegExp(`break-words font-medium text-slate-900">([A-G]) (?:Sermon|Article) ${tag}<`, "g"))].map((match) => match[1]);
    // Newest first, five a page (the published-content list's defaults).
    const first = await text(await send(SCREEN, { cookie }));
    expect(titlesOf(first)).toEqual(["A", "B", "C", "D", "E"]);
    expect(first).not.toContain("Not mine");
    expect(titlesOf(await text(await send(`${SCREEN}?page=2`, { cookie })))).toEqual(["F", "G"]);
    expect(titlesOf(await text(await send(`${SCREEN}?sort=title&order=asc&limit=10`, { cookie })))).toEqual(["A", "B", "C", "D", "E", "F", "G"]);
    expect(titlesOf(await text(await send(`${SCREEN}?search=sermon`, { cookie })))).toEqual(["B", "D", "F"]);
    expect(titlesOf(await text(await send(`${SCREEN}?search=${tag}&sort=publishedDate&order=asc`, { cookie })))).toEqual(["G", "F", "E", "D", "C"]);
    // A sort it does not know is dropped (the default order); past the last page, the list's first.
    expect((await send(`${SCREEN}?sort=guideId`, { cookie })).headers.get("Location")).toBe(SCREEN);
    expect((await send(`${SCREEN}?page=9&sort=title`, { cookie })).headers.get("Location")).toBe(`${SCREEN}?sort=title`);
  });

  test("only guides reach it: a mentee and an admin go to their own dashboards, and nothing is written", async () => {
    const title = `Not a guide's ${word()}`;
    for (const role of ["user", "admin"] as const) {
      const { cookie } = await signIn(role);
      const response = await postForm(`${SCREEN}?new=1`, fields({ title }), cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).not.toContain(SCREEN);
    }
    expect(await prisma.publishedContent.count({ where: { title } })).toBe(0);
  });
});
