import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { runDueJobs } from "#app/lib/jobs.server.ts";
import { createSession, commitSession } from "#app/lib/session.server.ts";
import { listNewContacts, UNREAD_MAIL_DELAY_MS } from "#app/modules/messages/messages.server.ts";
import { notify } from "#app/modules/notifications/notifications.server.ts";
import "#app/jobs.server.ts";
import { createPerson, postForm, send } from "#tests/app.ts";
import { mailTo } from "#tests/mocks/mail.ts";

const userScreen = "/user-dashboard/messages";
const guideScreen = "/mentor-dashboard/messages";
const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

async function signedIn(role: "user" | "guide" | "admin", data: Parameters<typeof createPerson>[1] = {}) {
  const person = await createPerson(role, data);
  if (role === "guide") await prisma.guideProfile.create({ data: { userId: person.id, experienceYears: 5, category: "Senior Pastors" } });
  const cookie = (await commitSession(await createSession(person.id, "web"))).split(";")[0];
  return { person, cookie };
}

async function book(userId: number, guideId: number, status = "confirmed") {
  const startsAt = new Date(Date.now() + 86_400_000 * (1 + Math.random() * 100));
  return prisma.booking.create({ data: { userId, guideId, startsAt, topic: "Leading well", status } });
}

/** A mentee and a guide who share a booking, both signed in. */
async function pair() {
  const mentee = await signedIn("user");
  const guide = await signedIn("guide");
  await book(mentee.person.id, guide.person.id);
  return { mentee, guide };
}

const sendAs = (screen: string, cookie: string, recipientId: number, body: string) => postForm(`${screen}?with=${recipientId}`, { recipientId: String(recipientId), body }, cookie);

describe("who may message whom", () => {
  test("a mentee cannot message a guide they never booked (403 with the reason); an expired hold does not count", async () => {
    const mentee = await signedIn("user");
    const guide = await signedIn("guide");
    await book(mentee.person.id, guide.person.id, "expired");
    const refused = await sendAs(userScreen, mentee.cookie, guide.person.id, "Hello there");
    expect(refused.status).toBe(404);
    expect(await html(refused)).toContain("You can message a guide once you have booked a session with them.");
    const page = await send(`${userScreen}?with=${guide.person.id}`, { cookie: mentee.cookie });
    expect(page.status).toBe(404);
    expect(await html(page)).toContain("You can message a guide once you have booked a session with them.");
    // Nor can the guide write first.
    const fromGuide = await sendAs(guideScreen, guide.cookie, mentee.person.id, "Hi");
    expect(fromGuide.status).toBe(404);
    expect(await html(fromGuide)).toContain("You can message a mentee once they have booked a session with you.");
    expect(await prisma.message.count({ where: { senderId: { in: [mentee.person.id, guide.person.id] } } })).toBe(0);

    // A cancelled booking still introduced them.
    await book(mentee.person.id, guide.person.id, "cancelled");
    const sent = await sendAs(userScreen, mentee.cookie, guide.person.id, "Hello after all");
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`${userScreen}?with=${guide.person.id}`);
  });

  test("every booking's card leads both people to their conversation, but for a hold that lapsed unpaid", async () => {
    const { mentee, guide } = await pair();
    const cancelled = await book(mentee.person.id, guide.person.id, "cancelled");
    const expired = await book(mentee.person.id, guide.person.id, "expired");
    const cardOf = (page: string, id: number) => page.slice(page.indexOf(`data-booking="${id}"`), page.indexOf("</article>", page.indexOf(`data-booking="${id}"`)));
    for (const [bookings, cookie, other, conversation] of [
      ["/user-dashboard/bookings?tab=past", mentee.cookie, guide.person, `${userScreen}?with=${guide.person.id}`],
      ["/mentor-dashboard/bookings?tab=past", guide.cookie, mentee.person, `${guideScreen}?with=${mentee.person.id}`],
    ] as const) {
      const page = await html(await send(bookings, { cookie }));
      expect(cardOf(page, cancelled.id), bookings).toContain(`href="${conversation}"`);
      expect(cardOf(page, cancelled.id), bookings).toContain(`Message ${other.name}`);
    }
    // The mentee's Past keeps the lapsed hold (a guide's lists none), without a way to write.
    const lapsed = cardOf(await html(await send("/user-dashboard/bookings?tab=past", { cookie: mentee.cookie })), expired.id);
    expect(lapsed).toContain("Leading well");
    expect(lapsed).not.toContain(`Message ${guide.person.name}`);
  });

  test("a mentee cannot write to another mentee, nor start a conversation with the support team; they can reply to it", async () => {
    const mentee = await signedIn("user");
    const other = await signedIn("user");
    const admin = await signedIn("admin");
    expect((await sendAs(userScreen, mentee.cookie, other.person.id, "Hi")).status).toBe(404);
    const toSupport = await sendAs(userScreen, mentee.cookie, admin.person.id, "Hi support");
    expect(toSupport.status).toBe(404);
    expect(await html(toSupport)).toContain("The support team starts these conversations.");

    // The admin writes first (the console's Messaging): the mentee sees it among their threads and can reply.
    const fromAdmin = await postForm(`/admin/dashboard/messaging?with=${mentee.person.id}`, { recipientId: String(mentee.person.id), body: "Welcome aboard!" }, admin.cookie);
    expect(fromAdmin.status).toBe(302);
    const threads = await html(await send(userScreen, { cookie: mentee.cookie }));
    expect(threads).toContain("Ministry Mentors support");
    expect(threads).toContain("Welcome aboard!");
    expect((await sendAs(userScreen, mentee.cookie, admin.person.id, "Thank you!")).status).toBe(302);
    expect(await prisma.message.findFirst({ where: { senderId: mentee.person.id, recipientId: admin.person.id } })).toMatchObject({ body: "Thank you!" });
  });

  test("an empty message is refused with its message; nothing is written", async () => {
    const { mentee, guide } = await pair();
    const empty = await sendAs(userScreen, mentee.cookie, guide.person.id, "   ");
    expect(empty.status).toBe(400);
    expect(await html(empty)).toContain("Message is required");
    expect(await prisma.message.count({ where: { senderId: mentee.person.id } })).toBe(0);
  });
});

