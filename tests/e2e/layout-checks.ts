// The layout checks every screen walk shares (the console's, tests/e2e/console-responsive.spec.ts, and the
// dashboards', tests/e2e/dashboards-walk.spec.ts): what runs off the side of the window, and what axe-core calls
// a serious or critical accessibility violation.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** What overflows on the page: the page itself, and every table cell that is cut off. */
export async function overflowProblems(page: Page) {
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

/**
 * What axe-core finds serious or critical on the page (with `everyImpact`, minor and moderate findings too), one line
 * each (its rule, what to fix, the first few elements).
 */
export async function accessibilityViolations(page: Page, { everyImpact = false } = {}) {
  // Legacy mode runs axe.run in the page, same-origin frames included (the e-mail previews); the default also opens a
  // blank page on every run to gather each frame's results, which doubles the time of a walk of a hundred screens.
  // The only cross-origin frame is a guide's video, which is not ours to check.
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return results.violations
    .filter((violation) => everyImpact || violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join("\n  ")}`);
}
