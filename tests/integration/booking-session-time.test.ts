// A booking's session time is its slot's, copied by triggers so lists sort by it without joining every slot.
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createPerson, send, signIn } from "#tests/app.ts";

const at = (iso: string) => new Date(iso);
const sessionTime = async (bookingId: number) =>
  (await prisma.booking.findUniqueOrThrow({ where: { id: bookingId }, select: { startsAt: true } })).startsAt?.toISOString() ?? null;

describe("a booking's session time", () => {
  test("follows its slot: booked, moved, changed to another slot, and the slot removed", async () => {
    const user = await createPerson("user");
    const guide = await createPerson("guide");
    const first = await prisma.slot.create({ data: { guideId: guide.id, startsAt: at("2026-12-01T15:00:00Z") } });
    const second = await prisma.slot.create({ data: { guideId: guide.id, startsAt: at("2026-12-08T09:30:00Z") } });
    const booking = await prisma.booking.create({ data: { userId: user.id, guideId: guide.id, slotId: first.id, topic: "Elders" } });
    expect(await sessionTime(booking.id)).toBe("2026-12-01T15:00:00.000Z");

    await prisma.slot.update({ where: { id: first.id }, data: { startsAt: at("2026-12-02T16:00:00Z") } });
    expect(await sessionTime(booking.id)).toBe("2026-12-02T16:00:00.000Z");

    await prisma.booking.update({ where: { id: booking.id }, data: { slotId: second.id } });
    expect(await sessionTime(booking.id)).toBe("2026-12-08T09:30:00.000Z");

    await prisma.slot.delete({ where: { id: second.id } });
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: booking.id }, select: { slotId: true } })).toEqual({ slotId: null });
    expect(await sessionTime(booking.id)).toBeNull();
  });

  test("orders the bookings list by session date, bookings without a session first going up and last going down", async () => {
    const { token } = await signIn("admin");
    const user = await createPerson("user");
    const guide = await createPerson("guide");
    const times = ["2027-01-10T10:00:00Z", "2027-01-03T10:00:00Z", "2027-01-20T10:00:00Z"];
    const booked = [];
    for (const [index, time] of times.entries()) {
      const slot = await prisma.slot.create({ data: { guideId: guide.id, startsAt: at(time) } });
      booked.push(await prisma.booking.create({ data: { userId: user.id, guideId: guide.id, slotId: slot.id, topic: `Session ${index}` } }));
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
