/**
 * Sponsored mentoring: funding a sponsor's balance (credited once), its rules, invitations, the covered part of a
 * booking (co-pay, ceiling, guides, budget per period), twenty bookings at once against the balance and the budget,
 * refunds that give the covered part back once, and a private booking that leaves the sponsor nothing to see.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createBooking } from "#app/modules/bookings/booking-flow.server.ts";
import { getTestCheckout, startCheckout } from "#app/modules/bookings/checkout.server.ts";
import { cancelBooking } from "#app/modules/bookings/lifecycle.server.ts";
import { freeTimes } from "#app/modules/schedule/schedule.server.ts";
import { periodLabel, periodStart, SPONSOR_MESSAGES } from "#app/modules/sponsorship/messages.ts";
import { rulesSchema } from "#app/modules/sponsorship/schema.ts";
import {
  acceptInvite,
  activeSponsorship,
  createInvite,
  foundSponsor,
  leaveSponsorship,
  revokeInvite,
  saveRules,
  sponsorDashboard,
  sponsorQuote,
  startFunding,
} from "#app/modules/sponsorship/sponsorship.server.ts";
import { actorOf, createPerson } from "#tests/app.ts";
import { mailTo } from "#tests/mocks/mail.ts";
import { completeStripeCheckout, expireStripeCheckout, postStripeEvent, stripeEvent } from "#tests/mocks/stripe.ts";
import { stripe } from "#app/modules/payments/stripe.server.ts";

const DAY = 24 * 60 * 60 * 1000;

async function createGuide(category = "Senior Pastors") {
  const guide = await createPerson("guide", { isVerified: true });
  await prisma.guideProfile.create({ data: { userId: guide.id, hourlyRateCents: 5000, noticeHours: 1, horizonDays: 60, category } });
  await prisma.availability.createMany({ data: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ guideId: guide.id, weekday, startTime: "00:00", endTime: "23:45" })) });
  await prisma.sessionOption.createMany({ data: [{ guideId: guide.id, minutes: 30, priceCents: 2500 }, { guideId: guide.id, minutes: 60, priceCents: 5000 }] });
  return guide;
}

async function freeStarts(guideId: number, count: number, minutes = 30) {
  const from = new Date(Date.now() + 3 * DAY);
  const times = await freeTimes(guideId, { minutes, from, to: new Date(from.getTime() + 4 * DAY), now: new Date() });
  // Whole hours, so no two 30-minute sessions overlap.
  const spaced = times.filter((time) => time.getUTCMinutes() === 0);
  expect(spaced.length).toBeGreaterThanOrEqual(count);
  return spaced.slice(0, count);
}

/** A sponsor with a funded balance (through Checkout and its signed event) and its rules. */
async function sponsorWith({ balanceCents = 100_000, rules = {} as Partial<Parameters<typeof saveRules>[2]> } = {}) {
  const admin = await createPerson("user", { organisation: "" });
  const organisation = await foundSponsor(actorOf(admin), { name: `Grace Church ${admin.id}`, kind: "church", city: "Portland", country: "USA" });
  await saveRules(actorOf(admin), organisation.id, { budget: 30_000, budgetPeriod: "quarter", ceiling: null, copayPercent: 20, categories: [], guideIds: [], ...rules });
  await prisma.sponsorAccount.update({ where: { organisationId: organisation.id }, data: { balanceCents } });
  return { admin, organisation };
}

async function pastorOf(sponsor: Awaited<ReturnType<typeof sponsorWith>>, showGuides = false) {
  const pastor = await createPerson("user");
  const { link } = await createInvite(actorOf(sponsor.admin), sponsor.organisation.id, null);
  await acceptInvite(actorOf(pastor), link.split("/").pop()!, showGuides);
  return pastor;
}

const balanceOf = async (organisationId: number) => (await prisma.sponsorAccount.findUniqueOrThrow({ where: { organisationId } })).balanceCents;

const request = (guideId: number, startsAt: Date, extra: Record<string, unknown> = {}) => ({ guideId, minutes: 30, startsAt, topic: "Burnout and the board", notes: "Private notes about the elders", intro: false, ...extra });

let guide: Awaited<ReturnType<typeof createGuide>>;
beforeAll(async () => {
  guide = await createGuide();
});

