import type { Page } from "@playwright/test";
import type { E2eDb } from "./database.ts";
import { expect, test } from "./fixtures.ts";
import { screenSizes } from "./helpers.ts";
import { overflowProblems, accessibilityViolations, layoutShifts, textProblems } from "./layout-checks.ts";

// Every screen of both dashboards and of a sponsor's pages, as the demo mentee, the demo guide and the demo sponsor
// (the seeded accounts, with their history, so no screen is empty), on a 390 px phone and a 1366 px laptop: the
// screen's heading, no sideways scroll (nor a control or table cell cut off), no text squeezed into a column of single
// words or cut off (a card's title, a date, the logo, a person's name), no axe-core violation, however minor,
// nothing that moves once the page runs (the browser is in another zone than the accounts: the time zone notice is
// drawn by the server), and never "not available yet".
// The same checks as the console's walk (tests/e2e/console-responsive.spec.ts, helpers in layout-checks.ts).
//
// Where the other specs go deeper, screen by screen: mentee-dashboard.spec (overview, mentors, payments, profile,
// settings), booking.spec and booking-lifecycle.spec (bookings), messaging.spec (messages, the bell, notifications),
// support.spec (query), guide-dashboard.spec (overview, profile, billing, reviews), guide-schedule.spec
// (availability, pricing, bookings), guide-content.spec (published content), sponsorship.spec (a sponsor's pages).

type Screen = { path: string; heading: string | RegExp };
/**
 * The demo records a walk opens: the support team's conversation, a paid session's receipt, and Grace Church's pastor
 * (the demo mentee) and funding.
 */
type Ids = { admin: number; payment: number; pastor: number; funding: number };
/** `bell`: the area has the notifications bell (a sponsor's pages have none: its admin's own dashboard has). */
type Walk = { email: string; area: string; home: string; bell: boolean; screens: (ids: Ids) => Screen[] };

async function demoIds(db: E2eDb): Promise<Ids> {
  const id = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
  const pastor = await id("user@example.com");
  const payment = await db.payment.findFirstOrThrow({ where: { userId: pastor, status: "succeeded" }, select: { id: true } });
  const funding = await db.sponsorFunding.findFirstOrThrow({ where: { createdById: await id("sponsor@example.com") }, select: { id: true } });
  return { admin: await id("admin@example.com"), payment: payment.id, pastor, funding: funding.id };
}

const walks: Record<"mentee" | "guide" | "sponsor", Walk> = {
  mentee: {
    email: "user@example.com",
    area: "My Dashboard",
    home: "/user-dashboard",
    bell: true,
    screens: ({ admin, payment }) => [
      { path: "/user-dashboard", heading: /^Welcome back, / },
      { path: "/user-dashboard/bookings", heading: "My Bookings" },
      { path: "/user-dashboard/bookings?tab=past", heading: "My Bookings" },
      { path: "/user-dashboard/messages", heading: "Messages" },
      // A conversation open (with the support team: the messaging spec owns the mentee's thread with the guide).
      { path: `/user-dashboard/messages?with=${admin}`, heading: "Messages" },
      { path: "/user-dashboard/notifications", heading: "Notifications" },
      { path: "/user-dashboard/mentors", heading: "My Mentors" },
      { path: "/user-dashboard/payments", heading: "Payments" },
      { path: `/user-dashboard/payments/${payment}/receipt`, heading: "Receipt" },
      { path: "/user-dashboard/profile", heading: "Profile" },
      { path: "/user-dashboard/settings", heading: "Settings" },
      { path: "/user-dashboard/query", heading: "Support Queries" },
    ],
  },
  guide: {
    email: "guide@example.com",
    area: "Mentor Dashboard",
    home: "/mentor-dashboard",
    bell: true,
    screens: ({ admin }) => [
      { path: "/mentor-dashboard", heading: "Overview" },
      { path: "/mentor-dashboard/profile", heading: "Profile" },
      { path: "/mentor-dashboard/content", heading: "Published content" },
      { path: "/mentor-dashboard/availability", heading: "Availability" },
      { path: "/mentor-dashboard/pricing", heading: "Pricing" },
      { path: "/mentor-dashboard/bookings", heading: "Bookings" },
      { path: "/mentor-dashboard/bookings?tab=past", heading: "Bookings" },
      { path: "/mentor-dashboard/messages", heading: "Messages" },
      { path: `/mentor-dashboard/messages?with=${admin}`, heading: "Messages" },
      { path: "/mentor-dashboard/notifications", heading: "Notifications" },
      { path: "/mentor-dashboard/billing", heading: "Billing" },
      { path: "/mentor-dashboard/reviews", heading: "Reviews" },
      { path: "/mentor-dashboard/settings", heading: "Settings" },
      { path: "/mentor-dashboard/query", heading: "Support Queries" },
    ],
  },
  // Grace Church's pages, as its treasurer (the demo sponsor) reads them.
  sponsor: {
    email: "sponsor@example.com",
    area: "Sponsorship",
    home: "/sponsor",
    bell: false,
    screens: ({ pastor, funding }) => [
      { path: "/sponsor", heading: "Grace Church" },
      { path: "/sponsor/pastors", heading: "Pastors" },
      { path: `/sponsor/pastors/${pastor}`, heading: "Sarah Johnson" },
      { path: "/sponsor/ledger", heading: "Ledger" },
      { path: `/sponsor/fundings/${funding}/receipt`, heading: "Receipt" },
      { path: "/sponsor/fund", heading: "Add funds" },
      { path: "/sponsor/rules", heading: "Rules" },
      { path: "/sponsor/invites", heading: "Invitations" },
      { path: "/sponsor/webhooks", heading: "Webhooks" },
      { path: "/user-dashboard", heading: /^Welcome back, / },
    ],
  },
};

