import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { fillSignUp, screenSizes, toast } from "./helpers.ts";

/**
 * Organisations as records, as people meet them: an admin finds organisations by name, edits one and folds a
 * duplicate into it (confirming on a page of its own); a visitor signing up is offered the organisation they start
 * typing and joins it.
 */
const letters = () => randomBytes(4).toString("hex").replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]);

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("an admin searches organisations, edits one and merges a duplicate into it", async ({ page, e2eDb, createPerson, signIn }) => {
      const word = letters();
      const keeper = await e2eDb.organisation.create({ data: { name: `Cedar Grove ${word} Chapel`, nameKey: `cedar grove ${word} chapel`, memberCount: 1 } });
      const duplicate = await e2eDb.organisation.create({ data: { name: `Cedar Grove ${word} Chapel Inc`, nameKey: `cedar grove ${word} chapel inc`, memberCount: 1 } });
      const stays = await createPerson("user", { name: "Ruth Moab" });
      const moves = await createPerson("user", { name: "Naomi Bethlehem" });
      await e2eDb.user.update({ where: { id: stays.id }, data: { organisationId: keeper.id, organisation: keeper.name } });
      await e2eDb.user.update({ where: { id: moves.id }, data: { organisationId: duplicate.id, organisation: duplicate.name } });

      await signIn("admin");
      await page.goto("/admin/dashboard/organisations");
      await expect(page.getByRole("heading", { name: "Organisations", level: 1 })).toBeVisible();
      const search = page.getByRole("searchbox", { name: "Search organisations by name" });
      await search.fill(word);
      await search.press("Enter");
      await expect(page).toHaveURL(new RegExp(`search=${word}`));
      const list = page.getByRole("table", { name: "Organisations people belong to" });
      await expect(list).not.toHaveAttribute("aria-busy", "true");
      await expect(list.getByRole("row")).toHaveCount(3);
      await expect(list.getByRole("link", { name: keeper.name, exact: true })).toBeVisible();
      await expect(list.getByRole("link", { name: duplicate.name, exact: true })).toBeVisible();

      // Edit the one that stays.
      await list.getByRole("link", { name: keeper.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/dashboard/organisations/${keeper.id}$`));
      await expect(page.getByRole("heading", { name: keeper.name, level: 1 })).toBeVisible();
      // The form's schema arrives after hydration (lib/use-app-form.ts).
      await expect(page.locator(`form#organisation-${keeper.id}`)).toHaveAttribute("data-validation", "browser");
      await page.getByLabel("Kind").selectOption("church");
      await page.getByLabel("City").fill("Nairobi");
      await page.getByLabel("Country").fill("Kenya");
      await page.getByLabel("Website").fill("https://cedargrove.example");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(toast(page, "Organisation Updated")).toBeVisible();
      await expect(page.getByLabel("City")).toHaveValue("Nairobi");

      // Fold the duplicate into it, picking it from the suggestions.
      await page.goto(`/admin/dashboard/organisations?search=${word}`);
      await page.getByRole("table", { name: "Organisations people belong to" }).getByRole("link", { name: duplicate.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/dashboard/organisations/${duplicate.id}$`));
      await expect(page.getByRole("heading", { name: duplicate.name, level: 1 })).toBeVisible();
      const into = page.getByLabel("Organisation that stays");
      await into.click();
      await into.pressSequentially(`cedar grove ${word}`);
      await expect(page.locator(`datalist#merge-into-suggestions option[value="${keeper.name}"]`)).toBeAttached();
      await into.fill(keeper.name);
      await into.press("Tab");
      await page.getByRole("button", { name: "Review the merge" }).click();
      await expect(page.getByRole("heading", { name: `Merge into “${keeper.name}”?` })).toBeVisible();
      await page.getByRole("button", { name: "Merge organisations" }).click();
      await expect(toast(page, "Organisations Merged")).toBeVisible();
      await expect(page.getByRole("heading", { name: keeper.name, level: 1 })).toBeVisible();
      const members = page.getByRole("table", { name: `Members of ${keeper.name}` });
      await expect(members.getByRole("link", { name: "Naomi Bethlehem" })).toBeVisible();
      await expect(members.getByRole("link", { name: "Ruth Moab" })).toBeVisible();
      expect(await e2eDb.organisation.count({ where: { id: duplicate.id } })).toBe(0);
      expect((await e2eDb.user.findUniqueOrThrow({ where: { id: moves.id } })).organisation).toBe(keeper.name);
      const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(width).toBeLessThanOrEqual(0);
    });

    test("a visitor signing up picks an existing organisation from the suggestions and joins it", async ({ page, e2eDb }) => {
      const word = letters();
      const organisation = await e2eDb.organisation.create({ data: { name: `Bethany ${word} Fellowship`, nameKey: `bethany ${word} fellowship` } });
      const email = `lydia.${word}@e2e.test`;
      await page.goto("/signup");
      await expect(page.locator("form#signup")).toHaveAttribute("data-validation", "browser");
      const field = page.getByLabel("Church or organisation");
      await field.click();
      await field.pressSequentially(`bethany ${word}`);
      const suggestion = page.locator(`datalist option[value="${organisation.name}"]`);
      await expect(suggestion).toBeAttached();
      // The browser's own list offers it; picking it puts its name in the field.
      await field.fill((await suggestion.getAttribute("value"))!);
      await field.press("Tab");
      await fillSignUp(page, { name: "Lydia Purple", email, password: "Shepherd-42!", title: "Women's Ministry Leader", organisation: organisation.name });
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page).toHaveURL(/\/verify-email\?email=/);
      await expect.poll(async () => (await e2eDb.user.findUnique({ where: { email }, select: { organisationId: true } }))?.organisationId ?? null).toBe(organisation.id);
      expect((await e2eDb.organisation.findUniqueOrThrow({ where: { id: organisation.id } })).memberCount).toBe(1);
    });
  });
}
