// Every console screen on a 390 px phone and a 1366 px laptop: the page never scrolls sideways, no table
// cell is cut off (outside the window, outside the box that scrolls it, or narrower than its own text),
// axe-core finds no accessibility violation, however minor, and nothing moves once the page runs.
//
// The screens are the console's sidebar links (so a screen added there is covered too) and the child
// screens behind them: forms, profiles with each of their tabs, a booking, a conversation, the dialogs.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { E2eDb } from "./database.ts";
import { screenSizes } from "./helpers.ts";
import { overflowProblems, accessibilityViolations, layoutShifts } from "./layout-checks.ts";

const admin = "/admin/dashboard";

/** The href of the first link on `path` whose accessible name matches `name`. */
async function firstHref(page: Page, path: string, name: RegExp) {
  await page.goto(path);
  const href = await page.getByRole("link", { name }).first().getAttribute("href");
  expect(href, `a link named ${name} on ${path}`).toBeTruthy();
  return href!;
}

type Ids = { guide: string; user: string; booking: string; conversation: string };

/** The records the child screens show: the first guide, user and booking of their lists, a conversation. */
async function recordIds(page: Page): Promise<Ids> {
  const guide = (await firstHref(page, `${admin}/user-management/guide`, /^View /)).split("/").pop()!;
  const user = (await firstHref(page, `${admin}/user-management/user`, /^View /)).split("/").pop()!;
  const booking = (await firstHref(page, `${admin}/Bookings`, /^#\d+$/)).split("/").pop()!;
  const conversation = (await firstHref(page, `${admin}/user-guide`, /^Message /)).split("?").pop()!;
  return { guide, user, booking, conversation };
}

/** Stripe events with long names and a long detail for a booking, so its screen shows a full Payment events list. */
async function addStripeEvents(db: E2eDb, bookingId: number) {
  for (const [type, outcome, detail] of [
    ["checkout.session.async_payment_succeeded", "applied", null],
    ["charge.refund.updated", "refused", "The refunded amount does not match any refund started for this booking's payment"],
  ] as const) {
    await db.paymentEvent.create({ data: { id: `evt_${crypto.randomUUID().replaceAll("-", "")}`, type, bookingId, outcome, detail, createdAt: new Date() } });
  }
}

/**
 * A conversation of the signed-in admin with the person `conversation` names, and an open report of them, each with
 * long texts (a long first word too), so Messaging's thread list, conversation and reports have rows to lay out.
 */
async function addConversation(db: E2eDb, adminId: number, conversation: string) {
  const personId = Number(new URLSearchParams(conversation).get("with"));
  const long = `Grace-and-peace-to-you-from-the-whole-congregation ${"we would love to hear how the elders' retreat went and what you plan next ".repeat(4)}`;
  const createdAt = new Date();
  await db.message.create({ data: { senderId: personId, recipientId: adminId, body: long, createdAt } });
  const messageId = (await db.message.create({ data: { senderId: adminId, recipientId: personId, body: long, createdAt: new Date(createdAt.getTime() + 1000) } })).id;
  await db.messageReport.create({ data: { reporterId: adminId, reportedId: personId, messageId, reason: long, createdAt } });
}

type Screen = string | ((ids: Ids) => string);

/** Every console screen, in groups that each run as one test per window size. */
const screenGroups: Record<string, Screen[]> = {
  "overview and people": [
    "",
    "/UserManagement",
    "/user-management/user",
    "/user-management/guide",
    "/guide-request",
    "/user-guide",
    "/organisations",
    (ids) => `/user-management/user?delete=${ids.user}`,
    (ids) => `/user-management/guide?delete=${ids.guide}`,
    (ids) => `/guide-request?reject=${ids.guide}`,
  ],
  operations: ["/Bookings", "/all-transactions", "/payouts", "/all-review", "/customer-queries", "/messaging", (ids) => `/messaging?${ids.conversation}`, (ids) => `/viewBookingPage/${ids.booking}`],
  content: ["/website-content", "/platform", "/become_a_guide", "/resource-content", "/faqs", "/blog", "/success-stories", "/outbox", "/audit-log"],
  "guide screens": [
    "/add-Guide",
    (ids) => `/editGuide/${ids.guide}`,
    "/viewAddGuide",
    ...["", "?tab=payment", "?tab=review", "?tab=booking", "?tab=content"].map((tab) => (ids: Ids) => `/viewAddGuide/${ids.guide}${tab}`),
  ],
  "user screens and account": [
    "/add-User",
    (ids) => `/edit-User/${ids.user}`,
    ...["", "?tab=payment", "?tab=review", "?tab=booking"].map((tab) => (ids: Ids) => `/viewuser/${ids.user}${tab}`),
    "/myprofile",
    "/change-password",
    "/settings",
    "/covenant",
    "/saved-views",
    // A list's "Save view" dialog.
    "/user-management/user?isVerified=false&saveView=",
  ],
};

const pathOf = (screen: Screen, ids: Ids) => `${admin}${typeof screen === "string" ? screen : screen(ids)}`;

test.describe("the console on every screen size", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the screens checked here include every screen of the console's sidebar", async ({ page, signIn }) => {
    await signIn("admin");
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(admin);
    const nav = page.getByRole("navigation", { name: "Admin Console navigation" });
    const sidebar = await nav.getByRole("link").evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(sidebar.length).toBeGreaterThan(15);
    const checked = new Set(Object.values(screenGroups).flat().filter((screen) => typeof screen === "string").map((screen) => `${admin}${screen}`));
    expect(sidebar.filter((path) => !checked.has(path))).toEqual([]);
  });

  test("the checks find a page wider than the window, a cut-off cell, a cut-off select, an axe violation and a shift", async ({ page, signIn }) => {
    await signIn("admin");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${admin}/user-management/user`);
    expect(await overflowProblems(page)).toEqual([]);
    expect(await layoutShifts(page)).toEqual([]);
    // A notice drawn above the list once the page runs, as the bulk bar's page checkbox and the time zone notice were.
    await page.locator("main h1").evaluate((heading) => heading.insertAdjacentHTML("afterend", '<p style="height: 6rem">Drawn late</p>'));
    expect(await layoutShifts(page)).toEqual([expect.stringMatching(/^the page moved once it ran \(layout shift 0\.\d+\): /)]);
    await page.locator("main table").evaluate((table) => {
      // A plain wide table again: no stacking (no container to query), nothing to scroll it.
      table.style.minWidth = "60rem";
      table.parentElement!.style.containerType = "normal";
      table.parentElement!.style.overflow = "visible";
      table.insertAdjacentHTML("afterend", '<img src="/images/default" width="10" height="10">');
    });
    // A select too narrow for the option it shows.
    await page.getByLabel("Rows per page").evaluate((select) => ((select as HTMLSelectElement).style.width = "1.5rem"));
    const problems = await overflowProblems(page);
    expect(problems.some((problem) => /^select "10" cuts its text/.test(problem))).toBe(true);
    expect(problems.some((problem) => /the page is \d+px wide/.test(problem))).toBe(true);
    expect(problems.some((problem) => / td in row 1 .* reaches /.test(problem))).toBe(true);
    expect((await accessibilityViolations(page)).some((violation) => violation.startsWith("image-alt"))).toBe(true);
  });

  test("in a crowded table, people's names and status labels wrap between words, never inside one", async ({ page, signIn }) => {
    await signIn("admin");
    // The sidebar and seven columns leave the guides' table about 1,000 px: the columns must give way somewhere.
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const screen of ["/user-management/guide", "/user-management/user"]) {
      await page.goto(`${admin}${screen}`);
      const broken = await page.locator("main table .whole-words").evaluateAll((elements) =>
        elements.flatMap((element) => {
          const text = element.textContent ?? "";
          const node = [...element.childNodes].find((child) => child.nodeType === Node.TEXT_NODE);
          if (!node) return [];
          // A word drawn on two lines has two boxes.
          return [...text.matchAll(/\S+/g)].flatMap((word) => {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            return range.getClientRects().length > 1 ? [word[0]] : [];
          });
        }),
      );
      expect(await page.locator("main table .whole-words").count(), screen).toBeGreaterThan(5);
      expect(broken, screen).toEqual([]);
    }
  });

  test("on a laptop, Transactions keeps each status badge and 'Booking #…' on one line", async ({ page, signIn }) => {
    await signIn("admin");
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${admin}/all-transactions`);
    const lines = (selector: string) =>
      page.locator(selector).evaluateAll((elements) =>
        elements.map((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return `${element.textContent}: ${new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size}`;
        }),
      );
    const badges = await lines("main table [data-tone]");
    const bookings = await lines("main table a[href*='viewBookingPage']");
    expect(badges.length).toBeGreaterThan(5);
    expect(bookings.length).toBeGreaterThan(5);
    expect([...badges, ...bookings].filter((line) => !line.endsWith(": 1"))).toEqual([]);
  });

  for (const [device, viewport] of screenSizes) {
    test(`the monthly chart's labels do not overlap on a ${device}`, async ({ page, signIn }) => {
      await signIn("admin");
      await page.setViewportSize(viewport);
      await page.goto(admin);
      const ticks = page.locator(".recharts-xAxis-tick-labels text");
      await expect(ticks).toHaveCount(12);
      const boxes = await ticks.evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect()).map(({ left, right, top, bottom }) => ({ left, right, top, bottom })));
      const overlapping = boxes.slice(1).flatMap((box, index) => {
        const before = boxes[index];
        const width = Math.min(box.right, before.right) - Math.max(box.left, before.left);
        const height = Math.min(box.bottom, before.bottom) - Math.max(box.top, before.top);
        return width > 1 && height > 1 ? [`labels ${index + 1} and ${index + 2} overlap by ${Math.round(width)}×${Math.round(height)}px`] : [];
      });
      expect(overlapping, overlapping.join("\n")).toEqual([]);
      for (const box of boxes) expect(box.left).toBeGreaterThanOrEqual(0);
    });

    for (const [group, screens] of Object.entries(screenGroups)) {
      test(`${group}: no sideways scroll, no cut-off cell and no axe violation on a ${device} (${viewport.width} px)`, async ({ page, signIn, e2eDb }) => {
        const me = await signIn("admin");
        const ids = screens.some((screen) => typeof screen !== "string") ? await recordIds(page) : ({} as Ids);
        if (ids.booking) await addStripeEvents(e2eDb, Number(ids.booking));
        if (ids.conversation) await addConversation(e2eDb, me.id, ids.conversation);
        await page.setViewportSize(viewport);
        const failures: string[] = [];
        for (const screen of screens) {
          const path = pathOf(screen, ids);
          const response = await page.goto(path);
          expect(response?.status(), path).toBeLessThan(400);
          await expect(page.locator("main h1").first()).toBeVisible();
          const problems = await overflowProblems(page);
          // The first few say what is wrong; the count says how much.
          for (const problem of problems.slice(0, 4)) failures.push(`${path}: ${problem}`);
          if (problems.length > 4) failures.push(`${path}: … and ${problems.length - 4} more`);
          for (const violation of await accessibilityViolations(page)) failures.push(`${path}: axe ${violation}`);
          for (const shift of await layoutShifts(page)) failures.push(`${path}: ${shift}`);
        }
        expect(failures, failures.join("\n")).toEqual([]);
      });
    }
  }
});

