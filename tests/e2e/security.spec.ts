import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { DEMO_PASSWORD, screenSizes } from "./helpers.ts";

// What a stranger meets at the door, on a phone and on a laptop.
for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("after five wrong passwords the sign-in form says to wait", async ({ page }) => {
      const email = `guess.${randomBytes(5).toString("hex")}@e2e.test`;
      await page.goto("/login");
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Password").fill(`Wrong-${attempt}`);
        await page.getByRole("button", { name: "Sign in" }).click();
        await expect(page.getByText("Invalid email or password")).toBeVisible();
      }
      await page.getByLabel("Password").fill("Another-guess1");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText(/Too many attempts\. Please try again in \d+ minutes?\./)).toBeVisible();
      // What the person typed stays.
      await expect(page.getByLabel("Email")).toHaveValue(email);
    });

    test("a sign-in link that points off the site lands on the person's own dashboard", async ({ page }) => {
      await page.goto("/login?redirectTo=/%09/evil.example");
      await page.getByLabel("Email").fill("user@example.com");
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/user-dashboard$/);
    });

    test("signing out ends the session", async ({ page, signIn }) => {
      await signIn("guide");
      await page.goto("/mentor-dashboard");
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto("/mentor-dashboard");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmentor-dashboard/);
    });
  });
}
