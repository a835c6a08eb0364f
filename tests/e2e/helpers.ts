import { existsSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { currentCode, TOTP_PERIOD_MS } from "#app/modules/two-factor/totp.ts";
import { DEMO_ADMIN_TOTP_SECRET } from "../../prisma/seed/demo-two-factor.mjs";
import { restartedMark } from "../setup/e2e-env.mjs";
import { e2eDb, type E2eDb } from "./database.ts";

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
  if (email === "admin@example.com") {
    // The demo administrator signs in with a second factor: the seed's fixed secret makes the code.
    await expect(page).toHaveURL(/\/login\/two-factor/);
    const { id } = await e2eDb.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    await page.getByLabel("Code").fill(await unusedCode(e2eDb, id, DEMO_ADMIN_TOTP_SECRET));
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * A code of the authenticator app with this secret that the app has not accepted yet: each 30-second step's code works
 * once, and the app takes the steps either side of now; when both are used, the next step's after a wait.
 */
export async function unusedCode(db: E2eDb, userId: number, secret: string): Promise<string> {
  const row = await db.twoFactor.findUnique({ where: { userId }, select: { lastStep: true } });
  const now = Math.floor(Date.now() / TOTP_PERIOD_MS);
  const step = Math.max(now, (row?.lastStep ?? 0) + 1);
  if (step > now + 1) {
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * TOTP_PERIOD_MS - Date.now() + 100));
    return unusedCode(db, userId, secret);
  }
  return currentCode(secret, step * TOTP_PERIOD_MS);
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

/**
 * For the specs that address the app servers one by one (E2E_PORT+1, +2): in a cluster run that restarts app-2
 * midway (CLUSTER_RESTART_AFTER_S), waits until it is back (tests/setup/e2e-server.mjs writes a mark); call it in a
 * beforeAll. The cluster runs put these specs after the rest (playwright.config.ts), by when it is.
 */
export async function appServersSettled() {
  const restartAfterS = Number(process.env.CLUSTER_RESTART_AFTER_S ?? 0);
  if (!process.env.E2E_CLUSTER || !(restartAfterS > 0)) return;
  const timeout = (restartAfterS + 90) * 1000;
  test.setTimeout(timeout + 5_000);
  await expect.poll(() => existsSync(restartedMark()), { timeout, intervals: [500] }).toBe(true);
}

/** The 6-digit code in the newest mail to `email`, read from the outbox the app writes when it has no SMTP server. */
export async function codeFromOutbox(db: E2eDb, email: string) {
  const newest = () => db.outboxMail.findFirst({ where: { to: email }, orderBy: { id: "desc" } });
  await expect.poll(async () => (await newest())?.text ?? null).toMatch(/\b\d{6}\b/);
  return /\b(\d{6})\b/.exec((await newest())!.text)![1];
}

type SignUpFields = { name: string; email: string; password: string; title: string; organisation: string };

/** Fills the sign-up form as a visitor does, the Terms accepted; the caller submits it. */
export async function fillSignUp(page: Page, fields: SignUpFields) {
  await page.getByLabel("Full name").fill(fields.name);
  await page.getByLabel("Email").fill(fields.email);
  await page.getByLabel("Password", { exact: true }).fill(fields.password);
  await page.getByLabel("Confirm password").fill(fields.password);
  await page.getByLabel("Job title").fill(fields.title);
  await page.getByLabel("Church or organisation").fill(fields.organisation);
  await page.getByLabel(/I agree to the/).check();
}
