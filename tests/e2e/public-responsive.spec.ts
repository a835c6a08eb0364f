// The public screens a pastor meets before signing in, on a 390 px phone and a 1366 px laptop, on the demo
// marketplace: no sideways scroll, no control cut off, no text squeezed word by word or cut (a mentor card's
// review count and price, a name beside its picture), and nothing that moves once the page runs. The same checks as
// the dashboards' walk (layout-checks.ts). The header's keyboard order is the order its links read in at each width.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";
import { layoutShifts, overflowProblems, textProblems } from "./layout-checks.ts";

const screens = ["/", "/search", "/search?free=14&sort=rating", "MENTOR", "/become-mentor", "/signup", "/login", "/sponsor/start", "/faq", "/support", "/cookie-policy"];

/** A two-word name longer than its card's column ("Felipe McAllister-Reyes" beside a picture on a phone) wraps as it must. */
const longName = /^h3 "\S+ \S{16,}" wraps word by word: 2 words on 2 lines/;

for (const [device, viewport] of screenSizes) {
  test.describe(`The public screens on a ${device}`, () => {
    test.use({ viewport });

    test("fit the window and read as written", async ({ page }) => {
      await page.goto("/search");
      const mentor = await page.getByTestId("mentor-card").first().getByRole("link").first().getAttribute("href");
      const failures: string[] = [];
      for (const screen of screens) {
        const path = screen === "MENTOR" ? mentor! : screen;
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const problems = [...(await overflowProblems(page)), ...(await textProblems(page)), ...(await layoutShifts(page))].filter((problem) => !longName.test(problem));
        failures.push(...problems.slice(0, 4).map((problem) => `${path}: ${problem}`));
      }
      expect(failures).toEqual([]);
    });
  });
}

/**
 * The elements Tab reaches from the skip link until focus leaves the header, each with its name and where it sits
 * on screen.
 */
async function headerTabOrder(page: Page) {
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  const order: Array<{ name: string; top: number; bottom: number; left: number }> = [];
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element?.closest("header")) return null;
      const box = element.getBoundingClientRect();
      return { name: element.textContent!.trim(), top: box.top, bottom: box.bottom, left: box.left };
    });
    if (!focused) break;
    order.push(focused);
  }
  return order;
}

/** The same elements as the eye reads them: row by row (boxes that overlap vertically share a row), left to right. */
function visualOrder(elements: Array<{ name: string; top: number; bottom: number; left: number }>) {
  return [...elements].sort((a, b) => {
    const sameRow = a.top < b.bottom && b.top < a.bottom;
    return sameRow ? a.left - b.left : a.top - b.top;
  });
}

const headerOrders = {
  phone: ["Ministry Mentors", "Sign in", "Get started", "Find a Mentor", "Become a Mentor", "Our Platform", "Resources"],
  laptop: ["Ministry Mentors", "Find a Mentor", "Become a Mentor", "Our Platform", "Resources", "Sign in", "Get started"],
};

for (const [device, viewport] of screenSizes) {
  test.describe(`The public header on a ${device}`, () => {
    test.use({ viewport });

    test("Tab from the skip link meets its links in the order the eye reads them", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const order = await headerTabOrder(page);
      expect(order.map((element) => element.name)).toEqual(headerOrders[device]);
      expect(order.map((element) => element.name)).toEqual(visualOrder(order).map((element) => element.name));
    });

    test("signed in, the dashboard link keeps its place in that order", async ({ page, signIn }) => {
      await signIn("user");
      await page.goto("/search");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const order = await headerTabOrder(page);
      expect(order.map((element) => element.name)).toContain("My dashboard");
      expect(order.map((element) => element.name)).toEqual(visualOrder(order).map((element) => element.name));
    });
  });
}
