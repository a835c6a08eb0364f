import { faker } from "@faker-js/faker";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { cookiesFrom, send, signIn } from "#tests/app.ts";

const screen = "/admin/dashboard/resource-content";
const pdf = () => new File([new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF")], "guide.pdf", { type: "application/pdf" });
const png = async () =>
  new File([new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: "#4f46e5" } }).png().toBuffer())], "cover.png", { type: "image/png" });

function multipart(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

/** Resources with a unique word in the title, oldest first, one minute apart. */
async function makeResources(specs: Array<{ type?: string; title?: string }>) {
  const tag = `r${faker.string.alphanumeric(10).toLowerCase()}`;
  const start = Date.now() - 60 * 60_000;
  const resources = [];
  for (const [i, spec] of specs.entries()) {
    resources.push(
      await prisma.resource.create({
        data: {
          title: spec.title ?? `Resource ${String.fromCharCode(65 + i)} ${tag}`,
          description: `Description ${i} of ${tag}`,
          type: spec.type ?? "article",
          link: `https://example.org/${tag}/${i}`,
          createdAt: new Date(start + i * 60_000),
        },
      }),
    );
  }
  return { tag, resources };
}

async function landing(response: Response, cookie: string) {
  expect(response.status).toBe(302);
  return (await (await send(response.headers.get("Location")!, { cookie: cookiesFrom(response, cookie) })).text()).replaceAll("<!-- -->", "");
}

/** A multipart form POST to the console, as a browser sends it. */
function postMultipart(path: string, fields: Record<string, string | File>, cookie: string) {
  return send(path, { method: "POST", body: multipart(fields), cookie, headers: { Origin: "http://localhost" } });
}

describe("resource lists", () => {
  test("GET /api/admin/resources is public; resources/all needs an admin", async () => {
    const { tag, resources } = await makeResources([{}]);
    const open = await send(`/api/admin/resources?search=${tag}`);
    expect(open.status).toBe(200);
    const body = await open.json();
    expect(body.meta).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1 });
    expect(body.data[0]).toMatchObject({ id: resources[0].id, title: `Resource A ${tag}`, type: "article", link: `https://example.org/${tag}/0`, fileUrl: null });

    expect((await send("/api/admin/resources/all")).status).toBe(401);
    expect((await send("/api/admin/resources/all", { token: (await signIn("user")).token })).status).toBe(403);
    expect((await send("/api/admin/resources", { method: "POST" })).status).toBe(405);
  });

  test("type filter, search, per_page paging and sort=field:direction, newest first by default", async () => {
    const { token } = await signIn("admin");
    const { tag, resources } = await makeResources([
      { type: "video", title: undefined },
      { type: "guide" },
      { type: "video" },
    ]);
    const ids = (body: { data: Array<{ id: number }> }) => body.data.map((r) => r.id);
    const all = await (await send(`/api/admin/resources/all?search=${tag}`, { token })).json();
    expect(ids(all)).toEqual([resources[2].id, resources[1].id, resources[0].id]);
    const videos = await (await send(`/api/admin/resources/all?search=${tag}&type=video`, { token })).json();
    expect(ids(videos)).toEqual([resources[2].id, resources[0].id]);
    const byTitle = await (await send(`/api/admin/resources/all?search=${tag}&sort=title:asc`, { token })).json();
    expect(ids(byTitle)).toEqual(resources.map((r) => r.id));
    const oldest = await (await send(`/api/admin/resources/all?search=${tag}&sort=created_at:asc`, { token })).json();
    expect(ids(oldest)).toEqual(resources.map((r) => r.id));
    const paged = await (await send(`/api/admin/resources/all?search=${tag}&per_page=2&page=2`, { token })).json();
    expect(paged.meta).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(ids(paged)).toEqual([resources[0].id]);
    const byDescription = await (await send(`/api/admin/resources?search=${encodeURIComponent(`Description 1 of ${tag}`)}`)).json();
    expect(ids(byDescription)).toEqual([resources[1].id]);

    for (const query of ["type=poem", "sort=link:asc", "sort=title:sideways", "per_page=500"]) {
      const response = await send(`/api/admin/resources/all?${query}`, { token });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBeTruthy();
    }
    expect((await (await send("/api/admin/resources?type=poem")).json()).message).toBe("type must be one of: article, guide, video, podcast, template");
  });
});

