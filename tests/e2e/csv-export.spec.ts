import { readFile } from "node:fs/promises";
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";

/** Each row of a CSV the export wrote (no cell here holds a comma, a quote or a line break). */
const csvRows = (text: string) => text.trim().split("\n").map((line) => line.split(","));

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("the admin filters Users, sorts them, exports them, and the file holds the rows on screen", async ({ page, signIn, createPerson }) => {
      const tag = `Csv${device}${Date.now().toString(36).replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)])}`;
      const people = [];
      for (const first of ["Abel", "Cora", "Bram"]) people.push(await createPerson("user", { name: `${first} ${tag}`, organisation: `${first} Fellowship` }));
      await signIn("admin");
      await page.goto("/admin/dashboard/user-management/user");
      await page.getByRole("searchbox", { name: "Search users by name, email or organisation" }).fill(tag);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`search=${tag}`));
      const rows = page.locator("tbody tr");
      await expect(rows).toHaveCount(3);
      // Name descending: the file keeps the screen's order.
      const byName = page.getByRole("columnheader").getByRole("link", { name: /^Name\b/ });
      // Users are listed by name, A to Z, by default: one click turns it around.
      await expect(byName).toHaveAccessibleName(/sorted ascending$/);
      // The search box also searches as one types: let that settle before sorting.
      await page.waitForLoadState("networkidle");
      await byName.click();
      await expect(page).toHaveURL(/order=desc/);
      await expect(byName).toHaveAccessibleName(/sorted descending$/);
      // Each row's cells after the one that selects it for a bulk change.
      const cellsOf = (row: Locator) => row.locator("td:not([data-label='Select'])");
      await expect(cellsOf(rows.first()).first()).toHaveText(`Cora ${tag}`);

      const onScreen = [];
      for (const row of await rows.all()) {
        const cells = cellsOf(row);
        onScreen.push([await cells.nth(0).innerText(), await cells.nth(1).innerText(), await cells.nth(2).innerText()]);
      }
      const exportLink = page.getByRole("link", { name: "Export CSV" });
      await expect(exportLink).toBeVisible();
      const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
      expect(download.suggestedFilename()).toBe(`users-${new Date().toISOString().slice(0, 10)}.csv`);
      const [header, ...exported] = csvRows(await readFile(await download.path(), "utf8"));
      expect(header).toEqual(["Name", "Email", "Organisation", "Verified", "Status"]);
      expect(exported.map((row) => row.slice(0, 3))).toEqual(onScreen.map((cells) => cells.map((cell) => cell.trim())));
      expect(exported.map((row) => row[0])).toEqual([`Cora ${tag}`, `Bram ${tag}`, `Abel ${tag}`]);
      // Downloading leaves the screen as it was.
      await expect(byName).toHaveAccessibleName(/sorted descending$/);
      await expect(rows).toHaveCount(3);
    });

    test("the admin narrows Organisations to churches, sorts them by members, exports them, and the file holds the rows on screen", async ({ page, e2eDb, signIn }) => {
      const tag = `Org${device}${Date.now().toString(36).replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)])}`;
      for (const [first, kind, members] of [["Abel", "church", 4], ["Cora", "seminary", 9], ["Bram", "church", 12]] as const) {
        const name = `${first} ${tag}`;
        await e2eDb.organisation.create({ data: { name, nameKey: name.toLowerCase(), kind, city: "Accra", country: "Ghana", memberCount: members } });
      }
      await signIn("admin");
      await page.goto("/admin/dashboard/organisations");
      await page.getByRole("searchbox", { name: "Search organisations by name" }).fill(tag);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`search=${tag}`));
      await page.getByLabel("Kind", { exact: true }).selectOption("church");
      await expect(page).toHaveURL(/kind=church/);
      const list = page.getByRole("table", { name: "Organisations people belong to" });
      const rows = list.locator("tbody tr");
      await expect(rows).toHaveCount(2);
      const byMembers = list.getByRole("columnheader").getByRole("link", { name: /^Members\b/ });
      await page.waitForLoadState("networkidle");
      await byMembers.click();
      await expect(page).toHaveURL(/sort=members/);
      await expect(byMembers).toHaveAccessibleName(/sorted ascending$/);
      await byMembers.click();
      await expect(byMembers).toHaveAccessibleName(/sorted descending$/);
      await expect(rows.first().locator("td").first()).toHaveText(`Bram ${tag}`);

      const onScreen = [];
      for (const row of await rows.all()) {
        const cells = row.locator("td");
        onScreen.push([await cells.nth(0).innerText(), await cells.nth(1).innerText(), await cells.nth(2).innerText(), await cells.nth(3).innerText()]);
      }
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
      expect(download.suggestedFilename()).toBe(`organisations-${new Date().toISOString().slice(0, 10)}.csv`);
      const [header, ...exported] = csvRows(await readFile(await download.path(), "utf8"));
      expect(header).toEqual(["Name", "Kind", "City", "Country", "Members", "Added (UTC)"]);
      // The screen's place is the file's city and country.
      expect(exported.map((row) => [row[0], row[1], `${row[2]}, ${row[3]}`, row[4]])).toEqual(onScreen.map((cells) => cells.map((cell) => cell.trim())));
      expect(exported.map((row) => row[0])).toEqual([`Bram ${tag}`, `Abel ${tag}`]);
      await expect(byMembers).toHaveAccessibleName(/sorted descending$/);
    });
  });
}
