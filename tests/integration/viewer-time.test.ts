/**
 * One way to show a time (components/ui/local-time.tsx): the server draws every moment in the viewer's zone, a
 * signed-in person's saved zone or, signed out, the zone their browser reports through the hint cookie
 * (lib/client-hints.ts), so the page's HTML already holds what the browser will show: no UTC first, no change once it
 * runs.
 */
import { faker } from "@faker-js/faker";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { formatMoment } from "#app/lib/format.ts";
import { send, signIn } from "#tests/app.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The text of the <time> element for `instant` in `html`, or null. */
const timeText = (html: string, instant: Date | string) =>
  html.match(new RegExp(`<time dateTime="${escaped(new Date(instant).toISOString())}"[^>]*>([^<]*)</time>`))?.[1] ?? null;

describe("a signed-in person's times", () => {
  test("are drawn in their saved zone on the server, and in a new one once it is saved", async () => {
    const { person, cookie } = await signIn("user");
    await prisma.user.update({ where: { id: person.id }, data: { timeZone: "Asia/Tokyo" } });
    // 22:30 UTC on a 1 December: 07:30 on 2 December in Tokyo, a different day.
    const at = new Date(Date.UTC(2026, 11, 1, 22, 30));
    await prisma.notification.create({ data: { userId: person.id, kind: "message", title: `Hello ${faker.string.alpha(8)}`, createdAt: at } });

    const page = await text(await send("/user-dashboard/notifications", { cookie }));
    expect(timeText(page, at)).toBe(formatMoment(at, "dateTime", "Asia/Tokyo"));
    expect(timeText(page, at)).toMatch(/^Dec 2, 2026, 7:30\sAM GMT\+9$/);
    expect(page).not.toContain("10:30 PM");

    // Saved in another zone: the same moment, drawn again in it.
    await prisma.user.update({ where: { id: person.id }, data: { timeZone: "America/Chicago" } });
    const again = await text(await send("/user-dashboard/notifications", { cookie }));
    expect(timeText(again, at)).toMatch(/^Dec 1, 2026, 4:30\sPM CST$/);
  });

  test("on a booking card, in a dialog and on the overview, in the same words as everywhere", async () => {
    const { person, cookie } = await signIn("user");
    await prisma.user.update({ where: { id: person.id }, data: { timeZone: "Europe/Berlin" } });
    const guide = await createBookableGuide();
    const startsAt = new Date(Date.now() + 5 * 24 * 3_600_000);
    startsAt.setUTCHours(15, 0, 0, 0);
    const booking = await prisma.booking.create({
      data: { userId: person.id, guideId: guide.id, topic: `Zones ${faker.string.alpha(8)}`, rateCents: 0, paymentStatus: "unpaid", status: "confirmed", startsAt, durationMinutes: 60 },
    });
    const bookings = await text(await send(`/user-dashboard/bookings?cancel=${booking.id}`, { cookie }));
    expect(bookings.match(new RegExp(`<time dateTime="${escaped(startsAt.toISOString())}"[^>]*>`, "g"))).toHaveLength(2); // the card and the dialog
    expect(timeText(bookings, startsAt)).toBe(formatMoment(startsAt, "session", "Europe/Berlin"));
    const overview = await text(await send("/user-dashboard", { cookie }));
    expect(timeText(overview, startsAt)).toBe(formatMoment(startsAt, "full", "Europe/Berlin"));
  });
});

describe("a signed-out visitor's times", () => {
  /** A live guide's profile, as a browser with `cookie` gets it; and its first offered time. */
  async function profile(cookie?: string) {
    const guide = await createBookableGuide();
    const response = await send(`/mentor/${guide.id}`, cookie ? { cookie } : {});
    expect(response.status).toBe(200);
    const html = await text(response);
    const first = html.slice(html.indexOf("Next free times")).match(/<time dateTime="([^"]+)"/)?.[1];
    expect(first, "a free time on the profile").toBeTruthy();
    return { html, first: first!, response };
  }

  test("are drawn in the zone the browser's hint cookie names", async () => {
    const { html, first } = await profile("mm_tz=America%2FChicago");
    expect(html).toContain("Shown in your time zone: Central Time (America/Chicago)");
    expect(timeText(html, first)).toBe(formatMoment(first, "slot", "America/Chicago"));
    expect(timeText(html, first)).toMatch(/C[SD]T$/);
  });

  test("without a hint, or with a zone this server does not know, in UTC, named; the page's first script asks the browser for its zone", async () => {
    for (const cookie of [undefined, "mm_tz=Mars%2FOlympus_Mons", "mm_tz=%E0%A4%A"]) {
      const { html, first, response } = await profile(cookie);
      expect(html, String(cookie)).toContain("Shown in your time zone: Coordinated Universal Time (UTC)");
      expect(timeText(html, first)).toBe(formatMoment(first, "slot", "UTC"));
      // The hint's script is in <head>, before the page's stylesheet (so before anything shows), with this page's zone to
      // compare against; a cache keeps a copy per cookie.
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toMatch(/<script nonce="[^"]+">\(function\(\)\{try\{var z=Intl\.DateTimeFormat\(\)[^<]*<\/script><link [^>]*rel="stylesheet"/);
      expect(head).toContain('if(z!=="UTC"&&document.cookie.indexOf("mm_tz=")!==-1)location.reload();');
      expect(response.headers.get("Vary")).toContain("Cookie");
    }
  });

  test("a signed-in person's page never reloads for the hint: their saved zone wins over the cookie", async () => {
    const { person, cookie } = await signIn("user");
    await prisma.user.update({ where: { id: person.id }, data: { timeZone: "Asia/Tokyo" } });
    const { html, first } = await profile(`${cookie}; mm_tz=America%2FChicago`);
    expect(html).toContain("Shown in your time zone: Japan Standard Time (Asia/Tokyo)");
    expect(timeText(html, first)).toBe(formatMoment(first, "slot", "Asia/Tokyo"));
    expect(html).not.toContain("location.reload()");
  });
});
