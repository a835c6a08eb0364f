import { expectConsoleError } from "#tests/setup/console.ts";
/**
 * The console's audit log: every change made through the console or the admin API writes one row in the change's own
 * transaction (who, when, through which door, the record, the action, the fields before and after, never a secret);
 * the Audit log screen and GET /api/admin/audit-log list them with one definition; a record's console page shows its
 * own history; and nothing in the product edits or deletes a row.
 */
import { beforeAll, describe, expect, test } from "vitest";
import routeConfig from "#app/routes.ts";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { cancelBooking, proposeTime } from "#app/modules/bookings/lifecycle.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { freeTimes } from "#app/modules/schedule/schedule.server.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";
import { actorOf, createPerson, postForm, send, signIn } from "#tests/app.ts";
import { fillPath, flattenRouteConfig, paramsOf } from "#tests/support/route-matrix.ts";

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
const text = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  admin = await signIn("admin");
});

/** The changes of a record (an admin's openings of a person's records are told apart: opened-records.test.ts). */
const rowsFor = (recordKind: string, recordId: number | string) =>
  prisma.auditEntry.findMany({ where: { recordKind, recordId: String(recordId), NOT: { action: { startsWith: "open-" } } }, orderBy: { id: "asc" } });

describe("changes write their audit row", () => {
  test("deactivating a user on screen writes one row: the admin, the door, the record, and status before and after", async () => {
    const person = await createPerson("user");
    const response = await postForm("/admin/dashboard/user-management/user", { intent: "status", id: String(person.id), status: "inactive" }, admin.cookie);
    expect(response.status).toBe(302);
    const rows = await rowsFor("user", person.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.person.id, actorName: admin.person.name, door: "screen", recordLabel: person.name, action: "deactivate" });
    expect(JSON.parse(rows[0].changes)).toEqual({ status: { before: "active", after: "inactive" } });
  });

  test("the same change through the API says so; a guide request rejected keeps its reason", async () => {
    const guide = await createPerson("guide", { isVerified: false });
    expect((await send(`/api/admin/guide/${guide.id}/status/inactive`, { method: "PATCH", token: admin.token })).status).toBe(200);
    await prisma.guideRequest.create({ data: { guideId: guide.id, status: "pending" } });
    const reject = await send(`/api/admin/mentor-request-update/${guide.id}/2`, { method: "PATCH", token: admin.token, ...json({ declineReason: "Please add two references." }) });
    expect(reject.status, await reject.clone().text()).toBe(200);
    const rows = await rowsFor("guide", guide.id);
    expect(rows.map((row) => [row.action, row.door])).toEqual([["deactivate", "api"], ["reject", "api"]]);
    expect(JSON.parse(rows[1].changes)).toMatchObject({ status: { before: "pending", after: "rejected" }, declineReason: { before: null, after: "Please add two references." } });
  });

  test("an edit keeps only the fields that changed; a password set by an admin is a row with no secret in it", async () => {
    const person = await createPerson("user");
    const before = await prisma.user.findUniqueOrThrow({ where: { id: person.id } });
    const response = await send(`/api/admin/update-user-by-id/${person.id}`, {
      method: "PUT",
      token: admin.token,
      ...json({
        name: person.name,
        title: "Deacon",
        organisation: before.organisation,
        education: "B.A.",
        bio: "Hello",
        specialties: [],
        password: "Str0ng!Pass",
        confirmPassword: "Str0ng!Pass",
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const rows = await rowsFor("user", person.id);
    expect(rows.map((row) => row.action)).toEqual(["update", "set-password"]);
    expect(JSON.parse(rows[0].changes)).toEqual({
      title: { before: null, after: "Deacon" },
      education: { before: null, after: "B.A." },
      bio: { before: null, after: "Hello" },
    });
    expect(JSON.parse(rows[1].changes)).toEqual({});
    const hash = (await prisma.password.findUniqueOrThrow({ where: { userId: person.id } })).hash;
    const everything = JSON.stringify(await prisma.auditEntry.findMany());
    expect(everything).not.toContain(hash);
    expect(everything).not.toContain("Str0ng!Pass");
    expect(everything).not.toMatch(/"password|"hash|"token/i);
  });

  test("FAQs, settings and a hidden review are audited too", async () => {
    const created = await send("/api/admin/faq/create", { method: "POST", token: admin.token, ...json({ type: "general", question: "Audited question?", answer: "Yes.", is_active: true }) });
    expect(created.status, await created.clone().text()).toBeLessThan(300);
    const faq = await prisma.faq.findFirstOrThrow({ where: { question: "Audited question?" } });
    expect((await send(`/api/admin/faq/delete/${faq.id}`, { method: "DELETE", token: admin.token })).status).toBe(200);
    expect((await rowsFor("faq", faq.id)).map((row) => row.action)).toEqual(["create", "delete"]);
  });

  test("a failed change leaves no row: a rolled-back transaction, a missing record, a decision already taken", async () => {
    const count = () => prisma.auditEntry.count();
    const start = await count();
    const actor = actorOf(admin.person);
    await expect(
      transaction(async (tx) => {
        await recordAudit(tx, actor, { kind: "user", id: 1, label: "Nobody", action: "delete" });
        throw new Error("the change failed after its audit row");
      }),
    ).rejects.toThrow("the change failed");
    expect(await count()).toBe(start);
    expect((await send("/api/admin/user/99999999/status/inactive", { method: "PATCH", token: admin.token })).status).toBe(404);
    expect(await count()).toBe(start);
    const guide = await createPerson("guide", { isVerified: false });
    await prisma.guideRequest.create({ data: { guideId: guide.id, status: "pending" } });
    expect((await send(`/api/admin/mentor-request-update/${guide.id}/1`, { method: "PATCH", token: admin.token })).status).toBe(200);
    expect((await send(`/api/admin/mentor-request-update/${guide.id}/1`, { method: "PATCH", token: admin.token })).status).toBe(409);
    expect(await count()).toBe(start + 1);
  });
});

describe("bookings: another person's booking changed is audited, one's own is not", () => {
  /** A confirmed free session at the guide's next free time, with its claims. */
  async function freeBooking(guide: { id: number }, mentee: { id: number }, nth: number) {
    const starts = await freeTimes(guide.id, { minutes: 60, limit: nth + 1 });
    const startsAt = starts[nth];
    const booking = await prisma.booking.create({
      data: { userId: mentee.id, guideId: guide.id, topic: "Leading a small group", rateCents: 0, paymentStatus: "free", status: "confirmed", startsAt, durationMinutes: 60 },
    });
    await prisma.timeClaim.createMany({ data: blocksFor(startsAt, 60, 0).map((blockStart) => ({ guideId: guide.id, blockStart, bookingId: booking.id })) });
    return booking;
  }

  test("the admin's cancel through the API and the guide's cancel each write a row; the booking's page shows its history", async () => {
    const guide = await createBookableGuide();
    const mentee = await createPerson("user");
    const byAdmin = await freeBooking(guide, mentee, 0);
    const cancelled = await send(`/api/admin/cancel-booking/${byAdmin.id}`, { method: "POST", token: admin.token, ...json({ reason: "Duplicate booking" }) });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const [adminRow] = await rowsFor("booking", byAdmin.id);
    expect(adminRow).toMatchObject({ actorId: admin.person.id, door: "api", action: "cancel", recordLabel: `#${byAdmin.id}: ${mentee.name} with ${guide.name}` });
    expect(JSON.parse(adminRow.changes)).toMatchObject({ status: { before: "confirmed", after: "cancelled" }, cancelReason: { before: null, after: "Duplicate booking" } });
    const page = await text(await send(`/admin/dashboard/viewBookingPage/${byAdmin.id}`, { cookie: admin.cookie }));
    expect(page).toContain(">History<");
    expect(page).toContain(`Cancelled</span> by ${admin.person.name}`);

    const byGuide = await freeBooking(guide, mentee, 0);
    const [another] = await freeTimes(guide.id, { minutes: 60, limit: 1 });
    await proposeTime(actorOf(guide), byGuide.id, another, "Would this suit you?");
    await cancelBooking(actorOf(guide), byGuide.id, "I am unwell");
    const guideRows = await rowsFor("booking", byGuide.id);
    expect(guideRows.map((row) => [row.actorId, row.action, row.door])).toEqual([
      [guide.id, "propose-time", "screen"],
      [guide.id, "cancel", "screen"],
    ]);
    expect(JSON.parse(guideRows[0].changes)).toEqual({
      proposedStartsAt: { before: null, after: another.toISOString() },
      proposalNote: { before: null, after: "Would this suit you?" },
    });

    const ownCancel = await freeBooking(guide, mentee, 0);
    await cancelBooking(actorOf(mentee), ownCancel.id, null);
    expect(await rowsFor("booking", ownCancel.id)).toEqual([]);
  });
});

describe("the list, its screen and its JSON twin", () => {
  let subject: Awaited<ReturnType<typeof createPerson>>;
  let other: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    subject = await createPerson("user", { name: "Zebulon Audited" });
    other = await signIn("admin");
    await send(`/api/admin/user/${subject.id}/status/inactive`, { method: "PATCH", token: admin.token });
    await send(`/api/admin/user/${subject.id}/status/active`, { method: "PATCH", token: other.token });
  });

  test("the API lists newest first with meta, filtered by actor, kind, action and record, searched by label", async () => {
    const all = await (await send(`/api/admin/audit-log?kind=user&recordId=${subject.id}`, { token: admin.token })).json();
    expect(all.meta).toMatchObject({ page: 1, total: 2, totalPages: 1 });
    expect(all.data.map((row: { action: string }) => row.action)).toEqual(["activate", "deactivate"]);
    expect(all.data[1]).toMatchObject({ actorId: admin.person.id, actorName: admin.person.name, door: "api", recordKind: "user", recordId: String(subject.id), recordLabel: "Zebulon Audited", changes: { status: { before: "active", after: "inactive" } } });
    const byActor = await (await send(`/api/admin/audit-log?actorId=${other.person.id}`, { token: admin.token })).json();
    expect(byActor.data.map((row: { action: string }) => row.action)).toEqual(["activate"]);
    const byAction = await (await send(`/api/admin/audit-log?action=deactivate&search=zebulon`, { token: admin.token })).json();
    expect(byAction.data.map((row: { recordLabel: string }) => row.recordLabel)).toEqual(["Zebulon Audited"]);
    const byActorName = await (await send(`/api/admin/audit-log?search=${encodeURIComponent(other.person.name)}`, { token: admin.token })).json();
    expect(byActorName.data.some((row: { actorId: number }) => row.actorId === other.person.id)).toBe(true);
    const oldest = await (await send(`/api/admin/audit-log?kind=user&recordId=${subject.id}&sortOrder=asc`, { token: admin.token })).json();
    expect(oldest.data.map((row: { action: string }) => row.action)).toEqual(["deactivate", "activate"]);
    const bad = await send("/api/admin/audit-log?kind=spaceship", { token: admin.token });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^kind must be one of/);
  });

  test("narrowed to the days a change happened, in the admin's zone; a backwards range is a 400", async () => {
    await prisma.user.update({ where: { id: admin.person.id }, data: { timeZone: "America/Chicago" } });
    const [lastDay, nextDay] = await Promise.all(
      // 23:30 in Chicago on 3 March, and 00:30 on the 4th.
      [new Date("2026-03-04T05:30:00Z"), new Date("2026-03-04T06:30:00Z")].map((createdAt, i) =>
        prisma.auditEntry.create({ data: { createdAt, actorId: admin.person.id, actorName: "Ranger", door: "screen", recordKind: "faq", recordId: `range-${i}`, recordLabel: "Ranged", action: "update", changes: "{}" } }),
      ),
    );
    const march = await (await send("/api/admin/audit-log?from=2026-03-01&to=2026-03-03&search=ranged", { token: admin.token })).json();
    expect(march.data.map((row: { id: number }) => row.id)).toEqual([lastDay.id]);
    const fourth = await (await send("/api/admin/audit-log?from=2026-03-04&search=ranged", { token: admin.token })).json();
    expect(fourth.data.map((row: { id: number }) => row.id)).toEqual([nextDay.id]);
    const backwards = await send("/api/admin/audit-log?from=2026-03-04&to=2026-03-01", { token: admin.token });
    expect(backwards.status).toBe(400);
    await prisma.user.update({ where: { id: admin.person.id }, data: { timeZone: "UTC" } });
  });

  test("the screen shows the rows with their before and after; an unreadable filter is dropped", async () => {
    const response = await send(`/admin/dashboard/audit-log?search=zebulon`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = await text(response);
    expect(html).toContain("<title>Audit log · Ministry Mentors</title>");
    expect(html).toMatch(/href="\/admin\/dashboard\/audit-log"[^>]*>Audit log</);
    expect(html).toContain(`href="/admin/dashboard/viewuser/${subject.id}"`);
    expect(html).toContain("1 field changed");
    expect(html).toMatch(/<th scope="row"[^>]*>status<\/th><td[^>]*><span[^>]*>active<\/span><\/td><td[^>]*><span[^>]*>inactive<\/span>/);
    const dropped = await send(`/admin/dashboard/audit-log?search=zebulon&kind=spaceship`, { cookie: admin.cookie });
    expect(dropped.status).toBe(302);
    expect(dropped.headers.get("Location")).toBe("/admin/dashboard/audit-log?search=zebulon");
  });

  test("a record's console page shows its own history", async () => {
    const html = await text(await send(`/admin/dashboard/viewuser/${subject.id}`, { cookie: admin.cookie }));
    expect(html).toContain(">History<");
    expect(html).toContain(`Activated</span> by ${other.person.name}`);
    expect(html).toContain(`Deactivated</span> by ${admin.person.name}`);
  });

  test("only an admin reads it", async () => {
    const user = await signIn("user");
    expect((await send("/api/admin/audit-log", { token: user.token })).status).toBe(403);
    expect((await send("/admin/dashboard/audit-log", { cookie: user.cookie })).status).toBe(302);
  });
});

describe("nothing edits or deletes an audit row", () => {
  test("every admin route and API path, with every method that could write, leaves each existing row as it was", async () => {
    // A screen's action sent PUT, PATCH or DELETE without a form fails reading it: React Router's error, now logged.
    expectConsoleError(/Content-Type was not one of/);
    const person = await createPerson("user");
    await send(`/api/admin/user/${person.id}/status/inactive`, { method: "PATCH", token: admin.token });
    const snapshot = async () => new Map((await prisma.auditEntry.findMany()).map((row) => [row.id, JSON.stringify(row)]));
    const before = await snapshot();
    const auditId = Math.max(...before.keys());
    const paths = flattenRouteConfig(routeConfig as RouteConfigEntry[])
      .map((route) => route.path)
      .filter((path) => path.startsWith("/admin/dashboard") || path.startsWith("/api/admin"));
    expect(paths).toContain("/admin/dashboard/audit-log");
    expect(paths).toContain("/api/admin/audit-log");
    // Each path's parameters name an audit row where they can, so a route that took them for one would reach it.
    const values = (path: string) => Object.fromEntries(paramsOf(path).map((name) => [name, name === "accountType" ? "user" : name === "action" ? "inactive" : name === "role" ? "guide" : name === "party" ? "user" : auditId]));
    const body = { id: auditId, auditId, intent: "delete", action: "delete" };
    for (const pattern of paths) {
      const path = fillPath(pattern, values(pattern));
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        if (pattern.startsWith("/api/")) await send(path, { method, token: admin.token, ...json(body) });
        else if (method === "POST") await postForm(path, Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)])), admin.cookie);
        else await send(path, { method, cookie: admin.cookie, headers: { Origin: "http://localhost" } });
      }
      for (const query of [`?id=${auditId}&intent=delete`, `?delete=${auditId}`]) await send(`${path}${query}`, { method: "DELETE", token: admin.token });
    }
    const after = await snapshot();
    for (const [id, row] of before) expect(after.get(id), `audit row ${id}`).toBe(row);
    expect(after.size).toBeGreaterThanOrEqual(before.size);
  });
});
