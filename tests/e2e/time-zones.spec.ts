// Times right from the first minute: a visitor signing up in Chicago starts in Central Time, and a device in another
// zone than the account's is noticed on the dashboards and in the booking dialog ("Use …" saves it and the times on
// the page follow; "Keep …" hides it on this device). The browser's zone is Playwright's `timezoneId`.
import { randomBytes } from "node:crypto";
import type { E2eDb } from "./database.ts";
import { expect, test, type Person } from "./fixtures.ts";
import { codeFromOutbox, fillSignUp, screenSizes, toast } from "./helpers.ts";

const PASSWORD = "Shepherd-42!";
const DAY = 24 * 3_600_000;

const NOTICE = "Your device is set to Central Time (America/Chicago), but your account uses Eastern Time (America/New_York).";

/** The 6-digit code in the newest mail to `email` (the OutboxMail table: no SMTP server in tests). */
/** A live guide in New York, open 09:00–17:00 every day, offering 60 minutes at $60. */
async function bookableGuide(db: E2eDb, createPerson: (role: "guide", data: { timeZone: string }) => Promise<Person>) {
  const guide = await createPerson("guide", { timeZone: "America/New_York" });
  const now = new Date();
  await db.guideProfile.create({ data: { userId: guide.id, experienceYears: 9, hourlyRateCents: 6000, noticeHours: 24, horizonDays: 30, createdAt: now, updatedAt: now } });
  for (let weekday = 0; weekday < 7; weekday++) await db.availability.create({ data: { guideId: guide.id, weekday, startTime: "09:00", endTime: "17:00" } });
  await db.sessionOption.create({ data: { guideId: guide.id, minutes: 60, priceCents: 6000 } });
  return guide;
}

