/**
 * Personal access tokens and the marketplace API's door (/api/v1): a mentee or guide makes a token in Settings with a
 * name, scopes and an expiry; it is shown once and stored hashed, listed with its last use, and revocable; the API
 * answers only to a good token, only within its scopes, and only so often per minute. Real Requests through the app.
 */
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { createAccessToken } from "#app/modules/access-tokens/access-tokens.server.ts";
import { actorOf, createPerson, postForm, send, signIn } from "#tests/app.ts";
import { createBookableGuide, freeStart } from "#tests/support/bookable-guide.ts";

type Person = Awaited<ReturnType<typeof createPerson>>;
const cookieOf = async (person: Person) => (await commitSession(await createSession(person.id, "web"))).split(";")[0];
const decode = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

/** Makes a token through Settings as a person would, and reads it from the page the action answers. */
async function makeToken(cookie: string, fields: Record<string, string | string[]>, settings = "/user-dashboard/settings") {
  const body = new URLSearchParams({ intent: "new-token" });
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const response = await send(settings, { method: "POST", body, cookie, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" } });
  const html = decode(await response.text());
  return { response, html, token: html.match(/id="new-token-value"[^>]*value="(mmp_[\w-]+)"/)?.[1] ?? html.match(/value="(mmp_[\w-]+)"[^>]*id="new-token-value"/)?.[1] };
}

const bearer = (token: string) => `Bearer ${token}`;

describe("Personal access tokens", () => {
  let mentee: Person;
  let cookie: string;

  beforeAll(async () => {
    mentee = await createPerson("user", { name: "Hannah Okafor" });
    cookie = await cookieOf(mentee);
  });

  test("made in Settings, shown once, stored as a hash, listed with its scopes and last use", async () => {
    const { response, token, html } = await makeToken(cookie, { name: "Church website", scopes: ["read", "book"], lifetime: "30" });
    expect(response.status).toBe(200);
    expect(token).toMatch(/^mmp_[\w-]{43}$/);
    expect(html).toContain("it is not shown again");

    const row = await prisma.accessToken.findFirstOrThrow({ where: { userId: mentee.id, name: "Church website" } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token!).digest("base64url"));
    expect(JSON.stringify(row)).not.toContain(token!.slice(4, 30));
    expect(row.scopes).toBe("read book");
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    // The list never shows the token again, only its last four characters.
    const listed = decode(await (await send("/user-dashboard/settings", { cookie })).text());
    expect(listed).toContain("Church website");
    expect(listed).toContain(`…${token!.slice(-4)}`);
    expect(listed).not.toContain(token!);
    expect(listed).toContain("never used");

    const me = await send("/api/v1/me", { token: bearer(token!) });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ id: mentee.id, name: "Hannah Okafor", email: mentee.email, role: "user", timeZone: "UTC", scopes: ["read", "book"] });
    expect(me.headers.get("RateLimit-Remaining")).toMatch(/^\d+$/);
    expect((await prisma.accessToken.findUniqueOrThrow({ where: { id: row.id } })).lastUsedAt).not.toBeNull();
    expect(decode(await (await send("/user-dashboard/settings", { cookie })).text())).toContain("last used");
  });

  test("a form without a name or scope is refused beside its fields, keeping what was typed", async () => {
    const before = await prisma.accessToken.count({ where: { userId: mentee.id } });
    const { response, html, token } = await makeToken(cookie, { name: "Sermon planner", lifetime: "90" });
    expect(response.status).toBe(400);
    expect(token).toBeUndefined();
    expect(html).toContain("Choose at least one scope");
    expect(html).toContain('value="Sermon planner"');
    const unnamed = await makeToken(cookie, { name: "  ", scopes: "read", lifetime: "90" });
    expect(unnamed.html).toContain("Give the token a name you will recognise, up to 60 characters");
    const strange = await makeToken(cookie, { name: "x", scopes: "admin", lifetime: "7" });
    expect(strange.response.status).toBe(400);
    expect(await prisma.accessToken.count({ where: { userId: mentee.id } })).toBe(before);
  });

  test("the API refuses no token, a browser session, a wrong, expired or revoked token, and a closed account alike", async () => {
    expect(await (await send("/api/v1/me")).json()).toEqual({ message: "Authentication token is missing" });
    // A browser's cookie opens nothing here, and an admin's API token is another kind.
    expect((await send("/api/v1/me", { cookie })).status).toBe(401);
    const admin = await createPerson("admin");
    const adminToken = await createSession(admin.id, "api");
    expect((await send("/api/v1/me", { token: bearer(adminToken) })).status).toBe(401);

    const person = await createPerson("user");
    const personCookie = await cookieOf(person);
    const { token } = await makeToken(personCookie, { name: "Script", scopes: "read", lifetime: "0" });
    expect((await send("/api/v1/me", { token: bearer(token!) })).status).toBe(200);
    expect((await send("/api/v1/me", { token: bearer(`${token!.slice(0, -1)}x`) })).status).toBe(401);

    await prisma.accessToken.updateMany({ where: { userId: person.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await send("/api/v1/me", { token: bearer(token!) });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ message: "Invalid, expired or revoked token" });
    expect(decode(await (await send("/user-dashboard/settings", { cookie: personCookie })).text())).toContain("Expired");
    await prisma.accessToken.updateMany({ where: { userId: person.id }, data: { expiresAt: null } });

    await prisma.user.update({ where: { id: person.id }, data: { status: "inactive" } });
    expect((await send("/api/v1/me", { token: bearer(token!) })).status).toBe(401);
    await prisma.user.update({ where: { id: person.id }, data: { status: "active" } });

    const row = await prisma.accessToken.findFirstOrThrow({ where: { userId: person.id } });
    const revoked = await postForm("/user-dashboard/settings", { intent: "revoke-token", tokenId: String(row.id) }, personCookie);
    expect(revoked.status).toBe(302);
    expect((await send("/api/v1/me", { token: bearer(token!) })).status).toBe(401);
    expect(decode(await (await send("/user-dashboard/settings", { cookie: personCookie })).text())).not.toContain("…" + token!.slice(-4));
  });

  test("nobody revokes another person's token; an administrator makes none", async () => {
    const owner = await createPerson("user");
    const { token } = await makeToken(await cookieOf(owner), { name: "Mine", scopes: "read", lifetime: "90" });
    const row = await prisma.accessToken.findFirstOrThrow({ where: { userId: owner.id } });
    const stranger = await postForm("/user-dashboard/settings", { intent: "revoke-token", tokenId: String(row.id) }, cookie);
    expect(stranger.status).toBe(302);
    expect((await prisma.accessToken.findUniqueOrThrow({ where: { id: row.id } })).revokedAt).toBeNull();
    expect((await send("/api/v1/me", { token: bearer(token!) })).status).toBe(200);

    const admin = await signIn("admin");
    await expect(createAccessToken(actorOf(admin.person), { name: "x", scopes: ["read"], lifetime: 0 })).rejects.toMatchObject({ status: 403 });
    // The console has no Settings of this kind: an admin asking for a dashboard's Settings is sent to the console.
    expect((await send("/user-dashboard/settings", { cookie: admin.cookie })).status).toBe(302);
  });

  test("each route asks for its scope", async () => {
    const { token } = await makeToken(cookie, { name: "Messages only", scopes: "messages", lifetime: "30" });
    for (const path of ["/api/v1/me", "/api/v1/mentors", "/api/v1/bookings"]) {
      const response = await send(path, { token: bearer(token!) });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ message: 'This token lacks the "read" scope' });
    }
  });

  test("a token's requests per minute are limited, with Retry-After", async () => {
    const person = await createPerson("user");
    const { token } = await makeToken(await cookieOf(person), { name: "Busy", scopes: "read", lifetime: "30" });
    const row = await prisma.accessToken.findFirstOrThrow({ where: { userId: person.id } });
    // The budget (API_RATE_PER_MINUTE, 120 by default) used up, as if many requests came just now.
    await prisma.rateLimit.upsert({
      where: { key: `api-token:${row.id}` },
      create: { key: `api-token:${row.id}`, points: 120, expire: new Date(Date.now() + 30_000) },
      update: { points: 120, expire: new Date(Date.now() + 30_000) },
    });
    const limited = await send("/api/v1/me", { token: bearer(token!) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ message: "Too many requests with this token. Please slow down." });
  });
});

