// A long e-mail address in the console's lists (Users, Guides, Customer Queries, the Outbox) wraps only after its "@"
// or a ".", never between two of its letters nor at a hyphen, at a laptop's width and on a phone's stacked rows.
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";

const admin = "/admin/dashboard";

/**
 * The pieces of the address in `cell` that the browser laid out over more than one line: each text run between two
 * break points ("pastor.", "james@", "example.", "org") must sit on one line.
 */
function piecesSplitAcrossLines(cell: Locator) {
  return cell.evaluate((element) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
      if (lines.size > 1) split.push(node.textContent!);
    }
    return split;
  });
}

for (const [device, viewport] of screenSizes) {
  test.describe(`E-mail addresses in the console's lists on a ${device}`, () => {
    test.use({ viewport });

    test("break after their @ or a dot only", async ({ page, signIn, createPerson, e2eDb }) => {
      await signIn("admin");
      const tag = crypto.randomUUID().slice(0, 8);
      // Long pieces, and a hyphen where a browser would otherwise break.
      const email = (local: string) => `${local}.${tag}@stmarys-cathedral-fellowship.example.org`;
      const user = await createPerson("user", { name: `Bart Worthington ${tag}`, email: email("bartholomew.featherstonehaugh") });
      const guide = await createPerson("guide", { name: `Gwen Ashdown ${tag}`, email: email("gwendolyn.ashdownfairweather") });
      await e2eDb.customerQuery.create({ data: { name: `Quinn Vale ${tag}`, email: email("quinnevangeline.valentinecourt"), subject: "A question", message: "Where do I start?" } });
      await e2eDb.outboxMail.create({ data: { to: email("oswaldo.trelawneyhamilton"), subject: `Welcome ${tag}`, text: "Welcome", html: "<p>Welcome</p>" } });

      for (const [path, address] of [
        [`${admin}/user-management/user?search=${tag}`, user.email],
        [`${admin}/user-management/guide?search=${tag}`, guide.email],
        [`${admin}/customer-queries?search=${tag}`, email("quinnevangeline.valentinecourt")],
        [`${admin}/outbox?search=${tag}`, email("oswaldo.trelawneyhamilton")],
      ]) {
        await page.goto(path);
        const cell = page.locator("td").filter({ hasText: address });
        await expect(cell, path).toBeVisible();
        await expect(cell).toHaveText(address);
        expect(await piecesSplitAcrossLines(cell), path).toEqual([]);
        // The cell holds the whole address: nothing runs out of it.
        expect(await cell.evaluate((element) => element.scrollWidth <= element.clientWidth), path).toBe(true);
      }
    });
  });
}
