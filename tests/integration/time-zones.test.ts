/**
 * A person's time zone from the first minute: sign-up and the guide application take the browser's zone (or the one
 * picked without JavaScript), the time zone notice's "Use …" saves one through Settings' action, and every booking
 * e-mail names the reader's zone, the mentee's with their mentor's clock beside it.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { TIME_ZONE_MESSAGE } from "#app/lib/time-zones.ts";
import { bookingConfirmed, cancelBooking, declineBooking, markCompleted, markNoShow, rescheduleBooking } from "#app/modules/bookings/lifecycle.server.ts";
import { refreshNextFreeAt } from "#app/modules/schedule/schedule.server.ts";
import { actorOf, cookiesFrom, createPerson, postForm, send, signIn, TEST_PASSWORD } from "#tests/app.ts";
import { mailTo, sendQueuedMail } from "#tests/mocks/mail.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** HTML as text a person reads: React's comment markers removed and entities decoded. */
const text = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

const tag = () => randomBytes(4).toString("hex");
let clients = 0;
/** Each request its own client address, so the sign-up and application limits never join two tests. */
const client = () => `203.0.113.${++clients}`;

function post(path: string, fields: Record<string, string>) {
  return send(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    clientAddress: client(),
  });
}

const signUpFields = (overrides: Record<string, string> = {}) => ({
  name: "Lydia Purple",
  email: `lydia.${tag()}@zones.test`,
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  title: "Associate Pastor",
  organisation: "Thyatira Church",
  terms: "on",
  ...overrides,
});

const applicationFields = (overrides: Record<string, string> = {}) => ({
  name: "Priscilla Aquila",
  email: `priscilla.${tag()}@zones.test`,
  phone: "(503) 555-0147",
  password: "Str0ng!pass",
  confirmPassword: "Str0ng!pass",
  title: "Senior Pastor",
  organisation: `Corinth Fellowship ${tag()}`,
  experience: "12",
  category: "Senior Pastors",
  "education[0]": "M.Div.",
  "languages[0]": "English",
  "expertise[0]": "Church planting",
  specialties: "leadership",
  bio: "Planted a church in a port city.",
  recentSuccess: "",
  videoUrl: "",
  "references[0]": "Rev. Paul Tarsus, Apostle",
  "references[1]": "Barnabas of Cyprus, Missionary",
  howToServe: "I would love to walk with pastors in their first years of ministry.",
  price: "60",
  terms: "on",
  ...overrides,
});

/** The zone a new account was made with (sign-up makes it just after its answer: that work is run first). */
const zoneOf = async (email: string) => {
  await sendQueuedMail();
  return (await prisma.user.findUniqueOrThrow({ where: { email }, select: { timeZone: true } })).timeZone;
};

