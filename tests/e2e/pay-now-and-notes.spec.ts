// "Pay now" resumes the payment: from the mentee's overview and from the held booking's card, straight to the
// (test-mode) Checkout, the same one each time, and paying confirms the booking. And the guide reads the mentee's
// topic and notes on the booking, long notes opened with "Show more" (a native disclosure, also by keyboard).
import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";

const HOUR = 60 * 60_000;
const BLOCK = 15 * 60_000;

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a mentee's Pay now, on the overview and on the held booking's card, goes straight to the Checkout", async ({ page, signIn, createPerson, e2eDb }) => {
      const guide = await createPerson("guide", { name: `Miriam Adeyemi ${device}` });
      const mentee = await signIn("user");
      const now = new Date();
      const startsAt = new Date(Math.ceil(now.getTime() / HOUR) * HOUR + (device === "phone" ? 70 : 74) * HOUR);
      const holdExpiresAt = new Date(now.getTime() + 15 * 60_000);
      const bookingId = (await e2eDb.booking.create({
        data: {
          userId: mentee.id, guideId: guide.id, startsAt, durationMinutes: 60, topic: "Planning a church plant", rateCents: 4500,
          status: "held", paymentStatus: "pending", holdExpiresAt, isIntro: false, createdAt: now, updatedAt: now,
        },
      })).id;
      for (let block = startsAt.getTime(); block < startsAt.getTime() + HOUR; block += BLOCK) {
        await e2eDb.timeClaim.create({ data: { guideId: guide.id, blockStart: new Date(block), bookingId, expiresAt: holdExpiresAt } });
      }

      // The overview's to-do: Pay now opens the Checkout itself.
      await page.goto("/user-dashboard");
      const todo = page.getByRole("listitem").filter({ hasText: `Complete the payment for your session with ${guide.name}` });
      await todo.getByRole("button", { name: "Pay now" }).click();
      await expect(page).toHaveURL(/\/checkout\/test\/cs_test_\w+$/);
      const checkout = page.url();
      await expect(page.getByText("Planning a church plant")).toBeVisible();

      // The bookings screen: the held card says until when the time is held, and Pay now resumes the same Checkout.
      await page.goto("/user-dashboard/bookings");
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Planning a church plant" }) });
      await expect(card).toContainText(/Your time is held until \d{1,2}:\d{2}\s?[AP]M [A-Z][A-Za-z0-9+:-]+\. Pay before then to book it\./);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await card.getByRole("button", { name: "Pay now" }).click();
      await expect(page).toHaveURL(checkout);
      await page.getByRole("button", { name: "Pay $45.00" }).click();

      await expect(page).toHaveURL(new RegExp(`/user-dashboard/bookings\\?booking=${bookingId}&booked=1$`));
      const paid = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Planning a church plant" }) });
      await expect(paid).toContainText("Confirmed");
      // Back from paying, the card reads as just booked, not as a link's target.
      await expect(paid).toContainText("Just booked");
      await expect(paid.getByRole("button", { name: "Pay now" })).toHaveCount(0);
      expect(await e2eDb.booking.findUnique({ where: { id: bookingId } })).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    });

    test("a guide reads the mentee's topic and notes on the booking; long notes open with Show more", async ({ page, signIn, createPerson, e2eDb }) => {
      const guide = await signIn("guide");
      const mentee = await createPerson("user", { name: `Samuel Brooks ${device}` });
      const now = new Date();
      await e2eDb.guideProfile.create({ data: { userId: guide.id, experienceYears: 9, createdAt: now, updatedAt: now } });
      const longNotes = `${"Our church of ninety has had three youth leaders in four years, and the parents are tired. ".repeat(4)}What would you do in the first month?`;
      await e2eDb.booking.create({
        data: {
          userId: mentee.id, guideId: guide.id, startsAt: new Date(now.getTime() + 3 * 24 * HOUR), durationMinutes: 60, topic: "Rebuilding a youth team",
          additionalNotes: longNotes, rateCents: 0, status: "confirmed", paymentStatus: "unpaid", isIntro: false, createdAt: now, updatedAt: now,
        },
      });

      await page.goto("/mentor-dashboard/bookings");
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Rebuilding a youth team" }) });
      const notes = card.getByRole("group", { name: `Notes from ${mentee.name}` });
      await expect(notes).toContainText("Our church of ninety has had three youth leaders");
      await expect(notes.getByText("What would you do in the first month?")).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // By keyboard: the disclosure takes focus and opens with Enter.
      await expect(notes.getByText("Show more")).toBeVisible();
      await notes.locator("summary").focus();
      await page.keyboard.press("Enter");
      await expect(notes.getByText("What would you do in the first month?")).toBeVisible();
      await expect(notes.getByText("Show less")).toBeVisible();
      await notes.getByText("Show less").click();
      await expect(notes.getByText("What would you do in the first month?")).toBeHidden();
    });
  });
}
