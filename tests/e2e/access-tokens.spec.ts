// A pastor lets their church's website use their account: Settings makes a token with only the Read scope, shows it
// once, the API answers it, the list shows its last use, and revoking it shuts the API out. On a phone and a laptop.
import { expect, test } from "./fixtures";
import { screenSizes, toast } from "./helpers.ts";

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a pastor makes a read-only token, the API answers it, and revoking it shuts the API out", async ({ page, signIn }) => {
      const pastor = await signIn("user");
      await page.goto("/user-dashboard/settings");
      const section = page.getByRole("region", { name: "API tokens" });
      await expect(section).toContainText("You have no tokens.");

      // Without a scope the form says so and keeps the name.
      await section.getByLabel("Token name").fill("Church website");
      await section.getByRole("checkbox", { name: /^Read/ }).uncheck();
      await section.getByRole("button", { name: "Make token" }).click();
      await expect(section.getByText("Choose at least one scope")).toBeVisible();
      await expect(section.getByLabel("Token name")).toHaveValue("Church website");

      await section.getByRole("checkbox", { name: /^Read/ }).check();
      await section.getByLabel("Expires").selectOption({ label: "30 days" });
      await section.getByRole("button", { name: "Make token" }).click();
      await expect(toast(page, "Token Made")).toBeVisible();
      const value = await section.getByLabel("Your new token").inputValue();
      expect(value).toMatch(/^mmp_/);
      await expect(section.getByRole("list", { name: "Your tokens" })).toContainText("Church website");
      await expect(section.getByLabel("Token name")).toHaveValue("");

      const me = await page.request.get("/api/v1/me", { headers: { Authorization: `Bearer ${value}` } });
      expect(me.status()).toBe(200);
      expect(await me.json()).toMatchObject({ id: pastor.id, scopes: ["read"] });

      // Shown once: a reload lists the token by its last four characters only, now used.
      await page.reload();
      await expect(section.getByLabel("Your new token")).toHaveCount(0);
      await expect(section.getByRole("list", { name: "Your tokens" })).toContainText(`…${value.slice(-4)}`);
      await expect(section.getByRole("list", { name: "Your tokens" })).toContainText("last used");

      await section.getByRole("button", { name: "Revoke Church website" }).click();
      await expect(toast(page, "Token Revoked")).toBeVisible();
      await expect(section).toContainText("You have no tokens.");
      expect((await page.request.get("/api/v1/me", { headers: { Authorization: `Bearer ${value}` } })).status()).toBe(401);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