describe("resource mutations through the API", () => {
  test("create with a file, edit with a new image, delete; the file is served and then removed", async () => {
    const { token } = await signIn("admin");
    const tag = `r${faker.string.alphanumeric(10).toLowerCase()}`;
    const created = await send("/api/admin/resources/Create", {
      method: "POST",
      token,
      body: multipart({ title: `Handbook ${tag}`, type: "guide", description: "A handbook.", link: "", file: pdf() }),
    });
    expect(created.status).toBe(201);
    const { data: resource } = await created.json();
    expect(resource).toMatchObject({ title: `Handbook ${tag}`, type: "guide", description: "A handbook.", link: null, fileName: "guide.pdf", fileType: "application/pdf" });
    expect(resource.uploadId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(resource.fileUrl).toBe(`/images/${resource.uploadId}`);
    const file = await send(resource.fileUrl);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");

    const updated = await send(`/api/admin/resources/${resource.id}`, {
      method: "PATCH",
      token,
      body: multipart({ title: `Handbook 2 ${tag}`, type: "template", link: "https://example.org/h2", file: await png() }),
    });
    expect(updated.status).toBe(200);
    const { data: edited } = await updated.json();
    // PATCH changes only the fields sent: the description, not sent, stays
    expect(edited).toMatchObject({ title: `Handbook 2 ${tag}`, type: "template", description: "A handbook.", link: "https://example.org/h2", fileType: "image/webp", fileName: "cover.webp" });
    expect(edited.uploadId).not.toBe(resource.uploadId);
    expect(await prisma.upload.count({ where: { id: resource.uploadId } })).toBe(0);

    const keepFile = await (await send(`/api/admin/resources/${resource.id}`, { method: "PATCH", token, body: multipart({ title: "Kept", type: "guide" }) })).json();
    expect(keepFile.data.uploadId).toBe(edited.uploadId);
    expect(keepFile.data).toMatchObject({ title: "Kept", type: "guide", description: "A handbook.", link: "https://example.org/h2" });
    const cleared = await (await send(`/api/admin/resources/${resource.id}`, { method: "PATCH", token, body: multipart({ description: "" }) })).json();
    expect(cleared.data).toMatchObject({ title: "Kept", description: null, link: "https://example.org/h2" });

    const removed = await send(`/api/admin/resources/${resource.id}`, { method: "DELETE", token });
    expect(removed.status).toBe(200);
    expect(await prisma.resource.count({ where: { id: resource.id } })).toBe(0);
    expect(await prisma.upload.count({ where: { id: edited.uploadId } })).toBe(0);
    const again = await send(`/api/admin/resources/${resource.id}`, { method: "DELETE", token });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: "Resource not found" });
  });

  test("validation messages and refusals", async () => {
    const { token } = await signIn("admin");
    const create = (fields: Record<string, string | File>) => send("/api/admin/resources/Create", { method: "POST", token, body: multipart(fields) });
    expect(await (await create({ type: "article", link: "https://example.org" })).json()).toEqual({
      message: expect.stringMatching(/Title is required$/),
      errors: { title: ["Title is required"] },
    });
    expect((await (await create({ title: "T", type: "poem", link: "https://example.org" })).json()).message).toBe("type must be one of: article, guide, video, podcast, template");
    expect((await (await create({ title: "T", link: "https://example.org" })).json()).message).toMatch(/Type is required$/);
    expect((await (await create({ title: "T", type: "article", link: "javascript:alert(1)" })).json()).message).toBe("Link must be a valid http(s) URL");
    const nothing = await create({ title: "T", type: "article" });
    expect(nothing.status).toBe(400);
    expect(await nothing.json()).toEqual({ message: "Add a link or upload a file", errors: { link: ["Add a link or upload a file"] } });
    const notAFile = await create({ title: "T", type: "article", file: new File(["just text"], "notes.txt", { type: "text/plain" }) });
    expect(notAFile.status).toBe(415);
    const json = await send("/api/admin/resources/Create", { method: "POST", token, body: "{}", headers: { "Content-Type": "application/json" } });
    expect(json.status).toBe(400);

    const { resources } = await makeResources([{}]);
    const path = `/api/admin/resources/${resources[0].id}`;
    // removing the only link of a resource without a file is refused (a PATCH without link keeps it)
    const unlinked = await send(path, { method: "PATCH", token, body: multipart({ title: "T", type: "article", link: "" }) });
    expect(unlinked.status).toBe(400);
    expect(await unlinked.json()).toMatchObject({ message: "Add a link or upload a file" });
    expect((await prisma.resource.findUniqueOrThrow({ where: { id: resources[0].id } })).link).toBe(resources[0].link);
    const nothingSent = await send(path, { method: "PATCH", token, body: multipart({}) });
    expect(nothingSent.status).toBe(400);
    expect((await nothingSent.json()).message).toBe("Send at least one field to change");
    expect((await send("/api/admin/resources/999999999", { method: "PATCH", token, body: multipart({ title: "T", type: "article", link: "https://example.org" }) })).status).toBe(404);
    expect((await send(path, { method: "PUT", token, body: multipart({ title: "T", type: "article" }) })).status).toBe(405);

    const guide = await signIn("guide");
    for (const [target, method] of [["/api/admin/resources/Create", "POST"], [path, "PATCH"], [path, "DELETE"]]) {
      const body = multipart({ title: "Hacked", type: "article", link: "https://example.org" });
      expect((await send(target, { method, body })).status).toBe(401);
      expect((await send(target, { method, token: guide.token, body: multipart({ title: "Hacked", type: "article", link: "https://example.org" }) })).status).toBe(403);
    }
    expect((await prisma.resource.findUniqueOrThrow({ where: { id: resources[0].id } })).title).toBe(resources[0].title);
  });
});

