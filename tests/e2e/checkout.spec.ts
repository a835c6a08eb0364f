// Paying for a held booking on the local test-mode checkout (no Stripe keys on the e2e server): the mentee goes from
// "Complete your payment" to the test checkout page, which says it is test mode, pays, and lands on their booking;
// the signed webhook event has confirmed it by then. The held booking is written straight into the database.
import { expect, test } from "./fixtures";
import type { E2eDb } from "./database.ts";
import { screenSizes } from "./helpers.ts";

const HOUR = 60 * 60_000;
const BLOCK = 15 * 60_000;

/** A held paid booking as the booking flow leaves it: its time and its 15-minute claims, which expire with the hold. */
async function heldBooking(db: E2eDb, { menteeId, guideId, rateCents, hoursAhead }: { menteeId: number; guideId: number; rateCents: number; hoursAhead: number }) {
  const now = new Date();
  const startsAt = new Date(Math.ceil(now.getTime() / HOUR) * HOUR + hoursAhead * HOUR);
  const holdExpiresAt = new Date(now.getTime() + 15 * 60_000);
  const bookingId = (await db.booking.create({
    data: {
      userId: menteeId, guideId, startsAt, durationMinutes: 60, topic: "Preaching through Advent", rateCents,
      status: "held", paymentStatus: "pending", holdExpiresAt, isIntro: false, createdAt: now, updatedAt: now,
    },
  })).id;
  for (let block = startsAt.getTime(); block < startsAt.getTime() + HOUR; block += BLOCK) {
    await db.timeClaim.create({ data: { guideId, blockStart: new Date(block), bookingId, expiresAt: holdExpiresAt } });
  }
  return bookingId;
}

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a mentee pays for a held booking on the test-mode checkout page", async ({ page, signIn, createPerson, e2eDb }) => {
      const guide = await createPerson("guide", { name: `Hannah Okafor ${device}` });
      const mentee = await signIn("user");
      const bookingId = await heldBooking(e2eDb, { menteeId: mentee.id, guideId: guide.id, rateCents: 6000, hoursAhead: device === "phone" ? 50 : 54 });

      await page.goto(`/checkout/booking/${bookingId}`);
      await expect(page.getByRole("heading", { name: "Complete your payment" })).toBeVisible();
      await page.getByRole("button", { name: "Pay $60.00" }).click();

      await expect(page).toHaveURL(/\/checkout\/test\/cs_test_\w+$/);
      await expect(page.getByRole("note", { name: "Test mode" })).toBeVisible();
      await expect(page.getByText(`60-minute mentoring session with ${guide.name}`)).toBeVisible();
      await expect(page.getByText("Preaching through Advent")).toBeVisible();
      // The order names the mentor as the booking dialog and Bookings do.
      await expect(page.getByRole("term").filter({ hasText: /^Mentor$/ })).toBeVisible();
      await expect(page.getByRole("term").filter({ hasText: /^Guide$/ })).toHaveCount(0);
      // Nothing on the page is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.getByRole("button", { name: "Pay $60.00" }).click();

      await expect(page).toHaveURL(new RegExp(`/user-dashboard/bookings\\?booking=${bookingId}&booked=1$`));
      await expect(page.getByText("Payment received").filter({ visible: true }).first()).toBeVisible();
      const booking = await e2eDb.booking.findUnique({ where: { id: bookingId } });
      expect(booking).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
      expect(await e2eDb.payment.findFirst({ where: { bookingId }, orderBy: { id: "desc" } })).toMatchObject({ status: "succeeded", amountCents: 6000 });
    });
  });
}
