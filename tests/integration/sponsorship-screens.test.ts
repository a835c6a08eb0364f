/**
 * Sponsored mentoring through the screens: the console makes a sponsor admin (audited); a sponsor admin's pages show
 * amounts and counts and nothing private, and every route that shows a pastor's booking, message or review is a 404
 * to them; opening a pastor's totals is recorded for the pastor; founding and funding a new sponsor through the test
 * checkout; rules and invitations by form; the invitation page, joining and leaving; the booking dialog's offer.
 */
import { freshCode, turnOnTwoFactor } from "#tests/two-factor.ts";
import { twoFactorMessages } from "#app/modules/two-factor/messages.ts";
import { turnOffTwoFactor } from "#app/modules/two-factor/two-factor.server.ts";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { formatMoney } from "#app/lib/format.ts";
import { SPONSOR_MESSAGES } from "#app/modules/sponsorship/messages.ts";
import { createInvite, reserveCover, saveRules } from "#app/modules/sponsorship/sponsorship.server.ts";
import { transaction } from "#app/lib/db.server.ts";
import { actorOf, cookiesFrom, createPerson, postForm, send, signIn, TEST_PASSWORD } from "#tests/app.ts";
import { mailTo } from "#tests/mocks/mail.ts";

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

let admin: Awaited<ReturnType<typeof signIn>>;
let sponsorAdmin: Awaited<ReturnType<typeof signIn>>;
let pastor: Awaited<ReturnType<typeof signIn>>;
let guide: Awaited<ReturnType<typeof createPerson>>;
let organisationId: number;
let booking: { id: number; startsAt: Date | null };
let paymentId: number;

const SECRETS = ["SECRET-TOPIC", "SECRET-NOTE", "SECRET-MESSAGE", "SECRET-REVIEW"];

beforeAll(async () => {
  admin = await signIn("admin");
  sponsorAdmin = await signIn("user");
  // Whoever runs a sponsorship keeps two-factor sign-in on (the founding test below meets the requirement).
  await turnOnTwoFactor(sponsorAdmin.person.id);
  pastor = await signIn("user");
  guide = await createPerson("guide", { name: "Miriam Guide" });
  await prisma.guideProfile.create({ data: { userId: guide.id, hourlyRateCents: 5000, category: "Senior Pastors" } });
  const organisation = await prisma.organisation.create({ data: { name: `Grace Church ${sponsorAdmin.person.id}`, nameKey: `grace church ${sponsorAdmin.person.id}` } });
  organisationId = organisation.id;
  await prisma.user.update({ where: { id: sponsorAdmin.person.id }, data: { organisationId, organisation: organisation.name } });
});

describe("the console", () => {
  test("makes a member the sponsor admin of their organisation, with an audit row, and removes them", async () => {
    const profile = `/admin/dashboard/viewuser/${sponsorAdmin.person.id}`;
    expect(await text(await send(profile, { cookie: admin.cookie }))).toContain(`Make sponsor admin of Grace Church ${sponsorAdmin.person.id}`);
    expect((await send("/sponsor", { cookie: sponsorAdmin.cookie })).status).toBe(404);
    const made = await postForm(profile, { intent: "make-sponsor-admin" }, admin.cookie);
    expect(made.status).toBe(302);
    expect((await send("/sponsor", { cookie: sponsorAdmin.cookie })).status).toBe(200);
    const audit = await prisma.auditEntry.findFirstOrThrow({ where: { recordId: String(sponsorAdmin.person.id), action: "update" }, orderBy: { id: "desc" } });
    expect(JSON.parse(audit.changes)).toMatchObject({ sponsorAdminOf: { before: null, after: `Grace Church ${sponsorAdmin.person.id}` } });
    await postForm(profile, { intent: "remove-sponsor-admin" }, admin.cookie);
    expect((await send("/sponsor", { cookie: sponsorAdmin.cookie })).status).toBe(404);
    await postForm(profile, { intent: "make-sponsor-admin" }, admin.cookie);
  });
});

