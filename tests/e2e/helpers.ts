import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? "Passw0rd!";

/**
 * Signs in through the real form, as a person would. Only the tests of sign-in itself use it: every other
 * test signs in with the signIn fixture (fixtures.ts), as its own new person.
 */
export async function signIn(page: Page, email: string, loginPath = "/login") {
  await page.goto(loginPath);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}


/** The toast on screen (default or destructive variant), by its title. */
export function toast(page: Page, title: string) {
  return page.locator("li[data-variant]").filter({ hasText: title });
}

const bothSizes = [
  ["phone", { width: 390, height: 844 }],
  ["laptop", { width: 1366, height: 900 }],
] as const;

/**
 * The widths every screen is tried at: a phone and a laptop. The cluster runs (several servers, PostgreSQL) prove
 * what depends on servers and the database, which a width does not change: they take the laptop only.
 */
export const screenSizes = process.env.E2E_CLUSTER ? bothSizes.filter(([device]) => device === "laptop") : bothSizes;
