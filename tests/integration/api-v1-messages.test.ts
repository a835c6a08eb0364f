/**
 * Conversations and messages through the marketplace API with a personal access token (scope `messages`), for mentees
 * and guides alike: the same list and rules as the Messages screens (who may write to whom, length, blocks), reading
 * marks read as opening the conversation does, a message sent through the API is on the other person's screen, and a
 * repeat with the same Idempotency-Key sends once. Real Requests through the built app against the real database.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { createAccessToken } from "#app/modules/access-tokens/access-tokens.server.ts";
import type { TokenScope } from "#app/modules/access-tokens/scopes.ts";
import { actorOf, createPerson, send } from "#tests/app.ts";

type Person = Awaited<ReturnType<typeof createPerson>>;

async function tokenOf(person: Person, scopes: TokenScope[] = ["messages"]) {
  const { token } = await createAccessToken(actorOf(person), { name: "Tests", scopes, lifetime: 30 });
  return `Bearer ${token}`;
}

const cookieOf = async (person: Person) => (await commitSession(await createSession(person.id, "web"))).split(";")[0];

const post = (path: string, token: string | undefined, body: unknown, key?: string) =>
  send(path, { method: "POST", token, body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...(key ? { "Idempotency-Key": key } : {}) } });

const read = async <T>(response: Response) => (await response.json()) as T;

type Conversation = { person: { id: number; name: string }; canWrite: boolean; refusal: string | null; messages: { id: number; body: string; fromMe: boolean; readAt: string | null }[]; hasEarlier: boolean };
type Threads = { conversations: { person: { id: number }; lastMessage: { body: string; fromMe: boolean }; unread: number }[]; contacts: { id: number }[]; meta: { total: number; limit: number } };

async function bookedPair() {
  const guide = await createPerson("guide");
  const mentee = await createPerson("user");
  await prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, startsAt: new Date(Date.now() + 3 * 86_400_000), topic: "Elders", rateCents: 5000, status: "confirmed", paymentStatus: "paid" } });
  return { guide, mentee };
}

describe("conversations through the API", () => {
  let guide: Person;
  let mentee: Person;
  let menteeToken: string;
  let guideToken: string;

  beforeAll(async () => {
    ({ guide, mentee } = await bookedPair());
    menteeToken = await tokenOf(mentee);
    guideToken = await tokenOf(guide);
  });

  test("a mentee starts a conversation with the guide they booked; it is on the guide's inbox screen, unread, and the guide answers", async () => {
    const before = await read<Threads>(await send("/api/v1/conversations", { token: menteeToken }));
    expect(before.conversations).toEqual([]);
    expect(before.contacts.map((contact) => contact.id)).toEqual([guide.id]);

    const sent = await post(`/api/v1/conversations/${guide.id}/messages`, menteeToken, { body: "  Could we talk about our elders' retreat?  " });
    expect(sent.status).toBe(201);
    const { message } = await read<{ message: { id: number; body: string; fromMe: boolean; readAt: null } }>(sent);
    expect(message).toMatchObject({ body: "Could we talk about our elders' retreat?", fromMe: true, readAt: null });
    expect(await prisma.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ senderId: mentee.id, recipientId: guide.id });

    // The guide's Messages screen lists it, with its unread count and the bell's notification.
    const inbox = await send("/mentor-dashboard/messages", { cookie: await cookieOf(guide) });
    expect(inbox.status).toBe(200);
    expect((await inbox.text()).replaceAll("&#x27;", "'")).toContain("Could we talk about our elders' retreat?");
    const guideThreads = await read<Threads>(await send("/api/v1/conversations", { token: guideToken }));
    expect(guideThreads.conversations).toEqual([expect.objectContaining({ person: expect.objectContaining({ id: mentee.id }), unread: 1, lastMessage: expect.objectContaining({ fromMe: false }) })]);
    expect(guideThreads.meta).toMatchObject({ total: 1, limit: 20 });
    expect(await prisma.notification.count({ where: { userId: guide.id, kind: "message", readAt: null } })).toBe(1);

    // Reading it through the API marks it read, as opening it on the screen does (and the bell's notification).
    const opened = await read<Conversation>(await send(`/api/v1/conversations/${mentee.id}/messages`, { token: guideToken }));
    expect(opened).toMatchObject({ person: { id: mentee.id }, canWrite: true, refusal: null, hasEarlier: false });
    expect(opened.messages.map((m) => [m.body, m.fromMe])).toEqual([["Could we talk about our elders' retreat?", false]]);
    expect((await prisma.message.findUniqueOrThrow({ where: { id: message.id } })).readAt).not.toBeNull();
    expect(await prisma.notification.count({ where: { userId: guide.id, kind: "message", readAt: null } })).toBe(0);
    expect((await read<Threads>(await send("/api/v1/conversations", { token: guideToken }))).conversations[0].unread).toBe(0);

    const answer = await post(`/api/v1/conversations/${mentee.id}/messages`, guideToken, { body: "Gladly. Thursday?" });
    expect(answer.status).toBe(201);
    const thread = await read<Conversation>(await send(`/api/v1/conversations/${guide.id}/messages`, { token: menteeToken }));
    expect(thread.messages.map((m) => [m.body, m.fromMe])).toEqual([
      ["Could we talk about our elders' retreat?", true],
      ["Gladly. Thursday?", false],
    ]);
    // The mentee's own inbox screen shows the guide's answer.
    expect(await (await send("/user-dashboard/messages", { cookie: await cookieOf(mentee) })).text()).toContain("Gladly. Thursday?");
  });

  test("pages of the conversation go back with `before`; the list pages and searches as the screen's", async () => {
    const { guide: other, mentee: writer } = await bookedPair();
    await prisma.user.update({ where: { id: other.id }, data: { name: "Zebulon Quillfeather" } });
    await prisma.message.createMany({ data: Array.from({ length: 55 }, (_, i) => ({ senderId: writer.id, recipientId: other.id, body: `Note ${i + 1}` })) });
    const token = await tokenOf(writer);
    const newest = await read<Conversation>(await send(`/api/v1/conversations/${other.id}/messages`, { token }));
    expect(newest.messages).toHaveLength(50);
    expect(newest.hasEarlier).toBe(true);
    expect(newest.messages.at(-1)?.body).toBe("Note 55");
    const earlier = await read<Conversation>(await send(`/api/v1/conversations/${other.id}/messages?before=${newest.messages[0].id}`, { token }));
    expect(earlier.messages.map((m) => m.body)).toEqual(["Note 1", "Note 2", "Note 3", "Note 4", "Note 5"]);
    expect(earlier.hasEarlier).toBe(false);
    const badBefore = await send(`/api/v1/conversations/${other.id}/messages?before=abc`, { token });
    expect(badBefore.status).toBe(400);
    expect(await badBefore.json()).toMatchObject({ message: "before must be a message's id" });

    const found = await read<Threads>(await send("/api/v1/conversations?search=quillfeather&limit=5", { token }));
    expect(found.conversations.map((row) => row.person.id)).toEqual([other.id]);
    expect(found.meta.limit).toBe(5);
    expect((await read<Threads>(await send("/api/v1/conversations?search=qxzjvq", { token }))).conversations).toEqual([]);
    const badPage = await send("/api/v1/conversations?page=0", { token });
    expect(badPage.status).toBe(400);
  });

  test("the screen's rules refuse: no booking, a block, an empty or long message, oneself, another's conversation", async () => {
    const stranger = await createPerson("guide");
    const noBooking = await post(`/api/v1/conversations/${stranger.id}/messages`, menteeToken, { body: "Hello" });
    expect(noBooking.status).toBe(404);
    expect(await noBooking.json()).toEqual({ message: "You can message a guide once you have booked a session with them." });
    const notOpen = await send(`/api/v1/conversations/${stranger.id}/messages`, { token: menteeToken });
    expect(notOpen.status).toBe(404);
    // Another mentee is no correspondent of a mentee: the same 404 as nobody.
    const otherMentee = await createPerson("user");
    expect((await send(`/api/v1/conversations/${otherMentee.id}/messages`, { token: menteeToken })).status).toBe(404);
    expect((await send("/api/v1/conversations/999999999/messages", { token: menteeToken })).status).toBe(404);

    const empty = await post(`/api/v1/conversations/${guide.id}/messages`, menteeToken, { body: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: "Message is required", errors: { body: ["Message is required"] } });
    const long = await post(`/api/v1/conversations/${guide.id}/messages`, menteeToken, { body: "x".repeat(5001) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ message: "Message must be at most 5000 characters" });
    const self = await post(`/api/v1/conversations/${mentee.id}/messages`, menteeToken, { body: "Me" });
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ message: "You cannot send a message to yourself" });
    expect((await post("/api/v1/conversations/abc/messages", menteeToken, { body: "Hi" })).status).toBe(400);

    await prisma.messageBlock.create({ data: { blockerId: guide.id, blockedId: mentee.id } });
    const blocked = await post(`/api/v1/conversations/${guide.id}/messages`, menteeToken, { body: "Are you there?" });
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toEqual({ message: `${guide.name} is not accepting messages from you.` });
    const view = await read<Conversation>(await send(`/api/v1/conversations/${guide.id}/messages`, { token: menteeToken }));
    expect(view).toMatchObject({ canWrite: false, refusal: `${guide.name} is not accepting messages from you.` });
    await prisma.messageBlock.deleteMany({ where: { blockerId: guide.id } });
    expect(await prisma.message.count({ where: { senderId: mentee.id, body: { in: ["Hello", "Are you there?", "Me", "Hi"] } } })).toBe(0);
  });

  test("no token is a 401, another scope a 403, a method it does not take a 405", async () => {
    const list = await send("/api/v1/conversations");
    expect(list.status).toBe(401);
    expect(await list.json()).toEqual({ message: "Authentication token is missing" });
    expect((await post(`/api/v1/conversations/${guide.id}/messages`, undefined, { body: "Hi" })).status).toBe(401);
    const readOnly = await tokenOf(mentee, ["read", "book", "schedule"]);
    const refused = await send("/api/v1/conversations", { token: readOnly });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'This token lacks the "messages" scope' });
    expect((await send(`/api/v1/conversations/${guide.id}/messages`, { token: readOnly })).status).toBe(403);
    expect((await post(`/api/v1/conversations/${guide.id}/messages`, readOnly, { body: "Hi" })).status).toBe(403);
    // A browser session opens no part of /api/v1.
    expect((await send("/api/v1/conversations", { cookie: await cookieOf(mentee) })).status).toBe(401);
    expect((await send(`/api/v1/conversations/${guide.id}/messages`, { method: "DELETE", token: menteeToken })).status).toBe(405);
    expect((await send("/api/v1/conversations", { method: "POST", token: menteeToken })).status).toBe(405);
  });

  test("a repeat with the same Idempotency-Key answers the first answer and sends once", async () => {
    const body = { body: "Sent once, however often retried" };
    const first = await post(`/api/v1/conversations/${guide.id}/messages`, menteeToken, body, "message-once");
    const again = await post(`/api/v1/conversations/${guide.id}/messages`, menteeToken, body, "message-once");
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await prisma.message.count({ where: { senderId: mentee.id, body: body.body } })).toBe(1);
    const other = await post(`/api/v1/conversations/${guide.id}/messages`, menteeToken, { body: "Something else" }, "message-once");
    expect(other.status).toBe(422);
  });
});
