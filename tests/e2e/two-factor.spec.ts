import { hashPassword } from "#app/lib/password.server.ts";
import { sealSecret } from "#app/modules/two-factor/secret-box.server.ts";
import { currentCode, newSecret } from "#app/modules/two-factor/totp.ts";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, screenSizes, unusedCode } from "./helpers.ts";

// Two-factor sign-in in the browser: an administrator types the code their authenticator app shows (made here from the
// secret) after the password, or sets the app up first; a mentee turns it on in Settings by typing the secret shown
// on the page into "their app" (here: making the code from it) instead of scanning the QR code.

const noSidewaysScroll = (page: import("@playwright/test").Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("an administrator signs in with the password and a code, and reaches the console", async ({ page, createPerson, e2eDb }) => {
      const admin = await createPerson("admin");
      const secret = newSecret();
      await e2eDb.password.create({ data: { userId: admin.id, hash: await hashPassword(DEMO_PASSWORD) } });
      await e2eDb.twoFactor.create({ data: { userId: admin.id, secret: sealSecret(secret), enabledAt: new Date() } });

      await page.goto("/admin/login");
      await page.getByLabel("Email").fill(admin.email);
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/login\/two-factor$/);
      await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
      expect(await noSidewaysScroll(page)).toBe(true);

      await page.getByLabel("Code").fill("000000" === currentCode(secret) ? "111111" : "000000");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText("That code is not right.")).toBeVisible();
      await page.getByLabel("Code").fill(await unusedCode(e2eDb, admin.id, secret));
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    });

    test("an administrator without an authenticator app sets one up before the console opens", async ({ page, createPerson, e2eDb }) => {
      const admin = await createPerson("admin");
      await e2eDb.password.create({ data: { userId: admin.id, hash: await hashPassword(DEMO_PASSWORD) } });

      await page.goto("/admin/login");
      await page.getByLabel("Email").fill(admin.email);
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/login\/two-factor\/setup$/);
      await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL(/\/admin\/login/);
      await page.goBack();

      const secret = (await page.getByTestId("two-factor-secret").innerText()).replace(/\s+/g, "");
      await page.getByLabel("Code from the app").fill(currentCode(secret));
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
      await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.getByRole("link", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    });

    test("a mentee turns two-factor sign-in on in Settings by typing the secret into their app", async ({ page, signIn }) => {
      await signIn("user");
      await page.goto("/user-dashboard/settings");
      const section = page.getByRole("region", { name: "Two-factor sign-in", exact: true });
      await expect(section).toContainText("Off.");
      await section.getByRole("link", { name: "Turn on two-factor sign-in" }).click();
      await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
      expect(await noSidewaysScroll(page)).toBe(true);

      const secret = (await page.getByTestId("two-factor-secret").innerText()).replace(/\s+/g, "");
      await page.getByLabel("Code from the app").fill(currentCode(secret));
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
      await expect(page.getByRole("heading", { name: "Two-factor sign-in is on" })).toBeVisible();
      expect(await noSidewaysScroll(page)).toBe(true);

      await page.getByRole("link", { name: "Back to Settings" }).click();
      await expect(page).toHaveURL(/\/user-dashboard\/settings$/);
      await expect(section).toContainText("On. 10 unused recovery codes left.");
    });
  });
}
