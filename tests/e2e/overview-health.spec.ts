import { randomBytes } from "node:crypto";
import { dateRangeChoices } from "#app/lib/date-range.ts";
import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";

const ZONE = "America/Chicago";
const HOUR = 3_600_000;

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("the overview's health of the last 7 days, and from Cancelled to the bookings it counts", async ({ page, signIn, createPerson, e2eDb }) => {
      await signIn("admin", { timeZone: ZONE });
      // A booking its mentee cancelled just now, written as the bookings module writes one: the row, and its hour's count.
      const [user, guide] = await Promise.all([createPerson("user"), createPerson("guide")]);
      const word = `Quillhealth${randomBytes(4).toString("hex").replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)])}`;
      const now = new Date();
      await e2eDb.booking.create({
        data: { userId: user.id, guideId: guide.id, topic: `${word} cancelled`, status: "cancelled", cancelledAt: now, cancelledById: user.id, endedAt: now, startsAt: new Date(now.getTime() + 48 * HOUR) },
      });
      await e2eDb.$executeRaw`INSERT INTO "HourTotal" ("hour", "cancelledByMentee") VALUES (${Math.floor(now.getTime() / HOUR)}, 1)
        ON CONFLICT ("hour") DO UPDATE SET "cancelledByMentee" = "HourTotal"."cancelledByMentee" + 1`;

      await page.goto("/admin/dashboard");
      const health = page.getByRole("region", { name: "Health" });
      await health.getByRole("link", { name: "Last 7 days" }).click();
      const lastWeek = dateRangeChoices(ZONE).find((choice) => choice.label === "Last 7 days")!;
      await expect(page).toHaveURL(new RegExp(`from=${lastWeek.from}&to=${lastWeek.to}`));
      await expect(health.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "true");
      const period = health.getByRole("list", { name: "In the period" });
      for (const label of ["Bookings made", "Completed", "Cancelled", "No-shows", "Refunds", "Repeat mentees", "Median answer time"]) {
        await expect(period.getByRole("heading", { name: label, exact: true })).toBeVisible();
      }
      const waiting = health.getByRole("list", { name: "Waiting now" });
      for (const label of ["Guides without free time", "Old open queries", "Reviews awaiting reply"]) {
        await expect(waiting.getByRole("heading", { name: label, exact: true })).toBeVisible();
      }
      await expect(period.getByRole("list", { name: "Cancelled by" }).getByRole("link", { name: /^Mentees \d+$/ })).toBeVisible();
      const cancelled = period.getByRole("link", { name: /^Cancelled \d+$/ });
      const count = Number(((await cancelled.textContent()) ?? "").replace(/\D/g, ""));
      expect(count).toBeGreaterThanOrEqual(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The bookings that ended cancelled on those days: the list says so in its filters, and holds the one above.
      await cancelled.click();
      await expect(page).toHaveURL(/\/admin\/dashboard\/Bookings\?/);
      await expect(page).toHaveURL(/date=ended/);
      await expect(page).toHaveURL(/outcome=cancelled/);
      await expect(page).toHaveURL(new RegExp(`from=${lastWeek.from}&to=${lastWeek.to}`));
      await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible();
      await expect(page.getByLabel("Outcome")).toHaveValue("cancelled");
      await expect(page.getByRole("group", { name: "Dates" }).getByLabel("Date of")).toHaveValue("ended");
      await page.getByPlaceholder("Search bookings...").fill(word);
      await expect(page).toHaveURL(new RegExp(`search=${word}`));
      await expect(page).toHaveURL(/outcome=cancelled/);
      const rows = page.locator("tbody tr");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(`${word} cancelled`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  });
}
