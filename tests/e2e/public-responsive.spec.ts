// The public screens a pastor meets before signing in, on a 390 px phone and a 1366 px laptop, on the demo
// marketplace: no sideways scroll, no control cut off, and no text squeezed word by word or cut (a mentor card's
// review count and price, a name beside its picture). The same checks as the dashboards' walk (layout-checks.ts).
import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";
import { overflowProblems, textProblems } from "./layout-checks.ts";

const screens = ["/", "/search", "/search?free=14&sort=rating", "MENTOR", "/become-mentor", "/signup", "/login", "/sponsor/start", "/faq"];

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
        const problems = [...(await overflowProblems(page)), ...(await textProblems(page))].filter((problem) => !longName.test(problem));
        failures.push(...problems.slice(0, 4).map((problem) => `${path}: ${problem}`));
      }
      expect(failures).toEqual([]);
    });
  });
}
