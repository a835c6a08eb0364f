// One way to show a time: what the server's HTML says is what the page shows once it runs. A signed-out visitor's
// browser tells the server its zone through the hint cookie (its first visit loads once more, at once, to use it); a
// signed-in person reads their saved zone whatever the device's. The browser's zone is Playwright's `timezoneId`.
import { expect, test } from "./fixtures.ts";
import { screenSizes } from "./helpers.ts";
import { timeChanges, timesInHtml, timesOnPage, watchTimes } from "./time-checks.ts";

const DAY = 24 * 3_600_000;

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport, timezoneId: "Asia/Tokyo" });

    test("a signed-out visitor in Tokyo: the profile's free times come in Tokyo time from the server, and stay as they are", async ({ page, e2eDb, createPerson }) => {
      const guide = await createPerson("guide");
      const now = new Date();
      await e2eDb.guideProfile.create({ data: { userId: guide.id, experienceYears: 9, hourlyRateCents: 6000, noticeHours: 24, horizonDays: 30, createdAt: now, updatedAt: now } });
      for (let weekday = 0; weekday < 7; weekday++) await e2eDb.availability.create({ data: { guideId: guide.id, weekday, startTime: "09:00", endTime: "17:00" } });
      await e2eDb.sessionOption.create({ data: { guideId: guide.id, minutes: 60, priceCents: 6000 } });
      await page.addInitScript(watchTimes);
      // The pages the browser asks the server for.
      const loads: string[] = [];
      page.on("request", (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
      });

      // The first visit asks the browser for its zone and loads once more with it, before showing anything.
      await page.goto(`/mentor/${guide.id}`);
      await expect(page.getByText("Shown in your time zone: Japan Standard Time (Asia/Tokyo)")).toBeVisible();
      const shown = await timesOnPage(page);
      expect(shown.length).toBeGreaterThan(0);
      for (const time of shown) expect(time).toMatch(/GMT\+9$/);
      expect(shown).toEqual(await timesInHtml(page, `/mentor/${guide.id}`));
      expect(await timeChanges(page)).toEqual([]);
      expect(loads.length).toBe(2);

      // The next page knows the zone at once: no second load.
      loads.length = 0;
      await page.goto(`/mentor/${guide.id}`);
      await expect(page.getByText("Shown in your time zone: Japan Standard Time (Asia/Tokyo)")).toBeVisible();
      expect(await timesOnPage(page)).toEqual(shown);
      expect(loads.length).toBe(1);
    });

    test("a signed-in mentee reads their saved zone (Chicago) on a Tokyo device: the same times in the HTML and on the page", async ({ page, signIn, e2eDb }) => {
      const mentee = await signIn("user", { timeZone: "America/Chicago" });
      // 22:30 UTC: 4:30 PM in Chicago, 7:30 AM the next day in Tokyo.
      const day = new Date(Date.now() - 2 * DAY);
      const at = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 22, 30));
      await e2eDb.notification.create({ data: { userId: mentee.id, kind: "message", title: "A time to check", createdAt: at } });
      await page.addInitScript(watchTimes);

      await page.goto("/user-dashboard/notifications");
      await expect(page.getByRole("main").getByText("A time to check")).toBeVisible();
      const shown = await timesOnPage(page);
      expect(shown).toContainEqual(expect.stringMatching(new RegExp(`^${at.toISOString()} .*4:30\\sPM C[SD]T$`)));
      expect(shown).toEqual(await timesInHtml(page, "/user-dashboard/notifications"));
      expect(await timeChanges(page)).toEqual([]);
    });
  });
}
