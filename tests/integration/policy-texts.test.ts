/**
 * The rules as people read them come from one module (app/modules/policies) and the operator's settings: changed in
 * the console's Settings, the new numbers are what the booking dialog, the cancel dialogs, the Terms of Service, the
 * FAQ and the Support Center say. FAQ answers hold placeholders filled at render. Real Requests through the built app.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { dialect } from "#app/lib/dialect.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import { cancellationPolicy, cancellationSummary, fillPolicyText, menteeCancellationPolicy, placeholdersContaining, TERMS_VERSION, type PolicySettings } from "#app/modules/policies/policies.ts";
import { freeTimes } from "#app/modules/schedule/schedule.server.ts";
import { postForm, send, signIn } from "#tests/app.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";

const HOUR = 3_600_000;

/** A page's text with React's separators and entities undone. */
const textOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
};

const defaults: PolicySettings = {
  cancellationWindowHours: 24,
  lateCancellationRefundPercent: 50,
  platformFeePercent: 10,
  holdMinutes: 15,
  requestExpiryHours: 48,
  autoCompleteHours: 24,
  disputeWindowHours: 48,
  maxHoldsPerGuide: 2,
  maxHoldsPerMentee: 3,
};

describe("the policy module", () => {
  test("states the cancellation rule for each setting, edge values included", () => {
    expect(cancellationPolicy(defaults)).toBe(
      "Cancel at least 24 hours before the session for a full refund. Later cancellations are refunded 50%. Once the session has started, it can no longer be cancelled. If your mentor cancels or declines, or the Ministry Mentors team cancels, you are always refunded in full.",
    );
    expect(menteeCancellationPolicy({ ...defaults, lateCancellationRefundPercent: 0 })).toContain("Later cancellations are not refunded.");
    expect(menteeCancellationPolicy({ ...defaults, cancellationWindowHours: 1 })).toContain("at least 1 hour before");
    expect(menteeCancellationPolicy({ ...defaults, cancellationWindowHours: 0 })).toBe("You can cancel for a full refund until the session starts; once it has started, it can no longer be cancelled.");
    expect(cancellationSummary({ ...defaults, lateCancellationRefundPercent: 0 })).toBe("Free cancellation up to 24 hours before the start; later, no refund. If your mentor cancels or declines, you get a full refund.");
  });

  test("fills known placeholders, leaves others as written, and tells which placeholders a search word stands in", () => {
    expect(fillPolicyText("Held {holdMinutes} minutes; fee {platformFeePercent}%; {unknown} and {constructor} stay.", defaults)).toBe(
      "Held 15 minutes; fee 10%; {unknown} and {constructor} stay.",
    );
    expect(fillPolicyText("{payoutPolicy}", defaults)).toContain("Stripe Connect");
    expect(placeholdersContaining("REFUNDED", defaults)).toEqual(expect.arrayContaining(["cancellationPolicy", "requestExpiryPolicy", "noShowPolicy", "payoutPolicy"]));
    expect(placeholdersContaining("refunded", defaults)).not.toContain("holdPolicy");
  });
});

