import { faker } from "@faker-js/faker";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { cookiesFrom, createPerson, postForm, send, signIn } from "#tests/app.ts";

const screen = "/admin/dashboard/messaging";
const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
const tagged = () => `Org${faker.string.alphanumeric(10).toLowerCase()}`;

/** People of one role sharing a unique organisation (so a search finds exactly them), named A…, B…, C… */
async function makePeople(role: "user" | "guide", count: number) {
  const tag = tagged();
  const people = [];
  for (let i = 0; i < count; i++) {
    people.push(await createPerson(role, { name: `${String.fromCharCode(65 + i)}person ${tag}`, organisation: tag }));
  }
  return { tag, people };
}

async function message(senderId: number, recipientId: number, body: string, minutesAgo: number, read = false) {
  const createdAt = new Date(Date.now() - minutesAgo * 60_000);
  return prisma.message.create({ data: { senderId, recipientId, body, createdAt, readAt: read ? createdAt : null } });
}

describe("GET /api/admin/user-guide/list", () => {
  test("guides by default, users on request, searched, sorted and paged", async () => {
    const { token } = await signIn("admin");
    const guides = await makePeople("guide", 3);
    const users = await makePeople("user", 2);
    const response = await send(`/api/admin/user-guide/list?search=${guides.tag}`, { token });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.meta).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
    expect(body.data.map((p: { id: number }) => p.id)).toEqual(guides.people.map((p) => p.id));
    expect(body.data[0]).toMatchObject({ role: "guide", organisation: guides.tag, email: guides.people[0].email });

    const wrongRole = await (await send(`/api/admin/user-guide/list?filter=users&search=${guides.tag}`, { token })).json();
    expect(wrongRole.data).toEqual([]);
    const usersOnly = await (await send(`/api/admin/user-guide/list?filter=users&search=${users.tag}`, { token })).json();
    expect(usersOnly.data.map((p: { role: string }) => p.role)).toEqual(["user", "user"]);

    const paged = await (await send(`/api/admin/user-guide/list?search=${guides.tag}&sort=name&order=desc&limit=2&page=2`, { token })).json();
    expect(paged.meta).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(paged.data.map((p: { id: number }) => p.id)).toEqual([guides.people[0].id]);

    await prisma.user.update({ where: { id: guides.people[1].id }, data: { isDeleted: true } });
    const afterDelete = await (await send(`/api/admin/user-guide/list?search=${guides.tag}`, { token })).json();
    expect(afterDelete.meta.total).toBe(2);
  });

  test("refuses a bad filter and people who are not admins", async () => {
    const { token } = await signIn("admin");
    const bad = await send("/api/admin/user-guide/list?filter=admins", { token });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "filter must be guides or users" });
    expect((await send("/api/admin/user-guide/list?sort=password", { token })).status).toBe(400);
    expect((await send("/api/admin/user-guide/list")).status).toBe(401);
    expect((await send("/api/admin/user-guide/list", { token: (await signIn("user")).token })).status).toBe(403);
  });
});

describe("Users and Guides screen", () => {
  test("lists guides by default and users with the filter, each with a Message link", async () => {
    const { cookie } = await signIn("admin");
    const guides = await makePeople("guide", 2);
    const page = await html(await send(`/admin/dashboard/user-guide?search=${guides.tag}`, { cookie }));
    expect(page).toContain("<title>Users and Guides · Ministry Mentors</title>");
    expect(page).toContain(`Aperson ${guides.tag}`);
    expect(page).toContain(`href="/admin/dashboard/messaging?with=${guides.people[0].id}"`);
    expect(page.indexOf(`Aperson ${guides.tag}`)).toBeLessThan(page.indexOf(`Bperson ${guides.tag}`));
    const sorted = await html(await send(`/admin/dashboard/user-guide?search=${guides.tag}&sort=name&order=desc&limit=1`, { cookie }));
    expect(sorted).toContain(`Bperson ${guides.tag}`);
    expect(sorted).not.toContain(`Aperson ${guides.tag}`);
    const users = await makePeople("user", 1);
    expect(await html(await send(`/admin/dashboard/user-guide?search=${users.tag}`, { cookie }))).toContain("No data found");
    expect(await html(await send(`/admin/dashboard/user-guide?filter=users&search=${users.tag}`, { cookie }))).toContain(`Aperson ${users.tag}`);
    // A filter the list does not have is dropped: guides, the default.
    const bad = await send("/admin/dashboard/user-guide?filter=admins", { cookie });
    expect(bad.headers.get("Location")).toBe("/admin/dashboard/user-guide");
  });
});

