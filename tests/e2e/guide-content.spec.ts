// A guide publishes content from their dashboard, as a person would, on a phone and a laptop: adds an article,
// finds it on their public profile, edits it and deletes it (after confirming).
import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { screenSizes, toast } from "./helpers.ts";

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a guide adds an article, sees it on their public profile, edits it and deletes it", async ({ page, e2eDb, signIn }) => {
      const guide = await signIn("guide");
      const now = new Date();
      await e2eDb.guideProfile.create({ data: { userId: guide.id, experienceYears: 11, category: "Senior Pastors", createdAt: now, updatedAt: now } });
      const title = `Preaching through Ruth ${randomBytes(3).toString("hex")}`;

      await page.goto("/mentor-dashboard/content");
      await expect(page.getByRole("heading", { name: "Published content", level: 1 })).toBeVisible();
      await expect(page.getByText("Nothing published yet.")).toBeVisible();

      // Add: the form's own checks first, then a good one.
      await page.getByRole("link", { name: "Add", exact: true }).click();
      const add = page.getByRole("dialog", { name: "Add content" });
      await expect(add).toBeVisible();
      await add.getByLabel("Title").fill(title);
      await add.getByLabel("Link").fill("ftp://example.org/ruth");
      await add.getByRole("button", { name: "Add content" }).click();
      await expect(add.getByText("Enter a full web address starting with http:// or https://")).toBeVisible();
      await add.getByLabel("Link").fill("https://example.org/sermons/ruth");
      await add.getByLabel("Type").selectOption("sermon");
      await add.getByLabel("Publication date").fill("2025-09-14");
      await add.getByLabel(/Description/).fill("Six sermons on loyalty and redemption.");
      await add.getByRole("button", { name: "Add content" }).click();
      await expect(toast(page, "Content created")).toBeVisible();
      await expect(add).toHaveCount(0);
      const row = page.getByRole("row").filter({ hasText: title });
      await expect(row).toContainText("Sermon");
      await expect(row).toContainText("Sep 14, 2025");

      // On the public profile, linking out.
      await page.getByRole("link", { name: "your public profile" }).click();
      await expect(page).toHaveURL(new RegExp(`/mentor/${guide.id}$`));
      const published = page.getByRole("region", { name: "Published content" });
      await expect(published.getByRole("link", { name: title })).toHaveAttribute("href", "https://example.org/sermons/ruth");
      await expect(published).toContainText("sermon");

      // Edit.
      await page.goto("/mentor-dashboard/content");
      await page.getByRole("link", { name: `Edit ${title}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit content" });
      await expect(edit.getByLabel("Title")).toHaveValue(title);
      await expect(edit.getByLabel("Publication date")).toHaveValue("2025-09-14");
      await edit.getByLabel("Title").fill(`${title}, revised`);
      await edit.getByLabel("Type").selectOption("podcast");
      await edit.getByRole("button", { name: "Save changes" }).click();
      await expect(toast(page, "Content updated")).toBeVisible();
      const revised = page.getByRole("row").filter({ hasText: `${title}, revised` });
      await expect(revised).toContainText("Podcast");

      // Delete, after confirming.
      await page.getByRole("link", { name: `Delete ${title}, revised` }).click();
      const confirm = page.getByRole("alertdialog", { name: "Confirm Delete" });
      await expect(confirm).toContainText(`Are you sure you want to delete “${title}, revised”?`);
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page, "Content deleted")).toBeVisible();
      await expect(page.getByText("Nothing published yet.")).toBeVisible();
      await page.goto(`/mentor/${guide.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(title)).toHaveCount(0);
    });
  });
}