describe("a new account's time zone", () => {
  test("sign-up stores the zone picked without JavaScript, or the one the browser sent; with neither (a form sent before the page ran) UTC", async () => {
    const picked = signUpFields({ timeZone: "America/Chicago" });
    expect((await post("/signup", picked)).status).toBe(302);
    expect(await zoneOf(picked.email)).toBe("America/Chicago");

    const device = signUpFields({ deviceTimeZone: "Asia/Kolkata" });
    expect((await post("/signup", device)).status).toBe(302);
    expect(await zoneOf(device.email)).toBe("Asia/Kolkata");

    // A browser's zone this server does not know is nobody's mistake to correct on the form: UTC, changeable in Settings.
    const unknownDevice = signUpFields({ deviceTimeZone: "Mars/Olympus_Mons" });
    expect((await post("/signup", unknownDevice)).status).toBe(302);
    expect(await zoneOf(unknownDevice.email)).toBe("UTC");

    const none = signUpFields();
    expect((await post("/signup", none)).status).toBe(302);
    expect(await zoneOf(none.email)).toBe("UTC");
  });

  test("sign-up refuses a zone that is not one of the list, keeps what was typed and creates nothing", async () => {
    const fields = signUpFields({ timeZone: "Mars/Olympus_Mons" });
    const response = await post("/signup", fields);
    expect(response.status).toBe(400);
    const page = await text(response);
    expect(page).toContain(TIME_ZONE_MESSAGE);
    // The refused field is a labelled select to pick from, with the rest of the form as typed.
    expect(page).toMatch(/<label[^>]*for="[^"]*timeZone[^"]*"[^>]*>Time zone<\/label>/);
    expect(page).toMatch(/<option value="America\/Chicago">Central Time \(America\/Chicago\), GMT-[56]<\/option>/);
    expect(page).toContain(`value="${fields.email}"`);
    expect(page).toContain('value="Thyatira Church"');
    expect(await prisma.user.count({ where: { email: fields.email } })).toBe(0);
  });

  test("without JavaScript the sign-up form offers a labelled zone select (UTC first); with it, the browser fills in a hidden field", async () => {
    const page = await text(await send("/signup"));
    const noscript = page.match(/<noscript>([\s\S]*?)<\/noscript>/g)?.find((block) => block.includes("Time zone"));
    expect(noscript, "the zone select inside <noscript>").toBeTruthy();
    expect(noscript).toMatch(/<select[^>]*name="timeZone"/);
    expect(noscript).toMatch(/<select[^>]*name="timeZone"[^>]*><optgroup label="Suggested"><option value="UTC">Coordinated Universal Time \(UTC\), GMT\+0<\/option>/);
    expect(noscript).toMatch(/<option value="Europe\/Berlin">Central European Time \(Europe\/Berlin\), GMT\+[12]<\/option>/);
    // Outside <noscript> the page sends no zone of its own: its hidden field is empty until the browser fills it in.
    const outside = page.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
    expect(outside).not.toContain('name="timeZone"');
    expect(outside).toMatch(/<input type="hidden" name="deviceTimeZone"\/>/);
  });

  test("the guide application stores the applicant's zone (their weekly hours' zone too), refuses an unknown one and keeps what was typed", async () => {
    const fields = applicationFields({ timeZone: "America/Chicago" });
    expect((await post("/guide-application", fields)).status).toBe(302);
    expect(await zoneOf(fields.email)).toBe("America/Chicago");
    const device = applicationFields({ deviceTimeZone: "Australia/Perth" });
    expect((await post("/guide-application", device)).status).toBe(302);
    expect(await zoneOf(device.email)).toBe("Australia/Perth");

    const refused = applicationFields({ timeZone: "Atlantis/Capital" });
    const response = await post("/guide-application", refused);
    expect(response.status).toBe(400);
    const page = await text(response);
    expect(page).toContain(TIME_ZONE_MESSAGE);
    expect(page).toContain(`value="${refused.email}"`);
    expect(page).toContain(refused.howToServe);
    expect(await prisma.user.count({ where: { email: refused.email } })).toBe(0);

    const page2 = await text(await send("/guide-application"));
    expect(page2).toMatch(/<noscript>[\s\S]*?<select[^>]*name="timeZone"[\s\S]*?<\/noscript>/);
  });
});

