import { randomBytes } from "node:crypto";
import type { Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import type { E2eDb } from "./database.ts";
import { appServersSettled, screenSizes, toast } from "./helpers.ts";

// Messaging between a mentee and a guide, live, on a phone and a laptop: each in their own browser, on their
// dashboard's Messages screen. What one sends appears on the other's open screen without a reload (the layout's
// event stream, routes/events.ts), with the unread badge in the navigation and a "New message" notification in
// the bell, read once the conversation is opened. Then block and report, from the conversation's header.
//
// In the cluster runs (E2E_CLUSTER=1: two app servers behind nginx) the two browsers do not go through nginx:
// the mentee's addresses app server 1 and the guide's app server 2 directly (ports E2E_PORT+1 and +2, as
// tests/e2e/cluster.spec.ts does), so the message sent through one server reaches the stream held by the other
// for certain, and the test checks which server answered each side.

const DEMO_MENTEE = "user@example.com";
const DEMO_GUIDE = "guide@example.com";
const cluster = Boolean(process.env.E2E_CLUSTER);
const proxyPort = Number(process.env.E2E_PORT ?? 4310);
/** The nth app server directly in a cluster run; the one server otherwise. */
const appServer = (n: 1 | 2) => `http://127.0.0.1:${cluster ? proxyPort + n : proxyPort}`;
/** A live message arrives within a second (on another app server: within its listener's poll, LIVE_POLL_MS) and a reload of the screen's data. */
const LIVE = { timeout: 12_000 };

type Area = "My Dashboard" | "Mentor Dashboard";

/**
 * Checks the Messages link of the dashboard's navigation, whose name carries the unread count: in the sidebar on a
 * laptop, in the menu on a phone (opened for the check and closed again).
 */
async function expectMessagesLink(page: Page, area: Area, name: RegExp) {
  const menu = page.locator("header details").filter({ has: page.getByText("Menu", { exact: true }) });
  const phone = await menu.isVisible();
  if (phone) await menu.locator("summary").click();
  await expect(page.getByRole("navigation", { name: `${area} navigation` }).getByRole("link", { name: /^Messages\b/ })).toHaveAccessibleName(name, LIVE);
  if (phone) await menu.locator("summary").click();
}

/** How many unread messages the navigation's badge shows now (0 without a badge). */
async function unreadBadge(page: Page) {
  const link = page.locator("nav a[href$='/messages']").first();
  return Number(/(\d+)\s*unread/.exec((await link.textContent()) ?? "")?.[1] ?? 0);
}

/** "Messages" with `count` unread beside it. */
const withUnread = (count: number) => (count ? new RegExp(`^Messages\\s*${count} unread$`) : /^Messages$/);

/** Opens the screen and waits until its live stream is open (the stream fixes where it starts reading when it answers). */
async function openLive(page: Page, path: string) {
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === "/events");
  const response = await page.goto(path);
  const events = await stream;
  expect(events.status()).toBe(200);
  // A mark on the window: it is still there at the end only if the page never reloaded.
  await page.evaluate(() => ((window as unknown as { liveMark: boolean }).liveMark = true));
  return { page: response!, events };
}

const neverReloaded = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark === true);

/** In a cluster run: the app server that answered. */
const servedBy = (response: Response) => response.headers()["x-served-by"];

test.beforeAll(appServersSettled);

