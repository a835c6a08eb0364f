// An administrator's afternoon with the console's tools, on a phone and a laptop: three mentees of one church are
// deactivated in one bulk action and brought back with Undo, the church's list leaves the console as a CSV (a name a
// spreadsheet would run as a formula arrives as text), the list is saved as a view and opened again from the
// navigation, and the audit log shows every step, with the fields before and after.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { screenSizes, toast } from "./helpers.ts";

/** Each row of a CSV the export wrote (no cell here holds a comma, a quote or a line break). */
const csvRows = (text: string) => text.trim().split("\n").map((line) => line.split(","));

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    /** The console's navigation: the sidebar on a laptop, the menu opened first on a phone. */
    async function navigation(page: Page) {
      const nav = page.getByRole("navigation", { name: "Admin Console navigation" });
      if (device === "phone" && !(await nav.isVisible())) await page.locator("summary", { hasText: "Menu" }).click();
      await expect(nav).toBeVisible();
      return nav;
    }

    test("bulk deactivate and undo, export, save a view, and find it all in the audit log", async ({ page, signIn, createPerson, e2eDb }) => {
      // Letters only, so the search matches these three people and nobody else.
      const tag = `Shiloh${Date.now().toString(36).replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)])}${device}`;
      const organisation = `${tag} Fellowship`;
      const names = [`Abel ${tag}`, `Bram ${tag}`, `=HYPERLINK(A1) ${tag}`];
      for (const name of names) await createPerson("user", { name, organisation });
      const admin = await signIn("admin");
      await page.goto(`/admin/dashboard/user-management/user?search=${tag}`);
      const rows = page.locator("main tbody tr");
      await expect(rows).toHaveCount(3);

      // One bulk action for the three, then Undo from its toast.
      const bar = page.getByRole("form", { name: "Change selected users" });
      for (const name of names) await page.getByRole("checkbox", { name: `Select ${name}` }).check();
      await expect(bar.getByRole("status")).toHaveText("3 selected");
      await bar.getByRole("button", { name: "Deactivate selected" }).click();
      await page.getByRole("alertdialog", { name: "Deactivate 3 users?" }).getByRole("button", { name: "Confirm" }).click();
      await expect(toast(page, "Action Successful")).toContainText("3 users deactivated");
      const statuses = async () => (await e2eDb.user.findMany({ where: { organisation }, select: { status: true } })).map((row) => row.status);
      await expect.poll(statuses).toEqual(["inactive", "inactive", "inactive"]);
      await toast(page, "Action Successful").getByRole("button", { name: "Undo" }).click();
      await expect(toast(page, "Change Undone")).toContainText("3 users restored");
      await expect.poll(statuses).toEqual(["active", "active", "active"]);

      // The filtered list as a file: the rows on screen, in their order, the formula-like name kept as text.
      const onScreen = [];
      for (const each of await rows.all()) onScreen.push((await each.locator("td:not([data-label='Select'])").first().innerText()).trim());
      expect(onScreen).toEqual([`=HYPERLINK(A1) ${tag}`, `Abel ${tag}`, `Bram ${tag}`]);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
      const [header, ...exported] = csvRows(await readFile(await download.path(), "utf8"));
      expect(header.slice(0, 3)).toEqual(["Name", "Email", "Organisation"]);
      expect(exported.map((row) => row[0])).toEqual(onScreen.map((name) => (name.startsWith("=") ? `'${name}` : name)));
      expect(exported.map((row) => row[2])).toEqual([organisation, organisation, organisation]);

      // Save the view, and open it from the navigation elsewhere in the console.
      await page.getByRole("link", { name: "Save view" }).click();
      const dialog = page.getByRole("dialog", { name: "Save view" });
      await dialog.getByLabel("Name").fill(`${tag} church`);
      await dialog.getByRole("button", { name: "Save view" }).click();
      await expect(toast(page, "View Saved")).toBeVisible();
      await page.goto("/admin/dashboard");
      const nav = await navigation(page);
      await nav.getByRole("list", { name: "Saved views of User Management" }).getByRole("link", { name: `${tag} church` }).click();
      await expect(page).toHaveURL(new RegExp(`search=${tag}`));
      await expect(rows).toHaveCount(3);

      // The audit log, narrowed to this administrator: every step, newest first.
      await (await navigation(page)).getByRole("link", { name: "Audit log" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
      await page.getByLabel("Person", { exact: true }).selectOption({ label: admin.name });
      await expect(page).toHaveURL(new RegExp(`actorId=${admin.id}`));
      // The list's own rows, not those of the before-and-after tables folded inside them.
      const entries = page.locator("main tbody").first().locator(":scope > tr");
      await expect(entries).toHaveCount(3 + 3 + 1 + 1);
      const row = (action: string, label: string) => entries.filter({ has: page.getByText(action, { exact: true }) }).filter({ hasText: label });
      await expect(row("Created", `${tag} church`)).toHaveCount(1);
      await expect(row("Exported", "users")).toHaveCount(1);
      await expect(row("Deactivated", tag)).toHaveCount(3);
      await expect(row("Undone", tag)).toHaveCount(3);

      // Before and after: active to inactive, then back; the export names the list's search.
      const beforeAfter = async (action: string, label: string) => {
        const entry = row(action, label);
        await entry.getByText(/fields? changed/).click();
        return entry.getByRole("table", { name: /^Before and after/ });
      };
      const deactivated = await beforeAfter("Deactivated", `Abel ${tag}`);
      await expect(deactivated.getByRole("row", { name: /status/ }).getByRole("cell")).toHaveText(["active", "inactive"]);
      const undone = await beforeAfter("Undone", `Abel ${tag}`);
      await expect(undone.getByRole("row", { name: /status/ }).getByRole("cell")).toHaveText(["inactive", "active"]);
      await expect(await beforeAfter("Exported", "users")).toContainText(`search=${tag}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