/** A confirmed free session of `menteeId` with the guide, three days from now at 15:00 UTC. */
async function bookSession(db: E2eDb, menteeId: number, guideId: number, topic: string) {
  const day = new Date(Date.now() + 3 * DAY);
  const startsAt = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 15));
  const now = new Date();
  await db.booking.create({ data: { userId: menteeId, guideId, topic, rateCents: 0, paymentStatus: "unpaid", status: "confirmed", startsAt, durationMinutes: 60, createdAt: now, updatedAt: now } });
}

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport, timezoneId: "America/Chicago" });

    test("a visitor signing up in Chicago starts in Central Time, as Settings shows", async ({ page, e2eDb }) => {
      const email = `chicago.${randomBytes(5).toString("hex")}@e2e.test`;
      await page.goto("/signup");
      // Hydrated: the browser has put its zone in the form.
      await expect(page.locator("form#signup")).toHaveAttribute("data-validation", "browser");
      await expect(page.getByLabel("Time zone")).toHaveCount(0);
      await fillSignUp(page, { name: "Phoebe Cenchreae", email, password: PASSWORD, title: "Deacon", organisation: "Cenchreae Church" });
      await page.getByRole("button", { name: "Create account" }).click();

      await expect(page).toHaveURL(/\/verify-email\?email=/);
      await page.getByLabel("Verification code").fill(await codeFromOutbox(e2eDb, email));
      await page.getByRole("button", { name: "Verify and continue" }).click();
      await expect(page).toHaveURL(/\/user-dashboard$/);
      expect((await e2eDb.user.findUnique({ where: { email } }))?.timeZone).toBe("America/Chicago");

      await page.goto("/user-dashboard/settings");
      await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Central Time (America/Chicago)");
      await expect(page.locator('input[type="hidden"][name="timeZone"]')).toHaveValue("America/Chicago");
      await page.goto("/user-dashboard/bookings");
      await expect(page.getByText("Times are shown in your time zone")).toContainText("Times are shown in your time zone, Central Time (America/Chicago).");
    });

    test("a mentee's dashboard notices the device's zone; Use Central Time (America/Chicago) saves it and the session times follow", async ({ page, e2eDb, signIn, createPerson }) => {
      const mentee = await signIn("user", { timeZone: "America/New_York" });
      const guide = await bookableGuide(e2eDb, createPerson);
      const topic = `Zones ${randomBytes(4).toString("hex")}`;
      await bookSession(e2eDb, mentee.id, guide.id, topic);

      await page.goto("/user-dashboard/bookings");
      const notice = page.getByRole("region", { name: "Time zone" });
      await expect(notice).toContainText(NOTICE);
      const session = page.getByRole("article", { name: topic });
      // 15:00 UTC: 10:00 (or 11:00 in summer) in New York, an hour earlier in Chicago.
      await expect(session).toContainText(/\b(10|11):00\sAM\sE[SD]T/);
      await expect(page.getByText("Times are shown in your time zone")).toContainText("Times are shown in your time zone, Eastern Time (America/New_York).");

      await notice.getByRole("button", { name: "Use Central Time (America/Chicago)", exact: true }).click();
      await expect(toast(page, "Time Zone Saved")).toContainText("Times are now shown in Central Time (America/Chicago).");
      await expect(notice).toHaveCount(0);
      await expect(page.locator("main#main")).toBeFocused();
      await expect(page).toHaveURL(/\/user-dashboard\/bookings$/);
      await expect(session).toContainText(/\b(9|10):00\sAM\sC[SD]T/);
      await expect(page.getByText("Times are shown in your time zone")).toContainText("Times are shown in your time zone, Central Time (America/Chicago).");
      expect((await e2eDb.user.findUnique({ where: { email: mentee.email } }))?.timeZone).toBe("America/Chicago");
    });

    test("Keep Eastern Time hides the notice on this device, on other screens too", async ({ page, e2eDb, signIn, createPerson }) => {
      const mentee = await signIn("user", { timeZone: "America/New_York" });
      const guide = await bookableGuide(e2eDb, createPerson);
      await bookSession(e2eDb, mentee.id, guide.id, `Keep ${randomBytes(4).toString("hex")}`);

      await page.goto("/user-dashboard");
      const notice = page.getByRole("region", { name: "Time zone" });
      await expect(notice).toContainText(NOTICE);
      await notice.getByRole("button", { name: "Keep Eastern Time (America/New_York)", exact: true }).click();
      await expect(notice).toHaveCount(0);
      await expect(page.locator("main#main")).toBeFocused();

      // A fresh page, hydrated (Settings' form checks in the browser), then on to the bookings in the browser: no notice.
      await page.goto("/user-dashboard/settings");
      await expect(page.locator("form#preferences")).toHaveAttribute("data-validation", "browser");
      await page.getByRole("main").getByRole("link", { name: "Go to bookings" }).click();
      await expect(page.getByRole("heading", { name: "My Bookings", level: 1 })).toBeVisible();
      await expect(notice).toHaveCount(0);
      // Nor in the page as the server sends it: the choice is a cookie the server reads.
      const sent = await (await page.request.get("/user-dashboard")).text();
      expect(sent).toContain("Times are shown in your time zone");
      expect(sent).not.toContain('aria-label="Time zone"');
      expect((await e2eDb.user.findUnique({ where: { email: mentee.email } }))?.timeZone).toBe("America/New_York");

      // Every cookie this browser now holds (signed in, the zone told, a choice kept) is one the Cookie Policy names.
      const held = (await page.context().cookies()).map((cookie) => cookie.name);
      expect(held).toEqual(expect.arrayContaining(["mm_session", "mm_tz", "mm_tz_kept"]));
      await page.goto("/cookie-policy");
      const named = await page.getByRole("main").getByRole("term").allTextContents();
      expect(held.filter((name) => !named.includes(name))).toEqual([]);
    });

    test("the booking dialog notices it too, and its free times follow the zone saved", async ({ page, e2eDb, signIn, createPerson }) => {
      await signIn("user", { timeZone: "America/New_York" });
      const guide = await bookableGuide(e2eDb, createPerson);
      await page.goto(`/mentor/${guide.id}/book`);
      const dialog = page.getByRole("dialog", { name: `Book a session with ${guide.name}` });
      const notice = dialog.getByRole("region", { name: "Time zone" });
      await expect(notice).toContainText(NOTICE);
      await expect(dialog.getByText("Times are shown in")).toContainText("Times are shown in Eastern Time (America/New_York), your time zone.");
      // Next week: whole days, whatever the hour the test runs at (this week's last days may start late for the notice).
      await dialog.getByRole("link", { name: "Next week" }).click();
      await expect(page).toHaveURL(/week=/);
      // The guide's hours are 9:00 to 17:00 in New York: 8:00 to 16:00 in Chicago.
      const times = dialog.getByRole("link", { name: /^\d{1,2}:\d{2}\s[AP]M$/ });
      const offered = async () => (await times.allTextContents()).map((time) => time.replace(/\s/g, " "));
      await expect(times.first()).toBeVisible();
      expect(await offered()).toContain("4:00 PM");
      expect(await offered()).not.toContain("8:00 AM");

      await notice.getByRole("button", { name: "Use Central Time (America/Chicago)", exact: true }).click();
      await expect(toast(page, "Time Zone Saved")).toBeVisible();
      await expect(notice).toHaveCount(0);
      await expect(dialog).toBeFocused();
      await expect(dialog.getByText("Times are shown in")).toContainText("Times are shown in Central Time (America/Chicago), your time zone.");
      expect(await offered()).toContain("8:00 AM");
      expect(await offered()).not.toContain("4:00 PM");
    });

    test("a guide is told their weekly hours move with the zone", async ({ page, signIn }) => {
      await signIn("guide", { timeZone: "America/New_York" });
      await page.goto("/mentor-dashboard");
      const notice = page.getByRole("region", { name: "Time zone" });
      await expect(notice).toContainText(NOTICE);
      await expect(notice).toContainText("Your weekly hours are kept in your account's zone: switching moves them to Central Time (America/Chicago).");
      await expect(notice.getByRole("button", { name: "Use Central Time (America/Chicago)", exact: true })).toBeVisible();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, timezoneId: "America/Chicago", viewport: { width: 390, height: 844 } });

  test("the dashboard shows no notice: the device's zone is unknown", async ({ page, signIn }) => {
    await signIn("user", { timeZone: "America/New_York" });
    await page.goto("/user-dashboard");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Time zone" })).toHaveCount(0);
  });
});