describe("a sponsor admin", () => {
  beforeAll(async () => {
    await prisma.sponsorAccount.update({ where: { organisationId }, data: { balanceCents: 50_000 } });
    const { link } = await createInvite(actorOf(sponsorAdmin.person), organisationId, null);
    // The pastor joins through the invitation page, allowing their mentors' names.
    const joined = await postForm(new URL(link).pathname, { showGuides: "on" }, pastor.cookie);
    expect(joined.status).toBe(302);
    const created = await prisma.booking.create({
      data: { userId: pastor.person.id, guideId: guide.id, topic: "SECRET-TOPIC burnout", additionalNotes: "SECRET-NOTE elders", rateCents: 5000, status: "completed", paymentStatus: "paid", startsAt: new Date(Date.UTC(2026, 0, 14, 15, 30)), durationMinutes: 60 },
    });
    booking = created;
    await transaction((tx) => reserveCover(tx, { id: created.id, pastorId: pastor.person.id, guideId: guide.id, priceCents: 5000, feePercent: 10 }, undefined, new Date()));
    paymentId = (await prisma.payment.create({ data: { bookingId: created.id, userId: pastor.person.id, guideId: guide.id, amountCents: 1000, status: "succeeded", paidAt: new Date() } })).id;
    await prisma.review.create({ data: { bookingId: created.id, authorId: pastor.person.id, guideId: guide.id, rating: 5, content: "SECRET-REVIEW kind words" } });
    await prisma.message.create({ data: { senderId: pastor.person.id, recipientId: guide.id, body: "SECRET-MESSAGE about my marriage" } });
  });

  test("sees amounts, counts, budgets and (as allowed) guides' names, never a topic, note, message, review or time", async () => {
    const pages = ["/sponsor", "/sponsor/pastors", `/sponsor/pastors/${pastor.person.id}`, "/sponsor/ledger", "/sponsor/ledger?sort=amount", "/sponsor/rules", "/sponsor/invites", "/sponsor/fund"];
    for (const page of pages) {
      const response = await send(page, { cookie: sponsorAdmin.cookie });
      expect(response.status, page).toBe(200);
      const html = await text(response);
      for (const secret of SECRETS) expect(html, `${page} shows ${secret}`).not.toContain(secret);
      expect(html).not.toContain("2026-01-14");
      expect(html).not.toMatch(/Jan(uary)? 14/);
      expect(html).not.toMatch(/3:30|10:30|9:30/);
    }
    const overview = await text(await send("/sponsor", { cookie: sponsorAdmin.cookie }));
    expect(overview).toContain(formatMoney(46_000));
    expect(overview).toContain(pastor.person.name);
    expect(overview).toContain("Miriam Guide: 1 session");
    expect(overview).toContain("-$40.00");
  });

  test("every route that shows a pastor's booking, message, review or payment is a 404 to them", async () => {
    const routes = [
      `/user-dashboard/bookings/${booking.id}/review`,
      `/user-dashboard/bookings/${booking.id}/calendar.ics`,
      `/user-dashboard/payments/${paymentId}/receipt`,
      `/checkout/booking/${booking.id}`,
    ];
    for (const route of routes) expect((await send(route, { cookie: sponsorAdmin.cookie })).status, route).toBe(404);
    // Lists of their own show nothing of the pastor's.
    for (const page of [`/user-dashboard/bookings?booking=${booking.id}`, `/user-dashboard/messages?with=${pastor.person.id}`, `/user-dashboard/messages?with=${guide.id}`, "/user-dashboard/payments"]) {
      const response = await send(page, { cookie: sponsorAdmin.cookie });
      const html = response.status === 200 ? await text(response) : "";
      for (const secret of SECRETS) expect(html, `${page} shows ${secret}`).not.toContain(secret);
    }
    // The console's views of the pastor are the console's: a sponsor admin is sent back to their own dashboard.
    expect((await send(`/admin/dashboard/viewuser/${pastor.person.id}`, { cookie: sponsorAdmin.cookie })).status).toBe(302);
  });

  test("opening a pastor's totals is recorded, and the pastor reads it in Settings", async () => {
    await send(`/sponsor/pastors/${pastor.person.id}`, { cookie: sponsorAdmin.cookie });
    expect(await prisma.auditEntry.count({ where: { recordId: String(pastor.person.id), action: "open-sponsorship", actorId: sponsorAdmin.person.id } })).toBe(1);
    const settings = await text(await send("/user-dashboard/settings", { cookie: pastor.cookie }));
    expect(settings).toContain(`${sponsorAdmin.person.name} opened your sponsorship's totals`);
    // Another sponsor's admin, or a pastor of none, is a 404.
    expect((await send(`/sponsor/pastors/${sponsorAdmin.person.id}`, { cookie: sponsorAdmin.cookie })).status).toBe(404);
  });

  test("a pastor who keeps their guides private shows none", async () => {
    await prisma.sponsoredPastor.updateMany({ where: { userId: pastor.person.id }, data: { showGuides: false } });
    const overview = await text(await send("/sponsor", { cookie: sponsorAdmin.cookie }));
    expect(overview).not.toContain("Miriam Guide");
    expect(overview).toContain("Guides kept private.");
    await prisma.sponsoredPastor.updateMany({ where: { userId: pastor.person.id }, data: { showGuides: true } });
  });

  test("rules by form: bad input is refused with messages and kept; good input saves", async () => {
    const bad = await postForm("/sponsor/rules", { budget: "lots", budgetPeriod: "quarter", ceiling: "", copayPercent: "150" }, sponsorAdmin.cookie);
    expect(bad.status).toBe(400);
    const html = await text(bad);
    expect(html).toContain(SPONSOR_MESSAGES.budgetInvalid);
    expect(html).toContain(SPONSOR_MESSAGES.copayInvalid);
    expect(html).toContain('value="lots"');
    const good = await postForm("/sponsor/rules", { budget: "300", budgetPeriod: "quarter", ceiling: "150", copayPercent: "20", categories: "Senior Pastors" }, sponsorAdmin.cookie);
    expect(good.status).toBe(302);
    expect(await prisma.sponsorAccount.findUniqueOrThrow({ where: { organisationId } })).toMatchObject({ budgetCents: 30_000, ceilingCents: 15_000, copayPercent: 20, categories: "Senior Pastors" });
  });
  test("guides covered are chosen by the name Find a Mentor shows or a profile address, listed by name, and untick to go", async () => {
    const suffix = sponsorAdmin.person.id;
    const ruth = await createPerson("guide", { name: `Ruth Adeyemi ${suffix}` });
    const [samuel, namesake] = [await createPerson("guide", { name: `Samuel Okafor ${suffix}` }), await createPerson("guide", { name: `Samuel Okafor ${suffix}` })];
    const paused = await createPerson("guide", { name: `Ruth Paused ${suffix}`, status: "inactive" });
    const rules = { budget: "300", budgetPeriod: "quarter", ceiling: "150", copayPercent: "20", categories: "Senior Pastors" };
    const guideIdsSaved = async () => (await prisma.sponsorAccount.findUniqueOrThrow({ where: { organisationId } })).guideIds;

    // The suggestions name mentors anyone can find, never a paused one.
    const suggested = (await (await send(`/api/mentor-names?search=${suffix}`)).json()) as { data: string[] };
    expect(suggested.data).toContain(ruth.name);
    expect(suggested.data).not.toContain(paused.name);

    // A name is taken whatever its case and spacing.
    expect((await postForm("/sponsor/rules", { ...rules, addGuide: `  ruth   ADEYEMI ${suffix} ` }, sponsorAdmin.cookie)).status).toBe(302);
    expect(await guideIdsSaved()).toBe(String(ruth.id));
    // A name two mentors share is refused, and what was typed is kept; the profile address says which one.
    const shared = await postForm("/sponsor/rules", [...Object.entries(rules), ["guideIds", String(ruth.id)], ["addGuide", samuel.name]], sponsorAdmin.cookie);
    expect(shared.status).toBe(400);
    const sharedPage = await text(shared);
    expect(sharedPage).toContain(SPONSOR_MESSAGES.guideNameShared);
    expect(sharedPage).toContain(`value="${samuel.name}"`);
    const byAddress = await postForm("/sponsor/rules", [...Object.entries(rules), ["guideIds", String(ruth.id)], ["addGuide", `http://localhost/mentor/${namesake.id}`]], sponsorAdmin.cookie);
    expect(byAddress.status).toBe(302);
    expect(await guideIdsSaved()).toBe(`${ruth.id},${namesake.id}`);
    // No live mentor by that name or address: refused.
    for (const addGuide of [paused.name, "Nobody Here", `/mentor/${pastor.person.id}`]) {
      const refused = await postForm("/sponsor/rules", { ...rules, addGuide }, sponsorAdmin.cookie);
      expect(refused.status).toBe(400);
      expect(await text(refused)).toContain(SPONSOR_MESSAGES.guideNotFound);
    }

    // The form lists the chosen guides by name, ticked; unticking one stops covering them.
    const page = await text(await send("/sponsor/rules", { cookie: sponsorAdmin.cookie }));
    expect(page).toContain(ruth.name);
    expect(page).toMatch(new RegExp(`name="guideIds" checked="" value="${namesake.id}"`));
    expect((await postForm("/sponsor/rules", [...Object.entries(rules), ["guideIds", String(namesake.id)]], sponsorAdmin.cookie)).status).toBe(302);
    expect(await guideIdsSaved()).toBe(String(namesake.id));
    // An id that is no guide's (a hand-made post) is refused, and nothing changes.
    const forged = await postForm("/sponsor/rules", [...Object.entries(rules), ["guideIds", String(pastor.person.id)]], sponsorAdmin.cookie);
    expect(forged.status).toBe(400);
    expect(await text(forged)).toContain(SPONSOR_MESSAGES.guideUnknown);
    expect(await guideIdsSaved()).toBe(String(namesake.id));
    await postForm("/sponsor/rules", rules, sponsorAdmin.cookie);
    expect(await guideIdsSaved()).toBe("");
  });

  test("a funding's receipt is printed from the ledger and its e-mail, for the organisation's sponsor admins alone", async () => {
    const funding = await postForm("/sponsor/fund", { amount: "$750" }, sponsorAdmin.cookie);
    const checkout = funding.headers.get("Location")!;
    expect((await postForm(checkout, { intent: "pay" }, sponsorAdmin.cookie)).status).toBe(302);
    const paid = await prisma.sponsorFunding.findFirstOrThrow({ where: { organisationId, amountCents: 75_000 }, orderBy: { id: "desc" } });
    const receiptPath = `/sponsor/fundings/${paid.id}/receipt`;
    // The ledger links it beside the funding, and the e-mailed receipt gives its address.
    expect(await text(await send("/sponsor/ledger?kind=funding", { cookie: sponsorAdmin.cookie }))).toMatch(new RegExp(`aria-label="Receipt for \\$750\\.00 added"[^>]*href="${receiptPath}"`));
    const [mail] = await mailTo(sponsorAdmin.person.email);
    expect(mail.text).toMatch(new RegExp(`https?://\\S+${receiptPath}(\\s|$)`));
    const receipt = await text(await send(receiptPath, { cookie: sponsorAdmin.cookie }));
    expect(receipt).toContain(`Mentoring fund of Grace Church ${sponsorAdmin.person.id}`);
    // Who paid, a line each: the name, then the e-mail.
    expect(receipt).toContain(`>Paid by ${sponsorAdmin.person.name}</span>`);
    expect(receipt).toContain(`>${sponsorAdmin.person.email}</span>`);
    expect(receipt).toContain(paid.stripeCheckoutSessionId!);
    expect(receipt).toMatch(/Total paid<\/dt><dd[^>]*>\$750\.00 USD/);
    // A pastor, another organisation's sponsor admin and an unknown or unpaid funding: no receipt.
    const other = await signIn("user");
    await turnOnTwoFactor(other.person.id);
    await postForm("/sponsor/start", { name: `Other Chapel ${other.person.id}`, kind: "church", amount: "100" }, other.cookie);
    await postForm("/sponsor/fund", { amount: "20" }, sponsorAdmin.cookie);
    const unpaid = await prisma.sponsorFunding.findFirstOrThrow({ where: { organisationId, status: "pending" }, orderBy: { id: "desc" } });
    for (const [path, cookie] of [[receiptPath, pastor.cookie], [receiptPath, other.cookie], ["/sponsor/fundings/999999/receipt", sponsorAdmin.cookie], [`/sponsor/fundings/${unpaid.id}/receipt`, sponsorAdmin.cookie]]) {
      expect((await send(path, { cookie })).status).toBe(404);
    }
  });

  test("amounts are taken as a treasurer writes them, with a dollar sign and thousands commas", async () => {
    const funding = await postForm("/sponsor/fund", { amount: "$2,000" }, sponsorAdmin.cookie);
    expect(funding.status).toBe(302);
    expect(funding.headers.get("Location")).toMatch(/^\/checkout\/test\/cs_test_/);
    expect(await prisma.sponsorFunding.findFirstOrThrow({ where: { organisationId }, orderBy: { id: "desc" } })).toMatchObject({ amountCents: 200_000, status: "pending" });
    const rules = await postForm("/sponsor/rules", { budget: "1,250.50", budgetPeriod: "year", ceiling: "$ 150", copayPercent: "20", categories: "Senior Pastors" }, sponsorAdmin.cookie);
    expect(rules.status).toBe(302);
    expect(await prisma.sponsorAccount.findUniqueOrThrow({ where: { organisationId } })).toMatchObject({ budgetCents: 125_050, budgetPeriod: "year", ceilingCents: 15_000 });
    // A comma anywhere but between thousands is no amount.
    for (const amount of ["1,50", "20,00,000", "$"]) expect((await postForm("/sponsor/fund", { amount }, sponsorAdmin.cookie)).status).toBe(400);
    await postForm("/sponsor/rules", { budget: "300", budgetPeriod: "quarter", ceiling: "150", copayPercent: "20", categories: "Senior Pastors" }, sponsorAdmin.cookie);
  });
});

