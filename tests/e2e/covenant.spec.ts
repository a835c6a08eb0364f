import { expect, test } from "./fixtures";
import { screenSizes, toast } from "./helpers.ts";

/**
 * The confidentiality covenant, as people meet it: the admin publishes a version in the console, a mentee accepts it
 * in the booking dialog of a mentor they have not met, the mentor accepts it on the session (confirmed at once, so
 * no request to answer), and both see who accepted it, and when, on the booking. A version published while the session
 * is booked, the mentee accepts on the session.
 */
// Each run publishes the next version: one size after the other, so each reads the number it published.
test.describe.configure({ mode: "serial" });

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("the admin publishes a version; mentee and mentor accept it on their booking", async ({ page, browser, baseURL, e2eDb, createPerson, signIn, signInAs }) => {
      // The admin writes the next version.
      await signIn("admin");
      await page.goto("/admin/dashboard/covenant");
      await expect(page.getByRole("heading", { name: "Confidentiality covenant" })).toBeVisible();
      await expect(page.getByRole("heading", { name: /^Current version: \d+$/ })).toBeVisible();
      const text = `We keep what is shared between us (${device}). We tell only where safety or the law requires it: a risk of harm, the abuse of a child or a vulnerable adult, a court order.`;
      await page.getByLabel("Covenant text").fill(text);
      const publish = page.getByRole("button", { name: /^Publish version \d+$/ });
      const version = Number((await publish.textContent())!.match(/\d+/)![0]);
      await publish.click();
      await expect(toast(page, "Covenant Published")).toBeVisible();
      await expect(page.getByRole("region", { name: `Current version: ${version}` }).getByText(text)).toBeVisible();
      // The form starts the next version from this one's text.
      await expect(page.getByRole("button", { name: `Publish version ${version + 1}` })).toBeVisible();

      // A mentor whose sessions are free and confirmed at once.
      const guide = await createPerson("guide", { name: `Ruth Naomi ${device}` });
      const now = new Date();
      await e2eDb.guideProfile.create({ data: { userId: guide.id, hourlyRateCents: 0, noticeHours: 24, horizonDays: 30, createdAt: now, updatedAt: now } });
      for (let weekday = 0; weekday < 7; weekday++) await e2eDb.availability.create({ data: { guideId: guide.id, weekday, startTime: "09:00", endTime: "17:00" } });
      await e2eDb.sessionOption.create({ data: { guideId: guide.id, minutes: 60, priceCents: 0 } });

      // The mentee reads and accepts the covenant in the booking dialog.
      const mentee = await signIn("user", { name: `Eli Samuel ${device}` });
      await page.goto(`/mentor/${guide.id}/book`);
      const dialog = page.getByRole("dialog", { name: `Book a session with ${guide.name}` });
      await dialog.getByRole("link", { name: /^\d{1,2}:\d{2}\s[AP]M$/ }).first().click();
      await dialog.getByLabel("What would you like to talk about?").fill("When the pastor needs a pastor");
      await dialog.getByText(`Read the confidentiality covenant (version ${version})`).click();
      await expect(dialog.getByText(text)).toBeVisible();
      await dialog.getByLabel(`I accept the confidentiality covenant (version ${version})`).check();
      await dialog.getByRole("button", { name: "Confirm booking" }).click();
      await expect(page).toHaveURL(/\/user-dashboard\/bookings/);
      const menteeCard = page.getByRole("article", { name: "When the pastor needs a pastor" });
      await expect(menteeCard).toContainText(`Covenant version ${version}: accepted by you on`);
      await expect(menteeCard).toContainText(`by ${guide.name}: not yet.`);

      // The mentor accepts it on the session.
      const guideContext = await browser.newContext({ baseURL, viewport });
      await signInAs(guide.email, guideContext);
      const guidePage = await guideContext.newPage();
      await guidePage.goto("/mentor-dashboard/bookings");
      const guideCard = guidePage.getByRole("article", { name: "When the pastor needs a pastor" });
      await expect(guideCard).toContainText(`Covenant version ${version}: not yet accepted by you; by ${mentee.name} on`);
      await guideCard.getByText(`Read the confidentiality covenant (version ${version})`).click();
      await expect(guideCard.getByText(text)).toBeVisible();
      await guideCard.getByRole("button", { name: `Accept the covenant with ${mentee.name}` }).click();
      await expect(toast(guidePage, "Covenant accepted")).toBeVisible();
      await expect(guideCard).toContainText(`Covenant version ${version}: accepted by you on`);
      await expect(guideCard).toContainText(`by ${mentee.name} on`);
      await expect(guideCard.getByRole("button", { name: /^Accept the covenant/ })).toHaveCount(0);
      await guideContext.close();

      // The mentee sees the mentor's acceptance too.
      await page.reload();
      await expect(menteeCard).toContainText(`Covenant version ${version}: accepted by you on`);
      await expect(menteeCard).toContainText(new RegExp(`by ${guide.name} on .+\\.`));
      const row = await e2eDb.covenantAcceptance.findMany({ where: { version, OR: [{ personId: mentee.id }, { personId: guide.id }] } });
      expect(row).toHaveLength(2);

      // A newer version, published while the session is booked: the mentee accepts it on the session itself.
      const admin = await e2eDb.user.findFirstOrThrow({ where: { role: "admin" }, select: { id: true } });
      const newer = `${text} Nobody records a session without the other's consent.`;
      await e2eDb.covenantVersion.create({ data: { version: version + 1, text: newer, publishedById: admin.id } });
      // The overview asks for it, and leads to the session's card.
      await page.goto("/user-dashboard");
      const todo = page.getByRole("region", { name: "What needs doing" });
      await expect(todo).toContainText(`Please read and accept the confidentiality covenant before your session with ${guide.name}`);
      await todo.getByRole("link", { name: "Read and accept" }).click();
      await expect(page).toHaveURL(/\/user-dashboard\/bookings\?booking=\d+/);
      await expect(menteeCard).toContainText(`Covenant version ${version + 1}: not yet accepted by you; by ${guide.name}: not yet.`);
      await menteeCard.getByText(`Read the confidentiality covenant (version ${version + 1})`).click();
      await expect(menteeCard.getByText(newer)).toBeVisible();
      await menteeCard.getByRole("button", { name: `Accept the covenant with ${guide.name}` }).click();
      await expect(toast(page, "Covenant accepted")).toBeVisible();
      await expect(menteeCard).toContainText(`Covenant version ${version + 1}: accepted by you on`);
      await expect(menteeCard.getByRole("button", { name: /^Accept the covenant/ })).toHaveCount(0);
      await page.goto("/user-dashboard");
      await expect(page.getByRole("region", { name: "What needs doing" })).not.toContainText("confidentiality covenant");
    });
  });
}