describe("the texts follow the console's Settings", () => {
  test("new numbers appear on the booking dialog, the Terms, the FAQ, the Support Center and both cancel dialogs", async () => {
    await prisma.faq.createMany({
      data: [
        { type: "payments", question: "What is the cancellation policy?", answer: "{cancellationPolicy}", isActive: true, position: 0 },
        { type: "guide", question: "How are guides paid?", answer: "{payoutPolicy}", isActive: true, position: 0 },
        { type: "payments", question: "How long is my time held?", answer: "For {holdMinutes} minutes while you pay. {notAPlaceholder} stays as written.", isActive: true, position: 1 },
      ],
    });
    const admin = await signIn("admin");
    const saved = await postForm(
      "/admin/dashboard/settings",
      {
        supportEmail: "help@ministry.example",
        platformFeePercent: "12",
        minimumNoticeHours: "1",
        cancellationWindowHours: "36",
        lateCancellationRefundPercent: "25",
        holdMinutes: "20",
        maxAdvanceDays: "90",
        disputeWindowHours: "72",
        requestExpiryHours: "30",
        autoCompleteHours: "6",
        maxHoldsPerGuide: "1",
        maxHoldsPerMentee: "4",
      },
      admin.cookie,
    );
    expect(saved.status).toBe(302);

    // The booking dialog, before paying: the short rule and a link to the Terms.
    const guide = await createBookableGuide();
    const mentee = await signIn("user");
    const [start] = await freeTimes(guide.id, { minutes: 60, from: new Date(Date.now() + 3 * 24 * HOUR), to: new Date(Date.now() + 5 * 24 * HOUR) });
    const dialog = await textOf(await send(`/mentor/${guide.id}/book?minutes=60&start=${start.toISOString()}`, { cookie: mentee.cookie }));
    expect(dialog).toContain("Cancellation and refunds");
    expect(dialog).toContain("Free cancellation up to 36 hours before the start; later, 25% is refunded. If your mentor cancels or declines, you get a full refund.");
    expect(dialog).toContain('href="/terms-of-service#cancellations"');
    expect(dialog).toContain("Your time is held for 20 minutes while you pay.");

    // The Terms: every rule from the settings, none "at the guide's discretion".
    const terms = await textOf(await send("/terms-of-service"));
    expect(terms).toContain(`Version ${TERMS_VERSION}.`);
    expect(terms).toContain("Cancel at least 36 hours before the session for a full refund. Later cancellations are refunded 25%.");
    expect(terms).toContain("If your mentor cancels or declines, or the Ministry Mentors team cancels, you are always refunded in full.");
    expect(terms).toContain("up to 36 hours before it starts");
    expect(terms).toContain("held for you for 20 minutes while you pay by card");
    expect(terms).toContain("at most 1 unpaid time with one mentor, and 4 in all");
    expect(terms).toContain("expires after 30 hours, or sooner once the session is closer than the mentor's minimum notice; an expired request is refunded in full");
    expect(terms).toContain("marked completed on its own 6 hours after it ends, unless a problem was reported");
    expect(terms).toContain("between the session's start and 72 hours after the session is completed");
    expect(terms).toContain("If you do not come to a session and your mentor marks it as a no-show, it is not refunded.");
    expect(terms).toContain("paid through Stripe Connect");
    expect(terms).toContain("the dispute window of 72 hours after it has passed with no open problem");
    expect(terms).toContain("less the platform fee of 12%");
    expect(terms).toContain("taken back in proportion");
    expect(terms).toContain("at least 1 hour before they start");
    expect(terms).not.toMatch(/discretion|every week|stays pending/);
    for (const id of ["cancellations", "missed-sessions", "payouts"]) expect(terms).toContain(`id="${id}"`);

    // The FAQ: placeholders filled, the others left as the admin wrote them.
    const faq = await textOf(await send("/faq"));
    expect(faq).toContain("Cancel at least 36 hours before the session for a full refund. Later cancellations are refunded 25%.");
    expect(faq).toContain("less the platform fee of 12%");
    expect(faq).toContain("For 20 minutes while you pay. {notAPlaceholder} stays as written.");
    expect(faq).not.toContain("{cancellationPolicy}");
    expect(faq).not.toContain("{payoutPolicy}");

    // The Support Center finds an answer by the words its placeholder stands for, and shows it filled.
    const support = await textOf(await send("/support?q=refunded+cancel"));
    expect(support).toContain("What is the cancellation policy?");
    expect(support).toContain("Later cancellations are refunded 25%.");
    expect(support).not.toContain("How long is my time held?");

    // The cancel dialogs: the mentee's states the rule and the late share; the guide's the guide's rule.
    const booking = await prisma.booking.create({
      data: { userId: mentee.person.id, guideId: guide.id, topic: "Elder board retreat", rateCents: 5000, paymentStatus: "paid", status: "confirmed", startsAt: new Date(Date.now() + 10 * HOUR), durationMinutes: 60 },
    });
    await prisma.payment.create({ data: { bookingId: booking.id, userId: mentee.person.id, guideId: guide.id, amountCents: 5000, status: "succeeded", stripePaymentIntentId: `pi_test_policy_${booking.id}`, paidAt: new Date() } });
    const cancel = await textOf(await send(`/user-dashboard/bookings?cancel=${booking.id}`, { cookie: mentee.cookie }));
    expect(cancel).toContain("Cancel at least 36 hours before the session for a full refund. Later cancellations are refunded 25%.");
    expect(cancel).toContain("It is less than 36 hours before the session, so you will be refunded 25%: $12.50 of the $50.00 you paid.");
    const guideSession = await signIn("guide");
    await prisma.booking.update({ where: { id: booking.id }, data: { guideId: guideSession.person.id } });
    const guideCancel = await textOf(await send(`/mentor-dashboard/bookings?cancel=${booking.id}`, { cookie: guideSession.cookie }));
    expect(guideCancel).toContain("When you cancel a session or decline a request, your mentee is refunded in full");
    expect(guideCancel).toContain("The mentee will be refunded in full: $50.00.");
  });

  test("the console's FAQ form lists the placeholders; the API returns answers as the admin wrote them", async () => {
    const admin = await signIn("admin");
    const form = await textOf(await send("/admin/dashboard/faqs?new", { cookie: admin.cookie }));
    expect(form).toContain("can be written as placeholders");
    for (const name of ["{cancellationPolicy}", "{payoutPolicy}", "{lateCancellationRefundPercent}"]) expect(form).toContain(name);

    const faq = await prisma.faq.create({ data: { type: "guide", question: "When is my payout?", answer: "{payoutPolicy}", isActive: true, position: 5 } });
    const api = await send(`/api/admin/faq/all?search=${encodeURIComponent("When is my payout")}`, { token: admin.token });
    expect(api.status).toBe(200);
    const { data } = (await api.json()) as { data: Array<{ id: number; answer: string }> };
    expect(data.find((row) => row.id === faq.id)?.answer).toBe("{payoutPolicy}");
  });
});