/** What is wrong with the screen on `page` now: overflow, text that does not read as written and axe, the first few of each. */
async function screenProblems(page: Page, label: string) {
  const failures: string[] = [];
  const problems = [...(await overflowProblems(page)), ...(await textProblems(page))];
  for (const problem of problems.slice(0, 4)) failures.push(`${label}: ${problem}`);
  if (problems.length > 4) failures.push(`${label}: … and ${problems.length - 4} more`);
  for (const violation of await accessibilityViolations(page)) failures.push(`${label}: axe ${violation}`);
  for (const shift of await layoutShifts(page)) failures.push(`${label}: ${shift}`);
  return failures;
}

for (const [who, walk] of Object.entries(walks)) {
  test.describe(`the demo ${who}'s dashboard`, () => {
    test.describe.configure({ timeout: 150_000 });

    test("the walk covers every screen of the navigation", async ({ page, signInAs, e2eDb }) => {
      await signInAs(walk.email);
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(walk.home);
      const nav = page.getByRole("navigation", { name: `${walk.area} navigation` });
      const linked = await nav.getByRole("link").evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
      expect(linked.length).toBeGreaterThan(7);
      const walked = new Set(walk.screens(await demoIds(e2eDb)).map((screen) => screen.path));
      expect(linked.filter((path) => !walked.has(path))).toEqual([]);
    });

    for (const [device, viewport] of screenSizes) {
      test(`every screen: its heading, no sideways scroll and no axe violation on a ${device} (${viewport.width} px)`, async ({ page, signInAs, e2eDb }) => {
        // A dozen screens, each checked by axe: 20–28 s alone on two cores, too near the default 30 s beside other specs.
        test.slow();
        await signInAs(walk.email);
        const ids = await demoIds(e2eDb);
        await page.setViewportSize(viewport);
        // The screens as they are drawn: other specs book with the same demo people meanwhile, and their news arriving
        // live would reload a screen midway (moving it, to the layout check). The live stream brings none here, and
        // its retry waits ten minutes.
        await page.route((url) => url.pathname === "/events", (route) => route.fulfill({ status: 200, contentType: "text/event-stream", body: "retry: 600000\n\n" }));
        // A person signs in on a page of ours, which tells the server the browser's zone (lib/client-hints.ts); this
        // session was written without one, so a first page tells it.
        await page.goto("/faq");
        const failures: string[] = [];
        for (const { path, heading } of walk.screens(ids)) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeAttached();
          await expect(page.locator("main"), path).not.toContainText("not available yet");
          failures.push(...(await screenProblems(page, path)));
        }
        if (walk.bell) {
          // The bell's panel, open over the overview.
          await page.goto(walk.home);
          await page.locator("summary[aria-label^='Notifications']").click();
          await expect(page.getByRole("link", { name: "See all notifications" })).toBeVisible();
          failures.push(...(await screenProblems(page, `${walk.home} with the bell open`)));
        }
        expect(failures, failures.join("\n")).toEqual([]);
      });
    }
  });
}

