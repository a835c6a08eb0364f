import { faker } from "@faker-js/faker";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { cookiesFrom, postForm, send, signIn } from "#tests/app.ts";
import { lastMailTo, mailTo } from "#tests/mocks/mail.ts";

const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const word = () => faker.string.alpha({ length: 10, casing: "lower" });
const visitorEmail = () => `${word()}@visitor.example`;

/** The question form as a browser posts it, from a client address (the limit counts per address). */
function ask(fields: Record<string, string>, { cookie, address }: { cookie?: string; address?: string } = {}) {
  return send("/support", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    cookie,
    clientAddress: address,
  });
}

describe("Support Center: FAQ search", () => {
  test("finds active FAQs by words in the question or the answer, as a GET form", async () => {
    const tag = word();
    const byQuestion = await prisma.faq.create({ data: { type: "payments", question: `Can I get a refund ${tag}?`, answer: "Yes, cancel 24 hours ahead." } });
    const byAnswer = await prisma.faq.create({ data: { type: "user", question: "How do I reschedule?", answer: `From Bookings; refunds ${tag} follow the policy.` } });
    const inactive = await prisma.faq.create({ data: { type: "general", question: `Old refund rule ${tag}?`, answer: "Gone.", isActive: false } });

    const page = await html(await send(`/support?q=${tag}`));
    expect(page).toContain("<title>Support Center · Ministry Mentors</title>");
    expect(page).toContain(byQuestion.question);
    expect(page).toContain(byAnswer.question);
    expect(page).not.toContain(inactive.question);
    expect(page).toContain(`2 answers for “${tag}”`);
    // Every word must match: the second FAQ holds both words, the first not "bookings".
    const both = await html(await send(`/support?q=${encodeURIComponent(`${tag.toUpperCase()} bookings`)}`));
    expect(both).toContain(byAnswer.question);
    expect(both).not.toContain(byQuestion.question);
    expect(both).toContain("1 answer for");

    const none = await html(await send(`/support?q=zz${tag}`));
    expect(none).toContain(`No answers matched “zz${tag}”`);
    expect(none).toContain('href="/faq"');
    expect((await send(`/support?q=${"a".repeat(201)}`)).headers.get("Location")).toBe("/support");
    // Without a search: topics that lead to the FAQ page, the support address and the Contact page.
    const start = await html(await send("/support"));
    expect(start).toContain('href="/faq#faq-payments"');
    expect(start).toContain('href="/contact"');
    expect(start).toMatch(/<form role="search"[^>]*action="\/support" method="get"/);
  });

  test("shows the support address from the platform settings", async () => {
    await prisma.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, supportEmail: "care@ministry.example" }, update: { supportEmail: "care@ministry.example" } });
    const page = await html(await send("/support"));
    expect(page).toContain('href="mailto:care@ministry.example"');
    expect(await html(await send("/contact"))).toContain('href="/support"');
  });
});

