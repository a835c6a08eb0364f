import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import type { E2eDb } from "./database.ts";
import { screenSizes, toast } from "./helpers.ts";

// A review's whole way, on a phone and a laptop, each person in their own browser: the mentee reviews a finished
// session from their Bookings, the guide replies on their Reviews screen, the public profile shows both (the
// reply as 'Mentor Reply:'), and the console's Reviews screen shows the review with its reply, hides it with a reason
// (off the public profile) and shows it again.

/** A live guide (with a profile) and a session with the mentee that took place two days ago. */
async function finishedSession(db: E2eDb, menteeId: number, guideId: number, topic: string) {
  const now = new Date();
  await db.guideProfile.create({ data: { userId: guideId, experienceYears: 11, category: "Senior Pastors", createdAt: now, updatedAt: now } });
  const startsAt = new Date(now.getTime() - 2 * 24 * 3_600_000);
  await db.booking.create({ data: { userId: menteeId, guideId, startsAt, topic, status: "completed", rateCents: 0, paymentStatus: "unpaid", durationMinutes: 60, createdAt: now, updatedAt: now } });
}

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });
    // Four browsers, one after the other.
    test.describe.configure({ timeout: 60_000 });

    test("a mentee's review and the guide's reply reach the public profile and the console", async ({ page, browser, baseURL, signIn, signInAs, createPerson, e2eDb }) => {
      const mentee = await signIn("user");
      const guide = await createPerson("guide");
      const tag = randomBytes(3).toString("hex");
      const topic = `Planting a second campus ${tag}`;
      await finishedSession(e2eDb, mentee.id, guide.id, topic);
      const review = `Clear, kind and practical: we left with a plan for the launch team (${tag}).`;
      const reply = `It was a privilege to plan with you; praying for the launch (${tag}).`;

      // The mentee, from their past Bookings: five stars and a few words.
      await page.goto("/user-dashboard/bookings");
      await page.getByRole("tab", { name: "Past" }).click();
      await expect(page.getByRole("tab", { name: "Past" })).toHaveAttribute("aria-selected", "true");
      await page.getByRole("link", { name: "Leave a review" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Review your session" })).toBeVisible();
      await page.getByRole("radio", { name: "5 stars: Excellent" }).check();
      await page.getByLabel("Your review").fill(review);
      // The button follows the box at the form's usual spacing (24 px): no empty error row doubles it.
      const boxBottom = await page.getByLabel("Your review").evaluate((box) => box.parentElement!.getBoundingClientRect().bottom);
      const buttonsTop = await page.getByRole("button", { name: "Post review" }).evaluate((button) => button.parentElement!.getBoundingClientRect().top);
      expect(buttonsTop - boxBottom).toBeLessThanOrEqual(28);
      await page.getByRole("button", { name: "Post review" }).click();
      await expect(toast(page, "Review Submitted")).toContainText("Your review is on your mentor's profile.");

      // The guide, on their Reviews screen: one reply.
      const guideContext = await browser.newContext({ baseURL, viewport });
      await signInAs(guide.email, guideContext);
      const guidePage = await guideContext.newPage();
      await guidePage.goto("/mentor-dashboard/reviews");
      await expect(guidePage.getByRole("main")).toContainText(review);
      await guidePage.getByLabel(`Reply to ${mentee.name}`).fill(reply);
      await guidePage.getByRole("button", { name: "Post reply" }).click();
      await expect(toast(guidePage, "Reply Posted")).toBeVisible();
      await expect(guidePage.getByRole("button", { name: "Post reply" })).toHaveCount(0);
      await guideContext.close();

      // Anyone, on the guide's public profile: the review and the reply under 'Mentor Reply:'.
      const publicContext = await browser.newContext({ baseURL, viewport });
      const visitor = await publicContext.newPage();
      await visitor.goto(`/mentor/${guide.id}`);
      const reviews = visitor.getByRole("region", { name: "Reviews" });
      const card = reviews.getByRole("article").filter({ hasText: review });
      await expect(card).toContainText("Mentor Reply:");
      await expect(card).toContainText(reply);
      await publicContext.close();

      // The administrator, on the console's Reviews screen (this browser now signed in as them): found by its words.
      await signIn("admin");
      await page.goto(`/admin/dashboard/all-review?search=${encodeURIComponent(tag)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
      const listed = page.getByRole("main").getByRole("article").filter({ hasText: review });
      await expect(listed).toContainText("Mentor Reply:");
      await expect(listed).toContainText(reply);
      await expect(listed).toContainText(guide.name);

      // The administrator hides it, with the reason asked for in a dialog; the public profile no longer shows it.
      await listed.getByRole("link", { name: `Hide review by ${mentee.name}` }).click();
      const dialog = page.getByRole("dialog", { name: "Hide review" });
      await expect(dialog).toContainText(review);
      await dialog.getByRole("button", { name: "Hide review" }).click();
      await expect(dialog).toContainText("Please give a reason for hiding this review");
      await dialog.getByLabel("Reason for hiding").fill(`Names a church member (${tag})`);
      await dialog.getByRole("button", { name: "Hide review" }).click();
      await expect(toast(page, "Action Successful")).toContainText("The review is hidden from the public profile.");
      await expect(dialog).toBeHidden();
      await expect(listed).toContainText(`Reason: Names a church member (${tag})`);
      const later = await browser.newContext({ baseURL, viewport });
      const profile = await later.newPage();
      await profile.goto(`/mentor/${guide.id}`);
      await expect(profile.getByRole("heading", { level: 1, name: guide.name })).toBeVisible();
      await expect(profile.getByRole("main")).not.toContainText(review);
      await later.close();

      // And shows it again, with one button.
      await listed.getByRole("button", { name: "Show review again" }).click();
      await expect(toast(page, "Action Successful")).toContainText("The review is shown again.");
      await expect(listed.getByRole("link", { name: `Hide review by ${mentee.name}` })).toBeVisible();
    });
  });
}
