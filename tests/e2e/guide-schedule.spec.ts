import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";

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
      await e2eDb.insert("GuideProfile", { userId: guide.id, hourlyRateCents: 9000, category: "Senior Pastors", createdAt: now, updatedAt: now });

      await page.goto("/mentor-dashboard/availability");
      await expect(page.getByRole("heading", { level: 1, name: "Availability" })).toBeVisible();
      const preview = page.getByRole("region", { name: "Your next free times" });
      await expect(preview).toContainText("No free times in your booking window yet");

      // The zone picker: typed into, and the zone picked from what it finds.
      await page.getByRole("combobox", { name: "Your hours are in" }).fill("chicago");
      await page.getByRole("option", { name: /^Central Time — Chicago/ }).click();
      await expect(page.getByRole("combobox", { name: "Your hours are in" })).toHaveValue("Central Time — Chicago");
      // Monday 09:00–12:00 and Wednesday's default 09:00–17:00, added with the buttons (no reload).
      await page.getByRole("button", { name: "Add hours on Monday" }).click();
      await page.getByLabel("Monday end 1").fill("12:00");
      await page.getByRole("button", { name: "Add hours on Wednesday" }).click();
      await expect(page.getByLabel("Wednesday start 1")).toHaveValue("09:00");
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
      await expect(preview).toContainText("30-minute sessions, shown in your time zone: America/Chicago");
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