describe("Support Center: the question form", () => {
  test("a visitor's question lands in Customer Queries with a confirmation e-mail, and the admin's answer is e-mailed", async () => {
    const email = visitorEmail();
    const subject = `Booking for my staff ${word()}`;
    const response = await ask({ name: "Ruth Alvarez", email, subject, message: "Can three of our pastors join one session?" }, { address: "203.0.113.7" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/support?sent=1#question");
    const landed = await html(await send("/support?sent=1", { cookie: cookiesFrom(response) }));
    expect(landed).toContain("Question Sent");
    expect(landed).toContain("Thank you, your question is on its way.");

    const query = await prisma.customerQuery.findFirstOrThrow({ where: { subject } });
    expect(query).toMatchObject({ askerId: null, name: "Ruth Alvarez", email, message: "Can three of our pastors join one session?", answer: null });

    const mail = await lastMailTo(email);
    expect(mail.subject).toBe(`We received your question: ${subject}`);
    expect(mail.text).toContain("Hello Ruth Alvarez,");
    expect(mail.text).toContain("Can three of our pastors join one session?");
    expect(mail.text).toContain("We will answer you at this address.");
    expect(mail.html).toContain("Can three of our pastors join one session?");

    const admin = await signIn("admin");
    const queries = await html(await send(`/admin/dashboard/customer-queries?search=${encodeURIComponent(subject)}`, { cookie: admin.cookie }));
    expect(queries).toContain(subject);
    expect(queries).toContain(email);

    const answered = await postForm("/admin/dashboard/customer-queries", { intent: "answer", id: String(query.id), answer: "Yes, up to six people can join." }, admin.cookie);
    expect(answered.status).toBe(302);
    const answer = await lastMailTo(email);
    expect(answer.subject).toBe(`Our answer: ${subject}`);
    expect(answer.text).toContain("Yes, up to six people can join.");
    // What to do next is a link: a visitor has no dashboard, so the Support Center.
    expect(answer.html).toContain('href="http://localhost:3000/support"');
  });

  test("validation: every field's message, what was typed is kept, nothing is stored or sent", async () => {
    const before = await prisma.customerQuery.count();
    const empty = await ask({ name: "", email: "", subject: "", message: "" });
    expect(empty.status).toBe(400);
    const page = await html(empty);
    for (const message of ["Name is required", "Email is required", "Subject is required", "Message is required"]) expect(page).toContain(`<li>${message}</li>`);

    const email = "not-an-address";
    const wrong = await html(await ask({ name: "Kept Name", email, subject: "s".repeat(201), message: "Kept message" }));
    expect(wrong).toContain("<li>Please enter a valid email address.</li>");
    expect(wrong).toContain("<li>Subject must be at most 200 characters</li>");
    expect(wrong).toContain('value="Kept Name"');
    expect(wrong).toContain("Kept message");
    expect(await prisma.customerQuery.count()).toBe(before);
    expect(await mailTo(email)).toEqual([]);
  });

  test("a signed-in person's name and e-mail come from their account, whatever the form says", async () => {
    const { person, cookie } = await signIn("user");
    const page = await html(await send("/support", { cookie }));
    expect(page).toContain("Sending as");
    expect(page).toContain(person.email);
    expect(page).not.toContain('name="email"');

    const subject = `Refund question ${word()}`;
    const response = await ask({ name: "Someone Else", email: "other@visitor.example", subject, message: "My guide cancelled." }, { cookie });
    expect(response.headers.get("Location")).toBe("/support?sent=1#question");
    const query = await prisma.customerQuery.findFirstOrThrow({ where: { subject } });
    expect(query).toMatchObject({ askerId: person.id, name: person.name, email: person.email });
    expect(await mailTo("other@visitor.example")).toEqual([]);
    expect((await lastMailTo(person.email)).text).toContain("Our answer will also appear under Support Queries in your dashboard:\n\nhttp://localhost:3000/user-dashboard/query");
    // It is listed in their own dashboard too.
    expect(await html(await send("/user-dashboard/query", { cookie }))).toContain(subject);
    // Signed in, only subject and message are asked for.
    const missing = await html(await ask({ subject: "", message: "" }, { cookie }));
    expect(missing).toContain("<li>Subject is required</li>");
    expect(missing).not.toContain("Name is required");
  });

  test("rate-limited: 5 questions an hour per e-mail address and 10 per client address", async () => {
    const email = visitorEmail();
    for (let i = 0; i < 5; i++) {
      expect((await ask({ name: "Eager Asker", email, subject: `Question ${i}`, message: "Hello" }, { address: `198.51.100.${i}` })).status).toBe(302);
    }
    const sixth = await ask({ name: "Eager Asker", email: email.toUpperCase(), subject: "Question 6", message: "Kept words" }, { address: "198.51.100.99" });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
    const page = await html(sixth);
    expect(page).toMatch(/You have sent several questions in the last hour\. Please try again in \d+ minutes?\./);
    expect(page).toContain("Kept words");
    expect(await prisma.customerQuery.count({ where: { email: { in: [email, email.toUpperCase()] } } })).toBe(5);
    expect(await mailTo(email)).toHaveLength(5);

    const address = "192.0.2.44";
    for (let i = 0; i < 10; i++) expect((await ask({ name: "Bot", email: visitorEmail(), subject: "Hi", message: "Hi" }, { address })).status).toBe(302);
    expect((await ask({ name: "Bot", email: visitorEmail(), subject: "Hi", message: "Hi" }, { address })).status).toBe(429);
    // Another address is not held back.
    expect((await ask({ name: "Neighbour", email: visitorEmail(), subject: "Hi", message: "Hi" }, { address: "192.0.2.45" })).status).toBe(302);
  });
});
