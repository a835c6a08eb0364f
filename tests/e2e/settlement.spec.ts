// Guides get paid, as a guide and a mentee meet it with no Stripe keys: the guide's earnings wait until they connect
// payouts on the local test-mode onboarding page; then what is due is paid out and shown in Billing and in the
// console's Payouts; a session a mentee books and pays afterwards is held until it is over. A mentee whose mentor did
// not come reports it from their bookings, and the mentor sees the report with the way to contest it.
import type { E2eDb } from "./database.ts";
import { expect, test, type Person } from "./fixtures.ts";
import { screenSizes, toast } from "./helpers.ts";

const HOUR = 3_600_000;

/** A live guide open 09:00–17:00 every day, offering 60 minutes at $80. */
async function bookableGuide(db: E2eDb, guide: Person) {
  const now = new Date();
  await db.guideProfile.create({ data: { userId: guide.id, experienceYears: 15, hourlyRateCents: 8000, noticeHours: 24, horizonDays: 30, createdAt: now, updatedAt: now } });
  for (let weekday = 0; weekday < 7; weekday++) await db.availability.create({ data: { guideId: guide.id, weekday, startTime: "09:00", endTime: "17:00" } });
  await db.sessionOption.create({ data: { guideId: guide.id, minutes: 60, priceCents: 8000 } });
}

