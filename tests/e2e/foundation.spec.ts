import { expect, test } from "./fixtures.ts";
import { DEMO_ADMIN_TOTP_SECRET } from "../../prisma/seed/demo-two-factor.mjs";
import { DEMO_PASSWORD, toast, unusedCode } from "./helpers.ts";

// Sign-in itself stays covered through the real form (the demo admin, whose password no test changes);
// every other test signs in as its own new person, and changes or deletes only people it created.

test("a signed-out visitor is sent to the admin sign-in and comes back after signing in", async ({ page, e2eDb }) => {
  await page.goto("/admin/dashboard/UserManagement");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The administrator's second factor: the code of the seed's fixed key, and then on to where they were going.
  await expect(page).toHaveURL(/\/login\/two-factor/);
  const { id } = await e2eDb.user.findUniqueOrThrow({ where: { email: "admin@example.com" }, select: { id: true } });
  await page.getByLabel("Code").fill(await unusedCode(e2eDb, id, DEMO_ADMIN_TOTP_SECRET));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/UserManagement$/);
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
});

test("a signed-in mentee who opens the console lands on their own dashboard", async ({ page, signIn }) => {
  await signIn("user");
  await page.goto("/user-dashboard");
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("User Management", () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn("admin");
    await page.goto("/admin/dashboard/UserManagement");
  });

  const rows = (page: import("@playwright/test").Page) => page.locator("tbody tr");

  test("search, clear, sort and paginate, all kept in the URL", async ({ page }) => {
    await expect(rows(page)).toHaveCount(10);
    await page.getByPlaceholder("Search Users...").fill("user@example.com");
    await expect(page).toHaveURL(/search=user%40example\.com/);
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).not.toHaveURL(/search=/);
    await expect(rows(page)).toHaveCount(10);

    const firstName = () => rows(page).first().locator('td[data-label="Name"]').textContent();
    const ascending = await firstName();
    await page.getByRole("link", { name: /^Name/ }).click();
    await expect(page).toHaveURL(/sort=name&order=desc/);
    await expect(page.getByRole("columnheader", { name: /Name/ }).first()).toHaveAttribute("aria-sort", "descending");
    expect(await firstName()).not.toBe(ascending);

    await page.getByLabel("Rows per page").selectOption("5");
    await expect(page).toHaveURL(/limit=5/);
    await expect(rows(page)).toHaveCount(5);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/6–10 of \d+/)).toBeVisible();

    await page.reload();
    await expect(page.getByText(/6–10 of \d+/)).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
  });

  test("a search sent with Enter is sent once, so the result clicked right after it opens", async ({ page }) => {
    const searches: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("search=user%40example.com")) searches.push(request.url());
    });
    const box = page.getByPlaceholder("Search Users...");
    await box.fill("user@example.com");
    await box.press("Enter");
    await expect(page).toHaveURL(/search=user%40example\.com/);
    await expect(rows(page)).toHaveCount(1);
    // Past the typing pause (300 ms), nothing else was sent.
    await page.waitForTimeout(600);
    expect(searches).toHaveLength(1);
  });

  test("toggle a status and see the toast", async ({ page, createPerson }) => {
    const person = await createPerson("user");
    await page.getByPlaceholder("Search Users...").fill(person.email);
    await expect(rows(page)).toHaveCount(1);
    const toggle = page.getByRole("switch");
    const wasActive = (await toggle.getAttribute("aria-checked")) === "true";
    await toggle.click();
    const notification = toast(page, "Action Successful");
    await expect(notification).toContainText(wasActive ? "Deactivated successfully" : "Activated successfully");
    await expect(notification).toHaveAttribute("data-variant", "default");
    await expect(toggle).toHaveAttribute("aria-checked", String(!wasActive));
    await page.getByRole("button", { name: "Close toast" }).click();
    await toggle.click();
    await expect(toast(page, "Action Successful")).toContainText(wasActive ? "Activated successfully" : "Deactivated successfully");
  });

  test("delete asks for confirmation; Cancel keeps the user, Delete removes them", async ({ page, createPerson }) => {
    const { name, email } = await createPerson("user");
    await page.getByPlaceholder("Search Users...").fill(email);
    await expect(page).toHaveURL(/search=/);
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole("link", { name: `Delete ${name}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Confirm Delete" })).toBeVisible();
    await expect(dialog).toContainText(`Are you sure you want to delete ${name}?`);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/delete=/);

    await page.getByRole("link", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "User Deleted")).toBeVisible();
    await expect(page.getByRole("alertdialog")).toBeHidden();
    await page.getByPlaceholder("Search Users...").fill(name);
    await expect(page.getByText("No data found")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search, toggle a status and delete with the confirm dialog", async ({ page, signIn, createPerson }) => {
    await signIn("admin");
    const { name, email } = await createPerson("user");
    await page.goto("/admin/dashboard/UserManagement");
    await page.getByPlaceholder("Search Users...").fill(email);
    await page.getByPlaceholder("Search Users...").press("Enter");
    await expect(page).toHaveURL(/search=/);
    const first = page.locator("tbody tr").first();
    await expect(first).toContainText(name);
    const toggle = first.getByRole("switch");
    const wasActive = (await toggle.getAttribute("aria-checked")) === "true";
    await toggle.click();
    await expect(toast(page, "Action Successful")).toContainText(wasActive ? "Deactivated successfully" : "Activated successfully");
    await expect(page.locator("tbody tr").first().getByRole("switch")).toHaveAttribute("aria-checked", String(!wasActive));

    await page.getByRole("link", { name: `Delete ${name}` }).click();
    await expect(page.getByText(`Are you sure you want to delete ${name}?`)).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "User Deleted")).toBeVisible();
    await expect(page.locator("tbody")).not.toContainText(name);
  });
});

test("a toast is dismissed after 3 seconds and removed 2 seconds later", async ({ page, signIn, createPerson }) => {
  await signIn("admin");
  const person = await createPerson("user");
  await page.goto(`/admin/dashboard/UserManagement?search=${encodeURIComponent(person.email)}`);
  await page.getByRole("switch").click();
  const notification = toast(page, "Action Successful");
  // The interactive toast (loaded on demand) takes over from its plain-HTML stand-in: measure that one.
  await expect(notification.getByRole("button", { name: "Close toast" })).toBeVisible();
  await expect(notification).toHaveAttribute("data-state", "open");
  const box = await notification.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.width).toBeLessThanOrEqual(300);
  expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 40);
  expect(box!.y).toBeLessThan(40);
  // How long it stays open, timed in the page from the moment it was seen open: Playwright's own steps can take a
  // second on a busy machine (two browser workers), which made a check from this side read a toast closed early.
  const openFor = await notification.evaluate(
    (element) =>
      new Promise<number>((resolve) => {
        const seen = performance.now();
        const closed = () => element.getAttribute("data-state") === "closed" && resolve(performance.now() - seen);
        new MutationObserver(closed).observe(element, { attributes: true, attributeFilter: ["data-state"] });
        closed();
      }),
  );
  // Its 3 seconds ran from when it opened, a moment before it was seen; a busy browser's timers may fire late.
  expect(openFor).toBeGreaterThan(1500);
  expect(openFor).toBeLessThan(4500);
  await expect(notification).toHaveCount(1);
  await expect(notification).toHaveCount(0, { timeout: 2500 });
});
