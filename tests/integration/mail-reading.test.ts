/**
 * E-mails as the person who gets them reads them: links they can tap on a phone, only the mail they asked for (booking
 * e-mails follow Settings; codes, receipts and security always go), and receipts with nothing unexplained in them.
 */
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { mailLayout } from "#app/lib/mail.server.ts";
import { bookingConfirmed } from "#app/modules/bookings/lifecycle.server.ts";
import { sendPaymentReceipt } from "#app/modules/bookings/receipts.server.ts";
import { foundSponsor, saveRules, startFunding } from "#app/modules/sponsorship/sponsorship.server.ts";
import { actorOf, createPerson } from "#tests/app.ts";
import { mailTo } from "#tests/mocks/mail.ts";
import { completeStripeCheckout } from "#tests/mocks/stripe.ts";
import { createBookableGuide, freeStart } from "#tests/support/bookable-guide.ts";

describe("the HTML part", () => {
  test("every address in a paragraph is a link, long ones wrap, and the page is as wide as the phone", () => {
    const html = mailLayout({ paragraphs: ["Hello Ana,", "Leave a review: https://mentors.example.org/user-dashboard/bookings/12/review.", "https://mentors.example.org/login?next=%2Fuser-dashboard&x=1"] });
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("overflow-wrap:anywhere");
    // Inside a sentence: the full stop after it stays text.
    expect(html).toMatch(/Leave a review: <a href="https:\/\/mentors\.example\.org\/user-dashboard\/bookings\/12\/review" style="[^"]+">https:\/\/mentors\.example\.org\/user-dashboard\/bookings\/12\/review<\/a>\.<\/p>/);
    expect(html).toContain('<a href="https://mentors.example.org/login?next=%2Fuser-dashboard&amp;x=1"');
    expect(html).toContain("Ministry Mentors</p>");
  });
});

describe("who gets which e-mail", () => {
  test("booking e-mails follow Settings, the bell rings either way; a receipt always goes", async () => {
    const guide = await createBookableGuide();
    const quiet = await createPerson("user");
    await prisma.user.update({ where: { id: quiet.id }, data: { notifications: false } });
    await prisma.user.update({ where: { id: guide.id }, data: { communication: "in_app" } });
    const startsAt = await freeStart(guide.id, 4);
    const booking = await prisma.booking.create({
      data: { userId: quiet.id, guideId: guide.id, topic: "Quiet inbox", rateCents: 5000, paymentStatus: "paid", status: "confirmed", startsAt, durationMinutes: 60 },
    });
    const payment = await prisma.payment.create({ data: { bookingId: booking.id, userId: quiet.id, guideId: guide.id, amountCents: 5000, status: "succeeded", paidAt: new Date() } });

    await bookingConfirmed(booking.id);
    await sendPaymentReceipt(payment.id);
    expect((await mailTo(quiet.email)).map((mail) => mail.subject)).toEqual(["Receipt for your payment of $50.00"]);
    expect(await mailTo(guide.email)).toEqual([]);
    expect(await prisma.notification.count({ where: { userId: quiet.id, title: `Session with ${guide.name} confirmed` } })).toBe(1);
    expect(await prisma.notification.count({ where: { userId: guide.id, title: `Session with ${quiet.name} confirmed` } })).toBe(1);

    // Turned on again, the next booking e-mail arrives, saying what happened and with whom.
    await prisma.user.update({ where: { id: quiet.id }, data: { notifications: true } });
    await bookingConfirmed(booking.id);
    const [, confirmation] = await mailTo(quiet.email);
    expect(confirmation.subject).toBe(`Your session with ${guide.name} is confirmed`);
    expect(confirmation.text).toContain(`Hello ${quiet.name},\n\nYour mentoring session with ${guide.name} is confirmed.`);
    expect(confirmation.html).toContain(`href="http://localhost:3000/user-dashboard/bookings?booking=${booking.id}"`);
  });
});

describe("the sponsor's funding receipt", () => {
  test("names the time with its zone and a reference the sponsor can quote, never an internal number", async () => {
    const admin = await createPerson("user", { organisation: "" });
    await prisma.user.update({ where: { id: admin.id }, data: { timeZone: "Europe/Berlin" } });
    const organisation = await foundSponsor(actorOf(admin), { name: `Hope Chapel ${admin.id}`, kind: "church", city: "Leeds", country: "United Kingdom" });
    await saveRules(actorOf(admin), organisation.id, { budget: 30_000, budgetPeriod: "quarter", ceiling: null, copayPercent: 20, categories: [], guideIds: [] });
    const { url, fundingId } = await startFunding(actorOf(admin), organisation.id, 25_000);
    const sessionId = url.split("/").pop()!;
    await completeStripeCheckout(sessionId);

    const [receipt] = (await mailTo(admin.email)).filter((mail) => mail.subject.startsWith("Receipt: $250.00"));
    expect(receipt.text).toContain("Amount paid: $250.00");
    expect(receipt.text).toMatch(/^Paid on: \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M, Central European Time \(Europe\/Berlin\)$/m);
    expect(receipt.text).toContain(`Stripe reference: ${sessionId}`);
    expect(receipt.text).toContain("Balance now: $250.00");
    expect(receipt.text).not.toContain(`#${fundingId}`);
    expect(receipt.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // The receipt to print for the church's books.
    expect(receipt.text).toContain(`http://localhost:3000/sponsor/fundings/${fundingId}/receipt`);
    expect(receipt.html).toContain(`href="http://localhost:3000/sponsor/fundings/${fundingId}/receipt"`);
  });
});