/** A paid session `hoursAgo` hours ago with its payment and payout as the app leaves them (completed: releasing). */
async function paidSession(db: E2eDb, { menteeId, guideId, topic, hoursAgo, status }: { menteeId: number; guideId: number; topic: string; hoursAgo: number; status: "completed" | "confirmed" }) {
  const now = new Date();
  const startsAt = new Date(Math.floor(now.getTime() / HOUR) * HOUR - hoursAgo * HOUR);
  const over = new Date(startsAt.getTime() + HOUR);
  const bookingId = (await db.booking.create({
    data: {
      userId: menteeId, guideId, topic, rateCents: 8000, paymentStatus: "paid", status, startsAt, durationMinutes: 60,
      completedAt: status === "completed" ? over : null, isIntro: false, createdAt: now, updatedAt: now,
    },
  })).id;
  const paymentId = (await db.payment.create({ data: { bookingId, userId: menteeId, guideId, amountCents: 8000, currency: "usd", status: "succeeded", stripePaymentIntentId: `pi_e2e_${bookingId}`, paidAt: now, createdAt: now, updatedAt: now } })).id;
  await db.payout.create({
    data: {
      bookingId, paymentId, guideId, status: status === "completed" ? "releasing" : "held", feePercent: 10, amountCents: 7200, reversedCents: 0,
      overAt: status === "completed" ? over : null, failures: 0, createdAt: now, updatedAt: now,
    },
  });
  return bookingId;
}

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a guide connects payouts in test mode: what waited is paid out, Payouts shows the transfer, a new paid session is held", async ({ page, browser, baseURL, e2eDb, signIn, createPerson, signInAs }) => {
      const guide = await signIn("guide", { name: `Naomi Boaz ${device}` });
      await bookableGuide(e2eDb, guide);
      const mentee = await createPerson("user");
      const topic = `Leading a board through a pastoral transition (${device})`;
      await paidSession(e2eDb, { menteeId: mentee.id, guideId: guide.id, topic, hoursAgo: 72, status: "completed" });

      await page.goto("/mentor-dashboard/billing");
      const payouts = page.getByRole("region", { name: /Payouts/ });
      await expect(payouts).toContainText("Not connected");
      await expect(payouts).toContainText("Your earnings wait for you until you do.");
      await expect(payouts).toContainText("Waiting for your payouts setup");
      await expect(page.getByText("On hold: payouts not connected").first()).toBeVisible();

      await payouts.getByRole("button", { name: "Set up payouts" }).click();
      await expect(page).toHaveURL(/\/connect\/test\/acct_test_\w+/);
      await expect(page.getByRole("note", { name: "Test mode" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Set up payouts" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // Left before finishing: Billing says what Stripe still needs in plain words, not its field names.
      await page.goto("/mentor-dashboard/billing");
      await expect(payouts).toContainText("Details needed");
      await expect(payouts).toContainText("(a website, a bank account, your date of birth, your name, accepting Stripe's terms)");
      await expect(payouts).not.toContainText("individual.dob.day");
      await payouts.getByRole("button", { name: "Continue setup" }).click();
      await expect(page).toHaveURL(/\/connect\/test\/acct_test_\w+/);
      await page.getByRole("button", { name: "Agree and finish setup" }).click();

      await expect(page).toHaveURL(/\/mentor-dashboard\/billing$/);
      await expect(toast(page, "Payouts connected")).toBeVisible();
      await expect(payouts).toContainText("Active");
      await expect(page.getByText(/Paid out on /).first()).toBeVisible();
      await expect(page.getByText(/tr_test_\w+/).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The console's Payouts list has the transfer.
      const adminContext = await browser.newContext({ baseURL, viewport });
      const admin = await createPerson("admin");
      await signInAs(admin.email, adminContext);
      const consolePage = await adminContext.newPage();
      await consolePage.goto(`/admin/dashboard/payouts?guideId=${guide.id}`);
      await expect(consolePage.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
      await expect(consolePage.locator("tr", { hasText: topic })).toContainText("Paid out");
      await expect(consolePage.getByText(/tr_test_\w+/).first()).toBeVisible();
      // The column, the filter and the date go by the names Bookings and Transactions use: Guide, and the column's date.
      await expect(consolePage.locator('td[data-label="Guide"]', { hasText: guide.name }).first()).toBeVisible();
      await expect(consolePage.getByRole("combobox", { name: "Guide", exact: true })).toHaveValue(guide.name);
      await expect(consolePage.getByRole("group", { name: "Paid by mentee" })).toBeVisible();
      await expect(consolePage.locator('td[data-label="Paid by mentee"]').first()).toBeVisible();
      expect(await consolePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await adminContext.close();

      // A mentee books and pays a new session; the guide's Billing shows it held until the session is over.
      const menteeContext = await browser.newContext({ baseURL, viewport });
      const payer = await createPerson("user");
      await signInAs(payer.email, menteeContext);
      const menteePage = await menteeContext.newPage();
      await menteePage.goto(`/mentor/${guide.id}/book`);
      const dialog = menteePage.getByRole("dialog", { name: `Book a session with ${guide.name}` });
      await dialog.getByRole("link", { name: /^\d{1,2}:\d{2}\s[AP]M$/ }).first().click();
      await dialog.getByLabel("What would you like to talk about?").fill("Preaching through Lent");
      // The demo publishes the confidentiality covenant: a first booking with a mentor accepts it.
      await dialog.getByLabel(/^I accept the confidentiality covenant/).check();
      await dialog.getByRole("button", { name: "Confirm and pay" }).click();
      await menteePage.getByRole("button", { name: "Pay $80.00" }).click();
      await expect(menteePage).toHaveURL(/\/user-dashboard\/bookings/);
      await menteeContext.close();

      await page.goto("/mentor-dashboard/billing?sort=paidAt&order=desc");
      await expect(page.locator("tr", { hasText: "Preaching through Lent" })).toContainText("Held until the session is over");
    });

    test("a mentee reports that the mentor did not come; the mentor sees it and can contest it", async ({ page, browser, baseURL, e2eDb, signIn, createPerson, signInAs }) => {
      const mentee = await signIn("user");
      const guide = await createPerson("guide", { name: `Silas Timothy ${device}` });
      await bookableGuide(e2eDb, guide);
      const topic = `Caring for a grieving staff (${device})`;
      await paidSession(e2eDb, { menteeId: mentee.id, guideId: guide.id, topic, hoursAgo: 2, status: "confirmed" });

      await page.goto("/user-dashboard/bookings?tab=past");
      const card = page.getByRole("article", { name: topic });
      await card.getByRole("link", { name: "Report a problem" }).click();
      const dialog = page.getByRole("dialog", { name: "Report a problem" });
      await expect(dialog.getByLabel("My mentor did not come")).toBeChecked();
      await dialog.getByLabel("What happened").fill("I waited half an hour on the call and nobody joined.");
      await dialog.getByRole("button", { name: "Send report" }).click();
      await expect(toast(page, "Problem reported")).toBeVisible();
      await expect(page.getByRole("article", { name: topic })).toContainText("You reported: My mentor did not come.");
      await expect(page.getByRole("article", { name: topic })).toContainText("can contest it until");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      const guideContext = await browser.newContext({ baseURL, viewport });
      await signInAs(guide.email, guideContext);
      const guidePage = await guideContext.newPage();
      await guidePage.goto("/mentor-dashboard/bookings?tab=past");
      const guideCard = guidePage.getByRole("article", { name: topic });
      await expect(guideCard).toContainText(`reported: My mentor did not come.`);
      await guideCard.getByRole("link", { name: "Contest report" }).click();
      const answer = guidePage.getByRole("dialog", { name: "Contest this report" });
      await answer.getByLabel("What happened, from your side").fill("I was on the call; the mentee had an old link.");
      await answer.getByRole("button", { name: "Send answer" }).click();
      await expect(toast(guidePage, "Answer sent")).toBeVisible();
      await expect(guidePage.getByRole("article", { name: topic })).toContainText("The Ministry Mentors team is reviewing it");
      await guideContext.close();
    });
  });
}
