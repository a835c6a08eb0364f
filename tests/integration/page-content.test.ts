import { faker } from "@faker-js/faker";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { cookiesFrom, send, signIn } from "#tests/app.ts";

const editors = {
  home: { path: "/admin/dashboard/website-content", page: "/", text: "Home page updated" },
  platform: { path: "/admin/dashboard/platform", page: "/platform", text: "Platform page updated" },
  become_a_guide: { path: "/admin/dashboard/become_a_guide", page: "/become-mentor", text: "Become a Guide page updated" },
} as const;

const png = async () =>
  new File([new Uint8Array(await sharp({ create: { width: 16, height: 9, channels: 3, background: "#4338ca" } }).png().toBuffer())], "hero.png", { type: "image/png" });

const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

/** A red toast with this title, rendered in the page (not only present in the serialized action data). */
const errorToast = (title: string) => new RegExp(`data-variant="destructive"[^>]*>[\\s\\S]{0,300}>${title}<`);

function documentWith(tag: string) {
  return {
    hero: { heading: `Heading ${tag}`, subheading: `Sub ${tag}`, ctaLabel: "Start", ctaHref: "/search" },
    sections: [{ heading: `Section ${tag}`, body: `Body ${tag}` }],
    testimonials: [{ quote: `Quote ${tag}`, author: `Author ${tag}`, role: "Pastor" }],
    cta: { heading: `Closing ${tag}`, body: "Come along.", label: "Join", href: "/signup" },
  };
}

/** The editor's fields as a browser sends them (conform's names). */
function editorFields(tag: string, extra: Record<string, string | File> = {}) {
  const form = new FormData();
  const fields: Record<string, string | File> = {
    "hero.heading": `Heading ${tag}`,
    "hero.subheading": `Sub ${tag}`,
    "hero.ctaLabel": "Find a Mentor",
    "hero.ctaHref": "/search",
    "sections[0].heading": `First ${tag}`,
    "sections[0].body": `First body ${tag}`,
    "sections[1].heading": `Second ${tag}`,
    "sections[1].body": `Second body ${tag}`,
    "testimonials[0].quote": `Quote ${tag}`,
    "testimonials[0].author": `Author ${tag}`,
    "testimonials[0].role": "",
    "cta.heading": `Closing ${tag}`,
    "cta.body": "",
    "cta.label": "Join",
    "cta.href": "/signup",
    ...extra,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

const postEditor = (path: string, form: FormData, cookie: string) => send(path, { method: "POST", body: form, cookie, headers: { Origin: "http://localhost" } });

async function landing(response: Response, cookie: string) {
  expect(response.status).toBe(302);
  return html(await send(response.headers.get("Location")!, { cookie: cookiesFrom(response, cookie) }));
}

describe("GET /api/admin/home-content/all (public)", () => {
  test("answers without a token: one page by slug, every page without; the fallback before anything is saved", async () => {
    await prisma.pageContent.deleteMany({ where: { slug: "platform" } });
    const one = await send("/api/admin/home-content/all?slug=platform");
    expect(one.status).toBe(200);
    const body = await one.json();
    expect(body.data).toMatchObject({ slug: "platform", saved: false, updatedAt: null });
    expect(body.data.content.hero.heading).toBe("How Ministry Mentors works");

    const all = await (await send("/api/admin/home-content/all")).json();
    expect(all.data.map((page: { slug: string }) => page.slug)).toEqual(["home", "platform", "become_a_guide"]);

    const bad = await send("/api/admin/home-content/all?slug=about");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "slug must be one of: home, platform, become_a_guide" });
    const fallback = await html(await send("/platform"));
    expect(fallback).toContain("How Ministry Mentors works");
  });
});