describe("the time zone picker without JavaScript", () => {
  /** The zones a <select> offers, group by group: [group label, [value, text][]]. */
  function groupsOf(select: string) {
    return [...select.matchAll(/<optgroup label="([^"]+)">([\s\S]*?)<\/optgroup>/g)].map(
      ([, label, options]) => [label, [...options.matchAll(/<option value="([^"]+)"[^>]*>([^<]*)<\/option>/g)].map(([, value, name]) => [value, name])] as const,
    );
  }
  const selectIn = (page: string, name = "timeZone") => page.match(new RegExp(`<select[^>]*name="${name}"[\\s\\S]*?</select>`))?.[0] ?? "";

  test("sign-up: the zones' names, the zone the browser reported first, then its neighbours, common zones and all the others", async () => {
    const page = await text(await send("/signup", { cookie: "mm_tz=America%2FChicago" }));
    const groups = groupsOf(selectIn(page));
    expect(groups.map(([label]) => label)).toEqual(["Suggested", "Common time zones", "All time zones"]);
    const [suggested, common, all] = groups.map(([, options]) => options);
    expect(suggested[0]).toEqual(["America/Chicago", expect.stringMatching(/^Central Time \(America\/Chicago\), GMT-[56]$/)]);
    expect(suggested[1][0]).toBe("UTC");
    // Its neighbours keep Chicago's clock today (Central Time elsewhere first).
    for (const [, name] of suggested.slice(2)) expect(name).toMatch(/, GMT-[56]$/);
    expect(suggested.length).toBeLessThanOrEqual(7);
    expect(common.map(([value]) => value)).toContain("America/New_York");
    expect(common.map(([value]) => value)).not.toContain("America/Chicago");
    // Every zone once, the others from west to east.
    const values = [...suggested, ...common, ...all].map(([value]) => value);
    expect(new Set(values).size).toBe(values.length);
    expect(values.length).toBe(new Set(Intl.supportedValuesOf("timeZone").concat("UTC")).size);
    const offsets = all.map(([, name]) => /, GMT([+-]\d+)(?::(\d+))?$/.exec(name)!).map((match) => Number(match[1]) * 60 + Math.sign(Number(match[1]) || 1) * Number(match[2] ?? 0));
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  test("Settings: the saved zone chosen and first; what the select sends is saved", async () => {
    const { person, cookie } = await signIn("user");
    await prisma.user.update({ where: { id: person.id }, data: { timeZone: "Asia/Tokyo" } });
    const page = await text(await send("/user-dashboard/settings", { cookie }));
    const select = selectIn(page);
    expect(page.slice(page.lastIndexOf("<noscript>", page.indexOf(select)), page.indexOf(select))).toMatch(/^<noscript>/);
    expect(select).toMatch(/<optgroup label="Suggested"><option value="Asia\/Tokyo" selected="">Japan Standard Time \(Asia\/Tokyo\), GMT\+9<\/option>/);
    expect(page).toMatch(/<label for="([^"]+)"[^>]*>Time zone<\/label>[\s\S]*?<select[^>]*id="\1"/);
    // The combobox is the browser's: the server draws none.
    expect(page).not.toContain('role="combobox"');
    const saved = await postForm("/user-dashboard/settings", { intent: "preferences", timeZone: "America/Chicago", communication: "email" }, cookie);
    expect(saved.status).toBe(302);
    expect(await zoneOf(person.email)).toBe("America/Chicago");
  });
});

describe("saving the device's zone (the notice's Use …)", () => {
  const use = (path: string, fields: Record<string, string>, cookie?: string) => postForm(path, { intent: "time-zone", ...fields }, cookie);

  test("a mentee's zone is saved and they go back where they were, with a toast naming it", async () => {
    const { person, cookie } = await signIn("user");
    const response = await use("/user-dashboard/settings", { timeZone: "America/Chicago", redirectTo: "/user-dashboard/bookings?tab=past" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user-dashboard/bookings?tab=past");
    expect(await zoneOf(person.email)).toBe("America/Chicago");
    const landing = await text(await send("/user-dashboard", { cookie: cookiesFrom(response, cookie) }));
    expect(landing).toContain("Time Zone Saved");
    expect(landing).toContain("Times are now shown in Central Time (America/Chicago).");
    // The screens name it as the toast does.
    expect(landing).toMatch(/Times are shown in your time zone, <strong[^>]*>Central Time \(America\/Chicago\)<\/strong>\. <a[^>]*>Change it in Settings<\/a>/);
    const bookings = await text(await send("/user-dashboard/bookings", { cookie }));
    expect(bookings).toMatch(/Times are shown in your time zone, <strong[^>]*>Central Time \(America\/Chicago\)<\/strong>\./);
  });

  test("a guide's zone is saved, and their soonest free time is read again in it", async () => {
    const guide = await createBookableGuide();
    const cookie = (await signInAs(guide.id)).cookie;
    // Hours 09:00–17:00 in New York; read in Tokyo they are other hours of the day, so the soonest free time moves.
    await refreshNextFreeAt([guide.id]);
    const before = await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.id }, select: { nextFreeAt: true } });
    expect(before.nextFreeAt).not.toBeNull();
    const response = await use("/mentor-dashboard/settings", { timeZone: "Asia/Tokyo", redirectTo: "/mentor-dashboard/availability" }, cookie);
    expect(response.headers.get("Location")).toBe("/mentor-dashboard/availability");
    expect(await zoneOf(guide.email)).toBe("Asia/Tokyo");
    const after = await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.id }, select: { nextFreeAt: true } });
    expect(after.nextFreeAt).not.toBeNull();
    expect(after.nextFreeAt?.getTime()).not.toBe(before.nextFreeAt?.getTime());
    const tokyoHour = Number(new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tokyo", hour: "numeric", hourCycle: "h23" }).format(after.nextFreeAt!));
    expect(tokyoHour).toBeGreaterThanOrEqual(9);
    expect(tokyoHour).toBeLessThan(17);
  });

  test("an unknown zone changes nothing and says why; a redirect off the site falls back to Settings", async () => {
    const { person, cookie } = await signIn("user");
    const refused = await use("/user-dashboard/settings", { timeZone: "Mars/Olympus_Mons", redirectTo: "/user-dashboard" }, cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/user-dashboard");
    expect(await text(await send("/user-dashboard", { cookie: cookiesFrom(refused, cookie) }))).toContain(TIME_ZONE_MESSAGE);
    const missing = await use("/user-dashboard/settings", {}, cookie);
    expect(missing.headers.get("Location")).toBe("/user-dashboard/settings");
    expect(await zoneOf(person.email)).toBe("UTC");

    const offSite = await use("/user-dashboard/settings", { timeZone: "Europe/Paris", redirectTo: "//evil.example/steal" }, cookie);
    expect(offSite.headers.get("Location")).toBe("/user-dashboard/settings");
    expect(await zoneOf(person.email)).toBe("Europe/Paris");
  });

  test("only the signed-in mentee or guide saves their own: signed out to sign-in, another role to their own dashboard", async () => {
    const signedOut = await use("/user-dashboard/settings", { timeZone: "Europe/Paris" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);

    const guide = await signIn("guide");
    const wrongArea = await use("/user-dashboard/settings", { timeZone: "Europe/Paris" }, guide.cookie);
    expect(wrongArea.status).toBe(302);
    expect(wrongArea.headers.get("Location")).not.toContain("/user-dashboard");
    const admin = await signIn("admin");
    expect((await use("/mentor-dashboard/settings", { timeZone: "Europe/Paris" }, admin.cookie)).headers.get("Location")).toMatch(/^\/admin/);
    expect(await zoneOf(guide.person.email)).toBe("UTC");
    expect(await zoneOf(admin.person.email)).toBe("UTC");
  });
});

