import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { toast } from "./helpers.ts";

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const panel = (page: Page) => page.getByRole("tabpanel");

async function openTab(page: Page, name: string, query: string) {
  await tab(page, name).click();
  await expect(page).toHaveURL(new RegExp(`\\?tab=${query}$`));
  await expect(tab(page, name)).toHaveAttribute("aria-selected", "true");
}

test.beforeEach(async ({ signIn }) => {
  await signIn("admin");
});

test("edit a user: live password hints, a picture uploaded on pick, a new organisation saved and shown in the list", async ({ page, createPerson }) => {
  // Its own user: the demo user is read by other tests running at the same time.
  const { name, email } = await createPerson("user");
  await page.goto(`/admin/dashboard/user-management/user?search=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit User" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Email")).not.toBeEditable();

  // The live hints follow the typing, in the policy's order; a confirmation alone asks for a password first.
  const password = page.getByLabel(/^Password/);
  await password.pressSequentially("abc");
  const hints = page.locator("#password-hints li");
  await expect(hints).toHaveText([
    "Password must be at least 8 characters.",
    "Password must include at least one capital letter.",
    "Password must include at least one number.",
    "Password must include at least one special character.",
  ]);
  await password.pressSequentially("DEFGH1!");
  await expect(hints).toHaveCount(0);
  await password.fill("");
  await page.getByLabel("Confirm Password").fill("Something1!");
  await expect(page.getByText("Please enter a password first.")).toBeVisible();
  await page.getByLabel("Confirm Password").fill("");
  await expect(page.getByText("Please enter a password first.")).toHaveCount(0);

  // Picking a picture uploads it at once.
  const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#4338ca" } }).png().toBuffer();
  await page.getByLabel("Profile picture", { exact: true }).setInputFiles({ name: "sarah.png", mimeType: "image/png", buffer: picture });
  await expect(toast(page, "Profile Picture/Image Updated")).toBeVisible();
  await expect(page.getByRole("img", { name: `Picture of ${name}` })).toHaveAttribute("src", /^\/images\/[\w-]+$/);

  const organisation = `New Hope Fellowship North ${Date.now()}`;
  await page.getByLabel("Church or organisation").fill(organisation);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/user-management\/user$/);
  await expect(toast(page, "Success")).toContainText("User updated successfully.");

  await page.getByPlaceholder("Search Users...").fill(email);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(organisation);
});

test("walk every tab of the demo guide's profile", async ({ page }) => {
  await page.goto("/admin/dashboard/user-management/guide?search=guide%40example.com");
  await page.getByRole("link", { name: "View David Mitchell" }).click();
  await expect(page.getByRole("heading", { name: "Guide Profile" })).toBeVisible();

  // General Info
  await expect(tab(page, "General Info")).toHaveAttribute("aria-selected", "true");
  await expect(panel(page)).toContainText("guide@example.com");
  await expect(panel(page)).toContainText("(503) 555-0123");
  await expect(panel(page)).toContainText("English, Spanish");
  await expect(panel(page)).toContainText("27 years");
  await expect(panel(page)).toContainText("Senior Pastors");

  // Payment: a row of the guide payments list; the tab survives a reload
  await openTab(page, "Payment", "payment");
  await expect(page.getByPlaceholder("Search payments...")).toBeVisible();
  const payment = panel(page).getByRole("row").filter({ hasText: "David Mitchell" }).first();
  await expect(payment).toContainText(/\$\d+\.\d\d/);
  await page.reload();
  await expect(tab(page, "Payment")).toHaveAttribute("aria-selected", "true");
  await expect(panel(page).getByRole("row").filter({ hasText: "David Mitchell" }).first()).toBeVisible();

  // Review: cards with the rating, re-sorted by the select
  await openTab(page, "Review", "review");
  const card = panel(page).getByRole("article").first();
  await expect(card).toContainText(/[1-5] \/ 5/);
  await expect(card).toContainText("David Mitchell");
  await page.getByLabel("Sort reviews").selectOption("ASC");
  await expect(page).toHaveURL(/order=ASC/);
  await expect(panel(page).getByRole("article").first()).toContainText(/By /);

  // Booking: search the demo mentee and read her row
  await openTab(page, "Booking", "booking");
  await page.getByPlaceholder("Search bookings...").fill("user@example.com");
  await expect(page).toHaveURL(/search=user%40example\.com/);
  const booking = panel(page).getByRole("row").filter({ hasText: "user@example.com" }).first();
  await expect(booking).toContainText("Sarah Johnson");
  await expect(booking).toContainText("guide@example.com");

  // Publish Content: a row and its details dialog
  await openTab(page, "Publish Content", "content");
  await expect(page.getByRole("heading", { name: "Published Content", exact: true })).toBeVisible();
  const item = panel(page).getByRole("row").nth(1);
  await expect(item.getByRole("link").first()).toHaveAttribute("target", "_blank");
  await item.getByRole("link", { name: /^View / }).click();
  const dialog = page.getByRole("dialog", { name: "Published Content Details" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Publication Date");
  await dialog.getByText("Close", { exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // Close goes back to where the profile was opened from
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/user-management\/guide\?search=guide%40example\.com$/);
});

test("walk every tab of the demo user's profile", async ({ page }) => {
  await page.goto("/admin/dashboard/user-management/user?search=user%40example.com");
  await page.getByRole("link", { name: "View Sarah Johnson" }).click();
  await expect(page.getByRole("heading", { name: "User Profile" })).toBeVisible();

  await expect(panel(page)).toContainText("user@example.com");
  await expect(panel(page)).toContainText("Share Your Journey");
  await expect(panel(page)).toContainText("building campaign");

  await openTab(page, "Payment", "payment");
  await expect(page.getByPlaceholder("Search payment records...")).toBeVisible();
  const payment = panel(page).getByRole("row").filter({ hasText: "Sarah Johnson" }).first();
  await expect(payment).toContainText(/\$\d+\.\d\d/);
  await expect(payment).toContainText(/Approved|Pending|Failed|Unknown/);

  await openTab(page, "Review", "review");
  const card = panel(page).getByRole("article").first();
  await expect(card.getByRole("heading")).toHaveText("Sarah Johnson");
  await expect(card).toContainText(/Guide: /);

  await openTab(page, "Booking", "booking");
  await page.getByPlaceholder("Search booking records...").fill("David");
  await expect(page).toHaveURL(/search=David/);
  const booking = panel(page).getByRole("row").filter({ hasText: "David Mitchell" }).first();
  await expect(booking).toContainText("Sarah Johnson");
  await expect(booking).toContainText(/Paid|Pending|Failed|N\/A|Unknown/);
});