describe("PUT /api/admin/home-content/quotes", () => {
  test.each(Object.entries(editors))("saves the %s page, which the public page and the public API then show", async (slug, editor) => {
    const { token, person: admin } = await signIn("admin");
    const tag = faker.string.alphanumeric(10);
    const response = await send("/api/admin/home-content/quotes", { method: "PUT", token, body: JSON.stringify({ slug, content: documentWith(tag) }) });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.message).toBe(editor.text);
    expect(body.data).toMatchObject({ slug, saved: true, content: documentWith(tag) });
    const row = await prisma.pageContent.findUniqueOrThrow({ where: { slug } });
    expect(JSON.parse(row.content)).toEqual(documentWith(tag));
    expect(row.updatedById).toBe(admin.id);

    const publicApi = await (await send(`/api/admin/home-content/all?slug=${slug}`)).json();
    expect(publicApi.data.content.hero.heading).toBe(`Heading ${tag}`);
    const page = await html(await send(editor.page));
    for (const text of [`Heading ${tag}`, `Sub ${tag}`, `Section ${tag}`, `Body ${tag}`, `Quote ${tag}`, `Author ${tag}`, `Closing ${tag}`]) expect(page).toContain(text);
    expect(page).toContain('href="/signup"');
  });

  test("validation messages and refusals", async () => {
    const { token } = await signIn("admin");
    const put = (body: unknown, auth = token) => send("/api/admin/home-content/quotes", { method: "PUT", token: auth, body: JSON.stringify(body) });
    const doc = documentWith("v");
    const cases: Array<[unknown, RegExp]> = [
      [{ slug: "about", content: doc }, /^slug must be one of: home, platform, become_a_guide$/],
      [{ slug: "home" }, /content/],
      [{ slug: "home", content: { ...doc, hero: { ...doc.hero, heading: " " } } }, /Heading is required$/],
      [{ slug: "home", content: { ...doc, hero: { heading: "H", ctaLabel: "Go" } } }, /^Add a link for the button$/],
      [{ slug: "home", content: { ...doc, cta: { href: "/x" } } }, /^Add a label for the button$/],
      [{ slug: "home", content: { ...doc, cta: { label: "Go", href: "javascript:alert(1)" } } }, /^Link must be a path on this site \(starting with \/\) or an http\(s\) URL$/],
      [{ slug: "home", content: { ...doc, sections: [{ heading: "H", body: "" }] } }, /^Text is required$/],
      [{ slug: "home", content: { ...doc, testimonials: [{ quote: "Q" }] } }, /Author is required$/],
      [{ slug: "home", content: { ...doc, sections: Array.from({ length: 13 }, () => ({ heading: "H", body: "B" })) } }, /^At most 12 sections$/],
      [{ slug: "home", content: { ...doc, hero: { ...doc.hero, imageId: 999999999 } } }, /^Hero image not found$/],
    ];
    for (const [body, message] of cases) {
      const response = await put(body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(message);
    }
    expect((await put({ slug: "home", content: doc }, "")).status).toBe(401);
    expect((await put({ slug: "home", content: doc }, (await signIn("guide")).token)).status).toBe(403);
    expect((await send("/api/admin/home-content/quotes", { method: "POST", token, body: "{}" })).status).toBe(405);
    expect((await send("/api/admin/home-content/all", { method: "PUT", token, body: "{}" })).status).toBe(405);
  });
});