describe("Messaging screen", () => {
  test("threads show the latest message and unread counts; opening one marks it read", async () => {
    const { cookie, person: admin } = await signIn("admin");
    const { tag, people } = await makePeople("user", 2);
    const [ann, ben] = people;
    await message(admin.id, ann.id, `Hello Ann ${tag}`, 30, true);
    await message(ann.id, admin.id, `First reply ${tag}`, 20);
    await message(ann.id, admin.id, `Second reply ${tag}`, 10);
    await message(admin.id, ben.id, `Hello Ben ${tag}`, 5);

    const page = await html(await send(`${screen}?search=${tag}`, { cookie }));
    expect(page).toContain("<title>Messaging · Ministry Mentors</title>");
    expect(page.indexOf(`Bperson ${tag}`)).toBeLessThan(page.indexOf(`Aperson ${tag}`));
    expect(page).toContain(`You: Hello Ben ${tag}`);
    expect(page).toContain(`Second reply ${tag}`);
    expect(page).toMatch(/>2<span class="sr-only"> unread<\/span>/);
    expect(page).toContain("Choose a conversation");

    const open = await html(await send(`${screen}?search=${tag}&with=${ann.id}`, { cookie }));
    expect(open.indexOf(`Hello Ann ${tag}`)).toBeLessThan(open.indexOf(`First reply ${tag}`));
    expect(open.indexOf(`First reply ${tag}`)).toBeLessThan(open.lastIndexOf(`Second reply ${tag}`));
    expect(open).toContain(`Message to Aperson ${tag}`);
    expect(open).not.toMatch(/>2<span class="sr-only"> unread<\/span>/);
    expect(await prisma.message.count({ where: { senderId: ann.id, recipientId: admin.id, readAt: null } })).toBe(0);

    const paged = await html(await send(`${screen}?search=${tag}&limit=1&page=2`, { cookie }));
    expect(paged).toContain(`Aperson ${tag}`);
    expect(paged).not.toContain(`Bperson ${tag}`);
  });

  test("sending a message stores it and comes back to the conversation; an empty one is refused", async () => {
    const { cookie, person: admin } = await signIn("admin");
    const { tag, people } = await makePeople("guide", 1);
    const guide = people[0];
    const fresh = await html(await send(`${screen}?with=${guide.id}`, { cookie }));
    expect(fresh).toContain(`No messages yet. Say hello to Aperson ${tag}.`);

    const empty = await postForm(`${screen}?with=${guide.id}`, { recipientId: String(guide.id), body: "  " }, cookie);
    expect(empty.status).toBe(400);
    expect(await html(empty)).toContain("<li>Message is required</li>");

    const sent = await postForm(`${screen}?with=${guide.id}&before=5`, { recipientId: String(guide.id), body: `Welcome aboard ${tag}` }, cookie);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`${screen}?with=${guide.id}`);
    const stored = await prisma.message.findFirstOrThrow({ where: { senderId: admin.id, recipientId: guide.id } });
    expect(stored.body).toBe(`Welcome aboard ${tag}`);
    expect(stored.readAt).toBeNull();
    const after = await html(await send(sent.headers.get("Location")!, { cookie }));
    expect(after).toContain(`Welcome aboard ${tag}`);
    expect(after).toContain("· Sent");
  });

  test("a reply appears on the next load (what the screen's polling fetches) and is then read", async () => {
    const { cookie, person: admin } = await signIn("admin");
    const { tag, people } = await makePeople("user", 1);
    await message(admin.id, people[0].id, `Question ${tag}`, 2);
    const before = await html(await send(`${screen}?with=${people[0].id}`, { cookie }));
    expect(before).not.toContain(`Answer ${tag}`);
    const reply = await message(people[0].id, admin.id, `Answer ${tag}`, 0);
    const data = await send(`${screen}.data?with=${people[0].id}`, { cookie });
    expect(data.status).toBe(200);
    expect(await data.text()).toContain(`Answer ${tag}`);
    expect((await prisma.message.findUniqueOrThrow({ where: { id: reply.id } })).readAt).not.toBeNull();
  });

  test("long conversations show the latest 50 with a link to earlier messages", async () => {
    const { cookie, person: admin } = await signIn("admin");
    const { tag, people } = await makePeople("user", 1);
    const first = await message(people[0].id, admin.id, `Number 0 ${tag}`, 200, true);
    for (let i = 1; i < 55; i++) await message(i % 2 ? admin.id : people[0].id, i % 2 ? people[0].id : admin.id, `Number ${i} ${tag}.`, 200 - i, true);
    const latest = await html(await send(`${screen}?with=${people[0].id}`, { cookie }));
    expect(latest).toContain(`Number 54 ${tag}.`);
    expect(latest).not.toContain(`Number 0 ${tag}`);
    const earlierHref = latest.match(/href="([^"]*before=\d+[^"]*)"[^>]*>Show earlier messages/)?.[1]?.replaceAll("&amp;", "&");
    expect(earlierHref).toBeTruthy();
    const earlier = await html(await send(earlierHref!, { cookie }));
    expect(earlier).toContain(`Number 0 ${tag}`);
    expect(earlier).not.toContain(`Number 53 ${tag}.`);
    expect(first.id).toBeGreaterThan(0);
  });

  test("unknown or removed recipients and writing to oneself are refused with 'Submission Failed'", async () => {
    const { cookie, person: admin } = await signIn("admin");
    const missing = await html(await send(`${screen}?with=999999999`, { cookie }));
    expect(missing).toContain("Recipient not found");

    const removed = await createPerson("user");
    await prisma.user.update({ where: { id: removed.id }, data: { isDeleted: true } });
    for (const [recipientId, text] of [
      [removed.id, "Recipient not found"],
      [admin.id, "You cannot send a message to yourself"],
    ] as const) {
      const response = await postForm(screen, { recipientId: String(recipientId), body: "Hello" }, cookie);
      expect(response.status).toBe(302);
      const page = await html(await send(response.headers.get("Location")!, { cookie: cookiesFrom(response, cookie) }));
      expect(page).toContain("Submission Failed");
      expect(page).toContain(text);
    }
    expect(await prisma.message.count({ where: { senderId: admin.id, recipientId: { in: [removed.id, admin.id] } } })).toBe(0);
  });

  test("people who are not admins cannot use the console's messaging", async () => {
    const { cookie } = await signIn("guide");
    const target = await createPerson("user");
    const response = await postForm(screen, { recipientId: String(target.id), body: "Hi" }, cookie);
    expect(response.headers.get("Location")).toBe("/mentor-dashboard");
    expect(await prisma.message.count({ where: { recipientId: target.id } })).toBe(0);
  });
});
