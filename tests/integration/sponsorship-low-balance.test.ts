/**
 * A sponsor's balance running low: the cover that takes it below its low line (one pastor's budget for a period, or a
 * quarter of the last funding when smaller) e-mails each of its admins once, with a link to add funds; later covers
 * below it say nothing, until a funding lifts it back and it falls again. An empty fund says pastors pay in full.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { runDueJobs } from "#app/lib/jobs.server.ts";
import { createBooking } from "#app/modules/bookings/booking-flow.server.ts";
import { freeTimes } from "#app/modules/schedule/schedule.server.ts";
import { acceptInvite, createInvite, foundSponsor, LOW_BALANCE_JOB, saveRules, startFunding } from "#app/modules/sponsorship/sponsorship.server.ts";
import { actorOf, createPerson } from "#tests/app.ts";
import { mailTo } from "#tests/mocks/mail.ts";
import { completeStripeCheckout } from "#tests/mocks/stripe.ts";

const DAY = 24 * 60 * 60 * 1000;

let guide: Awaited<ReturnType<typeof createPerson>>;
let starts: Date[] = [];

beforeAll(async () => {
  guide = await createPerson("guide", { isVerified: true });
  await prisma.guideProfile.create({ data: { userId: guide.id, hourlyRateCents: 5000, noticeHours: 1, horizonDays: 60, category: "Senior Pastors" } });
  await prisma.availability.createMany({ data: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ guideId: guide.id, weekday, startTime: "00:00", endTime: "23:45" })) });
  await prisma.sessionOption.createMany({ data: [{ guideId: guide.id, minutes: 60, priceCents: 5000 }] });
  const from = new Date(Date.now() + 3 * DAY);
  starts = (await freeTimes(guide.id, { minutes: 60, from, to: new Date(from.getTime() + 4 * DAY), now: new Date() })).filter((time) => time.getUTCMinutes() === 0);
});

/** A sponsor (its admin founded it) and a pastor of it; its rules cover $50 sessions in full, up to $1,000 a quarter each. */
async function sponsor() {
  const admin = await createPerson("user", { organisation: "" });
  const organisation = await foundSponsor(actorOf(admin), { name: `Grace Church ${admin.id}`, kind: "church", city: null, country: null });
  await saveRules(actorOf(admin), organisation.id, { budget: 100_000, budgetPeriod: "quarter", ceiling: null, copayPercent: 0, categories: [], guideIds: [] });
  const pastor = await createPerson("user");
  const { link } = await createInvite(actorOf(admin), organisation.id, null);
  await acceptInvite(actorOf(pastor), link.split("/").pop()!, false);
  return { admin, organisation, pastor };
}

/** A funding paid through Checkout (its signed event credits the balance). */
async function fund(admin: Awaited<ReturnType<typeof createPerson>>, organisationId: number, amountCents: number) {
  const { url } = await startFunding(actorOf(admin), organisationId, amountCents);
  await completeStripeCheckout(url.split("/").pop()!);
}

/** The pastor books the next free hour, covered in full ($50); then the jobs that follow a booking run, as the worker would. */
async function coveredSession(pastorId: number) {
  await createBooking(pastorId, { guideId: guide.id, minutes: 60, startsAt: starts.shift()!, topic: "Budget season", intro: false, sponsorship: "use", sponsoredCents: 5000 });
  await runDueJobs(new Date(), 100, [LOW_BALANCE_JOB]);
}

const balanceOf = async (organisationId: number) => (await prisma.sponsorAccount.findUniqueOrThrow({ where: { organisationId } })).balanceCents;
const fundMails = async (email: string) => (await mailTo(email)).filter((mail) => mail.subject.includes("mentoring fund is"));