/** A 1×1 PNG, to pick as a picture. */
const tinyPng = { name: "face.png", mimeType: "image/png", buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64") };

/** What a person sees of a picture picker: its texts, buttons, preview size and how it is laid out. */
async function pickerLook(page: Page) {
  const picker = page.locator("[data-picture-picker]");
  await expect(picker).toHaveCount(1);
  await expect(picker).toBeVisible();
  const preview = picker.locator("[data-picture-preview]");
  const input = picker.getByLabel("Profile picture", { exact: true });
  await expect(input).toHaveAttribute("type", "file");
  return {
    label: await picker.locator("label").first().textContent(),
    hint: await picker.locator("p[aria-live]").textContent(),
    // The buttons on show (the file input is a button too, to assistive technology: its own check is below).
    buttons: await picker.locator("button").evaluateAll((buttons) => buttons.filter((button) => (button as HTMLElement).offsetParent).map((button) => button.textContent)),
    preview: await preview.evaluate((img) => {
      const { width, height } = img.getBoundingClientRect();
      return { width: Math.round(width), height: Math.round(height), radius: getComputedStyle(img).borderRadius };
    }),
    layout: await picker.evaluate((element) => getComputedStyle(element).flexDirection),
    fileButton: await input.evaluate((element) => ({ accept: (element as HTMLInputElement).accept, font: getComputedStyle(element).fontSize })),
  };
}

test.describe("one picture picker on the user and guide forms", () => {
  test.describe.configure({ timeout: 120_000 });

  for (const [device, viewport] of screenSizes) {
    test(`Create User and Create Guide render the same picker, which previews and removes a picked picture, on a ${device} (${viewport.width} px)`, async ({ page, signIn }) => {
      await signIn("admin");
      await page.setViewportSize(viewport);
      const looks = [];
      for (const path of [`${admin}/add-User`, `${admin}/add-Guide`]) {
        await page.goto(path);
        const before = await pickerLook(page);
        expect(before.buttons, path).toEqual([]);
        expect(before.preview, path).toMatchObject({ width: 96, height: 96 });
        expect(before.layout, path).toBe(viewport.width < 640 ? "column" : "row");
        looks.push(before);

        // Choose: the preview shows the file; Remove takes it back.
        const picker = page.locator("[data-picture-picker]");
        const preview = picker.locator("[data-picture-preview]");
        await picker.getByLabel("Profile picture", { exact: true }).setInputFiles(tinyPng);
        await expect(preview).toHaveAttribute("src", /^blob:/);
        const remove = picker.getByRole("button", { name: "Remove picture" });
        await remove.click();
        await expect(preview).toHaveAttribute("src", "/images/default");
        await expect(remove).toHaveCount(0);
        expect(await picker.getByLabel("Profile picture", { exact: true }).evaluate((input) => (input as HTMLInputElement).files?.length ?? 0), path).toBe(0);
      }
      expect(looks[1]).toEqual(looks[0]);
    });

    test(`Edit User and Edit Guide render the same picker, which saves a picked picture and removes it, on a ${device} (${viewport.width} px)`, async ({ page, signIn }) => {
      await signIn("admin");
      const ids = await recordIds(page);
      await page.setViewportSize(viewport);
      const looks = [];
      for (const path of [`${admin}/edit-User/${ids.user}`, `${admin}/editGuide/${ids.guide}`]) {
        await page.goto(path);
        const picker = page.locator("[data-picture-picker]");
        const preview = picker.locator("[data-picture-preview]");
        const remove = picker.getByRole("button", { name: "Remove picture" });
        // Saved as soon as it is picked: the preview is the stored picture, and Remove appears.
        await picker.getByLabel("Profile picture", { exact: true }).setInputFiles(tinyPng);
        await expect(preview).toHaveAttribute("src", /^\/images\/[0-9a-f-]{36}$/);
        await expect(remove).toBeVisible();
        const look = await pickerLook(page);
        expect(look.buttons, path).toEqual(["Remove picture"]);
        expect(look.preview, path).toMatchObject({ width: 96, height: 96 });
        looks.push(look);
        await remove.click();
        await expect(preview).toHaveAttribute("src", "/images/default");
        await expect(remove).toHaveCount(0);
      }
      expect(looks[1]).toEqual(looks[0]);
    });
  }
});