describe("a pastor", () => {
  test("opens an e-mailed invitation, reads what the sponsor sees, joins by accepting, and leaves in one click", async () => {
    const newcomer = await signIn("user");
    const sent = await postForm("/sponsor/invites", { intent: "create", email: newcomer.person.email }, sponsorAdmin.cookie);
    expect(sent.status).toBe(200);
    const [mail] = await mailTo(newcomer.person.email);
    const path = new URL(/(http\S+\/sponsor\/join\/\S+)/.exec(mail.text)![1]).pathname;
    // Signed out, they sign in first and come back.
    expect((await send(path)).headers.get("Location")).toContain("/login?redirectTo=");
    // Signed in with another address, they are told it was sent to another one (it is theirs alone).
    const someoneElse = await send(path, { cookie: (await signIn("user")).cookie });
    expect(someoneElse.status).toBe(404);
    expect(await text(someoneElse)).toContain(SPONSOR_MESSAGES.inviteOtherAddress);
    const page = await text(await send(path, { cookie: newcomer.cookie }));
    expect(page).toContain("will never see");
    expect(page).toContain("Your topics or notes");
    expect(page).toContain(`Let Grace Church ${sponsorAdmin.person.id} see my mentors' names`);
    expect(await prisma.sponsoredPastor.count({ where: { userId: newcomer.person.id } })).toBe(0);
    await postForm(path, {}, newcomer.cookie);
    expect(await prisma.sponsoredPastor.findFirstOrThrow({ where: { userId: newcomer.person.id } })).toMatchObject({ showGuides: false, leftAt: null });
    const settings = await text(await send("/user-dashboard/settings", { cookie: newcomer.cookie }));
    expect(settings).toContain(`Leave Grace Church ${sponsorAdmin.person.id}'s sponsorship`);
    expect((await postForm("/user-dashboard/settings", { intent: "leave-sponsorship" }, newcomer.cookie)).status).toBe(302);
    expect(await prisma.sponsoredPastor.findFirstOrThrow({ where: { userId: newcomer.person.id } })).toMatchObject({ leftAt: expect.any(Date) });
  });

  test("sees the sponsor's offer in the booking dialog", async () => {
    await prisma.availability.createMany({ data: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ guideId: guide.id, weekday, startTime: "00:00", endTime: "23:45" })) });
    await prisma.sessionOption.create({ data: { guideId: guide.id, minutes: 60, priceCents: 10_000 } });
    await saveRules(actorOf(sponsorAdmin.person), organisationId, { budget: 30_000, budgetPeriod: "quarter", ceiling: null, copayPercent: 20, categories: [], guideIds: [] });
    // Noon four days on: inside the guide's hours whatever the hour the suite runs (a 23:00 start would end past 23:45).
    const start = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 4 * 86_400_000 + 12 * 3_600_000);
    const html = await text(await send(`/mentor/${guide.id}/book?minutes=60&start=${start.toISOString()}`, { cookie: pastor.cookie }));
    expect(html).toContain(SPONSOR_MESSAGES.covers(`Grace Church ${sponsorAdmin.person.id}`, 8000, 2000));
    expect(html).toContain("Pay privately.");
  });
});

