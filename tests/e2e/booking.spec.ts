import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";

/**
 * A mentee books and pays for a session, with no keys: the booking dialog on the mentor's profile, the local test-mode
 * checkout, the webhook it delivers, and the booking shown paid to the mentee, the guide and the administrator; both
 * people get the invitation.
 */
for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("book a time from a mentor's profile, pay on the test checkout, and see it paid", async ({ page, browser, baseURL, e2eDb, createPerson, signIn, signInAs }) => {
      const guide = await createPerson("guide", { title: "Lead Pastor" });
      const now = new Date();
      await e2eDb.guideProfile.create({ data: { userId: guide.id, experienceYears: 12, hourlyRateCents: 6000, noticeHours: 24, horizonDays: 30, meetingUrl: "https://meet.example.org/pastor", createdAt: now, updatedAt: now } });
      for (let weekday = 0; weekday < 7; weekday++) await e2eDb.availability.create({ data: { guideId: guide.id, weekday, startTime: "09:00", endTime: "17:00" } });
      await e2eDb.sessionOption.create({ data: { guideId: guide.id, minutes: 60, priceCents: 6000 } });
      const mentee = await signIn("user");

      await page.goto(`/mentor/${guide.id}`);
      await page.getByRole("link", { name: "Book a session" }).first().click();
      const dialog = page.getByRole("dialog", { name: `Book a session with ${guide.name}` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText("Times are shown in")).toBeVisible();
      // The first day with times may be a few days out (24 hours' notice): take the first time offered.
      await dialog.getByRole("link", { name: /^\d{1,2}:\d{2}\s[AP]M$/ }).first().click();
      await expect(dialog.getByText("$60.00")).toBeVisible();
      // When: the time in the mentee's zone, named after it as everywhere else ("… at 3:00 PM, Coordinated Universal Time (UTC)").
      await expect(dialog.getByRole("definition").first()).toHaveText(/ at \d{1,2}:\d{2}\s[AP]M, Coordinated Universal Time \(UTC\)$/);
      // The example in the empty box is read whole, a phone's width too.
      const placeholderFits = await dialog.getByLabel("What would you like to talk about?").evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return context.measureText(input.placeholder).width <= input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      });
      expect(placeholderFits).toBe(true);
      await dialog.getByLabel("What would you like to talk about?").fill("Leading through a building campaign");
      // The demo publishes the confidentiality covenant: a first booking with a mentor accepts it.
      await dialog.getByLabel(/^I accept the confidentiality covenant/).check();
      // The buttons follow the covenant at the form's usual spacing: no empty error rows open a gap above them.
      const covenantBottom = await dialog.getByRole("group", { name: "Confidentiality covenant" }).evaluate((group) => group.getBoundingClientRect().bottom);
      const buttonsTop = await dialog.getByRole("link", { name: "Choose another time" }).evaluate((link) => link.parentElement!.getBoundingClientRect().top);
      expect(buttonsTop - covenantBottom).toBeLessThanOrEqual(24);
      await dialog.getByRole("button", { name: "Confirm and pay" }).click();

      // The local stand-in for Stripe Checkout.
      await expect(page.getByText("Test mode").first()).toBeVisible();
      await expect(page.getByText("$60.00").first()).toBeVisible();
      await page.getByRole("button", { name: /^Pay/ }).click();

      await expect(page).toHaveURL(/\/user-dashboard\/bookings/);
      const booked = page.getByRole("article", { name: "Leading through a building campaign" });
      await expect(booked).toBeVisible();
      await expect(booked).toContainText("Confirmed");
      await expect(booked).toContainText("Paid");

      // Both people got the confirmation with the invitation.
      await expect.poll(async () => (await e2eDb.outboxMail.findFirst({ where: { to: guide.email }, orderBy: { id: "desc" } }))?.subject ?? null).toBeTruthy();
      await expect.poll(async () => (await e2eDb.outboxMail.findFirst({ where: { to: mentee.email }, orderBy: { id: "desc" } }))?.text ?? "").toContain("Leading through a building campaign");

      // The guide sees it paid among their upcoming sessions.
      const guideContext = await browser.newContext({ baseURL, viewport });
      await signInAs(guide.email, guideContext);
      const guidePage = await guideContext.newPage();
      await guidePage.goto("/mentor-dashboard/bookings");
      const guideCard = guidePage.getByRole("article", { name: "Leading through a building campaign" });
      await expect(guideCard).toContainText("Confirmed");
      await expect(guideCard).toContainText("Paid");
      await guideContext.close();

      // The administrator (this browser now signed in as them) sees it paid on the booking's page, with Stripe's event.
      const booking = await e2eDb.booking.findFirst({ where: { userId: mentee.id }, orderBy: { id: "desc" } });
      await signIn("admin");
      await page.goto(`/admin/dashboard/viewBookingPage/${booking!.id}`);
      await expect(page.getByRole("heading", { level: 1, name: "Booking Details" })).toBeVisible();
      await expect(page.getByRole("main")).toContainText("Leading through a building campaign");
      await expect(page.getByRole("main")).toContainText("Paid");
      await expect(page.getByRole("main")).toContainText("checkout.session.completed");
    });
  });
}
