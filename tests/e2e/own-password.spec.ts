import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";

// One password form (accounts/password-schema.ts) on the admin's Change Password and both dashboards' Settings: once
// the page runs, each refuses a weak new password and a mismatched confirmation with the same words, in the browser.

const STRONG_RULE = "Password must contain at least one lowercase letter, one uppercase letter, one number, one special character, and be at least 8 characters long";

const screens = [
  { role: "admin", path: "/admin/dashboard/change-password", button: "Change Password" },
  { role: "user", path: "/user-dashboard/settings", button: "Change password" },
  { role: "guide", path: "/mentor-dashboard/settings", button: "Change password" },
] as const;

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    for (const { role, path, button } of screens) {
      test(`${path} refuses a weak or mismatched new password with the same messages`, async ({ page, signIn }) => {
        await signIn(role);
        await page.goto(path);
        const form = page.locator("form#change-password");
        await expect(form).toHaveAttribute("data-validation", "browser");
        await form.getByLabel("Current password").fill("Passw0rd!");
        await form.getByLabel("New password", { exact: true }).fill("weakpass");
        await form.getByLabel("Confirm new password").fill("weakpas");
        await form.getByRole("button", { name: button }).click();
        await expect(form.locator("#change-password-password-error")).toHaveText(STRONG_RULE);
        await expect(form.locator("#change-password-confirmPassword-error")).toHaveText("Passwords do not match");
        await expect(form.getByLabel("New password", { exact: true })).toHaveValue("weakpass");
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        if (role !== "admin") {
          // Settings' three boxes stand in one column, lined up, however wide the screen: none pushed down by a hint.
          const boxes = await form.locator("input[type=password]").evaluateAll((inputs) => inputs.map((input) => { const box = input.getBoundingClientRect(); return [box.left, box.width]; }));
          expect(boxes).toHaveLength(3);
          expect(new Set(boxes.map((box) => box.join()))).toHaveProperty("size", 1);
        }
      });
    }
  });
}
