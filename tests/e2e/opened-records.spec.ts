// A pastor can see who on the team opened their records: an administrator opens the pastor's profile and Payment tab
// in the console, and the pastor's Settings lists both, by name; the console's profile shows the same. On a phone and a
// laptop.
import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("the admin opens a pastor's profile and payments; the pastor's Settings names the admin", async ({ page, browser, baseURL, signIn, createPerson, signInAs }) => {
      const pastor = await signIn("user");
      await page.goto("/user-dashboard/settings");
      const opened = page.getByRole("region", { name: "Who on our team opened your records" });
      await expect(opened).toContainText("Nobody on our team has opened your records.");

      const admin = await createPerson("admin");
      const adminContext = await browser.newContext({ baseURL, viewport });
      await signInAs(admin.email, adminContext);
      const console_ = await adminContext.newPage();
      await console_.goto(`/admin/dashboard/viewuser/${pastor.id}`);
      const seen = console_.getByRole("region", { name: "Who opened these records" });
      await expect(seen).toContainText(`Opened profile by ${admin.name}`);
      await console_.getByRole("tab", { name: "Payment" }).click();
      await expect(console_).toHaveURL(/tab=payment/);
      await adminContext.close();

      await page.reload();
      await expect(opened.getByRole("listitem")).toHaveCount(2);
      await expect(opened.getByRole("listitem").first()).toContainText(`${admin.name} opened your payments`);
      await expect(opened.getByRole("listitem").last()).toContainText(`${admin.name} opened your profile`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
