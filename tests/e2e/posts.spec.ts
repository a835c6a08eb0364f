import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { screenSizes, toast } from "./helpers.ts";

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("the admin writes and publishes a post with a cover; a visitor reads it on /blog", async ({ page, signIn }) => {
      const word = randomBytes(4).toString("hex");
      const title = `Leading a Staff Retreat That Restores ${word}`;
      const cover = await sharp({ create: { width: 320, height: 180, channels: 3, background: "#0f766e" } }).png().toBuffer();

      await signIn("admin");
      await page.goto("/admin/dashboard/blog");
      await expect(page.getByRole("heading", { name: "Blog Posts" })).toBeVisible();
      await page.getByRole("link", { name: "Add" }).click();
      await expect(page.getByRole("heading", { name: "New Blog Post" })).toBeVisible();

      // Submitting with nothing filled in shows what is missing.
      await page.getByRole("button", { name: "Create Blog Post" }).click();
      await expect(page.getByText("Title is required")).toBeVisible();

      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Author").fill("Pastor Grace Mbeki");
      await page.getByLabel("Summary").fill("A simple two-day plan that gives a tired ministry team rest, honesty and a shared next step.");
      await page.getByLabel("Body").fill("Our team arrived exhausted.\n\n## What we changed\n\n- Sleep first\n- Pray together\n- Plan last");
      await page.getByLabel("Cover image (optional)").setInputFiles({ name: "retreat.png", mimeType: "image/png", buffer: cover });
      await page.getByRole("radio", { name: "Published" }).check();
      await page.getByRole("button", { name: "Create Blog Post" }).click();

      await expect(toast(page, "Post Created")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/dashboard\/blog$/);
      const row = page.locator("tbody tr").filter({ hasText: title });
      await expect(row).toContainText("Published");
      const slug = `leading-a-staff-retreat-that-restores-${word}`;
      await expect(row).toContainText(`/blog/${slug}`);

      // A visitor (signed out) finds it on /blog and reads it.
      await page.context().clearCookies();
      await page.goto("/blog");
      await expect(page.getByRole("heading", { name: "Blog", level: 1 })).toBeVisible();
      const link = page.getByRole("link", { name: title });
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "What we changed" })).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: "Pray together" })).toBeVisible();
      await expect(page.locator("article header").getByText("Pastor Grace Mbeki")).toBeVisible();
      await expect(page).toHaveTitle(`${title} · Ministry Mentors`);
      const coverImage = page.locator("article img").first();
      await expect(coverImage).toBeVisible();
      expect(await coverImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/images\/[0-9a-f-]{36}$/);
      // Nothing overflows the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  });
}
