// The layout checks every screen walk shares (the console's, tests/e2e/console-responsive.spec.ts, and the
// dashboards', tests/e2e/dashboards-walk.spec.ts): what runs off the side of the window, an icon squeezed, a border
// around nothing, and any accessibility violation axe-core finds, however minor.
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
    // A button's label fits inside it: a long label wraps and the button grows (not two lines spilling out of a
    // one-line button, as "Accept the covenant with …" did on a phone).
    for (const button of document.querySelectorAll<HTMLElement>("main :is(button, a.ui-btn)")) {
      if (button.closest(".sr-only") || button.getClientRects().length === 0) continue;
      if (button.scrollHeight > button.clientHeight + 1) {
        problems.push(`${button.tagName.toLowerCase()} "${(button.textContent ?? "").trim().slice(0, 40)}" spills out of its ${button.clientHeight}px height (${button.scrollHeight}px of label)`);
      }
    }
    // A select shows its chosen option whole ("All payment statuses" read "All payment statuse" in Bookings' filters at
    // 1366 px): a copy of it holding that option alone, as wide as it needs, is no wider than the select.
    for (const select of document.querySelectorAll<HTMLSelectElement>("main select")) {
      const chosen = select.selectedOptions[0];
      if (!chosen || select.closest(".sr-only") || select.getClientRects().length === 0) continue;
      const copy = select.cloneNode(false) as HTMLSelectElement;
      copy.append(chosen.cloneNode(true));
      copy.style.cssText = "position: absolute; visibility: hidden; width: auto; min-width: 0; max-width: none";
      select.after(copy);
      const needs = copy.getBoundingClientRect().width;
      copy.remove();
      const has = select.getBoundingClientRect().width;
      if (needs > has + 1) problems.push(`select "${chosen.text.trim().slice(0, 40)}" cuts its text (${Math.round(needs)}px of text in a ${Math.round(has)}px select)`);
    }
    // An icon is drawn square, at its size: beside text that wraps, a row must not squeeze it narrower (the guide's
    // "What needs doing" drew a lock and a dollar sign thinner than the icons of its one-line items).
    for (const icon of document.querySelectorAll<SVGElement>("main svg.icon")) {
      const rect = icon.getBoundingClientRect();
      if (rect.height === 0 || icon.closest(".sr-only")) continue;
      if (rect.width < rect.height - 0.5) {
        const label = (icon.parentElement?.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        problems.push(`an icon beside "${label}" is squeezed to ${rect.width.toFixed(1)}px wide, ${rect.height.toFixed(1)}px tall`);
      }
    }
    // No box drawn around nothing: an element with no content that shows a border (a past session's card kept the
    // divider and the gap of an actions row with no action left in it).
    for (const element of document.querySelectorAll<HTMLElement>("main :empty:not(hr, img, input, textarea, select, iframe, video, canvas, svg *, [role=separator], [role=progressbar])")) {
      if (element.getClientRects().length === 0 || element.closest(".sr-only, [aria-hidden='true']")) continue;
      const style = getComputedStyle(element);
      const sides = ["Top", "Right", "Bottom", "Left"] as const;
      if (sides.some((side) => parseFloat(style[`border${side}Width`]) > 0 && style[`border${side}Style`] !== "none")) {
        const near = (element.parentElement?.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        problems.push(`an empty ${element.tagName.toLowerCase()} draws a border (in "${near}")`);
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
 * What axe-core finds on the page, however minor (a heading level skipped counts: a screen reader's list of headings
 * reads as the page's outline), one line each (its rule, its impact, what to fix, the first few elements).
 */
export async function accessibilityViolations(page: Page) {
  // Legacy mode runs axe.run in the page, same-origin frames included (the e-mail previews); the default also opens a
  // blank page on every run to gather each frame's results, which doubles the time of a walk of a hundred screens.
  // The only cross-origin frame is a guide's video, which is not ours to check.
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return results.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join("\n  ")}`);
}

/**
 * Text that does not read as written, measured against the box it sits in: a block of words wrapped word by word (more
 * lines than half its words, as a card title squeezed beside its badges or a date spread over six lines), a short word
 * (an amount, a date) broken inside, a box of a few characters' width its text wraps in, and a short text (a name, a
 * title, a label: four words at most, or a heading or a link) an ellipsis or a clipping box cuts off (a message's
 * preview, a sentence, may end in one). The whole page, so the header's logo counts too.
 */
export async function textProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);
    const shown = (element: Element) => {
      if (element.closest(".sr-only, [hidden], [aria-hidden='true'], script, style, noscript, template, option, select, textarea")) return false;
      if (element.closest("details:not([open]) > :not(summary)")) return false;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "none") return false;
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };
    const inline = (element: Element) => /^(inline|contents)$/.test(getComputedStyle(element).display);
    /**
     * The text a person sees flowing in the element itself: its own text and its inline children's, not a nested
     * block's (measured on its own), nor what is there for screen readers only.
     */
    const textNodes = (element: Element) => {
      const nodes: Text[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest(".sr-only")) continue;
        let flows = true;
        for (let box = node.parentElement; box && box !== element; box = box.parentElement) if (!inline(box)) flows = false;
        if (flows) nodes.push(node as Text);
      }
      return nodes;
    };
    const visibleText = (element: Element) => textNodes(element).map((node) => node.textContent).join("");
    /** The lines the element's text takes: the boxes of its text (not of its child elements), grouped by line. */
    const linesOf = (element: Element) => {
      const rects: DOMRect[] = [];
      for (const node of textNodes(element)) {
        if (!node.textContent!.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...[...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0));
      }
      rects.sort((a, b) => a.top - b.top);
      let lines = 0;
      let bottom = -Infinity;
      for (const rect of rects) {
        if ((rect.top + rect.bottom) / 2 > bottom) {
          lines++;
          bottom = rect.bottom;
        } else bottom = Math.max(bottom, rect.bottom);
      }
      return lines;
    };
    const describe = (element: Element, text: string) => `${element.tagName.toLowerCase()} "${text.replace(/\s+/g, " ").slice(0, 40)}"`;
    // A text block is what holds a run of text: an element with text of its own, or, for an inline one (a link or a
    // <time> in a sentence), the box it flows in, measured as a whole.
    const blocks = new Set<HTMLElement>();
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
      if (!ownText || !shown(element)) continue;
      let block: HTMLElement | null = element;
      while (block && inline(block)) block = block.parentElement;
      if (block && block !== document.body) blocks.add(block);
      // Cut off: a short text (a name, a title, a label: four words at most, or a heading or a link) an ellipsis or a
      // clipping box hides part of.
      const style = getComputedStyle(element);
      const text = visibleText(element);
      const clips = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
      const short = words(text).length <= 4 || /^(H[1-6]|A)$/.test(element.tagName);
      if (clips && short && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${describe(element, text)} is cut off (${element.scrollWidth}px of text in ${element.clientWidth}px)`);
      }
    }
    for (const block of blocks) {
      // A table's column headers wrap between their words where the columns are crowded, as designed.
      if (block.closest("th")) continue;
      const text = visibleText(block);
      const count = words(text).length;
      const width = Math.round(block.getBoundingClientRect().width);
      const lines = linesOf(block);
      // Two words on two lines, or three lines or more for fewer than two words each ("Ministry Mentors / support" is a wrap).
      if (count >= 2 && lines >= 2 && lines > count / 2 && (lines >= 3 || count === 2)) {
        problems.push(`${describe(block, text)} wraps word by word: ${count} words on ${lines} lines, ${width}px wide`);
      } else if (count === 1 && lines >= 2 && text.trim().length <= 16) {
        // A long word (an address, a link) may break anywhere; an amount, a date or a short name must not.
        problems.push(`${describe(block, text)} breaks inside a word, on ${lines} lines`);
      } else if (lines >= 2 && width < (parseFloat(getComputedStyle(block).fontSize) || 16) * 3) {
        problems.push(`${describe(block, text)} is squeezed into ${width}px`);
      }
    }
    return problems;
  });
}

/**
 * What moved on the page while nobody touched it (the browser's layout-shift entries since it loaded, as Core Web
 * Vitals counts them): a notice or a control drawn only once the page runs pushes what a person is about to click.
 * Call it after the page has run (the other checks take long enough). A shift under 0.02 passes: a fifth of what Core
 * Web Vitals still calls good, too small to see.
 */
export async function layoutShifts(page: Page) {
  const shifts = await page.evaluate(
    () =>
      new Promise<Array<{ value: number; moved: string[] }>>((resolve) => {
        const seen: Array<{ value: number; moved: string[] }> = [];
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            const moved = entry.sources.map(({ node }) => (node instanceof Element ? `${node.tagName.toLowerCase()} "${(node.textContent ?? "").trim().slice(0, 40)}"` : "text"));
            seen.push({ value: entry.value, moved });
          }
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(seen)));
      }),
  );
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  return total >= 0.02 ? [`the page moved once it ran (layout shift ${total.toFixed(3)}): ${[...new Set(shifts.flatMap((shift) => shift.moved))].slice(0, 3).join(", ")}`] : [];
}
