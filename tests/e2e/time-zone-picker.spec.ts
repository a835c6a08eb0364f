// The time zone picker (Settings, Availability): searchable by a city or a zone's name, each zone by the name every
// screen gives it and its offset, the device's zone and its neighbours first, by keyboard as the combobox pattern says;
// without JavaScript a plain labelled select with the likely zones first. The device's zone is Playwright's `timezoneId`.
import { expect, test } from "./fixtures.ts";
import { screenSizes, toast } from "./helpers.ts";
import { overflowProblems, textProblems } from "./layout-checks.ts";

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport, timezoneId: "America/Chicago" });

    test("type to find a zone by its city or its name, pick it with the keyboard, and save it", async ({ page, signIn, e2eDb }) => {
      const mentee = await signIn("user");
      await page.goto("/user-dashboard/settings");
      const box = page.getByRole("combobox", { name: "Time zone" });
      await expect(box).toHaveValue("Coordinated Universal Time (UTC)");
      await expect(box).toHaveAttribute("aria-expanded", "false");

      // Opened, the device's zone comes first, then the one chosen, then the device's neighbours.
      await box.focus();
      await box.press("ArrowDown");
      const list = page.getByRole("listbox", { name: "Time zones" });
      await expect(list).toBeVisible();
      const suggested = list.getByRole("group", { name: "Suggested" }).getByRole("option");
      await expect(suggested.first()).toHaveText(/^Central Time \(America\/Chicago\), GMT-[56]$/);
      await expect(suggested.nth(1)).toHaveText("Coordinated Universal Time (UTC), GMT+0");
      await expect(suggested.nth(2)).toHaveText(/^Central Time \(America\/[^)]+\), GMT-[56]$/);
      await expect(list.getByRole("group", { name: "Common time zones" })).toBeVisible();
      await expect(list.getByRole("group", { name: "All time zones" })).toBeVisible();
      // The chosen zone is the active one; the list fits the screen.
      await expect(box).toHaveAttribute("aria-activedescendant", (await suggested.nth(1).getAttribute("id"))!);
      expect(await overflowProblems(page)).toEqual([]);
      expect(await textProblems(page)).toEqual([]);
      await box.press("Escape");
      await expect(box).toHaveAttribute("aria-expanded", "false");
      await expect(list).toBeHidden();

      // "central" finds Central Time, Chicago first (the device's); "chic" finds Chicago.
      await box.fill("central");
      const options = list.getByRole("option");
      await expect(options.first()).toHaveText(/^Central Time \(America\/Chicago\)/);
      for (const option of (await options.allTextContents()).slice(0, 8)) expect(option.toLowerCase()).toContain("central");
      await box.fill("Chicago");
      await expect(options).toHaveCount(1);
      await box.fill("chic");
      await expect(options).toHaveCount(1);
      await expect(options.first()).toHaveText(/^Central Time \(America\/Chicago\), GMT-[56]$/);
      await box.press("Enter");
      await expect(box).toHaveValue("Central Time (America/Chicago)");
      await expect(box).toHaveAttribute("aria-expanded", "false");

      // By keyboard only: a word of its name, the arrow keys, Enter.
      await box.fill("berlin");
      await expect(options.first()).toHaveText(/^Central European Time \(Europe\/Berlin\), GMT\+[12]$/);
      await box.fill("japan");
      await expect(options.first()).toHaveText("Japan Standard Time (Asia/Tokyo), GMT+9");
      await box.press("ArrowDown");
      await box.press("ArrowUp");
      await expect(box).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
      await box.press("Enter");
      await expect(box).toHaveValue("Japan Standard Time (Asia/Tokyo)");
      // Nothing found says so.
      await box.fill("atlantis");
      await expect(page.getByRole("status").filter({ hasText: "No time zone matches" })).toBeVisible();
      await box.press("Escape");
      await expect(box).toHaveValue("Japan Standard Time (Asia/Tokyo)");

      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(toast(page, "Settings Saved")).toBeVisible();
      await expect.poll(async () => (await e2eDb.user.findUnique({ where: { email: mentee.email } }))?.timeZone).toBe("Asia/Tokyo");
      const saved = page.getByRole("combobox", { name: "Time zone" });
      await expect(saved).toHaveValue("Japan Standard Time (Asia/Tokyo)");
      // The box names the zone whole, even on a phone: nothing of it is cut off.
      await saved.fill("new york");
      await saved.press("Enter");
      await expect(saved).toHaveValue("Eastern Time (America/New_York)");
      expect(await saved.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
    });

    test("Settings names the device's zone as every screen does, offers it, and its own name finds a zone", async ({ page, signIn }) => {
      await signIn("user");
      await page.goto("/user-dashboard/settings");
      const box = page.getByRole("combobox", { name: "Time zone" });
      const form = page.locator("form#preferences");
      await expect(form).toContainText("Your device is set to Central Time (America/Chicago).");
      await form.getByRole("button", { name: "Use Central Time (America/Chicago)", exact: true }).click();
      // The box names the zone as the sentence above does, with its offset.
      await expect(box).toHaveValue("Central Time (America/Chicago)");
      await expect(page.locator('input[type="hidden"][name="timeZone"]')).toHaveValue("America/Chicago");
      await expect(form).not.toContainText("Your device is set to");
      // The name in brackets, as the screens write it, finds the zone.
      await box.fill("America/New_York");
      const options = page.getByRole("listbox", { name: "Time zones" }).getByRole("option");
      await expect(options).toHaveCount(1);
      await expect(options.first()).toHaveText(/^Eastern Time \(America\/New_York\), GMT-[45]$/);
      expect(await overflowProblems(page)).toEqual([]);
      expect(await textProblems(page)).toEqual([]);
    });

    test("a pointer picks from the list too, and the list closes when focus leaves", async ({ page, signIn }) => {
      await signIn("user");
      await page.goto("/user-dashboard/settings");
      const box = page.getByRole("combobox", { name: "Time zone" });
      await page.getByRole("button", { name: "Show time zones" }).click();
      await expect(box).toBeFocused();
      const list = page.getByRole("listbox", { name: "Time zones" });
      await list.getByRole("group", { name: "Common time zones" }).getByRole("option", { name: /^Eastern Time \(America\/New_York\)/ }).click();
      await expect(box).toHaveValue("Eastern Time (America/New_York)");
      await expect(page.locator('input[type="hidden"][name="timeZone"]')).toHaveValue("America/New_York");
      await box.fill("paris");
      await page.keyboard.press("Tab");
      await expect(list).toBeHidden();
      await expect(box).toHaveValue("Eastern Time (America/New_York)");
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, timezoneId: "America/Chicago" });

  for (const [device, viewport] of screenSizes) {
    test(`a plain labelled select, the saved zone first, that saves what is picked (${device})`, async ({ page, signIn, e2eDb }) => {
      await page.setViewportSize(viewport);
      const mentee = await signIn("user", { timeZone: "Europe/Berlin" });
      await page.goto("/user-dashboard/settings");
      // The searchable box needs JavaScript: a select instead.
      await expect(page.locator('input[role="combobox"]')).toHaveCount(0);
      const select = page.getByLabel("Time zone");
      expect(await select.evaluate((element) => element.tagName)).toBe("SELECT");
      await expect(select).toHaveValue("Europe/Berlin");
      const first = select.locator("optgroup").first();
      await expect(first).toHaveAttribute("label", "Suggested");
      await expect(first.locator("option").first()).toHaveText(/^Central European Time \(Europe\/Berlin\), GMT\+[12]$/);
      await select.selectOption({ label: (await select.locator('option[value="America/Chicago"]').textContent())! });
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect.poll(async () => (await e2eDb.user.findUnique({ where: { email: mentee.email } }))?.timeZone).toBe("America/Chicago");
      await expect(page.getByLabel("Time zone")).toHaveValue("America/Chicago");
    });
  }
});
