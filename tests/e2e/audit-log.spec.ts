// The console's audit log in a real browser: an admin deactivates a user, opens the Audit log from the console's
// navigation, finds the change by the user's name and reads the status before and after. On a phone and a laptop.
import { expect, test } from "./fixtures.ts";
import { screenSizes, toast } from "./helpers.ts";

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("an admin deactivates a user, then finds the change in the audit log with its before and after", async ({ page, signIn, createPerson }) => {
      await signIn("admin");
      const person = await createPerson("user");
      await page.goto(`/admin/dashboard/user-management/user?search=${encodeURIComponent(person.name)}`);
      await expect(page.locator("main tbody tr")).toHaveCount(1);
      const toggle = page.getByRole("switch", { name: new RegExp(`^${person.name}: account`) });
      await toggle.click();
      await expect(toast(page, "Action Successful")).toContainText("Deactivated successfully");

      // The console's navigation: the sidebar on a laptop, the menu on a phone.
      if (device === "phone") await page.locator("summary").filter({ hasText: "Menu" }).click();
      await page.getByRole("link", { name: "Audit log" }).filter({ visible: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();

      // The search box searches as one types (the list follows a moment later).
      await page.getByRole("searchbox").fill(person.name);
      await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(person.name);
      const row = page.locator("main tbody tr").filter({ hasText: "Deactivated" }).filter({ hasText: person.name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Deactivated");
      await expect(row).toContainText("on screen");
      await row.getByText("1 field changed").click();
      const changes = row.getByRole("table", { name: new RegExp(`Before and after: Deactivated user ${person.name}`) });
      await expect(changes.getByRole("row", { name: /status/ })).toContainText("active");
      await expect(changes.getByRole("cell").nth(0)).toHaveText("active");
      await expect(changes.getByRole("cell").nth(1)).toHaveText("inactive");

      // The record's own page tells the same story.
      await row.getByRole("link", { name: person.name }).click();
      await expect(page.getByRole("heading", { name: "History" })).toBeVisible();
      await expect(page.getByText(/^Deactivated by/)).toBeVisible();
    });
  });
}
