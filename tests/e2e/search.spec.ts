import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";
import { accessibilityViolations } from "./layout-checks.ts";

// Find a Mentor (/search) on the seeded demo marketplace: David Mitchell (guide@example.com) is a live guide.

const cards = (page: Page) => page.getByTestId("mentor-card");
// The results' heading, announced as it changes (aria-live).
const results = (page: Page) => page.getByRole("heading", { level: 2 }).filter({ hasText: /mentor/ });

/** The filters: a sidebar on a laptop; on a phone, behind the "Filters" disclosure. */
async function openFilters(page: Page, device: "phone" | "laptop") {
  const category = page.getByRole("group", { name: "Category" });
  if (device === "phone") {
    await expect(category).toBeHidden();
    await page.locator("summary", { hasText: "Filters" }).click();
  }
  await expect(category).toBeVisible();
}

for (const [device, viewport] of screenSizes) {
  test.describe(`Find a Mentor on a ${device}`, () => {
    test.use({ viewport });

    test("search by keyword and open a mentor's card", async ({ page }) => {
      await page.goto("/find-mentor");
      await expect(page).toHaveURL(/\/search$/);
      await expect(page.getByRole("heading", { level: 1, name: "Find a Mentor" })).toBeVisible();
      await expect(cards(page).first()).toBeVisible();
      await page.getByRole("searchbox", { name: "Search mentors" }).fill("Mitchell");
      await page.getByRole("searchbox", { name: "Search mentors" }).press("Enter");
      await expect(page).toHaveURL(/[?&]q=Mitchell/);
      await expect(results(page)).toHaveText(/^1 mentor/);
      const card = cards(page).first();
      await expect(card).toContainText("David Mitchell");
      await expect(card).toContainText("Senior Pastor · Cornerstone Bible Church");
      // The price as the profile says it: a price for a length (the demo guide offers several, so the lowest).
      await expect(card).toContainText(/from \$\d+\.\d{2} for \d+ minutes/);
      await expect(card.getByRole("img", { name: "Picture of David Mitchell" })).toBeVisible();
      const href = await card.getByRole("link", { name: "David Mitchell", exact: true }).getAttribute("href");
      expect(href).toMatch(/^\/mentor\/\d+$/);
      await card.getByRole("link", { name: "David Mitchell", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    });

    test("a search nobody matches says so and offers the way back, the words quoted once", async ({ page }) => {
      await page.goto("/search?q=zzqqxx");
      await expect(cards(page)).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "No mentors match your search" })).toBeVisible();
      const back = page.getByRole("link", { name: "Without the words “zzqqxx”", exact: true });
      await expect(back).toBeVisible();
      await back.click();
      await expect(page).toHaveURL(/\/search$/);
      await expect(cards(page).first()).toBeVisible();
    });

    test("the home page, Find a Mentor and a mentor's profile break no accessibility rule, however minor", async ({ page }) => {
      await page.goto("/");
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.goto("/search?q=Mitchell");
      await expect(cards(page)).toHaveCount(1);
      expect(await accessibilityViolations(page)).toEqual([]);
      await cards(page).getByRole("link", { name: "David Mitchell", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "David Mitchell" })).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    test("tick a facet: the results follow at once and focus stays on the box", async ({ page }) => {
      await page.goto("/search");
      await openFilters(page, device);
      const category = page.getByRole("group", { name: "Category" });
      const youth = category.getByRole("checkbox", { name: /^Youth Ministry/ });
      const expected = Number((await youth.locator("xpath=..").locator("span.tabular-nums").textContent())?.match(/\d+/)?.[0]);
      expect(expected).toBeGreaterThan(0);
      await youth.check();
      await expect(page).toHaveURL(/[?&]category=Youth\+Ministry/);
      await expect(results(page)).toHaveText(new RegExp(`^${expected} mentors?`));
      await expect(youth).toBeChecked();
      await expect(youth).toBeFocused();
      for (const card of await cards(page).all()) await expect(card).toContainText("Youth Ministry");
      // The chip above the results removes it again.
      await page.getByRole("list", { name: "Active filters" }).getByRole("link", { name: /Youth Ministry/ }).click();
      await expect(page).not.toHaveURL(/category=/);
    });

    test("sort and page through the results", async ({ page }) => {
      await page.goto("/search");
      await page.getByRole("combobox", { name: "Sort by" }).selectOption("price");
      await expect(page).toHaveURL(/[?&]sort=price/);
      await expect(page.getByRole("combobox", { name: "Order" })).toHaveValue("asc");
      const firstPrice = await cards(page).first().textContent();
      expect(firstPrice).toContain("Pay what you want"); // the cheapest: the mentee chooses
      await page.getByRole("combobox", { name: "Order" }).selectOption("desc");
      await expect(page).toHaveURL(/[?&]order=desc/);
      await expect(cards(page).first()).not.toContainText("Pay what you want");

      await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(page).toHaveURL(/[?&]sort=price/);
      await expect(results(page)).toContainText("page 2 of");
      await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    });
  });
}

test.describe("Find a Mentor without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("keyword, a facet and the sort work as a plain GET form", async ({ page }) => {
    await page.goto("/search");
    await page.getByRole("searchbox", { name: "Search mentors" }).fill("pastor");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=pastor/);
    const all = Number((await results(page).textContent())?.match(/\d+/)?.[0]);

    await page.locator("summary", { hasText: "Filters" }).click();
    await page.getByRole("group", { name: "Has a free time" }).getByRole("radio", { name: /^Next 30 days/ }).check();
    await page.getByRole("checkbox", { name: /^Spanish/ }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/free=30/);
    await expect(page).toHaveURL(/language=Spanish/);
    await expect(page).toHaveURL(/q=pastor/);
    const narrowed = Number((await results(page).textContent())?.match(/\d+/)?.[0] ?? 0);
    expect(narrowed).toBeLessThan(all);

    await page.getByRole("combobox", { name: "Sort by" }).selectOption("experience");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/sort=experience/);
    await expect(page).toHaveURL(/language=Spanish/);
  });
});
