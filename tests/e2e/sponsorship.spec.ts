import { createHash } from "node:crypto";
import { sealSecret } from "#app/modules/two-factor/secret-box.server.ts";
import { newSecret } from "#app/modules/two-factor/totp.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { screenSizes, toast } from "./helpers.ts";
import { overflowProblems } from "./layout-checks.ts";

/**
 * Sponsored mentoring, as the "done when" reads: one pastor books a session their church sponsors (the
 * co-pay is shown and charged; the balance and their budget go down), another books privately, and the sponsor's
 * dashboard shows the first session's total and nothing of the second.
 */

/**
 * Books the first free time in the dialog, with the sponsorship or privately, and pays on the test checkout, whose line
 * says who covers what (`covered`).
 */
async function book(page: Page, guide: { id: number; name: string }, topic: string, choice: RegExp, pay: string, covered?: string) {
  await page.goto(`/mentor/${guide.id}/book`);
  const dialog = page.getByRole("dialog", { name: `Book a session with ${guide.name}` });
  await dialog.getByRole("link", { name: /^\d{1,2}:\d{2}\s[AP]M$/ }).first().click();
  await dialog.getByLabel("What would you like to talk about?").fill(topic);
  const covenant = dialog.getByLabel(/^I accept the confidentiality covenant/);
  if (await covenant.count()) await covenant.check();
  await dialog.getByRole("radio", { name: choice }).check();
  await dialog.getByRole("button", { name: "Confirm and pay" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_\w+$/);
  const line = page.getByText(/-minute mentoring session with /);
  if (covered) await expect(line).toContainText(covered);
  else await expect(line).not.toContainText("covers");
  await page.getByRole("button", { name: pay }).click();
  await expect(page).toHaveURL(/\/user-dashboard\/bookings\?booking=\d+&booked=1$/);
}

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a church reads about sponsoring on Our Platform, and its way in starts a sponsorship", async ({ page }) => {
      await page.goto("/platform");
      const forChurches = page.getByRole("region", { name: "For churches: sponsor your pastors' mentoring" });
      await expect(forChurches).toContainText("A budget per pastor each month, quarter or year, a price ceiling, a co-pay");
      await expect(forChurches).toContainText("never a pastor's topics, notes, messages, reviews or when they meet");
      expect(await overflowProblems(page)).toEqual([]);
      await forChurches.getByRole("link", { name: "Sponsor your pastors" }).click();
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsponsor%2Fstart$/);
      await expect(page.getByText("Sign in, or create an account, to start your organisation's sponsorship.")).toBeVisible();
    });

    test("a pastor signed out who opens an invitation is told why they sign in, and reads it after", async ({ page, e2eDb, createPerson, signInAs }) => {
      const now = new Date();
      const name = `Bethel Church ${device} ${now.getTime()}`;
      const organisation = await e2eDb.organisation.create({ data: { name, nameKey: name.toLowerCase() } });
      await e2eDb.sponsorAccount.create({ data: { organisationId: organisation.id, balanceCents: 10_000, updatedAt: now } });
      const sponsorAdmin = await createPerson("user");
      const token = `e2e-invite-${device}-${now.getTime()}`;
      await e2eDb.sponsorInvite.create({ data: { organisationId: organisation.id, tokenHash: createHash("sha256").update(token).digest("base64url"), createdById: sponsorAdmin.id } });
      const pastor = await createPerson("user");
      await page.goto(`/sponsor/join/${token}`);
      await expect(page).toHaveURL(/\/login\?redirectTo=/);
      const reason = "Sign in, or create an account, to read your invitation to sponsored mentoring: who sponsors you, what they will and will never see, and whether to join.";
      await expect(page.getByText(reason)).toBeVisible();
      // Creating an account instead says the same.
      await page.getByRole("link", { name: "Create an account" }).click();
      await expect(page.getByText(reason)).toBeVisible();
      await signInAs(pastor.email);
      await page.goto(`/sponsor/join/${token}`);
      await expect(page.getByRole("heading", { name: `${name} would like to sponsor your mentoring`, level: 1 })).toBeVisible();
      expect(await overflowProblems(page)).toEqual([]);
    });

    test("a sponsored booking with its co-pay, a private one, and what the sponsor sees", async ({ page, browser, baseURL, e2eDb, createPerson, signIn, signInAs }) => {
      const now = new Date();
      const guide = await createPerson("guide", { name: `Naomi Park ${device}` });
      await e2eDb.guideProfile.create({ data: { userId: guide.id, hourlyRateCents: 5000, noticeHours: 2, horizonDays: 30, category: "Senior Pastors", createdAt: now, updatedAt: now } });
      for (let weekday = 0; weekday < 7; weekday++) await e2eDb.availability.create({ data: { guideId: guide.id, weekday, startTime: "09:00", endTime: "17:00" } });
      await e2eDb.sessionOption.create({ data: { guideId: guide.id, minutes: 60, priceCents: 5000 } });

      // Grace Church (one per screen size): $1,000 on its balance, up to $300 per pastor per quarter, a 20% co-pay.
      const name = `Grace Church ${device} ${now.getTime()}`;
      const organisation = await e2eDb.organisation.create({ data: { name, nameKey: name.toLowerCase() } });
      await e2eDb.sponsorAccount.create({ data: { organisationId: organisation.id, balanceCents: 100_000, budgetCents: 30_000, budgetPeriod: "quarter", copayPercent: 20, updatedAt: now } });
      const sponsorAdmin = await createPerson("user", { name: `Ruth Okafor ${device}` });
      await e2eDb.sponsorAdmin.create({ data: { organisationId: organisation.id, userId: sponsorAdmin.id } });
      // Whoever runs a sponsorship has two-factor sign-in on (the session below is one that passed it).
      await e2eDb.twoFactor.create({ data: { userId: sponsorAdmin.id, secret: sealSecret(newSecret()), enabledAt: now } });

      // Two pastors who accepted its invitation; the first lets it see her mentors' names.
      const sponsored = await signIn("user", { name: `Sarah Lane ${device}` });
      const privateContext = await browser.newContext({ baseURL, viewport });
      const other = await createPerson("user", { name: `Peter Hale ${device}` });
      for (const [pastor, showGuides] of [[sponsored, true], [other, false]] as const) {
        await e2eDb.sponsoredPastor.create({ data: { organisationId: organisation.id, userId: pastor.id, showGuides } });
      }

      // The first pastor uses the sponsorship: it covers $40.00 of $50.00 and she pays her $10.00 co-pay.
      await book(page, guide, "Leading when I am running on empty", new RegExp(`${name} covers \\$40\\.00, you pay \\$10\\.00`), "Pay $10.00", `(${name} covers $40.00, you pay $10.00)`);
      const first = await e2eDb.booking.findFirstOrThrow({ where: { userId: sponsored.id }, include: { payments: { orderBy: { id: "asc" } } } });
      expect(first).toMatchObject({ status: "confirmed", paymentStatus: "paid", rateCents: 5000 });
      // Her card paid $10.00; the sponsor's $40.00 is the booking's other payment, so the guide is paid for $50.00.
      expect(first.payments).toMatchObject([{ source: "sponsor", status: "succeeded", amountCents: 4000 }, { source: "card", status: "succeeded", amountCents: 1000 }]);
      await page.goto("/user-dashboard/settings");
      await expect(page.getByText(`${name} sponsors your mentoring. Budget left this quarter: $260.00.`)).toBeVisible();
      // Her Sponsorship card stands among Settings' sections, as wide as they are, before her records and Delete (it
      // came after Delete, as wide as the whole window on a laptop).
      const sponsorshipBox = (await page.getByRole("region", { name: "Sponsorship" }).boundingBox())!;
      const twoFactorBox = (await page.getByRole("region", { name: "Two-factor sign-in" }).boundingBox())!;
      const openedBox = (await page.getByRole("region", { name: "Who on our team opened your records" }).boundingBox())!;
      expect([Math.round(sponsorshipBox.x), Math.round(sponsorshipBox.width)]).toEqual([Math.round(twoFactorBox.x), Math.round(twoFactorBox.width)]);
      expect(sponsorshipBox.y).toBeGreaterThan(twoFactorBox.y);
      expect(sponsorshipBox.y).toBeLessThan(openedBox.y);

      // The other pays privately: all $50.00, and nothing reaches the sponsor.
      await signInAs(other.email, privateContext);
      const privatePage = await privateContext.newPage();
      await book(privatePage, guide, "A conflict with my board chair", /^Pay privately/, "Pay $50.00");
      expect(await e2eDb.payment.findFirstOrThrow({ where: { userId: other.id } })).toMatchObject({ amountCents: 5000, status: "succeeded" });
      await privateContext.close();

      // The sponsor's dashboard: $960.00 left, one session of $40.00, the first pastor's $260.00 left and her mentor;
      // nothing of the second session, and no topic.
      const sponsorContext = await browser.newContext({ baseURL, viewport });
      await signInAs(sponsorAdmin.email, sponsorContext);
      const sponsorPage = await sponsorContext.newPage();
      await sponsorPage.goto("/sponsor");
      await expect(sponsorPage.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(sponsorPage.getByTestId("sponsor-balance")).toHaveText("$960.00");
      const spending = sponsorPage.getByRole("region", { name: "Spending per quarter" });
      await expect(spending.getByRole("row")).toHaveCount(2);
      await expect(spending.getByRole("row").nth(1)).toContainText("1$40.00");
      const pastors = sponsorPage.getByRole("region", { name: "Pastors" });
      await expect(pastors.getByRole("listitem").filter({ hasText: sponsored.name })).toContainText("Budget left this quarter: $260.00");
      await expect(pastors.getByRole("listitem").filter({ hasText: sponsored.name })).toContainText(`${guide.name}: 1 session`);
      await expect(pastors.getByRole("listitem").filter({ hasText: other.name })).toContainText("Budget left this quarter: $300.00");
      await expect(pastors.getByRole("listitem").filter({ hasText: other.name })).toContainText("Guides kept private.");
      const ledger = sponsorPage.getByRole("region", { name: "Ledger" });
      await expect(ledger.getByRole("row")).toHaveCount(2);
      await expect(ledger).toContainText("-$40.00");
      await expect(ledger.getByRole("link", { name: "See the whole ledger (1 movement)" })).toBeVisible();
      await expect(pastors.getByRole("link", { name: "See all 2 pastors" })).toBeVisible();
      const html = await sponsorPage.content();
      for (const secret of ["Leading when I am running on empty", "A conflict with my board chair", "$50.00"]) expect(html).not.toContain(secret);
      expect(await sponsorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // Opening the first pastor's totals, which she reads in her Settings.
      await pastors.getByRole("link", { name: sponsored.name }).click();
      await expect(sponsorPage.getByRole("heading", { name: sponsored.name, level: 1 })).toBeVisible();
      // The budget's period named as on the overview ("Budget left this quarter"), not "this period".
      await expect(sponsorPage.getByText("Budget left this quarter: $260.00")).toBeVisible();
      await expect(sponsorPage.getByRole("heading", { name: "Covered per quarter" })).toBeVisible();
      await sponsorContext.close();
      await page.reload();
      await expect(page.getByText(`${sponsorAdmin.name} opened your sponsorship's totals`)).toBeVisible();

      // Leaving is one click.
      await page.getByRole("button", { name: `Leave ${name}'s sponsorship` }).click();
      await expect(toast(page, "Sponsorship Left")).toBeVisible();
      expect(await e2eDb.sponsoredPastor.findFirstOrThrow({ where: { userId: sponsored.id } })).toMatchObject({ leftAt: expect.any(Date) });
    });

    test("the sponsor invites a pastor by e-mail, then makes a link: each new link has the focus and the form starts empty", async ({ browser, baseURL, e2eDb, createPerson, signInAs }) => {
      const now = new Date();
      const name = `Hope Fellowship ${device} ${now.getTime()}`;
      const organisation = await e2eDb.organisation.create({ data: { name, nameKey: name.toLowerCase() } });
      await e2eDb.sponsorAccount.create({ data: { organisationId: organisation.id, balanceCents: 10_000, updatedAt: now } });
      const sponsorAdmin = await createPerson("user");
      await e2eDb.sponsorAdmin.create({ data: { organisationId: organisation.id, userId: sponsorAdmin.id } });
      await e2eDb.twoFactor.create({ data: { userId: sponsorAdmin.id, secret: sealSecret(newSecret()), enabledAt: now } });
      const context = await browser.newContext({ baseURL, viewport, permissions: ["clipboard-read", "clipboard-write"] });
      await signInAs(sponsorAdmin.email, context);
      const page = await context.newPage();
      await page.goto("/sponsor/invites");
      await expect(page.getByText("No invitations yet. Make one above")).toBeVisible();

      // A long address breaks inside the heading and the toast (it widened a phone's page); the form does not keep it.
      const email = `bartholomew.okonkwo-fitzgerald.${device}.${now.getTime()}@cornerstone-fellowship.example.org`;
      await page.getByLabel("Pastor's e-mail").fill(email);
      await page.getByRole("button", { name: "Make invitation" }).click();
      await expect(page.getByRole("heading", { name: `Sent to ${email}` })).toBeVisible();
      await expect(page.getByLabel(/^The link/)).toBeFocused();
      await expect(page.getByLabel("Pastor's e-mail")).toHaveValue("");
      expect(await overflowProblems(page)).toEqual([]);
      const toastBox = (await toast(page, "Invitation Ready").boundingBox())!;
      expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(viewport.width);
      // "Copy link" puts it on the clipboard and says so.
      await page.getByRole("button", { name: "Copy link" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Link copied. Paste it into your message to the pastor." })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.getByLabel(/^The link/).inputValue());
      expect(await overflowProblems(page)).toEqual([]);

      // Made again with the field empty: a link to share, not a second e-mail to the same pastor.
      await page.getByRole("button", { name: "Make invitation" }).click();
      await expect(page.getByRole("heading", { name: "Your shareable link" })).toBeVisible();
      await expect(page.getByLabel(/^The link/)).toBeFocused();
      await expect(page.getByText("Shareable link", { exact: true })).toBeVisible();

      // A guide is added by the name Find a Mentor shows, suggested while it is typed.
      const guide = await createPerson("guide");
      await page.goto("/sponsor/rules");
      const addGuide = page.getByLabel("Add a guide");
      await addGuide.pressSequentially(guide.name.slice(0, -2));
      await expect(page.locator(`datalist option[value="${guide.name}"]`)).toHaveCount(1);
      await addGuide.fill(guide.name);
      expect(await overflowProblems(page)).toEqual([]);
      // Saving the rules leads to the overview: focus goes to its main content, not the page body.
      await page.getByRole("button", { name: "Save rules" }).click();
      await expect(toast(page, "Rules Saved")).toBeVisible();
      await expect(page.locator("#main")).toBeFocused();
      await expect(page.getByText("1 chosen guide")).toBeVisible();
      // The rules list the guide by name, ticked; unticking them stops covering them.
      await page.goto("/sponsor/rules");
      const chosen = page.getByRole("list", { name: "Chosen guides" }).getByRole("checkbox", { name: guide.name });
      await expect(chosen).toBeChecked();
      await chosen.uncheck();
      await page.getByRole("button", { name: "Save rules" }).click();
      await expect(toast(page, "Rules Saved")).toBeVisible();
      await expect(page.getByText("1 chosen guide")).toHaveCount(0);
      await context.close();
    });

    test("the sponsor pages its ledger, sorts and filters it, and searches its pastors", async ({ browser, baseURL, e2eDb, createPerson, signInAs }) => {
      const now = new Date();
      const name = `Grace Network ${device} ${now.getTime()}`;
      const organisation = await e2eDb.organisation.create({ data: { name, nameKey: name.toLowerCase() } });
      await e2eDb.sponsorAccount.create({ data: { organisationId: organisation.id, balanceCents: 56_500, updatedAt: now } });
      const sponsorAdmin = await createPerson("user", { name: `Esther Vane ${device}` });
      await e2eDb.sponsorAdmin.create({ data: { organisationId: organisation.id, userId: sponsorAdmin.id } });
      await e2eDb.twoFactor.create({ data: { userId: sponsorAdmin.id, secret: sealSecret(newSecret()), enabledAt: now } });
      // 30 movements a day apart: $1,000 added, then 29 sessions covered of $10.00, $11.00 … $38.00.
      const day = (n: number) => new Date(now.getTime() - (30 - n) * 86_400_000);
      const funding = await e2eDb.sponsorFunding.create({ data: { organisationId: organisation.id, createdById: sponsorAdmin.id, amountCents: 100_000, status: "paid", paidAt: day(0), createdAt: day(0) } });
      await e2eDb.sponsorLedgerEntry.createMany({
        data: [
          { organisationId: organisation.id, kind: "funding", amountCents: 100_000, fundingId: funding.id, createdAt: day(0) },
          ...Array.from({ length: 29 }, (_, i) => ({ organisationId: organisation.id, kind: "session", amountCents: -(1_000 + i * 100), createdAt: day(i + 1) })),
        ],
      });
      // Twelve pastors; one of them Hannah Whitfield.
      for (const pastorName of ["Hannah Whitfield", ...Array.from({ length: 11 }, (_, i) => `Pastor Number${String.fromCharCode(97 + i)}`)]) {
        const pastor = await createPerson("user", { name: `${pastorName} ${device}` });
        await e2eDb.sponsoredPastor.create({ data: { organisationId: organisation.id, userId: pastor.id } });
      }
      const context = await browser.newContext({ baseURL, viewport });
      await signInAs(sponsorAdmin.email, context);
      const page = await context.newPage();
      const noSidewaysScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // From the overview's preview to the whole ledger: 25 a page, newest first.
      await page.goto("/sponsor");
      await page.getByRole("link", { name: "See the whole ledger (30 movements)" }).click();
      await expect(page).toHaveURL(/\/sponsor\/ledger$/);
      await expect(page.getByRole("heading", { name: "Ledger", level: 1 })).toBeVisible();
      const ledger = page.getByRole("table", { name: /Every movement of the balance/ });
      await expect(ledger.getByRole("row")).toHaveCount(26);
      await expect(ledger.getByRole("row").nth(1)).toContainText("-$38.00");
      await expect(page.getByText("1–25 of 30")).toBeVisible();
      await noSidewaysScroll();
      await page.getByRole("link", { name: "Next page" }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      await expect(page.getByText("26–30 of 30")).toBeVisible();
      await expect(ledger.getByRole("row").last()).toContainText("+$1,000.00");

      // Sorted by amount (the most spent first), then only the funds added.
      await page.getByRole("link", { name: /^Amount/ }).click();
      await expect(page).toHaveURL(/sort=amount&order=asc/);
      await expect(ledger.getByRole("row").nth(1)).toContainText("-$38.00");
      await expect(ledger.getByRole("row").nth(2)).toContainText("-$37.00");
      await page.getByRole("combobox", { name: "What" }).selectOption({ label: "Funds added" });
      await expect(page).toHaveURL(/kind=funding/);
      await expect(ledger.getByRole("row")).toHaveCount(2);
      await expect(ledger.getByRole("row").nth(1)).toContainText("Funds added");
      await noSidewaysScroll();
      // The funding's receipt, for the church's books.
      await ledger.getByRole("link", { name: "Receipt for $1,000.00 added" }).click();
      await expect(page.getByRole("heading", { name: "Receipt", level: 1 })).toBeVisible();
      await expect(page.getByText(`Mentoring fund of ${name}`)).toBeVisible();
      const receipt = page.getByRole("article", { name: "Receipt" });
      await expect(receipt.getByText(`Paid by ${sponsorAdmin.name}`, { exact: true })).toBeVisible();
      await expect(receipt.getByText(sponsorAdmin.email, { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();
      await noSidewaysScroll();
      await page.getByRole("link", { name: "Back to the ledger" }).click();
      await expect(page.getByRole("heading", { name: "Ledger", level: 1 })).toBeVisible();

      // The pastors, searched by name.
      await page.goto("/sponsor/pastors");
      await expect(page.getByRole("heading", { name: "Pastors", level: 1 })).toBeVisible();
      const pastors = page.getByRole("table", { name: /Pastors who joined/ });
      await expect(pastors.getByRole("row")).toHaveCount(13);
      await page.getByRole("searchbox", { name: "Search pastors by name" }).fill("whitfield");
      await expect(page).toHaveURL(/search=whitfield/);
      await expect(pastors.getByRole("row")).toHaveCount(2);
      await expect(pastors.getByRole("row").nth(1)).toContainText(`Hannah Whitfield ${device}`);
      await expect(pastors.getByRole("row").nth(1)).toContainText("$300.00");
      await noSidewaysScroll();
      await context.close();
    });
  });
}