describe("funding", () => {
  test("a paid Checkout credits the balance once, e-mails a receipt and writes one ledger row; a replayed confirmation changes nothing", async () => {
    const { admin, organisation } = await sponsorWith({ balanceCents: 0 });
    const { url, fundingId } = await startFunding(actorOf(admin), organisation.id, 50_000);
    const sessionId = url.split("/").pop()!;
    expect(url).toBe(`/checkout/test/${sessionId}`);
    expect(await balanceOf(organisation.id)).toBe(0);

    await completeStripeCheckout(sessionId);
    expect(await balanceOf(organisation.id)).toBe(50_000);
    expect(await prisma.sponsorFunding.findUniqueOrThrow({ where: { id: fundingId } })).toMatchObject({ status: "paid" });

    // The same confirmation again (a redelivery), and another event for the same session: no second credit.
    const paid = (await stripe().checkout.sessions.retrieve(sessionId)) as unknown as Record<string, unknown>;
    const again = stripeEvent("checkout.session.completed", paid);
    expect((await postStripeEvent(again)).status).toBe(200);
    expect((await postStripeEvent(again)).status).toBe(200);
    expect(await balanceOf(organisation.id)).toBe(50_000);
    expect(await prisma.sponsorLedgerEntry.findMany({ where: { organisationId: organisation.id } })).toMatchObject([{ kind: "funding", amountCents: 50_000, fundingId }]);
    expect((await mailTo(admin.email)).filter((mail) => mail.subject.startsWith("Receipt: $500.00"))).toHaveLength(1);
  });

  test("a forged confirmation (signed with another secret) credits nothing; a declined Checkout fails the funding", async () => {
    const { admin, organisation } = await sponsorWith({ balanceCents: 0 });
    const { url, fundingId } = await startFunding(actorOf(admin), organisation.id, 20_000);
    const sessionId = url.split("/").pop()!;
    const session = (await stripe().checkout.sessions.retrieve(sessionId)) as unknown as Record<string, unknown>;
    const forged = await postStripeEvent(stripeEvent("checkout.session.completed", { ...session, status: "complete", payment_status: "paid" }), { secret: "whsec_guess" });
    expect(forged.status).toBe(400);
    await expireStripeCheckout(sessionId);
    expect(await prisma.sponsorFunding.findUniqueOrThrow({ where: { id: fundingId } })).toMatchObject({ status: "failed" });
    expect(await balanceOf(organisation.id)).toBe(0);
  });

  test("only the sponsor's admins fund it", async () => {
    const { organisation } = await sponsorWith();
    const stranger = await createPerson("user");
    await expect(startFunding(actorOf(stranger), organisation.id, 10_000)).rejects.toMatchObject({ status: 404 });
  });

  test("a name already on Ministry Mentors cannot be claimed by founding it again", async () => {
    const { organisation } = await sponsorWith();
    const someone = await createPerson("user");
    await expect(foundSponsor(actorOf(someone), { name: organisation.name.toUpperCase(), kind: "church", city: null, country: null })).rejects.toMatchObject({ status: 409, message: SPONSOR_MESSAGES.nameTaken });
  });
});