describe("threads, read marks and unread counts", () => {
  test("threads list the other person, the last message and unread counts; opening one marks it read", async () => {
    const { mentee, guide } = await pair();
    expect((await sendAs(guideScreen, guide.cookie, mentee.person.id, "First note")).status).toBe(302);
    expect((await sendAs(guideScreen, guide.cookie, mentee.person.id, "Second note")).status).toBe(302);

    const list = await html(await send(userScreen, { cookie: mentee.cookie }));
    expect(list).toContain(guide.person.name);
    expect(list).toContain("Second note");
    expect(list).toMatch(/>2<span class="sr-only"> unread<\/span>/);
    // The navigation's badge says it too.
    expect(list).toMatch(/Messages<span[^>]*>2<span class="sr-only"> unread<\/span>/);

    const open = await html(await send(`${userScreen}?with=${guide.person.id}`, { cookie: mentee.cookie }));
    expect(open.indexOf("First note")).toBeLessThan(open.lastIndexOf("Second note"));
    expect(open).toContain(`Message to ${guide.person.name}`);
    expect(await prisma.message.count({ where: { recipientId: mentee.person.id, readAt: null } })).toBe(0);
    const after = await html(await send(userScreen, { cookie: mentee.cookie }));
    expect(after).not.toMatch(/>2<span class="sr-only"> unread<\/span>/);

    // The guide sees their sent messages as read.
    const guideView = await html(await send(`${guideScreen}?with=${mentee.person.id}`, { cookie: guide.cookie }));
    expect(guideView).toContain("· Read");
  });

  test("conversations are searched by the other person's name or organisation, never by a mentee's e-mail", async () => {
    const mentee = await signedIn("user");
    const ruth = await signedIn("guide", { name: "Ruth Abernathy", organisation: "Cedar Fellowship" });
    const paul = await signedIn("guide", { name: "Paul Okoro", organisation: "Harbor Church" });
    for (const guide of [ruth, paul]) {
      await book(mentee.person.id, guide.person.id);
      expect((await sendAs(userScreen, mentee.cookie, guide.person.id, `Hello ${guide.person.name}`)).status).toBe(302);
    }
    const threads = async (search: string) => {
      const page = await html(await send(`${userScreen}?search=${encodeURIComponent(search)}`, { cookie: mentee.cookie }));
      return [ruth, paul].filter((guide) => page.includes(`Hello ${guide.person.name}`)).map((guide) => guide.person.name);
    };
    expect(await threads("aberna")).toEqual(["Ruth Abernathy"]);
    expect(await threads("ok")).toEqual(["Paul Okoro"]);
    expect(await threads("HARBOR")).toEqual(["Paul Okoro"]);
    expect(await threads(ruth.person.email)).toEqual([]);
  });

  test("a person with a booking and no messages yet is offered under Start a conversation", async () => {
    const { mentee, guide } = await pair();
    const page = await html(await send(userScreen, { cookie: mentee.cookie }));
    expect(page).toContain("Start a conversation");
    expect(page).toContain(`href="${userScreen}?with=${guide.person.id}"`);
    const fresh = await html(await send(`${userScreen}?with=${guide.person.id}`, { cookie: mentee.cookie }));
    expect(fresh).toContain(`No messages yet. Say hello to ${guide.person.name}.`);
  });

  test("with nobody to write to yet, the screen says what opens a conversation, not 'Choose a conversation'", async () => {
    const mentee = await signedIn("user");
    const page = await html(await send(userScreen, { cookie: mentee.cookie }));
    expect(page).toContain("No conversations yet. Once you book a session, you can write to your mentor here.");
    expect(page).toContain('href="/search"');
    expect(page).toContain("Nothing to read yet.");
    expect(page).not.toContain("Choose a conversation");
    const guide = await signedIn("guide");
    const guidePage = await html(await send(guideScreen, { cookie: guide.cookie }));
    expect(guidePage).toContain("No conversations yet. Once a mentee books a session with you, you can write to each other here.");
    // With a booking, the person is offered instead.
    const { mentee: booked } = await pair();
    const bookedPage = await html(await send(userScreen, { cookie: booked.cookie }));
    expect(bookedPage).not.toContain("Once you book a session");
    expect(bookedPage).toContain("Choose a conversation to read and reply.");
  });
});

