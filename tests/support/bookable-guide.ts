import { expect } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { freeTimes } from "#app/modules/schedule/schedule.server.ts";
import { createPerson } from "#tests/app.ts";

type Profile = Partial<{ meetingUrl: string | null; noticeHours: number; bufferMinutes: number; reviewsRequests: boolean }>;

/** A live guide in New York, open 09:00–17:00 every day, offering 60 minutes at $50 (booking rules as `profile` says). */
export async function createBookableGuide(profile: Profile = {}) {
  const guide = await createPerson("guide", { isVerified: true });
  await prisma.user.update({ where: { id: guide.id }, data: { timeZone: "America/New_York" } });
  await prisma.guideProfile.create({ data: { userId: guide.id, hourlyRateCents: 5000, noticeHours: 1, horizonDays: 60, ...profile } });
  await prisma.availability.createMany({ data: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ guideId: guide.id, weekday, startTime: "09:00", endTime: "17:00" })) });
  await prisma.sessionOption.create({ data: { guideId: guide.id, minutes: 60, priceCents: 5000 } });
  return guide;
}

/** A free 60-minute start of the guide's about `days` from now (skipping `skip` earlier ones). */
export async function freeStart(guideId: number, days: number, skip = 0) {
  const from = new Date(Date.now() + days * 86_400_000);
  const times = await freeTimes(guideId, { minutes: 60, from, to: new Date(from.getTime() + 2 * 86_400_000) });
  expect(times.length).toBeGreaterThan(skip);
  return times[skip];
}