describe("page content editors", () => {
  test.each(Object.entries(editors))("the %s editor saves with 'HomePage Updated' and the public page shows it", async (_slug, editor) => {
    const { cookie } = await signIn("admin");
    const tag = faker.string.alphanumeric(10);
    const form = await html(await send(editor.path, { cookie }));
    expect(form).toContain("Save changes");
    expect(form).toContain("Add section");

    const response = await postEditor(editor.path, editorFields(tag), cookie);
    expect(response.headers.get("Location")).toBe(editor.path);
    const after = await landing(response, cookie);
    expect(after).toContain("HomePage Updated");
    expect(after).toContain(editor.text);
    expect(after).toContain(`value="First ${tag}"`);

    const page = await html(await send(editor.page));
    expect(page).toContain(`Heading ${tag}`);
    expect(page.indexOf(`First ${tag}`)).toBeLessThan(page.indexOf(`Second ${tag}`));
    expect(page).toContain(`Quote ${tag}`);
    expect(page).toContain(`Closing ${tag}`);
  });

  test("invalid fields are refused in place and keep what was typed", async () => {
    const { cookie } = await signIn("admin");
    const tag = faker.string.alphanumeric(10);
    const response = await postEditor(editors.platform.path, editorFields(tag, { "hero.heading": "", "sections[1].body": "", "cta.href": "" }), cookie);
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("<li>Heading is required</li>");
    expect(page).toContain("<li>Text is required</li>");
    expect(page).toContain("<li>Add a link for the button</li>");
    expect(page).toContain(`value="Second ${tag}"`);
  });

  test("sections and testimonials are added and removed without JavaScript", async () => {
    const { cookie } = await signIn("admin");
    const tag = faker.string.alphanumeric(10);
    const insert = JSON.stringify({ type: "insert", payload: { name: "sections", defaultValue: { heading: "", body: "" } } });
    const added = await postEditor(editors.home.path, editorFields(tag, { __intent__: insert }), cookie);
    expect(added.status).toBe(200);
    const withThree = await html(added);
    expect(withThree).toContain("Section 3");
    expect(withThree).toContain('name="sections[2].heading"');
    expect(withThree).not.toContain("<li>Heading is required</li>");

    const remove = JSON.stringify({ type: "remove", payload: { name: "testimonials", index: 0 } });
    const removed = await html(await postEditor(editors.home.path, editorFields(tag, { __intent__: remove }), cookie));
    expect(removed).not.toContain('name="testimonials[0].quote"');
    expect(removed).toContain("Add testimonial");

    const form = editorFields(tag);
    form.delete("testimonials[0].quote");
    form.delete("testimonials[0].author");
    form.delete("testimonials[0].role");
    const saved = await postEditor(editors.home.path, form, cookie);
    expect(saved.status).toBe(302);
    const row = await prisma.pageContent.findUniqueOrThrow({ where: { slug: "home" } });
    expect(JSON.parse(row.content).testimonials).toEqual([]);
  });

  test("a hero image is uploaded, shown, replaced and removed; a broken one shows 'Home Page Update Failed'", async () => {
    const { cookie } = await signIn("admin");
    const tag = faker.string.alphanumeric(10);
    await landing(await postEditor(editors.become_a_guide.path, editorFields(tag, { heroImage: await png() }), cookie), cookie);
    const first = JSON.parse((await prisma.pageContent.findUniqueOrThrow({ where: { slug: "become_a_guide" } })).content).hero.imageId;
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((await prisma.upload.findUniqueOrThrow({ where: { id: first } })).contentType).toBe("image/webp");
    expect(await html(await send("/become-mentor"))).toContain(`src="/images/${first}"`);

    // Saving again without a new file keeps the picture; a new file replaces (and deletes) it.
    await postEditor(editors.become_a_guide.path, editorFields(tag, { "hero.imageId": String(first) }), cookie);
    expect(JSON.parse((await prisma.pageContent.findUniqueOrThrow({ where: { slug: "become_a_guide" } })).content).hero.imageId).toBe(first);
    await postEditor(editors.become_a_guide.path, editorFields(tag, { "hero.imageId": String(first), heroImage: await png() }), cookie);
    const second = JSON.parse((await prisma.pageContent.findUniqueOrThrow({ where: { slug: "become_a_guide" } })).content).hero.imageId;
    expect(second).not.toBe(first);
    expect(await prisma.upload.count({ where: { id: first } })).toBe(0);

    await postEditor(editors.become_a_guide.path, editorFields(tag, { "hero.imageId": String(second), removeHeroImage: "on" }), cookie);
    expect(JSON.parse((await prisma.pageContent.findUniqueOrThrow({ where: { slug: "become_a_guide" } })).content).hero.imageId).toBeUndefined();
    expect(await prisma.upload.count({ where: { id: second } })).toBe(0);

    const broken = await postEditor(editors.become_a_guide.path, editorFields(tag, { heroImage: new File(["not a picture"], "x.png", { type: "image/png" }) }), cookie);
    // a refused save answers 400 with the form, the server's message and the toast in the same page
    expect(broken.status).toBe(400);
    const refused = await html(broken);
    expect(refused).toContain("The file must be an image");
    expect(refused).toMatch(errorToast("Home Page Update Failed"));
    expect(refused).toContain(`value="First ${tag}"`);
  });

  test("people who are not admins cannot save page content", async () => {
    const { cookie } = await signIn("user");
    const before = await prisma.pageContent.findUnique({ where: { slug: "home" } });
    const response = await postEditor(editors.home.path, editorFields("nope"), cookie);
    expect(response.headers.get("Location")).toBe("/user-dashboard");
    expect((await prisma.pageContent.findUnique({ where: { slug: "home" } }))?.content).toBe(before?.content);
  });
});