describe("the sponsored pastor's bookings", () => {
  test("a paid session's badge says what the pastor paid, as the payment does, not the full price", async () => {
    const cover = await prisma.sponsorCover.findUniqueOrThrow({ where: { bookingId: booking.id } });
    const html = await text(await send("/user-dashboard/bookings?tab=past", { cookie: pastor.cookie }));
    expect(html).toContain(`Paid ${formatMoney(5000 - cover.coveredCents)}`);
    expect(html).not.toContain(`Paid ${formatMoney(5000)}`);
  });
});

describe("founding a sponsor", () => {
  test("a new organisation is created and funded through the test checkout; a name already taken is refused", async () => {
    const founder = await signIn("user");
    const taken = await postForm("/sponsor/start", { name: `grace church ${sponsorAdmin.person.id}`, kind: "church", amount: "100" }, founder.cookie);
    expect(taken.status).toBe(400);
    expect(await text(taken)).toContain(SPONSOR_MESSAGES.nameTaken);
    const started = await postForm("/sponsor/start", { name: `Hope Chapel ${founder.person.id}`, kind: "church", city: "Salem", country: "USA", amount: "250" }, founder.cookie);
    expect(started.status).toBe(302);
    const checkout = started.headers.get("Location")!;
    expect(checkout).toMatch(/^\/checkout\/test\/cs_test_/);
    expect(await text(await send(checkout, { cookie: founder.cookie }))).toContain(`Mentoring fund of Hope Chapel ${founder.person.id}`);
    // Nobody else opens it.
    expect((await send(checkout, { cookie: pastor.cookie })).status).toBe(404);
    const paid = await postForm(checkout, { intent: "pay" }, founder.cookie);
    expect(paid.headers.get("Location")).toMatch(/^\/sponsor\?funded=\d+$/);
    // The sponsorship opens once two-factor sign-in is on: until then, to its page, with a toast that says why.
    const needsCode = await send(paid.headers.get("Location")!, { cookie: founder.cookie });
    expect(needsCode.status).toBe(302);
    // It says so before they pay, and leads back, once it is on, to the overview's thanks for the funding just paid.
    expect(await text(await send("/sponsor/start", { cookie: founder.cookie }))).toContain("once you have paid, you turn on two-factor sign-in, then");
    const setupPage = needsCode.headers.get("Location")!;
    expect(setupPage).toBe(`/user-dashboard/settings/two-factor?next=${encodeURIComponent(paid.headers.get("Location")!)}`);
    // A step still to take, nothing failed: the toast is the brand's colour, not an error's red. (Read on another page:
    // opening the setup page would start a setup.)
    const toasted = await text(await send("/user-dashboard/settings", { cookie: cookiesFrom(needsCode, founder.cookie) }));
    expect(toasted).toMatch(/data-variant="info"[^>]*>[\s\S]{0,200}>Two-Factor Sign-In Needed</);
    const secret = await turnOnTwoFactor(founder.person.id);
    // …and stays on while they run it.
    await expect(turnOffTwoFactor(actorOf(founder.person), { currentPassword: TEST_PASSWORD, code: await freshCode(founder.person.id, secret) }, null)).rejects.toMatchObject({
      status: 403,
      message: twoFactorMessages.requiredForSponsors,
    });
    // Its page says so (no form to turn it off that would only be refused) and leads on to the sponsorship.
    const twoFactorPage = await text(await send("/user-dashboard/settings/two-factor", { cookie: founder.cookie }));
    expect(twoFactorPage).toContain(twoFactorMessages.requiredForSponsors);
    expect(twoFactorPage).not.toContain("Turn off two-factor sign-in");
    expect(twoFactorPage).toMatch(/<a[^>]*href="\/sponsor"[^>]*>Open your sponsorship<\/a>/);
    const fromFunding = await text(await send(setupPage, { cookie: founder.cookie }));
    expect(fromFunding).toMatch(new RegExp(`<a[^>]*href="${paid.headers.get("Location")!.replace("?", "\\?")}"[^>]*>Open your sponsorship</a>`));
    // Only a sponsorship page: anything else leads to the overview.
    for (const next of ["/admin/dashboard", "https://example.com/sponsor", "/sponsorship-elsewhere"]) {
      expect(await text(await send(`/user-dashboard/settings/two-factor?next=${encodeURIComponent(next)}`, { cookie: founder.cookie }))).toMatch(/<a[^>]*href="\/sponsor"[^>]*>Open your sponsorship<\/a>/);
    }
    expect(await text(await send("/sponsor/start", { cookie: founder.cookie }))).not.toContain("once you have paid, you turn on two-factor sign-in");
    const overview = await text(await send(paid.headers.get("Location")!, { cookie: founder.cookie }));
    expect(overview).toContain("$250.00");
    expect(overview).toContain("Thank you: $250.00 was added to the balance");
    // No pastor yet: one invitation link, in the sentence that says so.
    expect(overview).toContain("No pastor has joined yet.");
    expect(overview).toContain(">Invite your pastors<");
    expect(overview).not.toContain(">Invite pastors<");
    // A new sponsor's empty lists say what comes next; a search that finds nothing says only that.
    expect(await text(await send("/sponsor/pastors", { cookie: founder.cookie }))).toContain("No pastor has joined yet. Invite your pastors from Invitations");
    expect(await text(await send("/sponsor/pastors?search=nobody", { cookie: founder.cookie }))).toContain("No pastor matches.");
    expect(await text(await send("/sponsor/invites", { cookie: founder.cookie }))).toContain("No invitations yet. Make one above");
    expect(await text(await send("/sponsor/invites?status=revoked", { cookie: founder.cookie }))).toContain("No invitations match.");
  });
});