test("the migration turns the seed's old answers into placeholders, and leaves an answer an admin rewrote", async () => {
  const old = {
    reschedule: "Yes, from Bookings in your dashboard, up to 24 hours before the session starts.",
    payout: "Payouts are sent to your bank account every week, minus the platform fee.",
    charged: "When you confirm the booking. If the payment fails, the booking stays pending until you update your card.",
    cancel: "Cancel at least 24 hours ahead for a full refund. Later cancellations are at the guide's discretion.",
  };
  const rows = await Promise.all(
    Object.values(old).map((answer, position) => prisma.faq.create({ data: { type: "payments", question: `Old answer ${position}`, answer, isActive: true, position: 90 + position } })),
  );
  const rewritten = await prisma.faq.create({ data: { type: "guide", question: "Rewritten", answer: `${old.payout} (We changed this.)`, isActive: true, position: 99 } });
  const folder = dialect === "postgres" ? "migrations-postgres" : "migrations";
  const sql = readFileSync(`prisma/${folder}/20261128210000_policy_faq_answers/migration.sql`, "utf8");
  for (const statement of sql.replace(/^--.*$/gm, "").split(";").map((each) => each.trim()).filter(Boolean)) await prisma.$executeRawUnsafe(statement);
  const answers = await prisma.faq.findMany({ where: { id: { in: rows.map((row) => row.id) } }, orderBy: { position: "asc" }, select: { answer: true } });
  expect(answers.map((row) => row.answer)).toEqual([
    "Yes, from Bookings in your dashboard. {reschedulePolicy}",
    "{payoutPolicy}",
    "When you confirm the booking, on Stripe's secure payment page. {holdPolicy}",
    "{cancellationPolicy}",
  ]);
  expect((await prisma.faq.findUniqueOrThrow({ where: { id: rewritten.id } })).answer).toBe(`${old.payout} (We changed this.)`);
});

test("the decision-time migration gives the seed's answers the placeholder and drops the page's own promise; an admin's wording stays", async () => {
  const old = {
    become: "Apply through Become a Mentor. We review your experience and references, usually within a week.",
    verification: "Most applications are decided within five working days.",
  };
  const rows = await Promise.all(
    Object.values(old).map((answer, position) => prisma.faq.create({ data: { type: "guide", question: `Old decision answer ${position}`, answer, isActive: true, position: 80 + position } })),
  );
  const rewritten = await prisma.faq.create({ data: { type: "guide", question: "Rewritten decision", answer: `${old.verification} Call us.`, isActive: true, position: 89 } });
  const section = "Tell us about your ministry, upload a short introduction video and add your references. Our team reviews every application, usually within a week.";
  const content = JSON.stringify({ hero: { heading: "Become a Mentor" }, sections: [{ heading: "How the application works", body: section }] });
  await prisma.pageContent.upsert({ where: { slug: "become_a_guide" }, create: { slug: "become_a_guide", content }, update: { content } });

  const folder = dialect === "postgres" ? "migrations-postgres" : "migrations";
  const sql = readFileSync(`prisma/${folder}/20261128224500_application_decision_time/migration.sql`, "utf8");
  for (const statement of sql.replace(/^--.*$/gm, "").split(";").map((each) => each.trim()).filter(Boolean)) await prisma.$executeRawUnsafe(statement);

  const answers = await prisma.faq.findMany({ where: { id: { in: rows.map((row) => row.id) } }, orderBy: { position: "asc" }, select: { answer: true } });
  expect(answers.map((row) => row.answer)).toEqual([
    "Apply through Become a Mentor. We review your experience and references and usually decide within {applicationDecisionTime}.",
    "Most applications are decided within {applicationDecisionTime}.",
  ]);
  expect(fillPolicyText(answers[1].answer, defaults)).toBe("Most applications are decided within 3 business days.");
  expect((await prisma.faq.findUniqueOrThrow({ where: { id: rewritten.id } })).answer).toBe(`${old.verification} Call us.`);
  const page = await prisma.pageContent.findUniqueOrThrow({ where: { slug: "become_a_guide" } });
  expect(page.content).toContain("Our team reviews every application and writes to you either way.");
  expect(page.content).not.toContain("within a week");
  const become = await textOf(await send("/become-mentor"));
  expect(become).toContain("usually answer within 3 business days");
  expect(become).not.toContain("within a week");
});
