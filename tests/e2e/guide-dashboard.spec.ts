import { expect, test, type SignedIn } from "./fixtures";
import type { E2eDb } from "./database.ts";
import { screenSizes, toast } from "./helpers.ts";

const DAY = 24 * 60 * 60 * 1000;
const monthName = (date: Date) => new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(date);

/** A guide with a complete profile, a mentee, an upcoming session, a paid completed session and its review. */
async function guideWithHistory(db: E2eDb, guide: SignedIn, mentee: { id: number; name: string }) {
  const now = new Date();
  const profileId = (await db.guideProfile.create({
    data: {
      userId: guide.id,
      phone: "+15035550147",
      experienceYears: 12,
      category: "Senior Pastors",
      education: JSON.stringify(["M.Div., Fuller Seminary"]),
      expertise: JSON.stringify(["Preaching"]),
      meetingUrl: "https://meet.example.com/e2e-room",
      createdAt: now,
      updatedAt: now,
    },
  })).id;
  await db.guideLanguage.create({ data: { guideProfileId: profileId, language: "English", position: 0 } });
  await db.userSpecialty.create({ data: { userId: guide.id, code: "leadership" } });

  const session = async (startsAt: Date, status: string, rateCents: number, topic: string) =>
    (await db.booking.create({
      data: {
        userId: mentee.id, guideId: guide.id, startsAt, topic, rateCents, status, durationMinutes: 60,
        paymentStatus: rateCents ? "paid" : "unpaid", createdAt: now, updatedAt: now,
      },
    })).id;
  await session(new Date(now.getTime() + 3 * DAY), "confirmed", 0, "Upcoming vision talk");
  const paidAt = new Date(now.getTime() - 60_000);
  const done = await session(new Date(now.getTime() - 2 * DAY), "completed", 8000, "Finished budget talk");
  await db.payment.create({ data: { bookingId: done, userId: mentee.id, guideId: guide.id, amountCents: 8000, status: "succeeded", paidAt, createdAt: now, updatedAt: now } });
  await db.review.create({ data: { bookingId: done, authorId: mentee.id, guideId: guide.id, rating: 5, content: "A wise and generous mentor.", createdAt: now } });
  return { paidAt };
}

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a new guide reads that a session can be reviewed once it is completed, by them or on its own", async ({ page, signIn }) => {
      await signIn("guide");
      const said = "No reviews yet. Mentees can review a session once it is completed: when you mark it, or on its own after it ends.";
      // Sessions complete on their own after they end (the sweep): marking one is not the only way.
      await page.goto("/mentor-dashboard");
      await expect(page.getByRole("region", { name: "Rating" })).toContainText(said);
      await page.goto("/mentor-dashboard/reviews");
      await expect(page.getByText(said)).toBeVisible();
      await expect(page.getByText("once you mark it completed")).toHaveCount(0);
    });

    test("a guide walks their overview, edits their profile, opens a statement and replies to a review", async ({ page, e2eDb, signIn, createPerson }) => {
      const guide = await signIn("guide");
      const mentee = await createPerson("user");
      const { paidAt } = await guideWithHistory(e2eDb, guide, mentee);

      // Overview: the next session with its mentee, topic and join link; this month's net; the rating; what needs doing.
      await page.goto("/mentor-dashboard");
      await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
      const upcoming = page.getByRole("region", { name: "Upcoming sessions" });
      await expect(upcoming).toContainText(`${mentee.name} · Upcoming vision talk`);
      await expect(upcoming).toContainText("UTC");
      // Three days ahead: the link is not offered yet, here or on Bookings, and both say when it will be.
      await expect(upcoming.getByRole("link", { name: `Join the session with ${mentee.name}` })).toHaveCount(0);
      await expect(upcoming).toContainText("The link to join appears here 15 minutes before the start.");
      await page.goto("/mentor-dashboard/bookings");
      const card = page.getByRole("article", { name: "Upcoming vision talk" });
      await expect(card).toContainText("The link to join appears here 15 minutes before the start.");
      await expect(card.getByRole("link", { name: /Join session/ })).toHaveCount(0);
      await page.goto("/mentor-dashboard");
      // $80.00 paid, 10% platform fee: $72.00.
      await expect(page.getByRole("region", { name: "Earnings this month" })).toContainText("$72.00");
      await expect(page.getByRole("region", { name: "What needs doing" })).toContainText("1 review without your reply");

      // Profile: change the bio; the public profile shows it.
      await page.goto("/mentor-dashboard/profile");
      const bio = `Shepherding leaders through change, ${device} edition.`;
      await page.getByLabel("Bio").fill(bio);
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(toast(page, "Profile Updated")).toBeVisible();
      await page.goto(`/mentor/${guide.id}`);
      await expect(page.getByText(bio)).toBeVisible();

      // Billing: the month's line, then its printable statement.
      await page.goto("/mentor-dashboard/billing");
      await expect(page.getByRole("heading", { name: "Earnings by month" })).toBeVisible();
      // Nothing in it sorts, so a phone's stacked rows have no "Sort by" line over them; a laptop's table keeps its headers.
      const headers = page.getByRole("table", { name: "Earnings by month" }).locator("thead");
      await (device === "phone" ? expect(headers).toBeHidden() : expect(headers).toBeVisible());
      await page.getByRole("link", { name: `Statement for ${monthName(paidAt)}` }).click();
      await expect(page.getByRole("heading", { name: `Statement for ${monthName(paidAt)}`, level: 1 })).toBeVisible();
      await expect(page.getByRole("table")).toContainText("Finished budget talk");
      await expect(page.getByRole("button", { name: "Print statement" })).toBeVisible();

      // Reviews: reply once; the reply shows on the public profile as 'Mentor Reply:'.
      await page.goto("/mentor-dashboard/reviews");
      const reply = `Thank you, it was a joy (${device}).`;
      await page.getByLabel(`Reply to ${mentee.name}`).fill(reply);
      await page.getByRole("button", { name: "Post reply" }).click();
      await expect(toast(page, "Reply Posted")).toBeVisible();
      await expect(page.getByRole("button", { name: "Post reply" })).toHaveCount(0);
      await page.goto(`/mentor/${guide.id}`);
      await expect(page.getByText("Mentor Reply:")).toBeVisible();
      await expect(page.getByText(reply)).toBeVisible();

      // Nothing runs off the side of a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
