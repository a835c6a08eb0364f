/**
 * Who opened whose records: each time an admin opens a person's private records (their profile, bookings, payments,
 * reviews, one of their bookings, a reported conversation, an export of their records), one row says who, when, what
 * and through which door; the person reads the list in their Settings, the console on their profile. The same opening
 * again within ten minutes is one row; a person reading their own records, or nothing private, writes none.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createPerson, send, signIn } from "#tests/app.ts";

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  admin = await signIn("admin");
});

const openings = (personId: number) =>
  prisma.auditEntry.findMany({ where: { recordId: String(personId), action: { startsWith: "open-" } }, orderBy: { id: "asc" }, select: { actorId: true, action: true, door: true, recordKind: true } });

async function bookingBetween(userId: number, guideId: number) {
  return prisma.booking.create({ data: { userId, guideId, topic: "Sabbath rhythms", rateCents: 9000, status: "confirmed", paymentStatus: "paid", startsAt: new Date(Date.now() + 86_400_000), durationMinutes: 60 } });
}

describe("an admin opening a person's records", () => {
  test("the profile, once in ten minutes; the person's Settings names the admin and what they opened", async () => {
    const mentee = await signIn("user");
    const profile = `/admin/dashboard/viewuser/${mentee.person.id}`;
    expect((await send(profile, { cookie: admin.cookie })).status).toBe(200);
    expect((await send(profile, { cookie: admin.cookie })).status).toBe(200);
    expect(await openings(mentee.person.id)).toEqual([{ actorId: admin.person.id, action: "open-profile", door: "screen", recordKind: "user" }]);

    const settings = await text(await send("/user-dashboard/settings", { cookie: mentee.cookie }));
    expect(settings).toContain("Who on our team opened your records");
    expect(settings).toContain(`${admin.person.name} opened your profile`);

    // The console shows it on the profile, apart from the record's changes.
    const page = await text(await send(profile, { cookie: admin.cookie }));
    expect(page).toContain("Who opened these records");
    expect(page).toContain(`Opened profile by ${admin.person.name}`);
    expect(page).toContain("No changes recorded yet.");
  });

  test("each tab and its API twin say which records; a booking's page counts for both its people", async () => {
    const mentee = await createPerson("user");
    const guide = await createPerson("guide");
    const booking = await bookingBetween(mentee.id, guide.id);
    expect((await send(`/admin/dashboard/viewuser/${mentee.id}?tab=booking`, { cookie: admin.cookie })).status).toBe(200);
    expect((await send(`/api/admin/transactions/user/${mentee.id}`, { token: admin.token })).status).toBe(200);
    expect((await send(`/api/admin/users/reviews/${mentee.id}`, { token: admin.token })).status).toBe(200);
    expect((await send(`/admin/dashboard/viewBookingPage/${booking.id}`, { cookie: admin.cookie })).status).toBe(200);
    expect((await send(`/admin/dashboard/export/user-payments/${mentee.id}`, { cookie: admin.cookie })).status).toBe(200);

    expect((await openings(mentee.id)).map(({ action, door }) => [action, door])).toEqual([
      ["open-bookings", "screen"],
      ["open-payments", "api"],
      ["open-reviews", "api"],
      ["open-booking", "screen"],
      ["open-export", "screen"],
    ]);
    expect((await openings(guide.id)).map(({ action, recordKind }) => [action, recordKind])).toEqual([["open-booking", "guide"]]);
  });

  test("a reported conversation on the Messaging screen counts for the reporter and the one reported", async () => {
    const [reporter, reported] = [await createPerson("user"), await createPerson("guide")];
    await prisma.messageReport.create({ data: { reporterId: reporter.id, reportedId: reported.id, reason: "Unkind words" } });
    expect((await send("/admin/dashboard/messaging", { cookie: admin.cookie })).status).toBe(200);
    expect((await openings(reporter.id)).map((row) => row.action)).toEqual(["open-messages"]);
    expect((await openings(reported.id)).map((row) => row.action)).toEqual(["open-messages"]);
    await prisma.messageReport.updateMany({ where: { reporterId: reporter.id }, data: { resolvedAt: new Date() } });
  });
});

describe("what is not an opening", () => {
  test("a person reading their own records, and an admin's own, write nothing", async () => {
    const mentee = await signIn("user");
    const guide = await createPerson("guide");
    await bookingBetween(mentee.person.id, guide.id);
    expect((await send("/user-dashboard/bookings", { cookie: mentee.cookie })).status).toBe(200);
    expect((await send("/user-dashboard/settings", { cookie: mentee.cookie })).status).toBe(200);
    expect(await openings(mentee.person.id)).toEqual([]);
    expect(await openings(guide.id)).toEqual([]);
  });

  test("Settings lists only the person's own openings", async () => {
    const [one, other] = [await signIn("user"), await createPerson("user", { name: "Zilpah Othername" })];
    expect((await send(`/admin/dashboard/viewuser/${other.id}`, { cookie: admin.cookie })).status).toBe(200);
    const settings = await text(await send("/user-dashboard/settings", { cookie: one.cookie }));
    expect(settings).toContain("Nobody on our team has opened your records.");
  });
});