test.describe("the demo mentee and the demo guide", () => {
  // Both widths write to the same two accounts (the badge counts): one after the other.
  // Two browsers and a live round trip each way: more than the default 30 s on a busy machine or a cluster run.
  test.describe.configure({ mode: "default", timeout: 60_000 });
  test.use({ baseURL: appServer(1) });

  for (const [device, viewport] of screenSizes) {
    test(`exchange messages live, with the unread badge and the bell, on a ${device}`, async ({ page, browser, signInAs }) => {
      await page.setViewportSize(viewport);
      const mentee = await signInAs(DEMO_MENTEE);
      const guideContext = await browser.newContext({ baseURL: appServer(2), viewport });
      const guidePage = await guideContext.newPage();
      const guideErrors: string[] = [];
      guidePage.on("pageerror", (error) => guideErrors.push(error.message));
      const guide = await signInAs(DEMO_GUIDE, guideContext);
      const tag = randomBytes(3).toString("hex");
      const hello = `Could we add a prayer time to Wednesday's agenda? (${device} ${tag})`;
      const answer = `Yes, let's open with ten minutes of prayer. (${device} ${tag})`;

      // The guide waits on the list of conversations; the mentee opens their conversation with the guide.
      const guideScreen = await openLive(guidePage, "/mentor-dashboard/messages");
      await expect(guidePage.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
      const unreadBefore = await unreadBadge(guidePage);
      const menteeScreen = await openLive(page, `/user-dashboard/messages?with=${guide.id}`);
      await expect(page.getByRole("heading", { name: guide.name })).toBeVisible();
      if (cluster) {
        // Each side on its own app server, its live stream too.
        expect([servedBy(menteeScreen.page), servedBy(menteeScreen.events)]).toEqual(["app-1", "app-1"]);
        expect([servedBy(guideScreen.page), servedBy(guideScreen.events)]).toEqual(["app-2", "app-2"]);
      }

      // The mentee sends (through app server 1): it is in their conversation at once, and the box is empty again.
      const sent = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/user-dashboard/messages"));
      await page.getByLabel(`Message to ${guide.name}`).fill(hello);
      await page.getByRole("button", { name: "Send" }).click();
      if (cluster) expect(servedBy(await sent)).toBe("app-1");
      const menteeConversation = page.getByRole("list", { name: `Messages with ${guide.name}` });
      await expect(menteeConversation.getByText(hello)).toBeVisible();
      await expect(page.getByLabel(`Message to ${guide.name}`)).toHaveValue("");
      // "Send" is disabled while it sends: the focus comes back to the box, not to the page, for the next message.
      await expect(page.getByLabel(`Message to ${guide.name}`)).toBeFocused();

      // The guide's open screen (app server 2) shows it without a reload: the thread, the badge, the bell.
      const conversations = guidePage.getByRole("region", { name: "Conversations" });
      const thread = conversations.getByRole("link").filter({ hasText: mentee.name });
      await expect(thread).toContainText(hello, LIVE);
      await expect(thread).toContainText("1 unread");
      await expectMessagesLink(guidePage, "Mentor Dashboard", withUnread(unreadBefore + 1));
      const bell = guidePage.locator("details").filter({ has: guidePage.locator("summary[aria-label^='Notifications']") });
      await expect(bell.locator("summary")).toHaveAttribute("aria-label", /^Notifications, \d+ unread$/);
      await bell.locator("summary").click();
      const ringing = bell.getByRole("button").filter({ hasText: hello });
      await expect(ringing).toContainText(`Unread: New message from ${mentee.name}`);
      await guidePage.keyboard.press("Escape");

      // The guide opens the conversation: the message is read, the badge goes back, the bell's notification is read.
      await thread.click();
      const guideConversation = guidePage.getByRole("list", { name: `Messages with ${mentee.name}` });
      await expect(guideConversation.getByText(hello)).toBeVisible();
      await expectMessagesLink(guidePage, "Mentor Dashboard", withUnread(unreadBefore));
      await bell.locator("summary").click();
      await expect(bell.getByRole("button").filter({ hasText: hello })).toContainText(`New message from ${mentee.name}`);
      await expect(bell.getByRole("button").filter({ hasText: hello })).not.toContainText("Unread:");
      await guidePage.keyboard.press("Escape");

      // The guide replies (app server 2); the mentee's open conversation (app server 1) shows it, and their own message as read.
      await guidePage.getByLabel(`Message to ${mentee.name}`).fill(answer);
      await guidePage.getByRole("button", { name: "Send" }).click();
      await expect(guideConversation.getByText(answer)).toBeVisible();
      await expect(menteeConversation.getByText(answer)).toBeVisible(LIVE);
      await expect(menteeConversation.getByRole("listitem").filter({ hasText: hello })).toContainText("Read");

      // Nothing reloaded on either side, and neither page ran off the side of a phone.
      expect(await neverReloaded(page)).toBe(true);
      expect(await neverReloaded(guidePage)).toBe(true);
      for (const screen of [page, guidePage]) {
        expect(await screen.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      }
      expect(guideErrors).toEqual([]);
      await guideContext.close();
    });
  }
});

/** A guide and a mentee with a confirmed session between them, and a message from the guide. */
async function bookedPair(db: E2eDb, menteeId: number, guideId: number) {
  const now = new Date();
  const startsAt = new Date(now.getTime() + 4 * 24 * 3_600_000);
  await db.booking.create({ data: { userId: menteeId, guideId, startsAt, topic: "Elder board questions", status: "confirmed", rateCents: 0, paymentStatus: "unpaid", durationMinutes: 60, createdAt: now, updatedAt: now } });
  return (await db.message.create({ data: { senderId: guideId, recipientId: menteeId, body: "Send me your bank details and I will pay you back.", createdAt: now } })).id;
}

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 60_000 });

    test("a mentee reports and blocks a guide from the conversation, and unblocks them", async ({ page, browser, baseURL, signIn, createPerson, signInAs, e2eDb }) => {
      const mentee = await signIn("user");
      const guide = await createPerson("guide");
      const messageId = await bookedPair(e2eDb, mentee.id, guide.id);

      await page.goto(`/user-dashboard/messages?with=${guide.id}`);
      await expect(page.getByRole("heading", { name: guide.name })).toBeVisible();
      // The conversation names who they are to the pastor in the dashboard's word, "Mentor", not the console's "Guide".
      await expect(page.getByRole("heading", { name: guide.name }).locator("xpath=following-sibling::p[1]")).toHaveText("Mentor");

      // Report: the support team gets it, with the guide's latest message.
      await page.getByText("Report", { exact: true }).click();
      // Sent empty first: the form says what it needs, and the report then written still goes (the error line
      // leaving must not move the button from under the click).
      await page.getByRole("button", { name: "Send report" }).click();
      await expect(page.getByText("Tell us what happened")).toBeVisible();
      await page.getByLabel(`What is wrong with ${guide.name}'s messages?`).fill("Asking me for bank details.");
      await page.getByRole("button", { name: "Send report" }).click();
      await expect(toast(page, "Report sent")).toContainText("Our support team will look into it.");
      const report = await e2eDb.messageReport.findFirst({ where: { reporterId: mentee.id }, orderBy: { id: "desc" } });
      expect(report).toMatchObject({ reportedId: guide.id, messageId, reason: "Asking me for bank details." });

      // Block: the send form gives way to why, and the guide cannot write either.
      await page.getByRole("button", { name: "Block" }).click();
      await expect(toast(page, "Blocked")).toContainText(`${guide.name} can no longer send you messages.`);
      await expect(page.getByRole("status").filter({ hasText: `You blocked ${guide.name}. Unblock them to send a message.` })).toBeVisible();
      await expect(page.getByLabel(`Message to ${guide.name}`)).toHaveCount(0);
      const guideContext = await browser.newContext({ baseURL, viewport });
      await signInAs(guide.email, guideContext);
      const guidePage = await guideContext.newPage();
      await guidePage.goto(`/mentor-dashboard/messages?with=${mentee.id}`);
      await expect(guidePage.getByRole("status").filter({ hasText: `${mentee.name} is not accepting messages from you.` })).toBeVisible();
      await expect(guidePage.getByLabel(`Message to ${mentee.name}`)).toHaveCount(0);
      await guideContext.close();

      // Unblock: the conversation is open again.
      await page.getByRole("button", { name: "Unblock" }).click();
      await expect(toast(page, "Unblocked")).toContainText(`${guide.name} can message you again.`);
      await expect(page.getByLabel(`Message to ${guide.name}`)).toBeVisible();
    });
  });
}