describe("the time zone notice, drawn by the server", () => {
  const noticeIn = (page: string) => page.match(/<div[^>]*role="region" aria-label="Time zone"[\s\S]*?<\/form>/)?.[0] ?? null;
  const hint = (zone: string) => `mm_tz=${encodeURIComponent(zone)}`;

  test("a device whose hint names another zone than the account's sees it in the page as sent, so nothing moves once the page runs", async () => {
    const { person, cookie } = await signIn("user");
    await prisma.user.update({ where: { id: person.id }, data: { timeZone: "America/New_York" } });
    const notice = noticeIn(await text(await send("/user-dashboard/bookings", { cookie: `${cookie}; ${hint("America/Chicago")}` })));
    expect(notice).toContain("Your device is set to <strong");
    expect(notice).toContain("Central Time (America/Chicago)");
    expect(notice).toContain('<input type="hidden" name="redirectTo" value="/user-dashboard/bookings"/>');
    expect(notice).toContain("Use Central Time (America/Chicago)");

    const guide = await signIn("guide");
    await prisma.user.update({ where: { id: guide.person.id }, data: { timeZone: "America/New_York" } });
    const guideNotice = noticeIn(await text(await send("/mentor-dashboard", { cookie: `${guide.cookie}; ${hint("America/Chicago")}` })));
    expect(guideNotice).toContain("Your weekly hours are kept in your account's zone: switching moves them to Central Time (America/Chicago).");
  });

  test("none for a zone with the same clock, for no hint, on Settings, or once Keep remembered that pair of zones", async () => {
    const { person, cookie } = await signIn("user");
    await prisma.user.update({ where: { id: person.id }, data: { timeZone: "America/New_York" } });
    const page = (path: string, extra: string) => send(path, { cookie: [cookie, extra].filter(Boolean).join("; ") }).then(text);
    expect(noticeIn(await page("/user-dashboard", hint("America/Detroit")))).toBeNull();
    expect(noticeIn(await page("/user-dashboard", ""))).toBeNull();
    expect(noticeIn(await page("/user-dashboard/settings", hint("America/Chicago")))).toBeNull();
    const kept = `mm_tz_kept=${encodeURIComponent("America/New_York America/Chicago")}`;
    expect(noticeIn(await page("/user-dashboard", `${hint("America/Chicago")}; ${kept}`))).toBeNull();
    // Kept for that pair only: a device in another zone again is told.
    expect(noticeIn(await page("/user-dashboard", `${hint("Europe/London")}; ${kept}`))).toContain("Use United Kingdom Time (Europe/London)");
  });
});

async function signInAs(personId: number) {
  return { cookie: (await commitSession(await createSession(personId, "web"))).split(";")[0] };
}

