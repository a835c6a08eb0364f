// What a page's times read in the server's HTML and once the page has run: one way to show a time means they agree
// and nothing flashes from one zone to another.
import type { Page } from "@playwright/test";

/**
 * Records every change to a <time> element's text once the server's HTML is parsed, before any of the page's scripts
 * runs (hydration, effects): none is expected.
 */
export const watchTimes = () => {
  const changes: string[] = [];
  (window as unknown as { timeChanges: string[] }).timeChanges = changes;
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      const element = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
      const time = element?.closest("time");
      if (time) changes.push(`${time.dateTime}: ${time.textContent}`);
    }
  });
  document.addEventListener("readystatechange", () => {
    if (document.readyState === "interactive") observer.observe(document, { subtree: true, childList: true, characterData: true });
  });
};

/** The <time> elements' texts the server's HTML holds for `path`, asked with this browser's cookies. */
export async function timesInHtml(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  return [...html.matchAll(/<time dateTime="([^"]+)"[^>]*>([^<]*)<\/time>/g)].map(([, at, text]) => `${at} ${text.replaceAll("&#x27;", "'")}`);
}

/** The same in the page, once it has run (hydrated, its effects done). */
export async function timesOnPage(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  return page.locator("time").evaluateAll((times) => times.map((time) => `${(time as HTMLTimeElement).dateTime} ${time.textContent}`));
}

/** No <time> changed its text once the HTML was parsed (watchTimes must have been added as an init script). */
export const timeChanges = (page: Page) => page.evaluate(() => (window as unknown as { timeChanges: string[] }).timeChanges);
