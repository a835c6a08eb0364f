// The Chromium the browser tests drive. Debian's old headless shell first: it is what Playwright itself runs for
// headless tests, and on a two-core machine it takes the browser suite about a third less time than the full
// browser in its new headless mode. Then Debian's full Chromium. PLAYWRIGHT_CHROMIUM overrides both.
import { existsSync } from "node:fs";

export const debianChromiums = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** The executable to launch, or undefined for Playwright's own download. */
export function testChromium() {
  return process.env.PLAYWRIGHT_CHROMIUM || debianChromiums.find((candidate) => existsSync(candidate));
}
