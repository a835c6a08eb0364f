import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { screenSizes, toast } from "./helpers.ts";
import type { E2eDb } from "./database.ts";
import type { Page } from "@playwright/test";

/**
 * The answer to a save toggle's request. The toggle shows "saved" at once, while its request is on its way: a test
 * reloads only once the server has it (a reload before then could cancel it).
 */
const saveAnswered = (page: Page) =>
  page.waitForResponse((response) => response.url().includes("/user-dashboard/mentors/saved") && response.request().method() === "POST");

// A mentee walks their dashboard: Overview, My Mentors (saving a mentor), Payments (opening a receipt), Profile
// and Settings (turning on dark mode and seeing it), on a phone and a laptop.

/** A live guide with a meeting link, a session with the mentee starting in 10 minutes and a paid past one. */
async function mentorAndHistory(db: E2eDb, menteeId: number, guideId: number) {
  const now = new Date();
  await db.guideProfile.create({ data: { userId: guideId, experienceYears: 9, category: "Senior Pastors", meetingUrl: "https://meet.example.com/e2e-room", createdAt: now, updatedAt: now } });
  const session = async (startsAt: Date, topic: string, status: string, rateCents: number, paymentStatus: string) =>
    (await db.booking.create({ data: { userId: menteeId, guideId, startsAt, topic, status, rateCents, paymentStatus, durationMinutes: 60, createdAt: now, updatedAt: now } })).id;
  await session(new Date(now.getTime() + 10 * 60_000), "Leading through change", "confirmed", 0, "unpaid");
  const past = await session(new Date(now.getTime() - 5 * 24 * 3_600_000), "Budget season", "completed", 8000, "paid");
  const reference = `pi_e2e_${randomBytes(6).toString("hex")}`;
  await db.payment.create({ data: { bookingId: past, userId: menteeId, guideId, amountCents: 8000, currency: "usd", status: "succeeded", refundedCents: 0, paidAt: new Date(now.getTime() - 6 * 24 * 3_600_000), stripePaymentIntentId: reference, createdAt: now, updatedAt: now } });
  return { reference };
}

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("overview, mentors, payments with a receipt, profile and settings with dark mode", async ({ page, signIn, createPerson, e2eDb }) => {
      const mentee = await signIn("user");
      const guide = await createPerson("guide");
      const { reference } = await mentorAndHistory(e2eDb, mentee.id, guide.id);

      // Overview: the next session, its join link (10 minutes before), and what needs doing.
      await page.goto("/user-dashboard");
      // A new account is welcomed, not welcomed back.
      await expect(page.getByRole("heading", { level: 1, name: /^Welcome, / })).toBeVisible();
      const next = page.getByRole("region", { name: "Your next session" });
      await expect(next.getByText("Leading through change")).toBeVisible();
      // Its time names the zone once, as every screen does ("Coordinated Universal Time (UTC)"), and its length as
      // Bookings gives it.
      await expect(next).toContainText(/[AP]M · Coordinated Universal Time \(UTC\) · 1 hour/);
      // Named as on its card in Bookings, and said to open a new tab.
      await expect(next.getByRole("link", { name: /^Join session ?\(opens in a new tab\)$/ })).toHaveAttribute("href", "https://meet.example.com/e2e-room");
      // A question before the session goes to the mentor from here: the link opens their conversation, ready to write.
      await next.getByRole("link", { name: `Message ${guide.name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/user-dashboard/messages\\?with=${guide.id}$`));
      await expect(page.getByPlaceholder(`Write to ${guide.name}…`)).toBeVisible();
      // Bookings offers it by the same rule, in the same words.
      await page.goto("/user-dashboard/bookings");
      const bookingCard = page.getByRole("article", { name: "Leading through change" });
      await expect(bookingCard.getByRole("link", { name: /^Join session ?\(opens in a new tab\)$/ })).toHaveAttribute("href", "https://meet.example.com/e2e-room");
      await page.goto("/user-dashboard");
      await expect(page.getByRole("link", { name: "Leave a review" })).toBeVisible();

      // My Mentors: the guide they met with; save them with the toggle (no page load), and it stays saved.
      await page.goto("/user-dashboard/mentors");
      const booked = page.getByTestId("booked-mentor").filter({ hasText: guide.name });
      await expect(booked.getByRole("link", { name: `Book again with ${guide.name}` })).toBeVisible();
      const save = booked.getByRole("button", { name: `Save ${guide.name}` });
      const saved = saveAnswered(page);
      await save.click();
      await expect(booked.getByRole("button", { name: `Saved: remove ${guide.name} from your saved mentors` })).toHaveAttribute("aria-pressed", "true");
      expect((await saved).ok()).toBe(true);
      await page.reload();
      await expect(page.getByRole("region", { name: "Saved mentors" }).getByRole("heading", { name: guide.name })).toBeVisible();

      // Payments: the payment, and its receipt.
      await page.goto("/user-dashboard/payments");
      await expect(page.getByRole("heading", { name: "Payment history" })).toBeVisible();
      await expect(page.getByText("Budget season")).toBeVisible();
      // Its status is a pill as wide as its word, on a phone's stacked rows too (not a bar across the card).
      const status = page.getByRole("table").getByText("Approved", { exact: true }).first();
      expect((await status.boundingBox())!.width).toBeLessThan(120);
      await page.getByRole("link", { name: `Receipt for the payment of $80.00 to ${guide.name}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
      await expect(page.getByText(reference)).toBeVisible();
      await expect(page.getByRole("article").getByText("Ministry Mentors")).toBeVisible();
      await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();

      // Profile: change the job title.
      await page.goto("/user-dashboard/profile");
      await expect(page.getByLabel("Email")).toHaveValue(mentee.email);
      await page.getByLabel("Job title").fill("Lead Pastor");
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(toast(page, "Profile Updated")).toBeVisible();
      await expect(page.getByLabel("Job title")).toHaveValue("Lead Pastor");

      // Settings: dark mode on, saved, applied to this page and the rest of the product.
      await page.goto("/user-dashboard/settings");
      await expect(page.locator("html")).not.toHaveClass(/dark/);
      // "In-app only" lists the e-mails a pastor still gets: receipts, not a guide's payouts.
      const inAppOnly = page.getByRole("radio", { name: /^In-app only/ });
      await expect(inAppOnly).toHaveAccessibleName(/receipts, security/);
      await expect(inAppOnly).not.toHaveAccessibleName(/payouts/);
      // Sponsorship is one of Settings' cards, in their column: the same left edge and width as Preferences.
      const edges = (name: string) => page.getByRole("region", { name, exact: true }).evaluate((card) => { const box = card.getBoundingClientRect(); return [box.left, box.width]; });
      expect(await edges("Sponsorship")).toEqual(await edges("Preferences"));
      const lightBackground = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      await page.getByLabel("Dark mode").check();
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(toast(page, "Settings Saved")).toBeVisible();
      await expect(page.locator("html")).toHaveClass(/dark/);
      const darkBackground = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      expect(darkBackground).not.toBe(lightBackground);
      expect(darkBackground).toBe("rgb(11, 17, 32)");
      // Text stays readable: the heading is light on the dark page.
      const headingColour = await page.getByRole("heading", { level: 1, name: "Settings" }).evaluate((element) => getComputedStyle(element).color);
      expect(headingColour).toBe("rgb(241, 245, 249)");

      // Find a Mentor, still dark: save a mentor from their card (the toggle flips at once and stays after a reload).
      await page.goto("/search");
      await expect(page.locator("html")).toHaveClass(/dark/);
      const toggle = page.getByTestId("mentor-card").first().getByRole("button", { name: /^Save / });
      const name = (await toggle.getAttribute("aria-label"))!.replace(/^Save /, "");
      const savedFromCard = saveAnswered(page);
      await toggle.click();
      const card = page.getByTestId("mentor-card").filter({ has: page.getByRole("link", { name, exact: true }) });
      await expect(card.getByRole("button", { name: `Saved: remove ${name} from your saved mentors` })).toHaveAttribute("aria-pressed", "true");
      expect((await savedFromCard).ok()).toBe(true);
      await page.reload();
      await expect(card.getByRole("button", { name: `Saved: remove ${name} from your saved mentors` })).toBeVisible();
    });
  });
}