test("Start a conversation lists each booked person not yet written to or heard from, by name, never a deleted one or an expired hold's", async () => {
  const guide = await signedIn("guide");
  const mentee = async (name: string, status = "confirmed") => {
    const { person } = await signedIn("user", { name });
    await book(person.id, guide.person.id, status);
    await book(person.id, guide.person.id, status);
    return person;
  };
  const zoe = await mentee("Zoe Fresh");
  const abel = await mentee("Abel Fresh");
  const wrote = await mentee("Wrote Already");
  const heard = await mentee("Heard From");
  const gone = await mentee("Gone Away");
  await mentee("Hold Expired", "expired");
  await prisma.message.createMany({
    data: [
      { senderId: guide.person.id, recipientId: wrote.id, body: "Hello" },
      { senderId: heard.id, recipientId: guide.person.id, body: "Hi" },
    ],
  });
  await prisma.user.update({ where: { id: gone.id }, data: { isDeleted: true } });
  const contacts = await listNewContacts({ id: guide.person.id, role: "guide" } as never);
  expect(contacts).toEqual([
    { id: abel.id, name: "Abel Fresh", imageId: null },
    { id: zoe.id, name: "Zoe Fresh", imageId: null },
  ]);
  // The mentee's side: their guide, once, however many bookings.
  expect((await listNewContacts({ id: zoe.id, role: "user" } as never)).map((contact) => contact.id)).toEqual([guide.person.id]);
});

