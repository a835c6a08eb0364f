import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { screenSizes, toast } from "./helpers.ts";

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("the admin selects three users, deactivates them, and Undo in the toast makes them active again", async ({ page, signIn, createPerson, e2eDb }) => {
      await signIn("admin");
      const organisation = `Bulk Fellowship ${randomBytes(4).toString("hex").replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)])}`;
      const people = [];
      for (let index = 0; index < 3; index++) people.push(await createPerson("user", { organisation }));
      await page.goto(`/admin/dashboard/user-management/user?search=${encodeURIComponent(organisation)}`);

      const bar = page.getByRole("form", { name: "Change selected users" });
      await expect(bar.getByRole("button", { name: "Deactivate selected" })).toBeDisabled();
      for (const person of people) await page.getByRole("checkbox", { name: `Select ${person.name}` }).check();
      await expect(bar.getByRole("status")).toHaveText("3 selected");
      await expect(page.getByRole("checkbox", { name: "Select all on this page" })).toBeChecked();
      // The page holds every match: nothing more to select.
      await expect(bar.getByRole("button", { name: /Select all .* matching/ })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await bar.getByRole("button", { name: "Deactivate selected" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Deactivate 3 users?" });
      await expect(dialog).toBeVisible();
      // The safe choice has the focus first.
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
      await dialog.getByRole("button", { name: "Confirm" }).click();

      await expect(toast(page, "Action Successful")).toContainText("3 users deactivated");
      const ids = people.map((person) => person.id);
      const statuses = async () => (await e2eDb.user.findMany({ where: { id: { in: ids } }, select: { status: true } })).map((row) => row.status);
      await expect.poll(statuses).toEqual(["inactive", "inactive", "inactive"]);
      await expect(page.getByRole("switch", { name: new RegExp(people[0].name) })).not.toBeChecked();

      await toast(page, "Action Successful").getByRole("button", { name: "Undo" }).click();
      await expect(toast(page, "Change Undone")).toContainText("3 users restored");
      await expect.poll(statuses).toEqual(["active", "active", "active"]);
      await expect(page.getByRole("switch", { name: new RegExp(people[0].name) })).toBeChecked();
    });
  });
}