describe("Resources screen", () => {
  test("lists with type filter, search, sort and paging", async () => {
    const { cookie } = await signIn("admin");
    const { tag } = await makeResources([{ type: "podcast" }, { type: "template" }, { type: "podcast" }]);
    const html = (await (await send(`${screen}?search=${tag}`, { cookie })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("<title>Resources · Ministry Mentors</title>");
    expect(html.indexOf(`Resource C ${tag}`)).toBeLessThan(html.indexOf(`Resource A ${tag}`));
    const podcasts = await (await send(`${screen}?search=${tag}&type=podcast`, { cookie })).text();
    expect(podcasts).not.toContain(`Resource B ${tag}`);
    const sorted = await (await send(`${screen}?search=${tag}&sort=title&order=asc&limit=2`, { cookie })).text();
    expect(sorted).toContain(`Resource A ${tag}`);
    expect(sorted).not.toContain(`Resource C ${tag}`);
    const bad = await send(`${screen}?type=poem`, { cookie });
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe(screen);
  });

  test("create ('Content created'), edit ('Resource updated'), delete ('Content deleted') with a file upload", async () => {
    const { cookie } = await signIn("admin");
    const tag = `r${faker.string.alphanumeric(10).toLowerCase()}`;
    expect(await (await send(`${screen}?new=1`, { cookie })).text()).toContain("Create Resource");

    const invalid = await postMultipart(`${screen}?new=1`, { intent: "create", title: "", type: "article", link: "" }, cookie);
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toContain("<li>Title is required</li>");
    expect(invalidHtml).toContain("<li>Add a link or upload a file</li>");

    const created = await postMultipart(`${screen}?new=1`, { intent: "create", title: `Sermon planner ${tag}`, type: "template", description: "Plan a year.", link: "", file: pdf() }, cookie);
    expect(await landing(created, cookie)).toContain("Content created");
    const resource = await prisma.resource.findFirstOrThrow({ where: { title: `Sermon planner ${tag}` }, include: { upload: { select: { contentType: true } } } });
    expect(resource).toMatchObject({ type: "template", description: "Plan a year.", link: null });
    expect(resource.upload?.contentType).toBe("application/pdf");

    const id = String(resource.id);
    expect(await (await send(`${screen}?edit=${id}`, { cookie })).text()).toContain(`value="Sermon planner ${tag}"`);
    const updated = await postMultipart(`${screen}?edit=${id}`, { intent: "update", id, title: `Planner ${tag}`, type: "guide", description: "", link: "https://example.org/p" }, cookie);
    expect(await landing(updated, cookie)).toContain("Resource updated");
    expect(await prisma.resource.findUniqueOrThrow({ where: { id: resource.id } })).toMatchObject({ title: `Planner ${tag}`, type: "guide", description: null, uploadId: resource.uploadId });

    expect(await (await send(`${screen}?delete=${id}`, { cookie })).text()).toContain("Confirm Delete");
    const deleted = await postMultipart(screen, { intent: "delete", id }, cookie);
    expect(await landing(deleted, cookie)).toContain("Content deleted");
    expect(await prisma.resource.count({ where: { id: resource.id } })).toBe(0);
  });

  test("failures: 'Create Failed' for a file that is not a PDF or image, 'Update Failed' and 'Delete Failed' for a missing resource", async () => {
    const { cookie } = await signIn("admin");
    const created = await landing(await postMultipart(screen, { intent: "create", title: "Bad file", type: "article", file: new File(["plain"], "a.txt", { type: "text/plain" }) }, cookie), cookie);
    expect(created).toContain("Create Failed");
    expect(created).toContain("The file must be an image");
    const updated = await landing(await postMultipart(screen, { intent: "update", id: "999999999", title: "T", type: "article", link: "https://example.org" }, cookie), cookie);
    expect(updated).toContain("Update Failed");
    expect(updated).toContain("Resource not found");
    const deleted = await landing(await postMultipart(screen, { intent: "delete", id: "999999999" }, cookie), cookie);
    expect(deleted).toContain("Delete Failed");
  });

  test("people who are not admins cannot change resources", async () => {
    const { resources } = await makeResources([{}]);
    const { cookie } = await signIn("user");
    const response = await postMultipart(screen, { intent: "delete", id: String(resources[0].id) }, cookie);
    expect(response.headers.get("Location")).toBe("/user-dashboard");
    expect(await prisma.resource.count({ where: { id: resources[0].id } })).toBe(1);
  });
});

describe("public /resources", () => {
  test("shows cards without signing in, with type filter and links", async () => {
    const { tag, resources } = await makeResources([{ type: "video" }, { type: "article" }]);
    const upload = await prisma.upload.create({ data: { contentType: "application/pdf", fileName: "x.pdf", byteSize: 4, data: new Uint8Array([37, 80, 68, 70]) } });
    await prisma.resource.update({ where: { id: resources[1].id }, data: { uploadId: upload.id } });
    const html = (await (await send(`/resources?search=${tag}`)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`Resource A ${tag}`);
    expect(html).toContain(`Description 1 of ${tag}`);
    expect(html).toContain(`href="https://example.org/${tag}/0"`);
    expect(html).toContain(`href="/images/${upload.id}"`);
    const videos = await (await send(`/resources?search=${tag}&type=video`)).text();
    expect(videos).toContain(`Resource A ${tag}`);
    expect(videos).not.toContain(`Resource B ${tag}`);
    expect(await (await send(`/resources?search=nothing-${tag}`)).text()).toContain("No resources found.");
  });
});
