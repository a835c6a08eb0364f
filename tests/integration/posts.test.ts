import { faker } from "@faker-js/faker";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { cookiesFrom, send, signIn } from "#tests/app.ts";

const blogConsole = "/admin/dashboard/blog";
const storyConsole = "/admin/dashboard/success-stories";

const png = async () =>
  new File([new Uint8Array(await sharp({ create: { width: 64, height: 36, channels: 3, background: "#4f46e5" } }).png().toBuffer())], "cover.png", { type: "image/png" });

/** A multipart form POST to the console, as a browser sends the post form. */
function postMultipart(path: string, fields: Record<string, string | File>, cookie: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return send(path, { method: "POST", body: form, cookie, headers: { Origin: "http://localhost" } });
}

const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

/** Follows an action's redirect with its cookies (the toast) and returns the page it lands on. */
async function landing(response: Response, cookie: string) {
  expect(response.status).toBe(302);
  return html(await send(response.headers.get("Location")!, { cookie: cookiesFrom(response, cookie) }));
}

const tag = () => faker.string.alpha({ length: 10, casing: "lower" });

const fields = (overrides: Record<string, string | File> = {}) => ({
  title: "Shepherding a Church Through Change",
  summary: "What a guide taught one pastor about pacing change in a hundred-year-old congregation.",
  body: "First paragraph.\n\nSecond paragraph with **bold** text.",
  author: "Rev. Ada Byers",
  status: "draft",
  slug: "",
  publishedAt: "",
  ...overrides,
});

async function makePost(data: { kind?: string; title?: string; slug?: string; publishedAt?: Date | null; body?: string; coverImageId?: string | null }) {
  const word = tag();
  return prisma.post.create({
    data: {
      kind: data.kind ?? "blog",
      slug: data.slug ?? `post-${word}`,
      title: data.title ?? `Post ${word}`,
      summary: `Summary of ${word}.`,
      body: data.body ?? `Body of ${word}.`,
      author: "Pastor Test",
      publishedAt: data.publishedAt === undefined ? new Date(Date.now() - 60_000) : data.publishedAt,
      coverImageId: data.coverImageId ?? null,
    },
  });
}

