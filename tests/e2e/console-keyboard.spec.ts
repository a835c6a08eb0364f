// The console by keyboard and on a phone: the skip link of every dashboard, the phone menu that closes once
// a screen is chosen (and stays open when opened before the page is interactive), focus that comes back to what opened a dialog or what was toggled, the sidebar of a
// 900 px tall window with the current item in view (child screens highlight their list's item), and lists
// that keep their rows while they reload.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { toast } from "./helpers";

const admin = "/admin/dashboard";
const laptop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

/** The list filtered to one person by a search, so the test's row is the only one. */
async function openListOf(page: Page, path: string, name: string) {
  await page.goto(`${path}?search=${encodeURIComponent(name)}`);
  await expect(page.locator("main tbody tr")).toHaveCount(1);
}

test.describe("keyboard", () => {
  test.use({ viewport: laptop });

  for (const [role, home] of [
    ["admin", `${admin}/UserManagement`],
    ["user", "/user-dashboard"],
    ["guide", "/mentor-dashboard"],
  ] as const) {
    test(`the ${role} dashboard starts with a skip link to its main content`, async ({ page, signIn }) => {
      await signIn(role);
      await page.goto(home);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to main content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page.locator("main#main")).toBeFocused();
      if (role === "admin") {
        // The next Tab lands in the list (its search box), not in the sidebar's twenty links.
        await page.keyboard.press("Tab");
        await expect(page.getByRole("searchbox", { name: "Search users by name, email or organisation" })).toBeFocused();
      }
    });
  }

  test("closing the delete dialog with Escape or Cancel puts focus back on the row's Delete link", async ({ page, signIn, createPerson }) => {
    await signIn("admin");
    const person = await createPerson("user");
    await openListOf(page, `${admin}/user-management/user`, person.name);
    const remove = page.getByRole("link", { name: `Delete ${person.name}` });
    const dialog = page.getByRole("alertdialog", { name: "Confirm Delete" });

    await remove.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/delete=/);
    await expect(remove).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();

    // Opened by its URL (a reload, a shared link): closing still lands on the row, not the page body.
    await page.goto(`${admin}/user-management/user?search=${encodeURIComponent(person.name)}&delete=${person.id}`);
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
  });

  test("after a delete, focus goes to the main content rather than the page body", async ({ page, signIn, createPerson }) => {
    await signIn("admin");
    const person = await createPerson("user");
    await openListOf(page, `${admin}/user-management/user`, person.name);
    await page.getByRole("link", { name: `Delete ${person.name}` }).click();
    await page.getByRole("alertdialog", { name: "Confirm Delete" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "User Deleted")).toBeVisible();
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("toggling a status switch by keyboard keeps focus on the switch", async ({ page, signIn, createPerson }) => {
    await signIn("admin");
    const person = await createPerson("guide");
    await openListOf(page, `${admin}/user-management/guide`, person.name);
    const toggle = page.getByRole("switch", { name: new RegExp(`^${person.name}: account`) });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toast(page, "Action Successful")).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText("Activated successfully", { exact: true })).toBeVisible();
    await expect(toggle).toBeFocused();
  });

  test("the sidebar of a 900 px tall window shows the current screen's item, and child screens highlight their list", async ({ page, signIn }) => {
    // Fourteen whole pages in one test: on a busy machine that is more than the default 30 s.
    test.slow();
    await signIn("admin");
    const nav = page.getByRole("navigation", { name: "Admin Console navigation" });
    for (const [path, item] of [
      ["/settings", "Settings"],
      ["/change-password", "Change Password"],
      ["", "Overview"],
    ] as const) {
      await page.goto(`${admin}${path}`);
      const link = nav.getByRole("link", { name: item, exact: true });
      await expect(link).toHaveAttribute("aria-current", "page");
      await expect(link).toBeInViewport({ ratio: 1 });
    }
    // Every item can be reached: the sidebar scrolls on its own when the window is too short for it.
    const last = nav.getByRole("link").last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ ratio: 1 });

    // Child screens: the list they open from is highlighted.
    await page.goto(`${admin}/user-management/guide`);
    const guide = await page.getByRole("link", { name: /^View / }).first().getAttribute("href");
    await page.goto(`${admin}/user-management/user`);
    const user = await page.getByRole("link", { name: /^View / }).first().getAttribute("href");
    await page.goto(`${admin}/Bookings`);
    const booking = await page.getByRole("link", { name: /^#\d+$/ }).first().getAttribute("href");
    for (const [path, item] of [
      [guide!, "Guides"],
      [guide!.replace("viewAddGuide", "editGuide"), "Guides"],
      [`${admin}/add-Guide`, "Guides"],
      [user!, "User Management"],
      [user!.replace("viewuser", "edit-User"), "User Management"],
      [`${admin}/add-User`, "User Management"],
      [`${admin}/user-management/user`, "User Management"],
      [booking!, "Bookings"],
    ] as const) {
      await page.goto(path);
      await expect(nav.getByRole("link", { name: item, exact: true }), path).toHaveAttribute("aria-current", "page");
      await expect(nav.locator('[aria-current="page"]'), path).toHaveCount(1);
    }
  });

  test("a sort or page change keeps the rows on screen, dimmed, while the list reloads", async ({ page, signIn }) => {
    await signIn("admin");
    await page.goto(`${admin}/user-management/user`);
    const rows = page.locator("main tbody tr");
    await expect(rows).toHaveCount(10);
    const before = await rows.first().textContent();
    // Hold the list's data request until the test has looked at the page in between.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
    await expect(page.locator("main table")).toHaveAttribute("aria-busy", "true");
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toHaveText(before!);
    release();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator("main table")).not.toHaveAttribute("aria-busy", "true");
    await expect(rows.first()).not.toHaveText(before!);
    await expect(rows).toHaveCount(10);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: phone });

  test("the menu closes once a screen is chosen, and Escape closes it back onto its button", async ({ page, signIn }) => {
    await signIn("admin");
    await page.goto(admin);
    const menuButton = page.locator("summary", { hasText: "Menu" });
    const menu = page.getByRole("navigation", { name: "Admin Console navigation" });
    await menuButton.click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Guides", exact: true }).click();
    await expect(page).toHaveURL(/\/user-management\/guide$/);
    await expect(page.getByRole("heading", { level: 1, name: "Guide Management" })).toBeVisible();
    await expect(menu).toBeHidden();

    await menuButton.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  for (const [role, home, name] of [
    ["admin", admin, "the menu"],
    ["user", "/user-dashboard", "the bell's panel"],
  ] as const) {
    test(`${name} opened before the page is interactive stays open once it is`, async ({ page, signIn }) => {
      await signIn(role);
      // The page's scripts wait until the person has opened it, as on a slow phone.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(home, { waitUntil: "commit" });
      const summary = page.locator(role === "admin" ? "summary:has-text('Menu')" : "summary[aria-label^='Notifications']");
      const details = page.locator("details").filter({ has: summary });
      await summary.click();
      await expect(details).toHaveAttribute("open", "");
      release();
      // Hydrated: React has taken over the element, and its effects have run.
      await expect.poll(() => summary.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")))).toBe(true);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
      await expect(details).toHaveAttribute("open", "");
    });
  }

  test("the top bar keeps 'Sign out' on one line", async ({ page, signIn }) => {
    await signIn("admin", { name: "Test Admin With A Rather Long Name" });
    await page.goto(admin);
    const signOut = page.getByRole("button", { name: "Sign out" });
    const box = await signOut.boundingBox();
    const lineHeight = await signOut.evaluate((button) => parseFloat(getComputedStyle(button).lineHeight));
    expect(box!.height).toBeLessThan(lineHeight * 2);
    await expect(signOut).toBeInViewport({ ratio: 1 });
  });
});

test.describe("forms", () => {
  test.use({ viewport: laptop });

  test("'7.5' in Years of Experience stays as typed and is refused, rather than turning into 75", async ({ page, signIn }) => {
    await signIn("admin");
    await page.goto(`${admin}/add-Guide`);
    // Leaving a field checks it once the form's schema has arrived (after hydration, lib/use-app-form.ts).
    await expect(page.locator("form#guide-create")).toHaveAttribute("data-validation", "browser");
    const experience = page.getByLabel("Years of Experience");
    await experience.pressSequentially("7.5");
    await experience.blur();
    await expect(experience).toHaveValue("7.5");
    await expect(page.getByText("Enter a number between 0 and 50")).toBeVisible();
    await expect(experience).toHaveAttribute("aria-invalid", "true");
  });

  test("Create User shows SPEC's password message on submit, beside the live hints", async ({ page, signIn }) => {
    await signIn("admin");
    await page.goto(`${admin}/add-User`);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Password must be at least 8 characters and include one capital letter.")).toBeVisible();
    await expect(page).toHaveURL(/\/add-User$/);
  });

  test("a page editor asks before unsaved edits are dropped, and only when there are some", async ({ page, signIn }) => {
    await signIn("admin");
    await page.goto(`${admin}/platform`);
    const heading = page.getByLabel("Heading").first();
    const original = await heading.inputValue();
    await heading.fill(`${original} (edited)`);
    await page.getByRole("navigation", { name: "Admin Console navigation" }).getByRole("link", { name: "FAQs" }).click();
    const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Stay on this page" }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/platform$/);
    await expect(heading).toHaveValue(`${original} (edited)`);

    await page.getByRole("navigation", { name: "Admin Console navigation" }).getByRole("link", { name: "FAQs" }).click();
    await ask.getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(/\/faqs$/);

    // Nothing edited: no question.
    await page.goto(`${admin}/platform`);
    await page.getByRole("navigation", { name: "Admin Console navigation" }).getByRole("link", { name: "FAQs" }).click();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(ask).toBeHidden();
  });
});