describe("a sponsor's balance running low", () => {
  test("the cover that crosses the line e-mails each admin once; none below it; again after a funding lifts it and it falls", async () => {
    const { admin, organisation, pastor } = await sponsor();
    const second = await createPerson("user");
    await prisma.sponsorAdmin.create({ data: { organisationId: organisation.id, userId: second.id } });
    // $250 funded: low below a quarter of it ($62.50), smaller than one pastor's quarterly budget ($1,000).
    await fund(admin, organisation.id, 25_000);
    for (let session = 0; session < 3; session++) await coveredSession(pastor.id);
    expect(await balanceOf(organisation.id)).toBe(10_000);
    expect(await fundMails(admin.email)).toEqual([]);

    await coveredSession(pastor.id);
    expect(await balanceOf(organisation.id)).toBe(5000);
    for (const person of [admin, second]) {
      const mails = await fundMails(person.email);
      expect(mails.map((mail) => mail.subject)).toEqual([`${organisation.name}'s mentoring fund is running low: $50.00 left`]);
      expect(mails[0].text).toContain(`Hello ${person.name},`);
      expect(mails[0].text).toContain("That is less than a quarter of your last funding ($250.00)");
      expect(mails[0].text).toContain("http://localhost:3000/sponsor/fund");
      expect(mails[0].html).toContain('href="http://localhost:3000/sponsor/fund"');
    }
    expect((await prisma.sponsorAccount.findUniqueOrThrow({ where: { organisationId: organisation.id } })).lowBalanceMailedAt).not.toBeNull();

    // The next cover, still below (down to nothing): no second mail.
    await coveredSession(pastor.id);
    expect(await balanceOf(organisation.id)).toBe(0);
    expect(await fundMails(admin.email)).toHaveLength(1);

    // $120 more lifts it above its new line ($30) and clears the mark; falling below again tells them again.
    await fund(admin, organisation.id, 12_000);
    expect((await prisma.sponsorAccount.findUniqueOrThrow({ where: { organisationId: organisation.id } })).lowBalanceMailedAt).toBeNull();
    await coveredSession(pastor.id);
    expect(await fundMails(admin.email)).toHaveLength(1);
    await coveredSession(pastor.id);
    expect(await balanceOf(organisation.id)).toBe(2000);
    const mails = await fundMails(admin.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `${organisation.name}'s mentoring fund is running low: $50.00 left`,
      `${organisation.name}'s mentoring fund is running low: $20.00 left`,
    ]);
    expect(mails[1].text).toContain("That is less than a quarter of your last funding ($120.00)");
    expect(await fundMails(second.email)).toHaveLength(2);
  });

  test("a cover that empties the fund says pastors now pay in full; one pastor's budget is the line when it is smaller", async () => {
    const { admin, organisation, pastor } = await sponsor();
    // $4,000 funded, a budget of $100 a quarter: low below the budget.
    await saveRules(actorOf(admin), organisation.id, { budget: 10_000, budgetPeriod: "quarter", ceiling: null, copayPercent: 0, categories: [], guideIds: [] });
    await fund(admin, organisation.id, 400_000);
    // Most of it spent since.
    await prisma.sponsorAccount.update({ where: { organisationId: organisation.id }, data: { balanceCents: 15_000 } });
    await coveredSession(pastor.id);
    expect(await fundMails(admin.email)).toEqual([]);
    await coveredSession(pastor.id);
    const [low] = await fundMails(admin.email);
    expect(low.subject).toBe(`${organisation.name}'s mentoring fund is running low: $50.00 left`);
    expect(low.text).toContain("That is less than one pastor's quarterly budget ($100.00)");

    // Another sponsor, whose fund the next cover empties.
    const small = await sponsor();
    await fund(small.admin, small.organisation.id, 5000);
    await coveredSession(small.pastor.id);
    expect(await balanceOf(small.organisation.id)).toBe(0);
    const [empty] = await fundMails(small.admin.email);
    expect(empty.subject).toBe(`${small.organisation.name}'s mentoring fund is empty: pastors now pay in full`);
    expect(empty.text).toContain("Until it is funded again, your pastors pay for their sessions in full.");
  });
});