describe("console: blog posts and success stories", () => {
  test("only admins reach the screens and their actions", async () => {
    const user = await signIn("user");
    const guide = await signIn("guide");
    expect((await send(blogConsole, { cookie: user.cookie })).headers.get("Location")).toBe("/user-dashboard");
    expect((await send(`${storyConsole}/new`, { cookie: guide.cookie })).headers.get("Location")).toBe("/mentor-dashboard");
    expect((await send(blogConsole)).headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(blogConsole)}`);
    const title = `Sneaky ${tag()}`;
    const refused = await postMultipart(`${blogConsole}/new`, fields({ title }), guide.cookie);
    expect(refused.headers.get("Location")).toBe("/mentor-dashboard");
    expect(await prisma.post.count({ where: { title } })).toBe(0);
    const post = await makePost({});
    const unpublish = await postMultipart(blogConsole, { intent: "unpublish", id: String(post.id) }, user.cookie);
    expect(unpublish.headers.get("Location")).toBe("/user-dashboard");
    expect((await prisma.post.findUniqueOrThrow({ where: { id: post.id } })).publishedAt).not.toBeNull();
    // The JSON twin: an admin token only.
    expect((await send("/api/admin/posts")).status).toBe(401);
    expect((await send("/api/admin/posts", { token: guide.token })).status).toBe(403);
  });

  test("validation messages keep what was typed; nothing is written", async () => {
    const { cookie } = await signIn("admin");
    const before = await prisma.post.count();
    const empty = await postMultipart(`${blogConsole}/new`, { title: "", summary: "", body: "", author: "", status: "" }, cookie);
    expect(empty.status).toBe(400);
    const page = await html(empty);
    for (const message of ["Title is required", "Summary is required", "Body is required", "Author is required", "Choose Draft or Published"]) {
      expect(page).toContain(`<li>${message}</li>`);
    }
    const bad = await postMultipart(
      `${blogConsole}/new`,
      fields({ title: "x".repeat(151), slug: "Not a slug!", publishedAt: "2026-02-31", body: "Kept body text" }),
      cookie,
    );
    expect(bad.status).toBe(400);
    const badPage = await html(bad);
    expect(badPage).toContain("<li>Title must be at most 150 characters</li>");
    expect(badPage).toContain("<li>Slug may contain only lowercase letters, numbers and single hyphens</li>");
    expect(badPage).toContain("<li>Enter a valid date</li>");
    expect(badPage).toContain("Kept body text");
    const notImage = await postMultipart(`${blogConsole}/new`, fields({ cover: new File(["hello"], "notes.txt", { type: "text/plain" }) }), cookie);
    expect(notImage.status).toBe(400);
    expect(await html(notImage)).toContain("<li>Please select a valid image file.</li>");
    expect(await prisma.post.count()).toBe(before);
  });

  test("create a draft with a cover: slug from the title, image re-encoded, hidden from the public", async () => {
    const { cookie } = await signIn("admin");
    const word = tag();
    const title = `Rest, Sabbath & the Busy Pastor ${word}`;
    const created = await postMultipart(`${blogConsole}/new`, fields({ title, cover: await png() }), cookie);
    const list = await landing(created, cookie);
    expect(list).toContain("Post Created");
    expect(list).toContain("It is saved as a draft.");
    const post = await prisma.post.findFirstOrThrow({ where: { title }, include: { coverImage: { select: { contentType: true, byteSize: true } } } });
    expect(post).toMatchObject({ kind: "blog", slug: `rest-sabbath-the-busy-pastor-${word}`, publishedAt: null, author: "Rev. Ada Byers" });
    expect(post.coverImage?.contentType).toBe("image/webp");
    expect(list).toContain(title.replace("&", "&amp;"));
    expect(list).toContain("Draft");

    expect((await send(`/blog/${post.slug}`)).status).toBe(404);
    expect(await html(await send("/blog"))).not.toContain(title);
    // The cover is served like any upload.
    const cover = await send(`/images/${post.coverImageId}`);
    expect(cover.headers.get("Content-Type")).toBe("image/webp");
  });

  test("a slug is unique per kind, with a clear message beside the slug", async () => {
    const { cookie } = await signIn("admin");
    const slug = `church-planting-${tag()}`;
    await makePost({ slug });
    const clash = await postMultipart(`${blogConsole}/new`, fields({ slug, body: "My long draft" }), cookie);
    expect(clash.status).toBe(400);
    const page = await html(clash);
    expect(page).toContain(`Another blog post already uses the address “${slug}”. Choose a different slug.`);
    expect(page).toContain("My long draft");
    expect(await prisma.post.count({ where: { slug } })).toBe(1);
    // The same address is free among the success stories.
    expect(await landing(await postMultipart(`${storyConsole}/new`, fields({ slug }), cookie), cookie)).toContain("Post Created");
    expect(await prisma.post.count({ where: { slug, kind: "story" } })).toBe(1);
    // Editing another post onto the taken slug is refused too.
    const other = await makePost({});
    const edit = await postMultipart(`${blogConsole}/${other.id}/edit`, fields({ slug }), cookie);
    expect(edit.status).toBe(400);
    expect(await html(edit)).toContain(`Another blog post already uses the address “${slug}”`);
    expect((await prisma.post.findUniqueOrThrow({ where: { id: other.id } })).slug).toBe(other.slug);
  });

  test("publish now, unpublish, and a published date (a future one schedules)", async () => {
    const { cookie } = await signIn("admin");
    const post = await makePost({ publishedAt: null });
    const published = await landing(await postMultipart(blogConsole, { intent: "publish", id: String(post.id) }, cookie), cookie);
    expect(published).toContain("Post Published");
    const live = await prisma.post.findUniqueOrThrow({ where: { id: post.id } });
    expect(live.publishedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await send(`/blog/${post.slug}`)).status).toBe(200);

    expect(await landing(await postMultipart(blogConsole, { intent: "unpublish", id: String(post.id) }, cookie), cookie)).toContain("Post Unpublished");
    expect((await prisma.post.findUniqueOrThrow({ where: { id: post.id } })).publishedAt).toBeNull();
    expect((await send(`/blog/${post.slug}`)).status).toBe(404);

    // The form: published on a chosen date.
    const dated = await postMultipart(`${blogConsole}/${post.id}/edit`, fields({ title: post.title, slug: post.slug, status: "published", publishedAt: "2025-03-14" }), cookie);
    expect(await landing(dated, cookie)).toContain("Post Updated");
    expect((await prisma.post.findUniqueOrThrow({ where: { id: post.id } })).publishedAt?.toISOString()).toBe("2025-03-14T12:00:00.000Z");
    expect((await send(`/blog/${post.slug}`)).status).toBe(200);

    // A date to come: scheduled, not yet public.
    const nextYear = new Date().getUTCFullYear() + 1;
    const scheduled = await postMultipart(`${blogConsole}/${post.id}/edit`, fields({ title: post.title, slug: post.slug, status: "published", publishedAt: `${nextYear}-01-05` }), cookie);
    expect(await landing(scheduled, cookie)).toContain("It is scheduled and goes live on its published date.");
    expect((await send(`/blog/${post.slug}`)).status).toBe(404);
    expect(await html(await send(`${blogConsole}?search=${encodeURIComponent(post.title)}`, { cookie }))).toContain("Scheduled");

    // The other kind's screen does not reach this post.
    const wrongKind = await landing(await postMultipart(storyConsole, { intent: "publish", id: String(post.id) }, cookie), cookie);
    expect(wrongKind).toContain("Post not found");
  });

  test("edit: new title and slug, replace and remove the cover; the old pictures are removed", async () => {
    const { cookie } = await signIn("admin");
    const created = await postMultipart(`${storyConsole}/new`, fields({ title: `Story ${tag()}`, cover: await png(), status: "published" }), cookie);
    expect(await landing(created, cookie)).toContain("It is live at /success-stories/");
    const story = await prisma.post.findFirstOrThrow({ where: { kind: "story" }, orderBy: { id: "desc" } });
    const form = await html(await send(`${storyConsole}/${story.id}/edit`, { cookie }));
    expect(form).toContain("Edit Success Story");
    expect(form).toContain(`value="${story.slug}"`);
    expect(form).toContain(`src="/images/${story.coverImageId}"`);

    const newSlug = `new-address-${tag()}`;
    const replaced = await postMultipart(`${storyConsole}/${story.id}/edit`, fields({ title: "A New Title", slug: newSlug, status: "published", cover: await png() }), cookie);
    expect(await landing(replaced, cookie)).toContain("Post Updated");
    const after = await prisma.post.findUniqueOrThrow({ where: { id: story.id } });
    expect(after).toMatchObject({ title: "A New Title", slug: newSlug });
    expect(after.publishedAt?.getTime()).toBe(story.publishedAt?.getTime());
    expect(after.coverImageId).not.toBe(story.coverImageId);
    expect(await prisma.upload.count({ where: { id: story.coverImageId! } })).toBe(0);

    const removed = await postMultipart(`${storyConsole}/${story.id}/edit`, fields({ title: "A New Title", slug: newSlug, status: "published", removeCover: "on" }), cookie);
    expect(await landing(removed, cookie)).toContain("Post Updated");
    expect((await prisma.post.findUniqueOrThrow({ where: { id: story.id } })).coverImageId).toBeNull();
    expect(await prisma.upload.count({ where: { id: after.coverImageId! } })).toBe(0);

    // A blog post's id on the stories' screen, and a missing id, are 404s.
    const blogPost = await makePost({});
    expect((await send(`${storyConsole}/${blogPost.id}/edit`, { cookie })).status).toBe(404);
    expect((await send(`${storyConsole}/987654321/edit`, { cookie })).status).toBe(404);
  });

  test("delete asks for confirmation, then removes the post and its cover", async () => {
    const { cookie } = await signIn("admin");
    const created = await postMultipart(`${blogConsole}/new`, fields({ title: `Goodbye ${tag()}`, cover: await png() }), cookie);
    await landing(created, cookie);
    const post = await prisma.post.findFirstOrThrow({ orderBy: { id: "desc" } });
    const confirm = await html(await send(`${blogConsole}?delete=${post.id}`, { cookie }));
    expect(confirm).toContain("Confirm Delete");
    expect(confirm).toContain(`Are you sure you want to delete “${post.title}”?`);
    const deleted = await landing(await postMultipart(blogConsole, { intent: "delete", id: String(post.id) }, cookie), cookie);
    expect(deleted).toContain("Post Deleted");
    expect(await prisma.post.count({ where: { id: post.id } })).toBe(0);
    expect(await prisma.upload.count({ where: { id: post.coverImageId! } })).toBe(0);
    expect(await landing(await postMultipart(blogConsole, { intent: "delete", id: String(post.id) }, cookie), cookie)).toContain("Delete Failed");
  });

  test("the list: search by title or author, status filter, sorts, paging, and its JSON twin", async () => {
    const { cookie, token } = await signIn("admin");
    const word = tag();
    const a = await makePost({ kind: "story", title: `Alpha ${word}`, publishedAt: new Date("2025-01-01T12:00:00Z") });
    const b = await makePost({ kind: "story", title: `Beta ${word}`, publishedAt: null });
    const c = await makePost({ kind: "story", title: `Gamma ${word}`, publishedAt: new Date("2025-06-01T12:00:00Z") });
    const ids = async (query: string) => ((await (await send(`/api/admin/posts?kind=story&search=${word}&${query}`, { token })).json()) as { data: Array<{ id: number }> }).data.map((p) => p.id);
    expect(await ids("sort=title&order=asc")).toEqual([a.id, b.id, c.id]);
    expect(await ids("sort=publishedAt&order=desc")).toEqual([c.id, a.id, b.id]);
    expect(await ids("status=draft")).toEqual([b.id]);
    expect(await ids("status=published&sort=title&order=desc")).toEqual([c.id, a.id]);
    expect(await ids("sort=updatedAt&order=desc")).toEqual([c.id, b.id, a.id]);
    const paged = await (await send(`/api/admin/posts?kind=story&search=${word}&limit=2&page=2&sort=title&order=asc`, { token })).json();
    expect(paged.meta).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(await ids("")).not.toContain((await makePost({ kind: "blog", title: `Delta ${word}` })).id);
    // The author is searched too.
    expect((await (await send(`/api/admin/posts?kind=story&search=${encodeURIComponent("Pastor Test")}`, { token })).json()).data.length).toBeGreaterThanOrEqual(3);

    const screen = await html(await send(`${storyConsole}?search=${word}&status=draft`, { cookie }));
    expect(screen).toContain(`Beta ${word}`);
    expect(screen).not.toContain(`Alpha ${word}`);
    for (const query of ["sort=author", "status=gone", "order=up"]) {
      expect((await send(`${storyConsole}?${query}`, { cookie })).headers.get("Location")).toBe(storyConsole);
      expect((await send(`/api/admin/posts?${query}`, { token })).status).toBe(400);
    }
    expect((await send("/api/admin/posts?kind=news", { token })).status).toBe(400);
  });
});

describe("public blog and success stories", () => {
  test("lists published posts newest first, nine a page, without drafts or scheduled posts", async () => {
    // A fresh kind of content for this test: every blog post there is.
    await prisma.post.deleteMany({ where: { kind: "blog" } });
    const start = Date.now() - 30 * 86_400_000;
    const posts = [];
    for (let i = 0; i < 11; i++) posts.push(await makePost({ title: `Published ${i} ${tag()}`, publishedAt: new Date(start + i * 86_400_000) }));
    const draft = await makePost({ title: `Draft ${tag()}`, publishedAt: null });
    const scheduled = await makePost({ title: `Scheduled ${tag()}`, publishedAt: new Date(Date.now() + 86_400_000) });
    const story = await makePost({ kind: "story", title: `A story ${tag()}` });

    const first = await html(await send("/blog"));
    expect(first).toContain("<title>Blog · Ministry Mentors</title>");
    expect(first.indexOf(posts[10].title)).toBeGreaterThan(-1);
    expect(first.indexOf(posts[10].title)).toBeLessThan(first.indexOf(posts[9].title));
    expect(first).toContain(posts[2].title);
    expect(first).not.toContain(posts[1].title);
    for (const hidden of [draft.title, scheduled.title, story.title]) expect(first).not.toContain(hidden);
    expect(first).toContain(`href="/blog/${posts[10].slug}"`);
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain('href="/blog?page=2"');

    const second = await html(await send("/blog?page=2"));
    expect(second).toContain(posts[1].title);
    expect(second).toContain(posts[0].title);
    expect(second).not.toContain(posts[2].title);
    expect(second).toContain('href="/blog"');
    expect((await send("/blog?page=9")).headers.get("Location")).toBe("/blog");
    expect((await send("/blog?page=zero")).headers.get("Location")).toBe("/blog");

    const stories = await html(await send("/success-stories"));
    expect(stories).toContain("<title>Success Stories · Ministry Mentors</title>");
    expect(stories).toContain(story.title);
    expect(stories).not.toContain(posts[10].title);
  });

  test("a post page has its own title, description and Open Graph tags; drafts and unknown slugs are 404 pages", async () => {
    const upload = await prisma.upload.create({
      data: { contentType: "image/webp", byteSize: 4, data: new Uint8Array([1, 2, 3, 4]) },
    });
    const post = await makePost({ kind: "story", title: "How Grace Church Became One", coverImageId: upload.id, body: "## A heading\n\nThe first paragraph.\n\n- one\n- two" });
    const response = await send(`/success-stories/${post.slug}`);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("<title>How Grace Church Became One · Ministry Mentors</title>");
    expect(page).toContain(`<meta name="description" content="${post.summary}"/>`);
    expect(page).toContain(`<meta property="og:title" content="How Grace Church Became One"/>`);
    expect(page).toContain(`<meta property="og:description" content="${post.summary}"/>`);
    expect(page).toContain(`<meta property="og:type" content="article"/>`);
    expect(page).toContain(`<meta property="og:image" content="http://localhost/images/${upload.id}"/>`);
    expect(page).toContain(`<meta property="og:url" content="http://localhost/success-stories/${post.slug}"/>`);
    expect(page).toContain(`<link rel="canonical" href="http://localhost/success-stories/${post.slug}"/>`);
    expect(page).toContain("<h2");
    expect(page).toContain("A heading</h2>");
    expect(page).toContain("<li>one</li>");
    expect(page).toContain("Pastor Test");

    // The same slug as a blog post does not exist; a draft and an unknown slug are 404 pages.
    expect((await send(`/blog/${post.slug}`)).status).toBe(404);
    const draft = await makePost({ publishedAt: null });
    const missing = await send(`/blog/${draft.slug}`);
    expect(missing.status).toBe(404);
    const missingPage = await html(missing);
    expect(missingPage).toContain("We couldn&#x27;t find that article");
    expect(missingPage).toContain("<title>Article not found · Ministry Mentors</title>");
    expect((await send("/blog/no-such-post")).status).toBe(404);
    expect((await send("/blog/%3Cscript%3E")).status).toBe(404);
  });

  test("a post's text is never rendered as HTML, and only safe links become links", async () => {
    const post = await makePost({
      body: '<script>alert("x")</script>\n\n[bad](javascript:alert(1)) and [good](https://example.org/a) and <img src=x onerror=alert(1)>',
    });
    const page = await html(await send(`/blog/${post.slug}`));
    expect(page).not.toContain('<script>alert("x")</script>');
    expect(page).toContain("&lt;script&gt;alert(");
    expect(page).not.toContain(`href="javascript:`);
    expect(page).not.toContain("<img src=x");
    expect(page).toContain('href="https://example.org/a"');
  });
});