test.describe("the text checks", () => {
  test("find what the dashboards' old phone layout did: a card's title and date word by word, the logo and a name cut off", async ({ page, signInAs, e2eDb }) => {
    await signInAs("user@example.com");
    const admin = (await e2eDb.user.findUniqueOrThrow({ where: { email: "admin@example.com" } })).id;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/user-dashboard/bookings");
    expect(await textProblems(page)).toEqual([]);
    // The booking card as it was: picture, text and badges in one wrapping row, the text given what the badges left.
    await page.locator("article[data-booking]").first().evaluate((card) => {
      const row = card.querySelector(":scope > div")!;
      row.className = "flex flex-wrap items-start gap-4";
      row.children[1].className = "min-w-0 flex-1";
      row.children[2].className = "flex flex-wrap items-center gap-2";
    });
    // The header as it was: "Menu" beside its icon, roomier padding, and the site's name cut to fit.
    await page.locator("main").evaluate((main) => {
      const header = main.previousElementSibling!;
      header.classList.replace("px-3", "px-4");
      header.querySelector("summary span")!.className = "";
      header.querySelector(":scope > div")!.classList.replace("gap-1.5", "gap-3");
      header.querySelector(":scope > a[href='/user-dashboard']")!.classList.add("truncate");
    });
    const problems = await textProblems(page);
    expect(problems.some((problem) => /^h2 ".+" wraps word by word/.test(problem)), problems.join("\n")).toBe(true);
    expect(problems.some((problem) => /^dd "\w{3}, \w{3} \d+, \d{4}, .+" wraps word by word/.test(problem)), problems.join("\n")).toBe(true);
    expect(problems).toContainEqual(expect.stringMatching(/^a "Ministry Mentors" is cut off/));

    // The conversation's header as it was: the name cut to what the actions left of its row.
    await page.goto(`/user-dashboard/messages?with=${admin}`);
    expect(await textProblems(page)).toEqual([]);
    await page.locator("#conversation-heading").evaluate((heading) => {
      heading.classList.add("truncate");
      heading.parentElement!.classList.remove("basis-40");
    });
    expect(await textProblems(page)).toContainEqual(expect.stringMatching(/^h2 "Ministry Mentors support" is cut off/));
  });

  test("find a button's label spilling out of it, as buttons of a fixed height did on a phone", async ({ page, signInAs }) => {
    await signInAs("guide@example.com");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/mentor-dashboard/bookings");
    expect(await overflowProblems(page)).toEqual([]);
    // "Accept the covenant with …" as it was: a small button 32 px high whatever its label.
    await page.getByRole("button", { name: /^Accept the covenant with / }).first().evaluate((button) => {
      button.style.height = "2rem";
      button.style.maxWidth = "16rem";
    });
    expect(await overflowProblems(page)).toContainEqual(expect.stringMatching(/^button "Accept the covenant with .+" spills out of its 32px height/));
  });

  test("find a border drawn around nothing, as a past session's empty actions row was", async ({ page, signInAs }) => {
    await signInAs("guide@example.com");
    await page.goto("/mentor-dashboard/bookings?tab=past");
    expect(await overflowProblems(page)).toEqual([]);
    // The actions row as it was when no action was left: shown, with its divider, whatever it held.
    await page.locator("article[data-booking]").first().evaluate((card) => {
      const actions = card.lastElementChild!;
      actions.replaceChildren();
      actions.classList.remove("empty:hidden");
    });
    expect(await overflowProblems(page)).toContainEqual(expect.stringMatching(/^an empty div draws a border/));
  });
});
