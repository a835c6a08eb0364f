import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";

const bookings = "/admin/dashboard/Bookings";

/** The guide of the list's first booking (a seeded guide with bookings), and the Guide column of every row. */
async function firstRowGuide(page: Page) {
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(10);
  return (await rows.first().locator("td").nth(3).locator("p").first().textContent()) ?? "";
}
const guideColumn = (page: Page) => page.locator("tbody tr td:nth-child(4) p.font-medium");
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("filter bookings by a guide with the keyboard: type, arrow down, Enter; Escape closes the suggestions", async ({ page, signIn }) => {
      await signIn("admin");
      await page.goto(bookings);
      const name = await firstRowGuide(page);
      const picker = page.getByRole("combobox", { name: "Guide", exact: true });
      await expect(picker).toHaveAttribute("aria-expanded", "false");

      // Escape closes the list without choosing anyone.
      await picker.pressSequentially(name.slice(0, 3));
      const suggestions = page.getByRole("listbox", { name: "Guide suggestions" });
      await expect(suggestions).toBeVisible();
      await expect(picker).toHaveAttribute("aria-expanded", "true");
      await picker.press("Escape");
      await expect(suggestions).toBeHidden();
      await expect(picker).toHaveAttribute("aria-expanded", "false");
      await expect(page).not.toHaveURL(/guideId=/);

      await picker.fill("");
      await picker.pressSequentially(name);
      const option = suggestions.getByRole("option", { name: new RegExp(`^${escaped(name)}`) }).first();
      await expect(option).toBeVisible();
      expect(await suggestions.getByRole("option").count()).toBeLessThanOrEqual(10);
      // Arrow down to the guide: the active option is the combobox's aria-activedescendant.
      for (let step = 0; (await option.getAttribute("aria-selected")) !== "true" && step < 10; step++) await picker.press("ArrowDown");
      await expect(option).toHaveAttribute("aria-selected", "true");
      await expect(picker).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
      await picker.press("Enter");

      await expect(page).toHaveURL(/[?&]guideId=\d+/);
      await expect(suggestions).toBeHidden();
      await expect(picker).toBeFocused();
      await expect(picker).toHaveValue(name);
      await expect(guideColumn(page).first()).toHaveText(name);
      for (const guide of await guideColumn(page).allTextContents()) expect(guide).toBe(name);

      // A reload keeps the filter and shows the guide by name; the × removes it.
      await page.reload();
      await expect(picker).toHaveValue(name);
      await page.getByRole("link", { name: `Remove filter: Guide: ${name}` }).click();
      await expect(page).not.toHaveURL(/guideId=/);
      await expect(picker).toHaveValue("");
    });

    test("a search or filter that matches nothing says so, and one link brings the whole list back with its sort", async ({ page, signIn }) => {
      await signIn("admin");
      const rows = page.locator("main tbody tr");
      await page.goto(`${bookings}?sort=rate&order=asc&paymentStatus=paid&search=${encodeURIComponent("no such topic qq")}`);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("No bookings found");
      await expect(rows.first()).toContainText("Nothing matches “no such topic qq” with these filters.");
      await rows.first().getByRole("link", { name: "Clear the search and filters" }).click();
      await expect(page).toHaveURL(/\/Bookings\?sort=rate&order=asc$/);
      await expect(rows).toHaveCount(10);

      // Filters alone (the requests rejected on a day long ago), said as such.
      await page.goto("/admin/dashboard/guide-request?status=rejected&from=2001-01-01&to=2001-01-01");
      await expect(rows.first()).toContainText("Nothing matches these filters.");
      // The range is named for the Requested column it narrows.
      await expect(page.getByText("Requested: Jan 1, 2001", { exact: true })).toBeVisible();
      await page.getByRole("link", { name: "Clear the filters" }).click();
      await expect(page).toHaveURL(/\/guide-request$/);
      await expect(page.getByRole("heading", { name: "Pending Requests" })).toBeVisible();
    });

    test("User Management narrowed by ?isVerified= (a saved view, a link) shows it as a chip that removes it", async ({ page, signIn }) => {
      await signIn("admin");
      await page.goto("/admin/dashboard/user-management/user?isVerified=false&sort=email");
      const filters = page.getByRole("list", { name: "Active filters" });
      await expect(filters).toHaveText("Verified: No");
      await filters.getByRole("link", { name: "Remove filter: Verified: No" }).click();
      await expect(page).toHaveURL(/\/user-management\/user\?sort=email$/);
      await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);
      await expect(page.locator("main tbody tr")).toHaveCount(10);
    });
  });

  test.describe(`on a ${device}, without JavaScript`, () => {
    test.use({ viewport, javaScriptEnabled: false });

    test("filter bookings by a guide: submit a name, choose from the matching guides", async ({ page, signIn }) => {
      await signIn("admin");
      await page.goto(`${bookings}?paymentStatus=paid`);
      const name = await firstRowGuide(page);
      const picker = page.getByRole("textbox", { name: "Guide", exact: true });
      await picker.fill(name);
      await picker.press("Enter");
      await expect(page).toHaveURL(/guideSearch=/);
      await expect(page).toHaveURL(/paymentStatus=paid/);
      await expect(page.getByText(/^Guides matching “/)).toBeVisible();

      await page.getByRole("list", { name: /^Guides matching/ }).getByRole("link", { name, exact: true }).first().click();
      await expect(page).toHaveURL(/[?&]guideId=\d+/);
      await expect(page).not.toHaveURL(/guideSearch=/);
      await expect(page).toHaveURL(/paymentStatus=paid/);
      await expect(picker).toHaveValue(name);
      for (const guide of await guideColumn(page).allTextContents()) expect(guide).toBe(name);

      await page.getByRole("link", { name: `Remove filter: Guide: ${name}` }).click();
      await expect(page).not.toHaveURL(/guideId=/);
    });
  });
}
