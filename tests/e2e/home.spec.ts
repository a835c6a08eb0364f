import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";

// The home page on the seeded demo marketplace: its example searches each find mentors, and its mentors (the best rated
// with a free time soon) show their pictures and open their profiles.

const EXAMPLES = ["burnout", "building campaign", "conflict", "volunteers", "church planting", "youth ministry"];

for (const [device, viewport] of screenSizes) {
  test.describe(`The home page on a ${device}`, () => {
    test.use({ viewport });

    test("every example search finds mentors on Find a Mentor", async ({ page }) => {
      await page.goto("/");
      const examples = page.getByRole("navigation", { name: "Popular searches:" }).getByRole("link");
      await expect(examples).toHaveText(EXAMPLES);
      for (const example of EXAMPLES) {
        await page.goto("/");
        await page.getByRole("navigation", { name: "Popular searches:" }).getByRole("link", { name: example, exact: true }).click();
        await expect(page.getByRole("searchbox", { name: "Search mentors" })).toHaveValue(example);
        await expect(page.getByRole("heading", { level: 2 }).filter({ hasText: /mentor/ })).toHaveText(/^[1-9]\d* mentors?/);
        await expect(page.getByTestId("mentor-card").first()).toBeVisible();
      }
    });

    test("the mentors shown have pictures and open their live profiles", async ({ page }) => {
      await page.goto("/");
      const section = page.getByRole("region", { name: "Mentors you could meet soon" });
      const cards = section.getByRole("article");
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(4);
      for (const card of await cards.all()) {
        const picture = card.getByRole("img");
        await picture.scrollIntoViewIfNeeded();
        await expect(picture).toHaveAttribute("src", /^\/images\/[0-9a-f-]{36}$/);
        // Drawn, not the fallback: the image loaded.
        await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
        await expect(card).toContainText("Next free time:");
      }
      const first = cards.first().getByRole("heading", { level: 3 });
      const name = (await first.textContent())!.trim();
      await first.getByRole("link").click();
      await expect(page).toHaveURL(/\/mentor\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    });
  });
}
