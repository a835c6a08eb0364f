// The bookings screens of both dashboards, as the demo people use them: the demo mentee cancels a paid session
// (the dialog states the policy and the refund first) and the demo guide marks a session that has started as
// completed. Each test books its own session into the seeded database, so the two widths do not share one.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import type { E2eDb } from "./database.ts";
import { expect, test } from "./fixtures.ts";
import { screenSizes, signIn, toast } from "./helpers.ts";
import { overflowProblems } from "./layout-checks.ts";

const HOUR = 3_600_000;

async function idOf(db: E2eDb, email: string) {
  const person = await db.user.findUnique({ where: { email } });
  if (!person) throw new Error(`The seed has no ${email}`);
  return person.id;
}

/** A session between the demo mentee (or `userId`) and the demo guide, paid $60, starting `hoursFromNow`. */
async function bookSession(db: E2eDb, { topic, hoursFromNow, userId }: { topic: string; hoursFromNow: number; userId?: number }) {
  const guideId = await idOf(db, "guide@example.com");
  const menteeId = userId ?? (await idOf(db, "user@example.com"));
  const startsAt = new Date(Math.ceil((Date.now() + hoursFromNow * HOUR) / (15 * 60_000)) * 15 * 60_000);
  const now = new Date();
  const bookingId = (await db.booking.create({
    data: {
      userId: menteeId,
      guideId,
      topic,
      rateCents: 6000,
      paymentStatus: "paid",
      status: "confirmed",
      startsAt,
      durationMinutes: 60,
      createdAt: now,
      updatedAt: now,
    },
  })).id;
  await db.payment.create({
    data: {
      bookingId,
      userId: menteeId,
      guideId,
      amountCents: 6000,
      status: "succeeded",
      stripePaymentIntentId: `pi_e2e_${randomBytes(8).toString("hex")}`,
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  return bookingId;
}

const card = (page: Page, topic: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name: topic }) });

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("the demo mentee cancels a session, seeing the policy and the refund before confirming", async ({ page, e2eDb }) => {
      const topic = `Cancel me ${randomBytes(4).toString("hex")}`;
      await bookSession(e2eDb, { topic, hoursFromNow: 5 * 24 });
      await signIn(page, "user@example.com");
      await page.goto("/user-dashboard/bookings");
      await expect(page.getByRole("heading", { name: "My Bookings", level: 1 })).toBeVisible();
      await expect(page.getByText("Times are shown in your time zone")).toContainText("Times are shown in your time zone, Central Time (America/Chicago).");

      const booking = card(page, topic);
      await expect(booking).toContainText("Confirmed");
      await expect(booking).toContainText("Paid $60.00");
      await expect(booking).toContainText(/C[SD]T/);
      // The card leads to the conversation with the mentor, for what to ask or bring before the session.
      const guide = await e2eDb.user.findUniqueOrThrow({ where: { email: "guide@example.com" } });
      await expect(booking.getByRole("link", { name: `Message ${guide.name}` })).toHaveAttribute("href", `/user-dashboard/messages?with=${guide.id}`);
      await booking.getByRole("link", { name: "Cancel" }).click();

      const dialog = page.getByRole("dialog", { name: "Cancel this session?" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Cancel at least 24 hours before the session for a full refund.");
      await expect(dialog.getByTestId("refund-summary")).toHaveText("You will get a full refund of $60.00.");
      await dialog.getByLabel(/Reason/).fill("A funeral that week");
      await dialog.getByRole("button", { name: "Cancel booking" }).click();

      await expect(toast(page, "Booking cancelled")).toContainText("$60.00 is being refunded");
      await expect(page).toHaveURL(/\/user-dashboard\/bookings$/);
      await expect(card(page, topic)).toHaveCount(0);

      await page.getByRole("tab", { name: "Past" }).click();
      await expect(page).toHaveURL(/tab=past/);
      await page.getByRole("searchbox", { name: /Search your bookings/ }).fill(topic);
      await expect(page).toHaveURL(/search=/);
      await expect(card(page, topic)).toContainText("Cancelled");
      await expect(card(page, topic)).toContainText("Reason: A funeral that week");
    });

    test("the demo guide marks a session that has started as completed", async ({ page, e2eDb, createPerson }) => {
      const topic = `Completed ${randomBytes(4).toString("hex")}`;
      const mentee = await createPerson("user", { name: "Grace Okafor" });
      await bookSession(e2eDb, { topic, hoursFromNow: -2, userId: mentee.id });
      await signIn(page, "guide@example.com");
      await page.goto("/mentor-dashboard/bookings");
      await expect(page.getByRole("tab", { name: "Requests" })).toBeVisible();
      await page.getByRole("tab", { name: "Past" }).click();
      await expect(page).toHaveURL(/tab=past/);
      await page.getByRole("searchbox", { name: /Search your sessions/ }).fill(topic);
      await expect(page).toHaveURL(/search=/);

      const booking = card(page, topic);
      await expect(booking).toContainText("Mentee: Grace Okafor");
      await expect(booking.getByRole("button", { name: "No-show" })).toBeVisible();
      await booking.getByRole("button", { name: "Mark completed" }).click();

      await expect(toast(page, "Session completed")).toBeVisible();
      await expect(card(page, topic)).toContainText("Completed");
      await expect(card(page, topic).getByRole("button", { name: "Mark completed" })).toHaveCount(0);
      // Done with, the session still leads the guide to the conversation with their mentee.
      await card(page, topic).getByRole("link", { name: "Message Grace Okafor" }).click();
      await expect(page).toHaveURL(`/mentor-dashboard/messages?with=${mentee.id}`);
      await expect(page.getByRole("heading", { name: "Grace Okafor" })).toBeVisible();
    });

    test("a new guide's empty tabs say they are empty, not that the filters match nothing", async ({ page, signIn: signInAsNew }) => {
      await signInAsNew("guide");
      await page.goto("/mentor-dashboard/bookings");
      await page.getByRole("tab", { name: "Requests" }).click();
      await expect(page).toHaveURL(/tab=requests/);
      await expect(page.getByText("No requests are waiting for you.")).toBeVisible();
      await page.getByRole("tab", { name: "Past" }).click();
      await expect(page).toHaveURL(/tab=past/);
      await expect(page.getByText("No past sessions yet.")).toBeVisible();
      // A tab is not a filter: nothing to clear.
      await expect(page.getByText("Nothing matches these filters.")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Clear the filters" })).toHaveCount(0);
      // A search still says what narrowed the list, and clearing it keeps the tab.
      await page.getByRole("searchbox", { name: /Search your sessions/ }).fill("budget");
      await expect(page.getByText("Nothing matches “budget”.")).toBeVisible();
      await page.getByRole("link", { name: "Clear the search" }).click();
      await expect(page).toHaveURL(/tab=past/);
      await expect(page).not.toHaveURL(/search=/);
    });

    test("an administrator cancels a paid session from the console's booking page, with a reason", async ({ page, e2eDb }) => {
      const topic = `Admin cancels ${randomBytes(4).toString("hex")}`;
      const bookingId = await bookSession(e2eDb, { topic, hoursFromNow: 6 * 24 });
      await signIn(page, "admin@example.com", "/admin/login");
      await page.goto(`/admin/dashboard/viewBookingPage/${bookingId}`);
      await expect(page.getByRole("heading", { name: "Booking Details", level: 1 })).toBeVisible();
      await page.getByRole("link", { name: "Cancel booking" }).click();

      const dialog = page.getByRole("alertdialog", { name: "Cancel this booking?" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("$60.00 is refunded to the mentee's card in full.");
      // Keep booking closes it and changes nothing.
      await dialog.getByRole("link", { name: "Keep booking" }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole("link", { name: "Cancel booking" }).click();
      await dialog.getByLabel(/Reason/).fill("The guide is unwell");
      await dialog.getByRole("button", { name: "Cancel booking" }).click();

      await expect(toast(page, "Booking cancelled")).toContainText("$60.00 is being refunded to the mentee's card. The mentee and the guide have been told.");
      // The booking's status (its History below names the change too).
      await expect(page.getByRole("definition").filter({ hasText: /^Cancelled$/ })).toBeVisible();
      await expect(page.getByRole("link", { name: "Cancel booking" })).toHaveCount(0);
      const row = await e2eDb.booking.findUnique({ where: { id: bookingId } });
      expect(row).toMatchObject({ status: "cancelled", cancelReason: "The guide is unwell" });
    });

    test("a link to a booking opens the tab that holds it, with its card highlighted and in view", async ({ page, e2eDb }) => {
      const topic = `Linked ${randomBytes(4).toString("hex")}`;
      // A session of two years ago: on the Past tab, behind the seeded history.
      const bookingId = await bookSession(e2eDb, { topic, hoursFromNow: -2 * 365 * 24 });
      await signIn(page, "user@example.com");
      await page.goto(`/user-dashboard/bookings?booking=${bookingId}`);
      await expect(page).toHaveURL(new RegExp(`tab=past.*#booking-${bookingId}$`));
      await expect(page.getByRole("tab", { name: "Past" })).toHaveAttribute("aria-selected", "true");
      const linked = card(page, topic);
      await expect(linked).toHaveAttribute("aria-current", "true");
      // Ringed, not labelled: "Just booked" is for a booking just made or paid.
      await expect(linked).not.toContainText("Just booked");
      await expect(linked).toBeInViewport();
      await expect(page.locator('article[aria-current="true"]')).toHaveCount(1);
    });
  });
}

test("a hold that lapsed unpaid stays on Past, with no action, nothing to write and no empty row under it", async ({ page, e2eDb, signIn: signInAsNew }) => {
  const mentee = await signInAsNew("user");
  const topic = `Lapsed ${randomBytes(4).toString("hex")}`;
  const bookingId = await bookSession(e2eDb, { topic, hoursFromNow: 3 * 24, userId: mentee.id });
  await e2eDb.booking.update({ where: { id: bookingId }, data: { status: "expired", paymentStatus: "failed" } });
  await page.goto("/user-dashboard/bookings?tab=past");
  const lapsed = card(page, topic);
  await expect(lapsed).toContainText("Expired");
  // The mentor's name still leads to their profile; nothing else is offered.
  await expect(lapsed.getByRole("link")).toHaveText(["David Mitchell"]);
  await expect(lapsed.getByRole("link", { name: /^Message / })).toHaveCount(0);
  await expect(lapsed.getByRole("button")).toHaveCount(0);
  // Its actions row holds nothing, so it is not drawn: the card ends with its text.
  await expect(lapsed.locator(":scope > div").last()).toBeHidden();
  expect(await overflowProblems(page)).toEqual([]);
});

test("a notification that reaches the dashboard while a cancellation's page loads waits for it: the toast is not lost", async ({ page, e2eDb, signIn: signInAsNew }) => {
  const mentee = await signInAsNew("user");
  const topic = `Cancel while notified ${randomBytes(4).toString("hex")}`;
  await bookSession(e2eDb, { topic, hoursFromNow: 5 * 24, userId: mentee.id });
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === "/events");
  await page.goto("/user-dashboard/bookings");
  await stream;
  await card(page, topic).getByRole("link", { name: "Cancel" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this session?" });
  await dialog.getByLabel(/Reason/).fill("Snowed in");

  // The page's data after the cancellation (whose loaders take the toast from its cookie) is held back for longer
  // than one poll of the live stream, while a notification for the mentee arrives. Reloading the dashboard for it
  // then would interrupt that load: a second request for the page's data while the first is held.
  let held = false;
  let holding = false;
  let interrupted = false;
  await page.route(/\.data(\?|$)/, async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    if (holding) interrupted = true;
    if (held) return route.continue().catch(() => undefined);
    held = holding = true;
    await e2eDb.notification.create({ data: { userId: mentee.id, kind: "booking", title: "Arrived while the page loaded", createdAt: new Date() } });
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    holding = false;
    await route.continue().catch(() => undefined);
  });
  await dialog.getByRole("button", { name: "Cancel booking" }).click();

  await expect(toast(page, "Booking cancelled")).toContainText("$60.00 is being refunded");
  expect(interrupted).toBe(false);
  // The notification still arrives once the page has loaded.
  await page.unroute(/\.data(\?|$)/);
  await expect(page.locator("header summary[title='Notifications']")).toHaveAttribute("aria-label", /^Notifications, \d+ unread$/, { timeout: 12_000 });
});