describe("rules", () => {
  test("the form's rules are validated", () => {
    const good = rulesSchema.safeParse({ budget: "300", budgetPeriod: "quarter", ceiling: "", copayPercent: "20", categories: ["Senior Pastors"], guideIds: ["3", "5"], addGuide: " Ruth Adeyemi " });
    expect(good.success && good.data).toEqual({ budget: 30_000, budgetPeriod: "quarter", ceiling: null, copayPercent: 20, categories: ["Senior Pastors"], guideIds: [3, 5], addGuide: "Ruth Adeyemi" });
    const bad = rulesSchema.safeParse({ budget: "lots", budgetPeriod: "week", ceiling: "-4", copayPercent: "101", guideIds: "three" });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((issue) => `${issue.path[0] as string}: ${issue.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        `budget: ${SPONSOR_MESSAGES.budgetInvalid}`,
        `budgetPeriod: ${SPONSOR_MESSAGES.periodRequired}`,
        `copayPercent: ${SPONSOR_MESSAGES.copayInvalid}`,
        `guideIds: ${SPONSOR_MESSAGES.guideUnknown}`,
      ]),
    );
  });
});

describe("invitations", () => {
  test("a pastor joins only by accepting, a revoked link opens nothing, and leaving stops all cover", async () => {
    const sponsor = await sponsorWith();
    const pastor = await createPerson("user");
    expect(await sponsorQuote(pastor.id, guide.id, 5000)).toBeNull();
    const { id, link } = await createInvite(actorOf(sponsor.admin), sponsor.organisation.id, null);
    const token = link.split("/").pop()!;
    expect(await activeSponsorship(pastor.id)).toBeNull();
    await acceptInvite(actorOf(pastor), token, true);
    expect(await activeSponsorship(pastor.id)).toMatchObject({ organisation: sponsor.organisation.name, showGuides: true, budgetLeftCents: 30_000 });

    await revokeInvite(actorOf(sponsor.admin), sponsor.organisation.id, id);
    const other = await createPerson("user");
    await expect(acceptInvite(actorOf(other), token, false)).rejects.toMatchObject({ status: 404, message: SPONSOR_MESSAGES.inviteUnknown });

    await leaveSponsorship(actorOf(pastor));
    expect(await activeSponsorship(pastor.id)).toBeNull();
    expect(await sponsorQuote(pastor.id, guide.id, 5000)).toBeNull();
  });

  test("an e-mailed invitation sends its link, and is only for that address", async () => {
    const sponsor = await sponsorWith();
    const pastor = await createPerson("user");
    await createInvite(actorOf(sponsor.admin), sponsor.organisation.id, pastor.email);
    const [mail] = await mailTo(pastor.email);
    expect(mail.subject).toBe(`${sponsor.organisation.name} would like to sponsor your mentoring`);
    const token = /\/sponsor\/join\/(\S+)/.exec(mail.text)![1];
    const someoneElse = await createPerson("user");
    await expect(acceptInvite(actorOf(someoneElse), token, false)).rejects.toMatchObject({ status: 404 });
    await acceptInvite(actorOf(pastor), token, false);
    expect(await activeSponsorship(pastor.id)).not.toBeNull();
  });
});

describe("covering a booking", () => {
  test("the sponsor covers the price less the co-pay, and only within the ceiling and for the guides it names", async () => {
    const sponsor = await sponsorWith({ rules: { copayPercent: 20 } });
    const pastor = await pastorOf(sponsor);
    expect(await sponsorQuote(pastor.id, guide.id, 5000)).toMatchObject({ coveredCents: 4000, payCents: 1000 });
    await saveRules(actorOf(sponsor.admin), sponsor.organisation.id, { budget: 30_000, budgetPeriod: "quarter", ceiling: 4000, copayPercent: 20, categories: [], guideIds: [] });
    expect(await sponsorQuote(pastor.id, guide.id, 5000)).toBeNull();
    expect(await sponsorQuote(pastor.id, guide.id, 2500)).toMatchObject({ coveredCents: 2000, payCents: 500 });
    const other = await createGuide("Youth Ministry");
    await saveRules(actorOf(sponsor.admin), sponsor.organisation.id, { budget: 30_000, budgetPeriod: "quarter", ceiling: null, copayPercent: 0, categories: ["Senior Pastors"], guideIds: [] });
    expect(await sponsorQuote(pastor.id, guide.id, 5000)).toMatchObject({ coveredCents: 5000, payCents: 0 });
    expect(await sponsorQuote(pastor.id, other.id, 5000)).toBeNull();
    await saveRules(actorOf(sponsor.admin), sponsor.organisation.id, { budget: 30_000, budgetPeriod: "quarter", ceiling: null, copayPercent: 0, categories: [], guideIds: [other.id] });
    expect(await sponsorQuote(pastor.id, other.id, 5000)).toMatchObject({ coveredCents: 5000 });
    expect(await sponsorQuote(pastor.id, guide.id, 5000)).toBeNull();
    // A balance below the share covers what it holds.
    await prisma.sponsorAccount.update({ where: { organisationId: sponsor.organisation.id }, data: { balanceCents: 1234 } });
    expect(await sponsorQuote(pastor.id, other.id, 5000)).toMatchObject({ coveredCents: 1234, payCents: 3766 });
  });

  test("a co-paid booking charges only the pastor's share at Checkout, and the balance and budget go down", async () => {
    const sponsor = await sponsorWith({ balanceCents: 10_000 });
    const pastor = await pastorOf(sponsor);
    const [start] = await freeStarts(guide.id, 1);
    const booking = await createBooking(pastor.id, request(guide.id, start, { sponsorship: "use", sponsoredCents: 2000 }));
    expect(booking.status).toBe("held");
    expect(await balanceOf(sponsor.organisation.id)).toBe(8000);
    expect(await activeSponsorship(pastor.id)).toMatchObject({ budgetLeftCents: 28_000 });
    const { url } = await startCheckout(booking.id);
    const session = await stripe().checkout.sessions.retrieve(url.split("/").pop()!);
    expect(session.amount_total).toBe(500);
    // The Checkout's line says who pays the rest.
    const checkout = await getTestCheckout(session.id, actorOf(pastor));
    expect(checkout.description).toContain(`(${SPONSOR_MESSAGES.covers(sponsor.organisation.name, 2000, 500)})`);
    await completeStripeCheckout(session.id);
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ status: "confirmed", paymentStatus: "paid", rateCents: 2500 });
  });

  test("a booking the sponsor covers in full needs no Checkout; a covered amount that changed meanwhile is refused", async () => {
    const sponsor = await sponsorWith({ balanceCents: 10_000, rules: { copayPercent: 0 } });
    const pastor = await pastorOf(sponsor);
    const [first, second] = await freeStarts(guide.id, 2);
    const booking = await createBooking(pastor.id, request(guide.id, first, { sponsorship: "use", sponsoredCents: 2500 }));
    expect(booking.status).toBe("confirmed");
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ paymentStatus: "paid" });
    // No card payment: the sponsor's covered part is the booking's one payment, paid at once.
    expect(await prisma.payment.findMany({ where: { bookingId: booking.id }, select: { source: true, status: true, amountCents: true } })).toEqual([{ source: "sponsor", status: "succeeded", amountCents: 2500 }]);
    await prisma.sponsorAccount.update({ where: { organisationId: sponsor.organisation.id }, data: { balanceCents: 1000 } });
    await expect(createBooking(pastor.id, request(guide.id, second, { sponsorship: "use", sponsoredCents: 2500 }))).rejects.toMatchObject({ status: 409, message: SPONSOR_MESSAGES.changed(1000) });
    expect(await prisma.booking.count({ where: { userId: pastor.id } })).toBe(1);
  });

  test("the budget is per pastor per period: what is left of it is the most covered", async () => {
    const sponsor = await sponsorWith({ rules: { copayPercent: 0, budget: 4000, budgetPeriod: "month" } });
    const pastor = await pastorOf(sponsor);
    const [first, second] = await freeStarts(guide.id, 2);
    await createBooking(pastor.id, request(guide.id, first, { sponsorship: "use", sponsoredCents: 2500 }));
    expect(await sponsorQuote(pastor.id, guide.id, 2500)).toMatchObject({ coveredCents: 1500, payCents: 1000 });
    await createBooking(pastor.id, request(guide.id, second, { sponsorship: "use", sponsoredCents: 1500 }));
    expect(await sponsorQuote(pastor.id, guide.id, 2500)).toBeNull();
    // Next month the budget is whole again.
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 2));
    expect(await sponsorQuote(pastor.id, guide.id, 2500, nextMonth)).toMatchObject({ coveredCents: 2500 });
    // Another pastor of the same sponsor has their own budget.
    const other = await pastorOf(sponsor);
    expect(await sponsorQuote(other.id, guide.id, 2500)).toMatchObject({ coveredCents: 2500 });
  });

  test("twenty bookings at once never take more than the balance", async () => {
    const sponsor = await sponsorWith({ balanceCents: 10_000, rules: { copayPercent: 0 } });
    const pastors = await Promise.all(Array.from({ length: 20 }, () => pastorOf(sponsor)));
    const starts = await freeStarts(guide.id, 20);
    const results = await Promise.allSettled(pastors.map((pastor, index) => createBooking(pastor.id, request(guide.id, starts[index], { sponsorship: "use", sponsoredCents: 2500 }))));
    const booked = results.filter((result) => result.status === "fulfilled");
    expect(booked).toHaveLength(4);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 409 });
    expect(await balanceOf(sponsor.organisation.id)).toBe(0);
    const covered = await prisma.sponsorCover.aggregate({ where: { organisationId: sponsor.organisation.id }, _sum: { coveredCents: true } });
    expect(covered._sum.coveredCents).toBe(10_000);
  });

  test("twenty bookings at once by one pastor never take more than their budget", async () => {
    const sponsor = await sponsorWith({ balanceCents: 100_000, rules: { copayPercent: 0, budget: 7500 } });
    const pastor = await pastorOf(sponsor);
    const other = await createGuide();
    const starts = await freeStarts(other.id, 20);
    const results = await Promise.allSettled(starts.map((start) => createBooking(pastor.id, request(other.id, start, { sponsorship: "use", sponsoredCents: 2500 }))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    expect(await balanceOf(sponsor.organisation.id)).toBe(92_500);
    expect(await activeSponsorship(pastor.id)).toMatchObject({ budgetLeftCents: 0 });
  });
});

describe("refunds and private bookings", () => {
  test("a cancellation that refunds returns the covered part to the balance and the budget, once", async () => {
    const sponsor = await sponsorWith({ balanceCents: 10_000, rules: { copayPercent: 0 } });
    const pastor = await pastorOf(sponsor);
    const [start] = await freeStarts(guide.id, 1);
    const booking = await createBooking(pastor.id, request(guide.id, start, { sponsorship: "use", sponsoredCents: 2500 }));
    expect(await balanceOf(sponsor.organisation.id)).toBe(7500);
    await cancelBooking(actorOf(pastor), booking.id, null);
    expect(await balanceOf(sponsor.organisation.id)).toBe(10_000);
    expect(await activeSponsorship(pastor.id)).toMatchObject({ budgetLeftCents: 30_000 });
    await expect(cancelBooking(actorOf(pastor), booking.id, null)).rejects.toMatchObject({ status: 409 });
    expect(await balanceOf(sponsor.organisation.id)).toBe(10_000);
    const ledger = await prisma.sponsorLedgerEntry.findMany({ where: { organisationId: sponsor.organisation.id }, orderBy: { id: "asc" } });
    expect(ledger.map((entry) => [entry.kind, entry.amountCents])).toEqual([["session", -2500], ["returned", 2500]]);
  });

  test("the overview's totals per period move with each cover and with what comes back", async () => {
    const sponsor = await sponsorWith({ balanceCents: 10_000, rules: { copayPercent: 0 } });
    const [first, second] = [await pastorOf(sponsor), await pastorOf(sponsor)];
    const starts = await freeStarts(guide.id, 2);
    const booking = await createBooking(first.id, request(guide.id, starts[0], { sponsorship: "use", sponsoredCents: 2500 }));
    await createBooking(second.id, request(guide.id, starts[1], { sponsorship: "use", sponsoredCents: 2500 }));
    const label = periodLabel(periodStart(new Date(), "quarter"), "quarter");
    expect((await sponsorDashboard(actorOf(sponsor.admin), undefined)).periods).toEqual([{ label, sessions: 2, coveredCents: 5000 }]);
    // Given back in full, the session is no longer one the sponsor paid for; a second cancellation moves nothing.
    await cancelBooking(actorOf(first), booking.id, null);
    await expect(cancelBooking(actorOf(first), booking.id, null)).rejects.toMatchObject({ status: 409 });
    expect((await sponsorDashboard(actorOf(sponsor.admin), undefined)).periods).toEqual([{ label, sessions: 1, coveredCents: 2500 }]);
  });

  test("a co-paid booking whose Checkout expires gives the covered part back, once however often the event comes", async () => {
    const sponsor = await sponsorWith({ balanceCents: 10_000 });
    const pastor = await pastorOf(sponsor);
    const [start] = await freeStarts(guide.id, 1);
    const booking = await createBooking(pastor.id, request(guide.id, start, { sponsorship: "use", sponsoredCents: 2000 }));
    const { url } = await startCheckout(booking.id);
    const sessionId = url.split("/").pop()!;
    await expireStripeCheckout(sessionId);
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ status: "expired" });
    expect(await balanceOf(sponsor.organisation.id)).toBe(10_000);
    const expired = (await stripe().checkout.sessions.retrieve(sessionId)) as unknown as Record<string, unknown>;
    await postStripeEvent(stripeEvent("checkout.session.expired", expired));
    expect(await balanceOf(sponsor.organisation.id)).toBe(10_000);
    expect(await prisma.sponsorLedgerEntry.count({ where: { organisationId: sponsor.organisation.id, kind: "returned" } })).toBe(1);
  });

  test("a booking paid privately leaves no trace the sponsor can see", async () => {
    const sponsor = await sponsorWith({ balanceCents: 10_000 });
    const pastor = await pastorOf(sponsor, true);
    const [start] = await freeStarts(guide.id, 1);
    const booking = await createBooking(pastor.id, request(guide.id, start, { sponsorship: "private" }));
    const { url } = await startCheckout(booking.id);
    await completeStripeCheckout(url.split("/").pop()!);
    expect(await prisma.sponsorCover.count({ where: { bookingId: booking.id } })).toBe(0);
    const dashboard = await sponsorDashboard(actorOf(sponsor.admin), undefined);
    expect(dashboard.balanceCents).toBe(10_000);
    expect(dashboard.ledger.data).toEqual([]);
    expect(dashboard.periods).toEqual([]);
    expect(dashboard.pastors.data).toEqual([expect.objectContaining({ id: pastor.id, periods: [], guides: [] })]);
    expect(JSON.stringify(dashboard)).not.toContain(guide.name);
  });
});