describe("block and report", () => {
  test("a blocked person can no longer send, and is told so; unblocking lets them again", async () => {
    const { mentee, guide } = await pair();
    expect((await sendAs(userScreen, mentee.cookie, guide.person.id, "Hello")).status).toBe(302);
    const blocked = await postForm(`${guideScreen}?with=${mentee.person.id}`, { intent: "block", personId: String(mentee.person.id) }, guide.cookie);
    expect(blocked.status).toBe(302);
    expect(await prisma.messageBlock.count({ where: { blockerId: guide.person.id, blockedId: mentee.person.id } })).toBe(1);

    const refused = await sendAs(userScreen, mentee.cookie, guide.person.id, "Are you there?");
    expect(refused.status).toBe(403);
    expect(await html(refused)).toContain(`${guide.person.name} is not accepting messages from you.`);
    const page = await html(await send(`${userScreen}?with=${guide.person.id}`, { cookie: mentee.cookie }));
    expect(page).toContain(`${guide.person.name} is not accepting messages from you.`);
    expect(page).not.toContain(`Message to ${guide.person.name}`);
    // The blocker is told how to write again.
    const own = await html(await send(`${guideScreen}?with=${mentee.person.id}`, { cookie: guide.cookie }));
    expect(own).toContain(`You blocked ${mentee.person.name}. Unblock them to send a message.`);
    expect(own).toContain("Unblock");

    await postForm(`${guideScreen}?with=${mentee.person.id}`, { intent: "unblock", personId: String(mentee.person.id) }, guide.cookie);
    expect((await sendAs(userScreen, mentee.cookie, guide.person.id, "Thanks!")).status).toBe(302);
  });

  test("a report with a reason reaches the console's Messaging screen with the reported message; the admin resolves it", async () => {
    const { mentee, guide } = await pair();
    await sendAs(guideScreen, guide.cookie, mentee.person.id, "Something inappropriate");
    const noReason = await postForm(userScreen, { intent: "report", personId: String(guide.person.id), reason: "" }, mentee.cookie);
    expect(noReason.status).toBe(400);
    expect(await html(noReason)).toContain("Tell us what happened");
    const reported = await postForm(`${userScreen}?with=${guide.person.id}`, { intent: "report", personId: String(guide.person.id), reason: "Rude and pushy messages" }, mentee.cookie);
    expect(reported.status).toBe(302);
    const report = await prisma.messageReport.findFirstOrThrow({ where: { reporterId: mentee.person.id } });
    expect(report).toMatchObject({ reportedId: guide.person.id, reason: "Rude and pushy messages", resolvedAt: null });
    expect(report.messageId).not.toBeNull();

    const admin = await signedIn("admin");
    const console = await html(await send("/admin/dashboard/messaging", { cookie: admin.cookie }));
    expect(console).toContain("Rude and pushy messages");
    expect(console).toContain("Something inappropriate");
    const resolved = await postForm("/admin/dashboard/messaging", { intent: "resolve-report", reportId: String(report.id) }, admin.cookie);
    expect(resolved.status).toBe(302);
    expect((await prisma.messageReport.findUniqueOrThrow({ where: { id: report.id } })).resolvedAt).not.toBeNull();
    expect(await html(await send("/admin/dashboard/messaging", { cookie: admin.cookie }))).not.toContain("Rude and pushy messages");
  });

  test("the support team cannot be blocked", async () => {
    const mentee = await signedIn("user");
    const admin = await signedIn("admin");
    await postForm(`/admin/dashboard/messaging?with=${mentee.person.id}`, { recipientId: String(mentee.person.id), body: "Hello" }, admin.cookie);
    await postForm(userScreen, { intent: "block", personId: String(admin.person.id) }, mentee.cookie);
    expect(await prisma.messageBlock.count({ where: { blockerId: mentee.person.id } })).toBe(0);
  });
});

describe("notifications", () => {
  test("a new message rings the bell once per conversation; opening the conversation reads it", async () => {
    const { mentee, guide } = await pair();
    await sendAs(guideScreen, guide.cookie, mentee.person.id, "One");
    await sendAs(guideScreen, guide.cookie, mentee.person.id, "Two");
    const bell = await prisma.notification.findMany({ where: { userId: mentee.person.id } });
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ kind: "message", title: `New message from ${guide.person.name}`, body: "Two", href: `${userScreen}?with=${guide.person.id}`, readAt: null });
    const page = await html(await send("/user-dashboard", { cookie: mentee.cookie }));
    expect(page).toContain('aria-label="Notifications, 1 unread"');
    await send(`${userScreen}?with=${guide.person.id}`, { cookie: mentee.cookie });
    expect(await prisma.notification.count({ where: { userId: mentee.person.id, readAt: null } })).toBe(0);
  });

  test("the list, opening one (marks it read and follows it) and mark all read; another person's is a 404", async () => {
    const guide = await signedIn("guide");
    const other = await signedIn("guide");
    const screen = "/mentor-dashboard/notifications";
    const first = await notify(guide.person.id, { kind: "booking", title: "New booking from Ann", body: "Tuesday 10:00", href: "/mentor-dashboard/bookings" });
    await notify(guide.person.id, { kind: "review", title: "A new review", href: "/mentor-dashboard/reviews" });
    const list = await html(await send(screen, { cookie: guide.cookie }));
    expect(list).toContain("2 unread notifications");
    expect(list.indexOf("A new review")).toBeLessThan(list.indexOf("New booking from Ann"));

    const opened = await postForm(screen, { intent: "open", id: String(first.id) }, guide.cookie);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/mentor-dashboard/bookings");
    expect((await prisma.notification.findUniqueOrThrow({ where: { id: first.id } })).readAt).not.toBeNull();

    const foreign = await postForm(screen, { intent: "open", id: String(first.id) }, other.cookie);
    expect(foreign.status).toBe(302);
    expect(foreign.headers.get("Location")).toBe(screen);

    await postForm(screen, { intent: "read-all" }, guide.cookie);
    expect(await prisma.notification.count({ where: { userId: guide.person.id, readAt: null } })).toBe(0);
    expect(await html(await send(screen, { cookie: guide.cookie }))).toContain("You're all caught up.");
  });

  test("an answered support query notifies its asker", async () => {
    const mentee = await signedIn("user");
    const admin = await signedIn("admin");
    const query = await prisma.customerQuery.create({
      data: { askerId: mentee.person.id, name: mentee.person.name, email: mentee.person.email, subject: "Refund timing", message: "When will it arrive?" },
    });
    const answered = await postForm("/admin/dashboard/customer-queries", { intent: "answer", id: String(query.id), answer: "Within five working days." }, admin.cookie);
    expect(answered.status).toBeLessThan(400);
    expect(await prisma.notification.findFirst({ where: { userId: mentee.person.id } })).toMatchObject({
      kind: "query",
      title: "Your question was answered",
      body: "Refund timing",
      href: "/user-dashboard/query",
    });
  });

  test("notify with email: sent by the job when the settings allow it, not otherwise", async () => {
    const wants = await createPerson("user");
    const inApp = await createPerson("user");
    await prisma.user.update({ where: { id: inApp.id }, data: { communication: "in_app" } });
    await notify(wants.id, { kind: "booking", title: "Your session was moved", href: "/user-dashboard/bookings" }, { email: true });
    await notify(inApp.id, { kind: "booking", title: "Your session was moved", href: "/user-dashboard/bookings" }, { email: true });
    await runDueJobs(new Date(Date.now() + 1000));
    const mails = await mailTo(wants.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Your session was moved"]);
    expect(mails[0].text).toContain("/user-dashboard/bookings");
    expect(await mailTo(inApp.email)).toEqual([]);
  });
});