describe("booking e-mails name the reader's zone", () => {
  /** A confirmed, unpaid booking of a New York guide with a mentee in `menteeZone`, `days` ahead at 15:00 UTC. */
  async function booked(menteeZone: string, { days = 5, status = "confirmed" } = {}) {
    const guide = await createBookableGuide();
    const mentee = await createPerson("user");
    await prisma.user.update({ where: { id: mentee.id }, data: { timeZone: menteeZone } });
    const day = new Date(Date.now() + days * DAY);
    const startsAt = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 15));
    const booking = await prisma.booking.create({
      data: { userId: mentee.id, guideId: guide.id, topic: `Zones ${tag()}`, rateCents: 0, paymentStatus: "unpaid", status, startsAt, durationMinutes: 60 },
    });
    return { guide, mentee, booking, startsAt };
  }
  type Booked = Awaited<ReturnType<typeof booked>>;

  /** 'Tuesday, December 2, 2026, 9:00–10:00 AM': the session's day and times on the clock of `zone`. */
  function clock(at: Date, zone: string) {
    const day = new Intl.DateTimeFormat("en-US", { timeZone: zone, dateStyle: "full" }).format(at);
    const time = (instant: Date) => new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" }).format(instant).replace(/\s/g, " ");
    const [start, end] = [time(at), time(new Date(at.getTime() + HOUR))];
    // AM or PM said once when both times share it.
    return start.slice(-2) === end.slice(-2) ? `${day}, ${start.slice(0, -3)}–${end}` : `${day}, ${start}–${end}`;
  }

  test("the confirmation: each reader's own clock and zone, and the mentee's also shows the mentor's time", async () => {
    const { guide, mentee, booking, startsAt } = await booked("America/Chicago");
    await bookingConfirmed(booking.id);
    const [menteeMail] = await mailTo(mentee.email);
    const [guideMail] = await mailTo(guide.email);
    // 15:00 UTC is 9:00 (or 10:00) in Chicago and 10:00 (or 11:00) in New York: the same period, one hour apart.
    expect(menteeMail.text).toContain(`When: ${clock(startsAt, "America/Chicago")}, Central Time (America/Chicago)\n`);
    expect(menteeMail.text).toContain(`Your mentor's time: ${clock(startsAt, "America/New_York")}, Eastern Time (America/New_York)\n`);
    expect(guideMail.text).toContain(`When: ${clock(startsAt, "America/New_York")}, Eastern Time (America/New_York)\n`);
    expect(guideMail.text).not.toContain("mentor's time");
  });

  test("the mentor's time is left out when it reads the same (the same zone, or a zone with the same clock)", async () => {
    for (const zone of ["America/New_York", "America/Detroit"]) {
      const { mentee, booking, startsAt } = await booked(zone);
      await bookingConfirmed(booking.id);
      const [mail] = await mailTo(mentee.email);
      expect(mail.text).toContain(`When: ${clock(startsAt, zone)}, Eastern Time (${zone})\n`);
      expect(mail.text).not.toContain("mentor's time");
    }
  });

  test("moved, cancelled, declined, completed and missed sessions: the mentee's mail names their zone and the mentor's clock", async () => {
    const changes = [
      { subject: /^You moved your session with /, status: "confirmed", run: ({ mentee, booking, startsAt }: Booked) => rescheduleBooking(actorOf(mentee), booking.id, new Date(startsAt.getTime() + DAY)) },
      { subject: / cancelled your session$/, status: "confirmed", run: ({ guide, booking }: Booked) => cancelBooking(actorOf(guide), booking.id, "Travelling") },
      { subject: / declined your session$/, status: "requested", run: ({ guide, booking }: Booked) => declineBooking(actorOf(guide), booking.id, null) },
    ];
    for (const change of changes) {
      const parts = await booked("Europe/London", { status: change.status });
      await change.run(parts);
      const mail = (await mailTo(parts.mentee.email)).find((each) => change.subject.test(each.subject));
      expect(mail, String(change.subject)).toBeTruthy();
      expect(mail!.text).toMatch(/When: .*[AP]M, United Kingdom Time \(Europe\/London\)\n/);
      expect(mail!.text).toMatch(/Your mentor's time: .*[AP]M, Eastern Time \(America\/New_York\)\n/);
    }
    // Marked after the start: a session that has begun.
    for (const [mark, subject] of [[markCompleted, /^How was your session/], [markNoShow, / was marked as missed$/]] as const) {
      const parts = await booked("Asia/Tokyo", { days: 0 });
      await prisma.booking.update({ where: { id: parts.booking.id }, data: { startsAt: new Date(Date.now() - 2 * HOUR) } });
      await mark(actorOf(parts.guide), parts.booking.id);
      const mail = (await mailTo(parts.mentee.email)).find((each) => subject.test(each.subject));
      expect(mail, String(subject)).toBeTruthy();
      expect(mail!.text).toMatch(/When: .*[AP]M, Japan Standard Time \(Asia\/Tokyo\)\n/);
      expect(mail!.text).toMatch(/Your mentor's time: .*[AP]M, Eastern Time \(America\/New_York\)\n/);
    }
  });
});
