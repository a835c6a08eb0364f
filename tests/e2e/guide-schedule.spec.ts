import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";
import { overflowProblems } from "./layout-checks.ts";

/**
 * A guide sets their schedule on a phone and a laptop: their time zone, weekly hours, lengths and rules on the
 * Availability screen (the preview then lists their next free times in their zone, naming it), then a price per
 * length and a free intro session on the Pricing screen. Each width uses its own new guide, so the two runs (and
 * the demo guide other specs book with) never share rows.
 */
for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("set weekly hours, lengths and rules, see the preview, then set prices", async ({ page, e2eDb, signIn }) => {
      const guide = await signIn("guide");
      const now = new Date();
      await e2eDb.guideProfile.create({ data: { userId: guide.id, hourlyRateCents: 9000, category: "Senior Pastors", createdAt: now, updatedAt: now } });

      await page.goto("/mentor-dashboard/availability");
      await expect(page.getByRole("heading", { level: 1, name: "Availability" })).toBeVisible();
      const preview = page.getByRole("region", { name: "Your next free times" });
      await expect(preview).toContainText("No free times in your booking window yet");

      // The zone picker: typed into, and the zone picked from what it finds.
      await page.getByRole("combobox", { name: "Your hours are in" }).fill("chicago");
      await page.getByRole("option", { name: /^Central Time \(America\/Chicago\), GMT-[56]$/ }).click();
      const zoneBox = page.getByRole("combobox", { name: "Your hours are in" });
      await expect(zoneBox).toHaveValue("Central Time (America/Chicago)");
      // Named whole, on a phone too: nothing of the name is cut off.
      expect(await zoneBox.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
      // Monday 09:00–12:00 and Wednesday's default 09:00–17:00, added with the buttons (no reload).
      await page.getByRole("button", { name: "Add hours on Monday" }).click();
      await page.getByLabel("Monday end 1").fill("12:00");
      await page.getByRole("button", { name: "Add hours on Wednesday" }).click();
      await expect(page.getByLabel("Wednesday start 1")).toHaveValue("09:00");
      // A range's start and end read as one line, "09:00 – 17:00", on a phone too.
      const [start, end] = await Promise.all([page.getByLabel("Wednesday start 1").boundingBox(), page.getByLabel("Wednesday end 1").boundingBox()]);
      expect(Math.abs(start!.y - end!.y)).toBeLessThan(2);
      // A second Wednesday range, then removed again.
      await page.getByRole("button", { name: "Add hours on Wednesday" }).click();
      await expect(page.getByLabel("Wednesday start 2")).toBeVisible();
      await page.getByRole("button", { name: "Remove Wednesday hours 2" }).click();
      await expect(page.getByLabel("Wednesday start 2")).toHaveCount(0);

      await page.getByLabel("30 minutes").check();
      await page.getByLabel("60 minutes").check();
      await page.getByLabel("Buffer after each session").selectOption("15");
      await page.getByLabel("Minimum notice (hours)").fill("24");
      await page.getByLabel("Booking window (days ahead)").fill("30");
      await page.getByLabel("I review requests before confirming").check();
      await page.getByLabel("Meeting link").fill("https://meet.example.com/e2e-room");
      await page.getByRole("button", { name: "Save availability" }).click();

      await expect(page.getByText("Availability Saved", { exact: true })).toBeVisible();
      // The button, disabled while saving, has the focus back once the page is saved: Tab goes on from where it was.
      await expect(page.getByRole("button", { name: "Save availability" })).toBeFocused();
      await expect(preview).toContainText("30-minute sessions, shown in your time zone: Central Time (America/Chicago)");
      const times = preview.getByRole("list", { name: "Next free times preview" }).getByRole("listitem");
      await expect(times.first()).toBeVisible();
      // Every previewed time is a Monday or Wednesday morning in Chicago.
      for (const label of await times.allTextContents()) expect(label).toMatch(/^(Mon|Wed), .+ (9|10|11|12|1|2|3|4):(00|30) (AM|PM) C[SD]T$/);
      await expect(page.getByLabel("Monday end 1")).toHaveValue("12:00");
      await expect(page.getByLabel("Meeting link")).toHaveValue("https://meet.example.com/e2e-room");

      // Bad input stays on the form with its message.
      await page.getByLabel("Minimum notice (hours)").fill("2");
      await page.getByRole("button", { name: "Save availability" }).click();
      await expect(page.getByText("Notice must be at least 24 hours (the platform minimum)")).toBeVisible();
      await page.getByLabel("Minimum notice (hours)").fill("24");

      await page.goto("/mentor-dashboard/pricing");
      await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
      await expect(page.getByLabel("30 minutes")).toHaveValue("45");
      await page.getByLabel("30 minutes").fill("45");
      await page.getByLabel("60 minutes").fill("85");
      await page.getByLabel("Offer each new mentee a free first session").selectOption("15");
      await page.getByRole("button", { name: "Save pricing" }).click();
      await expect(page.getByText("Pricing Saved", { exact: true })).toBeVisible();
      await expect(page.getByText("Your profile and Find a Mentor show “from $45.00 for 30 minutes”.")).toBeVisible();
      await expect(page.getByLabel("60 minutes")).toHaveValue("85");
      await expect(page.getByLabel("Offer each new mentee a free first session")).toHaveValue("15");

      // Nothing sticks out sideways at this width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}

/** Presses Tab as a person does until `next` has the focus (a time field takes a Tab for each of its parts). */
async function tabTo(page: Page, next: Locator) {
  for (let presses = 0; presses < 4 && !(await next.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press("Tab");
  await expect(next).toBeFocused();
}

/**
 * A date override typed in field by field, as a guide does it: the date, the "From" time and Tab. The checks run as
 * the fields are left and must never break the page: the edits stay, and the missing "To" is asked for in words.
 */
for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a date with only its start time keeps the page, the edits and says what is missing", async ({ page, e2eDb, signIn }) => {
      const guide = await signIn("guide");
      const now = new Date();
      await e2eDb.guideProfile.create({ data: { userId: guide.id, hourlyRateCents: 9000, category: "Senior Pastors", createdAt: now, updatedAt: now } });
      const day = new Date(now.getTime() + 20 * 86_400_000).toISOString().slice(0, 10);

      await page.goto("/mentor-dashboard/availability");
      await expect(page.locator('form[data-validation="browser"]')).toHaveCount(1);
      await page.getByLabel("Meeting link").fill("https://meet.example.com/kept-room");
      await page.getByLabel("60 minutes").check();

      await page.getByRole("button", { name: "Add a date" }).click();
      // A date's From and To read as one line, on a phone too.
      const [from, to] = await Promise.all([page.getByLabel("From (date 1)").boundingBox(), page.getByLabel("To (date 1)").boundingBox()]);
      expect(Math.abs(from!.y - to!.y)).toBeLessThan(2);
      expect(await overflowProblems(page)).toEqual([]);
      await page.getByLabel("Date 1", { exact: true }).fill(day);
      await page.getByLabel("From (date 1)").fill("09:00");
      await tabTo(page, page.getByLabel("To (date 1)"));
      // Leaving "To" empty says what it needs; the page and every edit are still there.
      await tabTo(page, page.getByRole("button", { name: "Remove date 1" }));
      await expect(page.getByText("Enter both a start and an end, or leave both empty for a day off")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Availability" })).toBeVisible();
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
      await expect(page.getByLabel("Meeting link")).toHaveValue("https://meet.example.com/kept-room");
      await expect(page.getByLabel("Date 1", { exact: true })).toHaveValue(day);
      await expect(page.getByLabel("From (date 1)")).toHaveValue("09:00");

      // A second date on the same day, half typed, beside the first: still no break.
      await page.getByRole("button", { name: "Add a date" }).click();
      await page.getByLabel("Date 2", { exact: true }).fill(day);
      await page.getByLabel("From (date 2)").fill("10:00");
      await tabTo(page, page.getByLabel("To (date 2)"));
      await page.getByRole("button", { name: "Remove date 2" }).click();

      await page.getByLabel("To (date 1)").fill("12:00");
      await expect(page.getByText("Enter both a start and an end, or leave both empty for a day off")).toHaveCount(0);
      await page.getByLabel("Minimum notice (hours)").fill("24");
      await page.getByLabel("Booking window (days ahead)").fill("30");
      await page.getByRole("button", { name: "Save availability" }).click();
      await expect(page.getByText("Availability Saved", { exact: true })).toBeVisible();
      await expect(page.getByLabel("Date 1", { exact: true })).toHaveValue(day);
      await expect(page.getByLabel("To (date 1)")).toHaveValue("12:00");
      await expect(page.getByLabel("Meeting link")).toHaveValue("https://meet.example.com/kept-room");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