describe("the e-mail about unread messages", () => {
  test("one mail per unread batch after 15 minutes, sets emailedAt, never twice", async () => {
    const { mentee, guide } = await pair();
    await sendAs(guideScreen, guide.cookie, mentee.person.id, "Are you free Thursday?");
    await sendAs(guideScreen, guide.cookie, mentee.person.id, "Or Friday morning?");
    // Not yet: the batch waits 15 minutes.
    await runDueJobs(new Date(Date.now() + 60_000));
    expect(await mailTo(mentee.person.email)).toEqual([]);

    const later = new Date(Date.now() + UNREAD_MAIL_DELAY_MS + 60_000);
    await runDueJobs(later);
    const mails = await mailTo(mentee.person.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`2 unread messages from ${guide.person.name}`);
    expect(mails[0].text).toContain("Or Friday morning?");
    // From one person: the link opens that conversation.
    expect(mails[0].text).toContain(`http://localhost:3000/user-dashboard/messages?with=${guide.person.id}`);
    expect(await prisma.message.count({ where: { recipientId: mentee.person.id, emailedAt: null } })).toBe(0);

    await runDueJobs(new Date(later.getTime() + UNREAD_MAIL_DELAY_MS));
    expect(await mailTo(mentee.person.email)).toHaveLength(1);

    // A new message starts a new batch.
    await sendAs(guideScreen, guide.cookie, mentee.person.id, "Never mind, see you then.");
    await runDueJobs(new Date(Date.now() + UNREAD_MAIL_DELAY_MS + 60_000));
    expect(await mailTo(mentee.person.email)).toHaveLength(2);
  });

  test("no mail when the messages were read, nor for someone who turned e-mail off", async () => {
    const { mentee, guide } = await pair();
    await sendAs(guideScreen, guide.cookie, mentee.person.id, "Read me");
    await send(`${userScreen}?with=${guide.person.id}`, { cookie: mentee.cookie });
    await prisma.user.update({ where: { id: guide.person.id }, data: { notifications: false } });
    await sendAs(userScreen, mentee.cookie, guide.person.id, "Thanks, will do");
    await runDueJobs(new Date(Date.now() + UNREAD_MAIL_DELAY_MS + 60_000));
    expect(await mailTo(mentee.person.email)).toEqual([]);
    expect(await mailTo(guide.person.email)).toEqual([]);
    expect(await prisma.message.count({ where: { emailedAt: { not: null }, OR: [{ recipientId: mentee.person.id }, { recipientId: guide.person.id }] } })).toBe(0);
  });
});
