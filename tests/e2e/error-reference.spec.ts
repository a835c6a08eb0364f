import { expect, test } from "./fixtures";
import { refreshGuideSearchNow } from "./database.ts";
import { screenSizes } from "./helpers.ts";

/**
 * An error page quotes its request's reference (the X-Request-Id its log line carries), small, for a person to pass on
 * to support: a page opened at its address, and a page reached by a click in the running app, whose reference is the
 * one of the request that failed (the root's data is read again with every navigation).
 */
for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("an error page opened at its address shows its request's reference, within the screen's width", async ({ page }) => {
      const response = await page.goto("/mentor/987654321");
      expect(response!.status()).toBe(404);
      const id = response!.headers()["x-request-id"];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expect(page.getByText(`Reference: ${id}`)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    });

    test("a mentor who left between the search and the click: the error quotes the request that failed", async ({ page, e2eDb, createPerson }) => {
      const guide = await createPerson("guide", { name: `Zebulon Reference${device === "phone" ? "phone" : "laptop"}` });
      const now = new Date();
      await e2eDb.guideProfile.create({ data: { userId: guide.id, experienceYears: 9, category: "Senior Pastors", hourlyRateCents: 6000, createdAt: now, updatedAt: now } });
      await refreshGuideSearchNow([guide.id]);
      const search = await page.goto(`/search?q=${encodeURIComponent(guide.name)}`);
      const link = page.getByRole("link", { name: guide.name, exact: true }).first();
      await expect(link).toBeVisible();
      await page.waitForLoadState("networkidle");

      await e2eDb.user.update({ where: { id: guide.id }, data: { status: "inactive" } });
      await refreshGuideSearchNow([guide.id]);
      const failed = page.waitForResponse((response) => new URL(response.url()).pathname === `/mentor/${guide.id}.data`);
      await link.click();
      const id = (await failed).headers()["x-request-id"];
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expect(page.getByText(`Reference: ${id}`)).toBeVisible();
      expect(id).not.toBe(search!.headers()["x-request-id"]);
    });
  });
}
