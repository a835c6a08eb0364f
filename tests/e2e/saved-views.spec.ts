// Saved views of the console's lists, as an admin uses them on a phone and a laptop: filter a list, save it under a
// name, find it under its list in the navigation (the phone menu at 390 px), open it, rename it and delete it.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { screenSizes, toast } from "./helpers.ts";
import { accessibilityViolations, overflowProblems } from "./layout-checks.ts";

const admin = "/admin/dashboard";

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });
    const phone = viewport.width < 1024;

    /** The console's navigation, the phone menu opened first on a phone. */
    async function navigation(page: Page) {
      const nav = page.getByRole("navigation", { name: "Admin Console navigation" });
      if (phone && !(await nav.isVisible())) await page.locator("summary", { hasText: "Menu" }).click();
      await expect(nav).toBeVisible();
      return nav;
    }

    test("filter Users, save the view as Unverified, open it from the navigation, rename and delete it", async ({ page, signIn }) => {
      await signIn("admin");
      // Users not yet verified (the list's filter, in its address), 25 a page.
      await page.goto(`${admin}/UserManagement?isVerified=false`);
      await page.getByLabel(/rows per page/i).selectOption("25");
      await expect(page).toHaveURL(/isVerified=false/);
      await expect(page).toHaveURL(/limit=25/);

      await page.getByRole("link", { name: "Save view" }).click();
      const dialog = page.getByRole("dialog", { name: "Save view" });
      await expect(dialog).toBeVisible();
      // A name is required: the dialog says so and stays open.
      await dialog.getByRole("button", { name: "Save view" }).click();
      await expect(dialog.getByText("Name is required")).toBeVisible();
      await dialog.getByLabel("Name").fill("Unverified");
      await dialog.getByRole("button", { name: "Save view" }).click();
      await expect(toast(page, "View Saved")).toBeVisible();
      await expect(dialog).toBeHidden();

      // Elsewhere in the console, the view is under User Management and opens the list as it was saved.
      await page.goto(admin);
      let nav = await navigation(page);
      const views = nav.getByRole("list", { name: "Saved views of User Management" });
      await views.getByRole("link", { name: "Unverified" }).click();
      await expect(page).toHaveURL(/\/UserManagement\?limit=25&isVerified=false$/);
      await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
      nav = await navigation(page);
      await expect(nav.getByRole("link", { name: "Unverified" })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: "User Management" })).not.toHaveAttribute("aria-current", "page");
      // The nested views fit the navigation and pass axe.
      expect(await overflowProblems(page)).toEqual([]);
      expect(await accessibilityViolations(page)).toEqual([]);

      // Rename it on Saved Views, by keyboard.
      await nav.getByRole("link", { name: "Saved Views" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Saved Views" })).toBeVisible();
      const rename = page.getByRole("link", { name: "Rename Unverified" });
      await rename.focus();
      await page.keyboard.press("Enter");
      const renameDialog = page.getByRole("dialog", { name: "Rename view" });
      await expect(renameDialog.getByLabel("Name")).toHaveValue("Unverified");
      await renameDialog.getByLabel("Name").fill("Awaiting verification");
      await renameDialog.getByLabel("Name").press("Enter");
      await expect(toast(page, "View Renamed")).toBeVisible();
      nav = await navigation(page);
      await expect(nav.getByRole("link", { name: "Awaiting verification" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Unverified", exact: true })).toHaveCount(0);
      if (phone) await page.keyboard.press("Escape");

      // Delete it, confirmed.
      await page.getByRole("link", { name: "Delete Awaiting verification" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Confirm Delete" });
      await expect(confirm).toContainText('the view "Awaiting verification"');
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page, "View Deleted")).toBeVisible();
      await expect(page.getByText("You have no saved views yet.")).toBeVisible();
      nav = await navigation(page);
      await expect(nav.getByRole("link", { name: "Awaiting verification" })).toHaveCount(0);
    });

    test("narrow Organisations, save the view, and open it from the navigation as it was", async ({ page, e2eDb, signIn }) => {
      const word = `kirk${Date.now().toString(36).replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)])}`;
      for (const [first, kind, members] of [["Abel", "church", 4], ["Cora", "seminary", 9], ["Bram", "church", 12]] as const) {
        const name = `${first} ${word}`;
        await e2eDb.organisation.create({ data: { name, nameKey: name.toLowerCase(), kind, country: "Ghana", memberCount: members } });
      }
      await signIn("admin");
      await page.goto(`${admin}/organisations?search=${word}&sort=members&order=desc`);
      await page.getByLabel("Kind", { exact: true }).selectOption("church");
      await expect(page).toHaveURL(/kind=church/);
      await page.getByRole("link", { name: "Save view" }).click();
      const dialog = page.getByRole("dialog", { name: "Save view" });
      await dialog.getByLabel("Name").fill(`Churches ${word}`);
      await dialog.getByRole("button", { name: "Save view" }).click();
      await expect(toast(page, "View Saved")).toBeVisible();

      await page.goto(admin);
      const nav = await navigation(page);
      await nav.getByRole("list", { name: "Saved views of Organisations" }).getByRole("link", { name: `Churches ${word}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Organisations" })).toBeVisible();
      // Its search, filter and sort, as saved: the churches, most members first.
      await expect(page.getByRole("searchbox", { name: "Search organisations by name" })).toHaveValue(word);
      await expect(page.getByLabel("Kind", { exact: true })).toHaveValue("church");
      const list = page.getByRole("table", { name: "Organisations people belong to" });
      await expect(list.getByRole("columnheader").getByRole("link", { name: /^Members\b/ })).toHaveAccessibleName(/sorted descending$/);
      const names = list.locator("tbody tr td:first-child");
      await expect(names).toHaveText([`Bram ${word}`, `Abel ${word}`]);
      expect(await overflowProblems(page)).toEqual([]);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ viewport: { width: 1366, height: 900 }, javaScriptEnabled: false });

  test("Save view opens as a page's dialog; a refused name comes back with what was typed, then the view saves", async ({ page, signIn }) => {
    await signIn("admin");
    await page.goto(`${admin}/Bookings?paymentStatus=unpaid`);
    await page.getByRole("link", { name: "Save view" }).click();
    await expect(page).toHaveURL(/saveView=/);
    const long = "Unpaid bookings to chase before the end of the month, every one".padEnd(61, "!");
    await page.getByRole("dialog").getByRole("textbox", { name: "Name" }).fill(long);
    await page.getByRole("button", { name: "Save view" }).click();
    // The refused form, on Saved Views, keeps the name and the list's state.
    await expect(page).toHaveURL(`${admin}/saved-views`);
    await expect(page.getByText("Name must be at most 60 characters")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue(long);
    await page.getByLabel("Name").fill("Unpaid");
    await page.getByRole("button", { name: "Save view" }).click();
    await expect(page).toHaveURL(`${admin}/Bookings?paymentStatus=unpaid`);
    await expect(page.getByRole("navigation", { name: "Admin Console navigation" }).getByRole("link", { name: "Unpaid" })).toHaveAttribute("aria-current", "page");
  });
});
