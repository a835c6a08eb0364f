// A booking's session time is its own "startsAt" (lasting "durationMinutes"); the Slot table that once held it is gone.
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { createPerson, send, signIn } from "#tests/app.ts";

const at = (iso: string) => new Date(iso);
const sessionTime = async (bookingId: number) =>
  (await prisma.booking.findUniqueOrThrow({ where: { id: bookingId }, select: { startsAt: true } })).startsAt?.toISOString() ?? null;

/** Tables, columns, triggers and functions that still name Slot or "slotId". */
async function slotLeftovers() {
  if (dialect === "postgres") {
    return prisma.$queryRaw<Array<{ name: string }>>`
      SELECT table_name::text AS name FROM information_schema.columns WHERE table_schema = 'public' AND (table_name = 'Slot' OR column_name = 'slotId')
      UNION ALL SELECT p.proname::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' AND p.prosrc LIKE '%Slot%'
      UNION ALL SELECT tgname::text FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE '%Slot%'`;
  }
  return prisma.$queryRaw<Array<{ name: string }>>`SELECT name FROM sqlite_master WHERE name = 'Slot' OR sql LIKE '%Slot%' OR sql LIKE '%slotId%'`;
}

describe("a booking's session time", () => {
  test("is the booking's own, written and moved with it; no Slot table, column or trigger is left", async () => {
    expect(await slotLeftovers()).toEqual([]);
    const user = await createPerson("user");
    const guide = await createPerson("guide");
    const booking = await prisma.booking.create({ data: { userId: user.id, guideId: guide.id, startsAt: at("2026-12-01T15:00:00Z"), durationMinutes: 90, topic: "Elders" } });
    expect(await sessionTime(booking.id)).toBe("2026-12-01T15:00:00.000Z");
    await prisma.booking.update({ where: { id: booking.id }, data: { startsAt: at("2026-12-08T09:30:00Z") } });
    expect(await sessionTime(booking.id)).toBe("2026-12-08T09:30:00.000Z");

    // A new guide profile's next free time is the one the app writes, no longer looked up among slots.
    const profiled = await createPerson("guide");
    const nextFreeAt = at("2026-12-09T14:00:00Z");
    await prisma.guideProfile.create({ data: { userId: profiled.id, nextFreeAt } });
    expect((await prisma.guideProfile.findUniqueOrThrow({ where: { userId: profiled.id }, select: { nextFreeAt: true } })).nextFreeAt).toEqual(nextFreeAt);
  });

  test("orders the bookings list by session date, bookings without a session first going up and last going down", async () => {
    const { token } = await signIn("admin");
    const user = await createPerson("user");
    const guide = await createPerson("guide");
    const times = ["2027-01-10T10:00:00Z", "2027-01-03T10:00:00Z", "2027-01-20T10:00:00Z"];
    const booked = [];
    for (const [index, time] of times.entries()) {
      booked.push(await prisma.booking.create({ data: { userId: user.id, guideId: guide.id, startsAt: at(time), topic: `Session ${index}` } }));
    }
    const unscheduled = await prisma.booking.create({ data: { userId: user.id, guideId: guide.id, topic: "No time yet" } });
    const ids = async (order: string) => {
      const response = await send(`/api/admin/get-allbookings?guideId=${guide.id}&sort=slotDate&order=${order}`, { token });
      expect(response.status).toBe(200);
      return ((await response.json()) as { bookings: Array<{ id: number }> }).bookings.map((row) => row.id);
    };
    expect(await ids("asc")).toEqual([unscheduled.id, booked[1].id, booked[0].id, booked[2].id]);
    expect(await ids("desc")).toEqual([booked[2].id, booked[0].id, booked[1].id, unscheduled.id]);
  });
});
