// A pastor's and a mentor's first hour, as each meets it on a phone and on a laptop: a real name, a real phone number
// and a password with '#' accepted; a date override typed From before To; a session booked and paid; the session put in
// a calendar; every time in the browser's zone from the first paint; no card whose words stack one per line.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { codeFromOutbox, fillSignUp, screenSizes, toast } from "./helpers.ts";
import { overflowProblems, textProblems } from "./layout-checks.ts";
import { timeChanges, timesInHtml, timesOnPage, watchTimes } from "./time-checks.ts";

const PASSWORD = "Grace#2026";
const DAY = 86_400_000;

/** The page reads as designed: nothing wider than the screen, no text cut off or stacked a word per line. */
async function expectReadable(page: Page) {
  expect([...(await overflowProblems(page)), ...(await textProblems(page))]).toEqual([]);
}

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test.describe("a pastor in Chicago", () => {
      test.use({ timezoneId: "America/Chicago" });

      test("signs up as Mary O'Connor, books and pays for a session, adds it to a calendar, and reads it in Central Time", async ({ page, e2eDb, createPerson }) => {
        test.setTimeout(90_000);
        const guide = await createPerson("guide", { timeZone: "America/New_York" });
        const now = new Date();
        await e2eDb.guideProfile.create({ data: { userId: guide.id, experienceYears: 20, hourlyRateCents: 9500, noticeHours: 24, horizonDays: 30, meetingUrl: "https://meet.example.org/first-hour", createdAt: now, updatedAt: now } });
        for (let weekday = 0; weekday < 7; weekday++) await e2eDb.availability.create({ data: { guideId: guide.id, weekday, startTime: "09:00", endTime: "17:00" } });
        await e2eDb.sessionOption.create({ data: { guideId: guide.id, minutes: 60, priceCents: 9500 } });
        const email = `mary.${randomBytes(5).toString("hex")}@e2e.test`;
        await page.addInitScript(watchTimes);

        // Sign up with her own name, her title and a password with '#', as the hint lists it.
        await page.goto("/signup");
        await expect(page.locator("form#signup")).toHaveAttribute("data-validation", "browser");
        await fillSignUp(page, { name: "Mary O'Connor", email, password: PASSWORD, title: "Senior Pastor (retired)", organisation: "St. Brigid's Parish" });
        await page.getByRole("button", { name: "Create account" }).click();
        await expect(page).toHaveURL(/\/verify-email\?email=/);
        await page.getByLabel("Verification code").fill(await codeFromOutbox(e2eDb, email));
        await page.getByRole("button", { name: "Verify and continue" }).click();
        await expect(page).toHaveURL(/\/user-dashboard$/);
        // A first visit is a welcome, not a "welcome back"; the account keeps the browser's zone.
        await expect(page.getByRole("heading", { level: 1, name: "Welcome, Mary" })).toBeVisible();
        await expect(page.getByText(/Welcome back/)).toHaveCount(0);
        // She gave her job title at sign-up: the dashboard asks only for what is missing, the bio.
        const needs = page.getByRole("region", { name: "What needs doing" });
        await expect(needs.getByText("Add a short bio so mentors know who they are meeting.")).toBeVisible();
        await expect(needs.getByText(/job title/)).toHaveCount(0);
        expect(await e2eDb.user.findUnique({ where: { email } })).toMatchObject({ name: "Mary O'Connor", title: "Senior Pastor (retired)", timeZone: "America/Chicago" });
        await expectReadable(page);

        // Book and pay: the free times in her zone, named.
        await page.goto(`/mentor/${guide.id}`);
        await page.getByRole("link", { name: "Book a session" }).filter({ visible: true }).first().click();
        const dialog = page.getByRole("dialog", { name: `Book a session with ${guide.name}` });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText("Times are shown in Central Time (America/Chicago), your time zone.");
        await dialog.getByRole("link", { name: /^\d{1,2}:\d{2}\s[AP]M$/ }).first().click();
        await dialog.getByLabel("What would you like to talk about?").fill("A sabbatical plan after twenty years");
        // The demo publishes the confidentiality covenant: a first booking with a mentor accepts it.
        await dialog.getByLabel(/^I accept the confidentiality covenant/).check();
        await dialog.getByRole("button", { name: "Confirm and pay" }).click();
        await expect(page.getByText("Test mode").first()).toBeVisible();
        await page.getByRole("button", { name: /^Pay/ }).click();

        // Her booking, just made, with its time in Central Time from the server's first paint on.
        await expect(page).toHaveURL(/\/user-dashboard\/bookings/);
        const card = page.getByRole("article", { name: "A sabbatical plan after twenty years" });
        await expect(card).toContainText("Paid");
        await expect(page.getByText("Just booked")).toBeVisible();
        const booking = await e2eDb.booking.findFirst({ where: { topic: "A sabbatical plan after twenty years" }, orderBy: { id: "desc" } });
        const startsAt = booking!.startsAt!;
        expect(startsAt.getTime()).toBeGreaterThan(now.getTime() + DAY - 60_000);
        const chicagoTime = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", hour: "numeric", minute: "2-digit" }).format(startsAt);
        await expect(card.locator(`time[datetime="${startsAt.toISOString()}"]`).first()).toContainText(chicagoTime);
        expect(await timeChanges(page)).toEqual([]);
        const path = new URL(page.url()).pathname + new URL(page.url()).search;
        expect(await timesOnPage(page)).toEqual(await timesInHtml(page, path));
        await expectReadable(page);

        // Add to calendar: the file holds the same session (and Google and Outlook are offered beside it).
        await card.getByText("Add to calendar").click();
        const choices = card.getByRole("list", { name: "Add to calendar" });
        await expect(choices.getByRole("link", { name: /Google Calendar/ })).toBeVisible();
        await expect(choices.getByRole("link", { name: /Outlook\.com/ })).toBeVisible();
        const ics = await page.request.get((await choices.getByRole("link", { name: /Calendar file/ }).getAttribute("href"))!);
        expect(ics.headers()["content-type"]).toContain("text/calendar");
        const event = await ics.text();
        expect(event).toContain("BEGIN:VEVENT");
        expect(event).toContain(`DTSTART:${startsAt.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
      });
    });

    test.describe("a mentor in Portland", () => {
      test.use({ timezoneId: "America/Los_Angeles" });

      test("applies with (503) 555-0147, is approved, and adds a date override typing From before To", async ({ page, browser, baseURL, e2eDb, createPerson, signInAs }) => {
        test.setTimeout(120_000);
        const email = `maryann.${randomBytes(5).toString("hex")}@e2e.test`;
        const name = "Rev. Mary-Ann Smith Jr.";

        await page.goto("/guide-application");
        await page.getByLabel("Full name").fill(name);
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Phone number").fill("(503) 555-0147");
        await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
        await page.getByLabel("Confirm password").fill(PASSWORD);
        await page.getByLabel("Job title").fill("Senior Pastor (retired)");
        await page.getByLabel("Church or organisation").fill("Cascade Community Church");
        await page.getByLabel("Years of ministry experience").fill("31");
        await page.getByLabel("Category").selectOption("Senior Pastors");
        await page.getByRole("textbox", { name: "Education entry 1" }).fill("D.Min., Western Seminary");
        await page.getByLabel("Bio").fill("Thirty-one years in one congregation, through a building, a split and a renewal.");
        await page.getByRole("checkbox", { name: "Pastoral Care" }).check();
        await page.getByRole("textbox", { name: "Area of expertise 1" }).fill("Long pastorates");
        await page.getByRole("textbox", { name: "Reference 1" }).fill("Rev. Ana Díaz, Senior Pastor, Hope Church");
        await page.getByRole("textbox", { name: "Reference 2" }).fill("Dr. Paul Kim, District Superintendent");
        await page.getByLabel("How would you like to serve?").fill("Walking with pastors in their first decade, one evening a week.");
        await page.getByLabel("Price for 60 minutes (USD)").fill("95");
        await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
        await page.getByRole("button", { name: "Submit application" }).click();
        await expect(page).toHaveURL(/\/verify-email\?email=/);
        await page.getByLabel("Verification code").fill(await codeFromOutbox(e2eDb, email));
        await page.getByRole("button", { name: "Verify and continue" }).click();
        await expect(page).toHaveURL(/\/mentor-dashboard\/application$/);
        // The number is kept in one form and shown as people write it.
        const applicant = await e2eDb.user.findUnique({ where: { email } });
        expect(applicant).toMatchObject({ name, title: "Senior Pastor (retired)", timeZone: "America/Los_Angeles" });
        expect(await e2eDb.guideProfile.findUnique({ where: { userId: applicant!.id } })).toMatchObject({ phone: "+15035550147" });
        await expect(page.getByRole("main")).toContainText("(503) 555-0147");
        await expectReadable(page);

        // An administrator approves the application from the console.
        const admin = await createPerson("admin");
        const adminContext = await browser.newContext({ baseURL, viewport });
        await signInAs(admin.email, adminContext);
        const console_ = await adminContext.newPage();
        await console_.goto(`/admin/dashboard/guide-request?${new URLSearchParams({ search: email })}`);
        await console_.getByText("Read application").click();
        await console_.getByRole("button", { name: `Approve ${name}` }).click();
        await expect(toast(console_, "Action Successful")).toBeVisible();
        await adminContext.close();

        // Availability: a date off the usual hours, typed field by field, From before To, then saved.
        const day = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
        await page.goto("/mentor-dashboard/availability");
        await expect(page.getByRole("heading", { level: 1, name: "Availability" })).toBeVisible();
        // The 60 minutes the application priced are offered from the start.
        await expect(page.getByLabel("60 minutes")).toBeChecked();
        await page.getByRole("button", { name: "Add a date" }).click();
        await page.getByLabel("Date 1", { exact: true }).fill(day);
        await page.getByLabel("From (date 1)").fill("13:00");
        await page.getByLabel("From (date 1)").press("Tab");
        await expect(page.getByText("Something went wrong")).toHaveCount(0);
        await page.getByLabel("To (date 1)").fill("16:30");
        await page.getByLabel("To (date 1)").blur();
        await page.getByRole("button", { name: "Save availability" }).click();
        await expect(page.getByText("Availability Saved", { exact: true })).toBeVisible();
        await expect(page.getByLabel("Date 1", { exact: true })).toHaveValue(day);
        await expect(page.getByLabel("From (date 1)")).toHaveValue("13:00");
        await expect(page.getByLabel("To (date 1)")).toHaveValue("16:30");
        await expectReadable(page);

        // The dashboard's bookings read as designed, even empty.
        await page.goto("/mentor-dashboard/bookings");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectReadable(page);
      });
    });
  });
}
