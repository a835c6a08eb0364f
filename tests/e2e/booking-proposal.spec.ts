// A guide proposes another time for a confirmed session instead of cancelling it, and the mentee accepts it: the
// guide picks one of their own free times in the "Propose another time" dialog, with a note; the mentee, in a browser
// of their own, reads the proposal on their booking's card and accepts it; both then see the session at the new time.
// Each width uses its own new guide and mentee. Also: "Add to calendar" opens by keyboard and offers its three choices.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { screenSizes, toast } from "./helpers.ts";
import { accessibilityViolations } from "./layout-checks.ts";

const DAY = 86_400_000;
const card = (page: Page, topic: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name: topic }) });

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("the guide proposes another time, the mentee accepts it, and both see the session at the new time", async ({ page, browser, e2eDb, signIn, signInAs, createPerson }) => {
      const guide = await signIn("guide", { timeZone: "UTC" });
      const now = new Date();
      await e2eDb.guideProfile.create({ data: { userId: guide.id, hourlyRateCents: 6000, noticeHours: 24, horizonDays: 30, meetingUrl: "https://meet.example.org/e2e", createdAt: now, updatedAt: now } });
      for (let weekday = 0; weekday < 7; weekday++) await e2eDb.availability.create({ data: { guideId: guide.id, weekday, startTime: "09:00", endTime: "17:00" } });
      await e2eDb.sessionOption.create({ data: { guideId: guide.id, minutes: 60, priceCents: 6000 } });
      const mentee = await createPerson("user", { timeZone: "UTC" });
      const topic = `Proposal ${randomBytes(4).toString("hex")}`;
      const startsAt = new Date(Math.floor(now.getTime() / DAY) * DAY + 4 * DAY + 10 * 3_600_000);
      await e2eDb.booking.create({
        data: {
          userId: mentee.id, guideId: guide.id, topic, rateCents: 0, paymentStatus: "unpaid", status: "confirmed", startsAt, durationMinutes: 60, createdAt: now, updatedAt: now,
        },
      });

      // The guide: "Propose another time" opens a dialog of their own free times.
      await page.goto("/mentor-dashboard/bookings");
      const guideCard = card(page, topic);
      await expect(guideCard).toContainText("The session is booked.");
      // "Add to calendar" opens by keyboard and offers the file, Google Calendar and Outlook.
      await guideCard.getByText("Add to calendar").focus();
      await page.keyboard.press("Enter");
      const choices = guideCard.getByRole("list", { name: "Add to calendar" });
      await expect(choices.getByRole("link")).toHaveText([/Calendar file \(\.ics\)/, /Google Calendar/, /Outlook\.com/]);
      await expect(choices.getByRole("link", { name: /Calendar file/ })).toHaveAttribute("href", /\/mentor-dashboard\/bookings\/\d+\/calendar\.ics$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.keyboard.press("Enter");
      await expect(choices).toBeHidden();

      await guideCard.getByRole("link", { name: "Propose another time" }).click();
      const dialog = page.getByRole("dialog", { name: "Propose another time" });
      await expect(dialog).toBeVisible();
      // Sent with no time chosen: the dialog says so under the times and keeps the note typed.
      await dialog.getByLabel(/Note to/).fill("A funeral came up that morning.");
      await dialog.getByRole("button", { name: "Propose this time" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Choose a new time");
      await expect(dialog.getByRole("group", { name: "Choose a time to propose" })).toHaveAccessibleDescription("Choose a new time");
      await expect(dialog.getByLabel(/Note to/)).toHaveValue("A funeral came up that morning.");
      const time = dialog.getByRole("radio").nth(1);
      const proposed = (await time.getAttribute("value"))!;
      // The times are labels around visually hidden radios: a person clicks the time.
      await dialog.locator("label").filter({ has: page.locator(`input[value="${proposed}"]`) }).click();
      await expect(time).toBeChecked();
      await dialog.getByRole("button", { name: "Propose this time" }).click();
      await expect(toast(page, "New time proposed")).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(card(page, topic)).toContainText(`Waiting for ${mentee.name} to accept it or keep the current time.`);
      expect(await e2eDb.booking.findFirst({ where: { topic }, orderBy: { id: "desc" } })).toMatchObject({ proposalNote: "A funeral came up that morning." });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The mentee, in their own browser: the proposal on the card, accepted.
      const menteeContext = await browser.newContext({ viewport });
      await signInAs(mentee.email, menteeContext);
      const menteePage = await menteeContext.newPage();
      await menteePage.goto("/user-dashboard/bookings");
      const menteeCard = card(menteePage, topic);
      const proposal = menteeCard.getByRole("group", { name: "Proposed new time" });
      await expect(proposal).toContainText(`${guide.name} proposes to move this session to`);
      await expect(proposal.locator(`time[datetime="${proposed}"]`)).toBeVisible();
      await expect(proposal).toContainText(`Note from ${guide.name}: "A funeral came up that morning."`);
      await expect(menteeCard.getByRole("button", { name: "Keep current time" })).toBeVisible();
      expect(await menteePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await menteeCard.getByRole("button", { name: "Accept new time" }).click();
      await expect(toast(menteePage, "Session moved")).toBeVisible();
      await expect(card(menteePage, topic).locator(`time[datetime="${proposed}"]`)).toBeVisible();
      await expect(card(menteePage, topic).getByRole("group", { name: "Proposed new time" })).toHaveCount(0);
      await menteeContext.close();

      // The guide sees the new time too.
      await page.reload();
      await expect(card(page, topic).locator(`time[datetime="${proposed}"]`)).toBeVisible();
      await expect(card(page, topic)).not.toContainText("Waiting for");
      const row = await e2eDb.booking.findFirst({ where: { topic }, orderBy: { id: "desc" } });
      expect(row!.startsAt!.toISOString()).toBe(proposed);
      expect(row).toMatchObject({ proposedStartsAt: null });
    });
  });
}

test("two sessions with a proposed new time each: both proposals named, and no two landmarks alike", async ({ page, e2eDb, signIn, createPerson }) => {
  const mentee = await signIn("user");
  const guide = await createPerson("guide");
  const now = new Date();
  for (const days of [3, 5]) {
    const startsAt = new Date(Math.floor(now.getTime() / DAY) * DAY + days * DAY + 10 * 3_600_000);
    await e2eDb.booking.create({
      data: {
        userId: mentee.id, guideId: guide.id, topic: `Moved ${days} ${randomBytes(3).toString("hex")}`, rateCents: 0, paymentStatus: "unpaid", status: "confirmed",
        startsAt, durationMinutes: 60, proposedStartsAt: new Date(startsAt.getTime() + DAY), createdAt: now, updatedAt: now,
      },
    });
  }
  await page.goto("/user-dashboard/bookings");
  await expect(page.getByText("proposes to move this session to")).toHaveCount(2);
  expect(await accessibilityViolations(page)).toEqual([]);
  await expect(page.getByRole("group", { name: "Proposed new time" })).toHaveCount(2);
});