describe("The marketplace API through a token", () => {
  test("a mentee searches mentors with Find a Mentor's facets and lists their bookings; a guide sees requests", async () => {
    const guide = await createBookableGuide();
    const mentee = await createPerson("user");
    const { token } = await makeToken(await cookieOf(mentee), { name: "App", scopes: "read", lifetime: "30" });
    const startsAt = await freeStart(guide.id, 3);
    const booking = await prisma.booking.create({
      data: { userId: mentee.id, guideId: guide.id, topic: "Leading through change", rateCents: 5000, paymentStatus: "paid", status: "confirmed", startsAt, durationMinutes: 60 },
    });

    const search = await send("/api/v1/mentors?sort=price&order=asc&page=1", { token: bearer(token!) });
    expect(search.status).toBe(200);
    const found = (await search.json()) as { mentors: unknown[]; facets: object; meta: { page: number } };
    expect(Array.isArray(found.mentors)).toBe(true);
    expect(found.meta.page).toBe(1);
    expect(found.facets).toHaveProperty("category");
    const refused = await send("/api/v1/mentors?rating=7", { token: bearer(token!) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toHaveProperty("message");

    const mine = (await (await send("/api/v1/bookings?tab=upcoming", { token: bearer(token!) })).json()) as { bookings: { id: number; topic: string; other: { id: number } }[]; meta: { total: number } };
    expect(mine.bookings.map((row) => row.id)).toEqual([booking.id]);
    expect(mine.bookings[0]).toMatchObject({ topic: "Leading through change", other: { id: guide.id }, canMessage: true });
    expect((await send("/api/v1/bookings?tab=someday", { token: bearer(token!) })).status).toBe(400);

    // The guide's own token: a request awaiting their answer is on the requests tab.
    const requested = await prisma.booking.create({
      data: { userId: mentee.id, guideId: guide.id, topic: "A question of calling", rateCents: 0, paymentStatus: "unpaid", status: "requested", startsAt: await freeStart(guide.id, 5), durationMinutes: 60 },
    });
    const { token: guideToken } = await makeToken(await cookieOf(guide), { name: "Guide app", scopes: "read", lifetime: "30" }, "/mentor-dashboard/settings");
    const requests = (await (await send("/api/v1/bookings?tab=requests", { token: bearer(guideToken!) })).json()) as { bookings: { id: number }[] };
    expect(requests.bookings.map((row) => row.id)).toEqual([requested.id]);
  });
});
