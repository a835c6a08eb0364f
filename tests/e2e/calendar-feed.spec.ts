// A pastor puts their sessions in the calendar app they already use: Settings makes a private address, the calendar
// reads the confirmed session there without its topic, the pastor chooses to show topics, and a new address stops the
// old one. On a phone and a laptop.
import { expect, test } from "./fixtures";
import { screenSizes, toast } from "./helpers.ts";

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a pastor makes a calendar address, a calendar reads their session, topics show once chosen", async ({ page, e2eDb, createPerson, signIn }) => {
      const guide = await createPerson("guide", { name: "Miriam Castellanos" });
      const pastor = await signIn("user");
      const startsAt = new Date(Math.ceil((Date.now() + 3 * 86_400_000) / 900_000) * 900_000);
      await e2eDb.booking.create({
        data: { userId: pastor.id, guideId: guide.id, topic: "Sabbath and a tired staff", rateCents: 0, paymentStatus: "unpaid", status: "confirmed", startsAt, durationMinutes: 60 },
      });

      await page.goto("/user-dashboard/settings");
      const section = page.getByRole("region", { name: "Calendar feed" });
      await section.getByRole("button", { name: "Make my calendar address" }).click();
      await expect(toast(page, "Calendar Address Ready")).toBeVisible();
      const address = section.getByRole("textbox", { name: "Your calendar address" });
      await expect(address).toHaveValue(/^webcal:\/\/.+\/calendar\/\d+-[\w-]+\.ics$/);
      const firstAddress = await address.inputValue();
      const https = await section.getByRole("link", { name: "the https address" }).getAttribute("href");

      // What a calendar app reads: the session by the guide's name, not its topic.
      const feed = await page.request.get(https!);
      expect(feed.status()).toBe(200);
      const ics = (await feed.text()).replace(/\r?\n[ \t]/g, "");
      expect(ics).toContain("SUMMARY:Mentoring session with Miriam Castellanos");
      expect(ics).not.toContain("Sabbath");

      await section.getByRole("radio", { name: "The session's topic too" }).check();
      await section.getByRole("button", { name: "Save" }).click();
      await expect(toast(page, "Settings Saved")).toBeVisible();
      await expect(section.getByRole("radio", { name: "The session's topic too" })).toBeChecked();
      expect((await (await page.request.get(https!)).text()).replace(/\r?\n[ \t]/g, "")).toContain("SUMMARY:Mentoring: Sabbath and a tired staff");

      await section.getByRole("button", { name: "Make a new address" }).click();
      await expect(toast(page, "New Calendar Address")).toBeVisible();
      await expect(address).not.toHaveValue(firstAddress);
      expect((await page.request.get(https!)).status()).toBe(404);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
