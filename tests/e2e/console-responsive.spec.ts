// Every console screen on a 390 px phone and a 1366 px laptop: the page never scrolls sideways, no table
// cell is cut off (outside the window, outside the box that scrolls it, or narrower than its own text),
// and axe-core finds no serious or critical accessibility violation.
//
// The screens are the console's sidebar links (so a screen added there is covered too) and the child
// screens behind them: forms, profiles with each of their tabs, a booking, a conversation, the dialogs.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";

const admin = "/admin/dashboard";


/** What overflows on the page: the page itself, and every table cell that is cut off. */
async function overflowProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`the page is ${root.scrollWidth}px wide in a ${root.clientWidth}px window`);
    const describe = (cell: Element) => {
      const table = cell.closest("table");
      const caption = table?.querySelector("caption")?.textContent?.trim() ?? "table";
      const row = cell.parentElement;
      const rowIndex = row ? [...(row.parentElement?.children ?? [])].indexOf(row) : -1;
      const text = (cell.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `${caption}: ${cell.tagName.toLowerCase()} in row ${rowIndex + 1} ("${text}")`;
    };
    for (const cell of document.querySelectorAll("main th, main td")) {
      const rect = cell.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue; // not shown (e.g. a hidden header on a phone)
      const style = getComputedStyle(cell);
      if (style.visibility === "hidden" || cell.closest(".sr-only, [hidden]")) continue;
      if (rect.left < -1 || rect.right > root.clientWidth + 1) {
        problems.push(`${describe(cell)} reaches ${Math.round(rect.left)}–${Math.round(rect.right)}px in a ${root.clientWidth}px window`);
        continue;
      }
      // A box between the cell and the page that clips or scrolls: the cell must lie inside what it shows.
      for (let box = cell.parentElement; box && box !== document.body; box = box.parentElement) {
        const overflowX = getComputedStyle(box).overflowX;
        if (overflowX === "visible") continue;
        const shown = box.getBoundingClientRect();
        if (rect.left < shown.left - 1 || rect.right > shown.right + 1) {
          problems.push(`${describe(cell)} lies outside what its ${overflowX} box shows (${Math.round(rect.right)}px > ${Math.round(shown.right)}px)`);
        }
        break;
      }
      // Text cut inside the cell itself (an ellipsis, a clipped header).
      for (const element of [cell, ...cell.querySelectorAll("*")]) {
        const html = element as HTMLElement;
        if (html.closest(".sr-only")) continue;
        const clips = getComputedStyle(html).overflowX !== "visible" || getComputedStyle(html).textOverflow === "ellipsis";
        if (clips && html.scrollWidth > html.clientWidth + 1) {
          problems.push(`${describe(cell)} cuts its text (${html.scrollWidth}px of text in ${html.clientWidth}px)`);
          break;
        }
      }
    }
    // Every control, time and picture in the page lies inside the window and inside what clips it
    // (a date or an unread badge pushed out of a conversation row, a switch off the edge of a card).
    for (const element of document.querySelectorAll<HTMLElement>("main :is(a, button, input:not([type=hidden]), select, textarea, time, img, [role=switch])")) {
      if (element.closest("th, td, .sr-only, details:not([open]) > :not(summary)")) continue; // cells are checked above
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(element).visibility === "hidden") continue;
      const name = `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
      if (rect.left < -1 || rect.right > root.clientWidth + 1) {
        problems.push(`${name} reaches ${Math.round(rect.left)}–${Math.round(rect.right)}px in a ${root.clientWidth}px window`);
        continue;
      }
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === "visible") continue;
        const shown = box.getBoundingClientRect();
        if (rect.left < shown.left - 1 || rect.right > shown.right + 1) problems.push(`${name} lies outside what its ${getComputedStyle(box).overflowX} box shows`);
        break;
      }
    }
    return problems;
  });
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join("\n  ")}`);
}

/** The href of the first link on `path` whose accessible name matches `name`. */
async function firstHref(page: Page, path: string, name: RegExp) {
  await page.goto(path);
  const href = await page.getByRole("link", { name }).first().getAttribute("href");
  expect(href, `a link named ${name} on ${path}`).toBeTruthy();
  return href!;
}

type Ids = { guide: string; user: string; booking: string; conversation: string };

/** The records the child screens show: the first guide, user and booking of their lists, a conversation. */
async function recordIds(page: Page): Promise<Ids> {
  const guide = (await firstHref(page, `${admin}/user-management/guide`, /^View /)).split("/").pop()!;
  const user = (await firstHref(page, `${admin}/user-management/user`, /^View /)).split("/").pop()!;
  const booking = (await firstHref(page, `${admin}/Bookings`, /^#\d+$/)).split("/").pop()!;
  const conversation = (await firstHref(page, `${admin}/user-guide`, /^Message /)).split("?").pop()!;
  return { guide, user, booking, conversation };
}

type Screen = string | ((ids: Ids) => string);

/** Every console screen, in groups that each run as one test per window size. */
const screenGroups: Record<string, Screen[]> = {
  "overview and people": [
    "",
    "/UserManagement",
    "/user-management/user",
    "/user-management/guide",
    "/guide-request",
    "/user-guide",
    (ids) => `/user-management/user?delete=${ids.user}`,
    (ids) => `/user-management/guide?delete=${ids.guide}`,
    (ids) => `/guide-request?reject=${ids.guide}`,
  ],
  operations: ["/Bookings", "/all-transactions", "/all-review", "/customer-queries", "/messaging", (ids) => `/messaging?${ids.conversation}`, (ids) => `/viewBookingPage/${ids.booking}`],
  content: ["/website-content", "/platform", "/become_a_guide", "/resource-content", "/faqs", "/blog", "/success-stories", "/outbox"],
  "guide screens": [
    "/add-Guide",
    (ids) => `/editGuide/${ids.guide}`,
    "/viewAddGuide",
    ...["", "?tab=payment", "?tab=review", "?tab=booking", "?tab=content"].map((tab) => (ids: Ids) => `/viewAddGuide/${ids.guide}${tab}`),
  ],
  "user screens and account": [
    "/add-User",
    (ids) => `/edit-User/${ids.user}`,
    ...["", "?tab=payment", "?tab=review", "?tab=booking"].map((tab) => (ids: Ids) => `/viewuser/${ids.user}${tab}`),
    "/myprofile",
    "/change-password",
    "/settings",
  ],
};

const pathOf = (screen: Screen, ids: Ids) => `${admin}${typeof screen === "string" ? screen : screen(ids)}`;

test.describe("the console on every screen size", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the screens checked here include every screen of the console's sidebar", async ({ page, signIn }) => {
    await signIn("admin");
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(admin);
    const nav = page.getByRole("navigation", { name: "Admin Console navigation" });
    const sidebar = await nav.getByRole("link").evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(sidebar.length).toBeGreaterThan(15);
    const checked = new Set(Object.values(screenGroups).flat().filter((screen) => typeof screen === "string").map((screen) => `${admin}${screen}`));
    expect(sidebar.filter((path) => !checked.has(path))).toEqual([]);
  });

  test("the checks find a page wider than the window, a cut-off cell and an axe violation", async ({ page, signIn }) => {
    await signIn("admin");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${admin}/user-management/user`);
    expect(await overflowProblems(page)).toEqual([]);
    await page.locator("main table").evaluate((table) => {
      // A plain wide table again: no stacking (no container to query), nothing to scroll it.
      table.style.minWidth = "60rem";
      table.parentElement!.style.containerType = "normal";
      table.parentElement!.style.overflow = "visible";
      table.insertAdjacentHTML("afterend", '<img src="/images/default" width="10" height="10">');
    });
    const problems = await overflowProblems(page);
    expect(problems.some((problem) => /the page is \d+px wide/.test(problem))).toBe(true);
    expect(problems.some((problem) => / td in row 1 .* reaches /.test(problem))).toBe(true);
    expect((await seriousViolations(page)).some((violation) => violation.startsWith("image-alt"))).toBe(true);
  });

  for (const [device, viewport] of screenSizes) {
    test(`the monthly chart's labels do not overlap on a ${device}`, async ({ page, signIn }) => {
      await signIn("admin");
      await page.setViewportSize(viewport);
      await page.goto(admin);
      const ticks = page.locator(".recharts-xAxis-tick-labels text");
      await expect(ticks).toHaveCount(12);
      const boxes = await ticks.evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect()).map(({ left, right, top, bottom }) => ({ left, right, top, bottom })));
      const overlapping = boxes.slice(1).flatMap((box, index) => {
        const before = boxes[index];
        const width = Math.min(box.right, before.right) - Math.max(box.left, before.left);
        const height = Math.min(box.bottom, before.bottom) - Math.max(box.top, before.top);
        return width > 1 && height > 1 ? [`labels ${index + 1} and ${index + 2} overlap by ${Math.round(width)}×${Math.round(height)}px`] : [];
      });
      expect(overlapping, overlapping.join("\n")).toEqual([]);
      for (const box of boxes) expect(box.left).toBeGreaterThanOrEqual(0);
    });

    for (const [group, screens] of Object.entries(screenGroups)) {
      test(`${group}: no sideways scroll, no cut-off cell and no serious axe violation on a ${device} (${viewport.width} px)`, async ({ page, signIn }) => {
        await signIn("admin");
        const ids = screens.some((screen) => typeof screen !== "string") ? await recordIds(page) : ({} as Ids);
        await page.setViewportSize(viewport);
        const failures: string[] = [];
        for (const screen of screens) {
          const path = pathOf(screen, ids);
          const response = await page.goto(path);
          expect(response?.status(), path).toBeLessThan(400);
          await expect(page.locator("main h1").first()).toBeVisible();
          const problems = await overflowProblems(page);
          // The first few say what is wrong; the count says how much.
          for (const problem of problems.slice(0, 4)) failures.push(`${path}: ${problem}`);
          if (problems.length > 4) failures.push(`${path}: … and ${problems.length - 4} more`);
          for (const violation of await seriousViolations(page)) failures.push(`${path}: axe ${violation}`);
        }
        expect(failures, failures.join("\n")).toEqual([]);
      });
    }
  }
});
