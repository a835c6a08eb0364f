/**
 * The mentee's dashboard: Overview, My Mentors (and the Save / Saved toggle), Payments and receipts, Profile, and
 * the Settings screen both dashboards share (preferences, dark mode, password, deleting the account).
 */
import { faker } from "@faker-js/faker";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { refreshGuideSearchNow } from "#app/modules/guides/search-fields.server.ts";
import { cookiesFrom, createPerson, postForm, send, signIn, TEST_PASSWORD } from "#tests/app.ts";

const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
const word = () => faker.string.alpha({ length: 10, casing: "lower" });

async function liveGuide(data: { meetingUrl?: string } = {}) {
  // A surname alone repeats within a file (a few hundred to draw from): a short tag keeps each guide's name unique.
  const guide = await createPerson("guide", { name: `Pastor ${faker.person.lastName()} ${faker.string.alpha({ length: 6, casing: "upper" })}` });
  await prisma.guideProfile.create({ data: { userId: guide.id, experienceYears: 12, category: "Senior Pastors", meetingUrl: data.meetingUrl ?? null } });
  await refreshGuideSearchNow([guide.id]); // found in Find a Mentor, as a profile made by a screen is
  return guide;
}

/** A 60-minute booking at `startsAt`. */
async function booking(userId: number, guideId: number, startsAt: Date, data: { status?: string; topic?: string; rateCents?: number; paymentStatus?: string; holdExpiresAt?: Date } = {}) {
  return prisma.booking.create({
    data: {
      userId,
      guideId,
      startsAt,
      topic: data.topic ?? `Topic ${word()}`,
      status: data.status ?? "confirmed",
      rateCents: data.rateCents ?? 0,
      paymentStatus: data.paymentStatus ?? "unpaid",
      durationMinutes: 60,
      holdExpiresAt: data.holdExpiresAt ?? null,
    },
  });
}

async function payment(userId: number, guideId: number, bookingId: number | null, data: { amountCents?: number; refundedCents?: number; status?: string; intent?: string } = {}) {
  return prisma.payment.create({
    data: {
      userId,
      guideId,
      bookingId,
      amountCents: data.amountCents ?? 7500,
      refundedCents: data.refundedCents ?? 0,
      refundedAt: data.refundedCents ? new Date() : null,
      status: data.status ?? "succeeded",
      paidAt: new Date(),
      stripePaymentIntentId: data.intent ?? `pi_${faker.string.alphanumeric(16)}`,
    },
  });
}

async function landing(response: Response, cookie: string) {
  expect(response.status).toBe(302);
  return html(await send(response.headers.get("Location")!, { cookie: cookiesFrom(response, cookie) }));
}

async function sessionWorks(cookie: string) {
  return (await send("/user-dashboard", { cookie })).status === 200;
}

describe("Overview", () => {
  test("the next session in the person's zone, its join link from 15 minutes before, unread messages and what needs doing", async () => {
    const { person, cookie } = await signIn("user");
    await prisma.user.update({ where: { id: person.id }, data: { timeZone: "America/Chicago" } });
    const guide = await liveGuide({ meetingUrl: "https://meet.example.com/abc-defg" });
    const soon = await booking(person.id, guide.id, new Date(Date.now() + 10 * 60_000), { topic: "Preaching through Advent" });
    const later = await booking(person.id, guide.id, hours(72), { topic: "Elder board planning" });
    const done = await booking(person.id, guide.id, hours(-200), { status: "completed", topic: "Past session" });
    const held = await booking(person.id, guide.id, hours(100), { status: "held", topic: "Held one", rateCents: 5000, paymentStatus: "pending", holdExpiresAt: new Date(Date.now() + 10 * 60_000) });
    await prisma.message.createMany({
      data: [
        { senderId: guide.id, recipientId: person.id, body: "Hello" },
        { senderId: guide.id, recipientId: person.id, body: "Again" },
        { senderId: guide.id, recipientId: person.id, body: "Read", readAt: new Date() },
      ],
    });
    // Someone else's bookings and messages do not show.
    const other = await createPerson("user");
    await booking(other.id, guide.id, hours(5), { topic: "Not mine at all" });
    await prisma.message.create({ data: { senderId: guide.id, recipientId: other.id, body: "Not yours" } });

    const response = await send("/user-dashboard", { cookie });
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("Your next session");
    expect(page).toContain("Preaching through Advent");
    // The zone named beside the session's time, and said as Bookings and the guide's overview say it.
    expect(page).toMatch(/[AP]M<\/time> <span[^>]*>· Central Time \(America\/Chicago\) · 1 hour<\/span>/);
    expect(page).toMatch(/Times are shown in your time zone, <strong[^>]*>Central Time \(America\/Chicago\)<\/strong>\. <a[^>]*>Change it in Settings<\/a>/);
    expect(page).toContain('href="https://meet.example.com/abc-defg"'); // 10 minutes before: the link is open
    expect(page).toContain("Join session");
    expect(page).not.toContain("Join the session");
    expect(page).toMatch(/data-testid="unread-count"[^>]*>2</);
    expect(page).toContain(`/user-dashboard/bookings/${done.id}/review`);
    expect(page).toContain("Complete the payment");
    expect(page).toContain("Elder board planning");
    expect(page).not.toContain("Not mine at all");
    expect(page).toContain('href="/search"');
    expect(later.id && held.id && soon.id).toBeTruthy();
  });

  test("a session more than 15 minutes away shows when the link will appear, not the link", async () => {
    const { person, cookie } = await signIn("user");
    const guide = await liveGuide({ meetingUrl: "https://meet.example.com/later-link" });
    await booking(person.id, guide.id, hours(3), { topic: "Later today" });
    const page = await html(await send("/user-dashboard", { cookie }));
    expect(page).toContain("Later today");
    expect(page).not.toContain("https://meet.example.com/later-link\"");
    expect(page).toContain("15 minutes before the start");
  });
});

describe("greetings", () => {
  test("a new account is welcomed, a returning one welcomed back: the mentee's and the guide's overviews", async () => {
    for (const [role, path] of [["user", "/user-dashboard"], ["guide", "/mentor-dashboard"]] as const) {
      const { person, cookie } = await signIn(role);
      if (role === "guide") await prisma.guideProfile.create({ data: { userId: person.id } });
      const first = person.name.split(" ")[0];
      const fresh = await html(await send(path, { cookie }));
      expect(fresh, role).toContain(`Welcome, ${first}`);
      expect(fresh, role).not.toContain("Welcome back");
      await prisma.user.update({ where: { id: person.id }, data: { createdAt: hours(-3 * 24) } });
      expect(await html(await send(path, { cookie })), role).toContain(`Welcome back, ${first}`);
    }
  });
});

describe("My Mentors and the Save / Saved toggle", () => {
  test("booked guides (distinct, with a Book again link) and saved ones; only my own", async () => {
    const { person, cookie } = await signIn("user");
    const [met, saved, never] = [await liveGuide(), await liveGuide(), await liveGuide()];
    await booking(person.id, met.id, hours(-48), { status: "completed" });
    await booking(person.id, met.id, hours(-24), { status: "completed" });
    await prisma.savedMentor.create({ data: { userId: person.id, guideId: saved.id } });
    const other = await createPerson("user");
    await prisma.savedMentor.create({ data: { userId: other.id, guideId: never.id } });

    const page = await html(await send("/user-dashboard/mentors", { cookie }));
    expect(page).toContain(met.name);
    expect(page.split('data-testid="booked-mentor"').length - 1).toBe(1);
    expect(page).toContain("2 sessions");
    expect(page).toContain("Book again");
    expect(page).toContain(`href="/mentor/${met.id}"`);
    expect(page).toContain(saved.name);
    expect(page).not.toContain(never.name);
    // A mentor met with is a contact: their card leads to the conversation; a mentor only saved is not.
    expect(page).toContain(`href="/user-dashboard/messages?with=${met.id}"`);
    expect(page).toContain(`Message<span class="sr-only"> ${met.name}</span>`);
    expect(page).not.toContain(`messages?with=${saved.id}"`);
  });

  test("a mentor met with who has since left keeps their card, without a way to book or write", async () => {
    const { person, cookie } = await signIn("user");
    const gone = await liveGuide();
    await booking(person.id, gone.id, hours(-48), { status: "completed" });
    await prisma.user.update({ where: { id: gone.id }, data: { isDeleted: true } });
    const page = await html(await send("/user-dashboard/mentors", { cookie }));
    expect(page).toContain(gone.name);
    expect(page).toContain("No longer taking bookings.");
    expect(page).not.toContain(`messages?with=${gone.id}"`);
    expect(page).not.toContain("Book again");
  });

  test("save and unsave without JavaScript: back where one came from with a toast; twice is one save", async () => {
    const { person, cookie } = await signIn("user");
    const guide = await liveGuide();
    const save = await postForm("/user-dashboard/mentors/saved", { guideId: String(guide.id), intent: "save", redirectTo: `/mentor/${guide.id}` }, cookie);
    expect(save.headers.get("Location")).toBe(`/mentor/${guide.id}`);
    const profile = await landing(save, cookie);
    expect(profile).toContain("Mentor Saved");
    expect(profile).toContain('aria-pressed="true"');
    await postForm("/user-dashboard/mentors/saved", { guideId: String(guide.id), intent: "save" }, cookie);
    expect(await prisma.savedMentor.count({ where: { userId: person.id } })).toBe(1);

    const unsave = await postForm("/user-dashboard/mentors/saved", { guideId: String(guide.id), intent: "unsave", redirectTo: "https://evil.example/" }, cookie);
    expect(unsave.headers.get("Location")).toBe("/user-dashboard/mentors"); // never off the site
    expect(await prisma.savedMentor.count({ where: { userId: person.id } })).toBe(0);
  });

  test("a fetcher gets {saved} back; a guide who is not live cannot be saved; bad input is a 400", async () => {
    const { person, cookie } = await signIn("user");
    const guide = await liveGuide();
    const viaFetcher = await postForm("/user-dashboard/mentors/saved.data", { guideId: String(guide.id), intent: "save", via: "fetcher" }, cookie);
    expect(viaFetcher.status).toBe(200);
    expect(await viaFetcher.text()).toContain("saved");
    expect(await prisma.savedMentor.count({ where: { userId: person.id, guideId: guide.id } })).toBe(1);

    const hidden = await createPerson("guide", { isVerified: false });
    await prisma.guideProfile.create({ data: { userId: hidden.id } });
    const refused = await postForm("/user-dashboard/mentors/saved", { guideId: String(hidden.id), intent: "save", via: "fetcher" }, cookie);
    expect(refused.status).toBe(404);
    expect(await prisma.savedMentor.count({ where: { userId: person.id, guideId: hidden.id } })).toBe(0);

    const bad = await postForm("/user-dashboard/mentors/saved", { guideId: "abc", intent: "save" }, cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("guideId must be a positive whole number");
  });

  test("signed-out visitors get a link to sign in and come back; a mentee sees Saved on cards and the profile", async () => {
    const guide = await liveGuide();
    const signedOut = await html(await send(`/mentor/${guide.id}`));
    expect(signedOut).toContain(`/login?redirectTo=%2Fmentor%2F${guide.id}`);
    expect(signedOut).toContain(`Sign in to save ${guide.name}`);

    const { person, cookie } = await signIn("user");
    await prisma.savedMentor.create({ data: { userId: person.id, guideId: guide.id } });
    const profile = await html(await send(`/mentor/${guide.id}`, { cookie }));
    expect(profile).toContain(`Saved: remove ${guide.name} from your saved mentors`);
    const search = await html(await send(`/search?q=${encodeURIComponent(guide.name)}`, { cookie }));
    expect(search).toContain(`Saved: remove ${guide.name} from your saved mentors`);
    // A guide or admin sees no toggle.
    const asGuide = await html(await send(`/mentor/${guide.id}`, { cookie: (await signIn("guide")).cookie }));
    expect(asGuide).not.toContain(`Save ${guide.name}`);
  });
});

describe("Payments and receipts", () => {
  test("my payments only, newest first, with refunds; paged and sorted through the URL", async () => {
    const { person, cookie } = await signIn("user");
    const guide = await liveGuide();
    const b1 = await booking(person.id, guide.id, hours(-100), { status: "completed", topic: "Staff culture", rateCents: 7500, paymentStatus: "paid" });
    const b2 = await booking(person.id, guide.id, hours(-50), { status: "cancelled", topic: "Refunded talk", rateCents: 4000, paymentStatus: "refunded" });
    await payment(person.id, guide.id, b1.id, { amountCents: 7500 });
    await payment(person.id, guide.id, b2.id, { amountCents: 4000, refundedCents: 4000 });
    const other = await createPerson("user");
    const ob = await booking(other.id, guide.id, hours(-10), { topic: "Someone else's topic" });
    await payment(other.id, guide.id, ob.id, { amountCents: 99900 });

    const page = await html(await send("/user-dashboard/payments", { cookie }));
    expect(page).toContain("Payment history");
    expect(page).toContain("Staff culture");
    expect(page).toContain("$75.00");
    expect(page).toContain("Refunded");
    expect(page).toContain("$40.00 refunded");
    expect(page).not.toContain("Someone else's topic");
    expect(page).not.toContain("$999.00");

    const sorted = await html(await send("/user-dashboard/payments?sort=amount&order=asc", { cookie }));
    expect(sorted.indexOf("$40.00")).toBeLessThan(sorted.indexOf("$75.00"));
    const searched = await html(await send("/user-dashboard/payments?search=staff", { cookie }));
    expect(searched).toContain("Staff culture");
    expect(searched).not.toContain("Refunded talk");
    // A sort the list does not have is dropped: the default order.
    expect((await send("/user-dashboard/payments?sort=email", { cookie })).headers.get("Location")).toBe("/user-dashboard/payments");
  });

  test("a receipt is the payer's own, printable, with platform, amounts, refunds and reference; another's is a 404", async () => {
    const { person, cookie } = await signIn("user");
    await prisma.user.update({ where: { id: person.id }, data: { timeZone: "Europe/London" } });
    const guide = await liveGuide();
    const b = await booking(person.id, guide.id, hours(-30), { status: "completed", topic: "Budget season", rateCents: 6000, paymentStatus: "paid" });
    const paid = await payment(person.id, guide.id, b.id, { amountCents: 6000, refundedCents: 1500, intent: "pi_receipt_reference_1" });

    const response = await send(`/user-dashboard/payments/${paid.id}/receipt`, { cookie });
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("Ministry Mentors");
    expect(page).toContain("Receipt");
    expect(page).toContain("pi_receipt_reference_1");
    expect(page).toContain("$60.00");
    expect(page).toContain("−$15.00");
    expect(page).toContain("$45.00"); // total paid after the refund
    expect(page).toContain("Partly refunded");
    expect(page).toContain(guide.name);
    expect(page).toContain("Budget season");
    expect(page).toContain("Europe/London");
    expect(page).toContain("Print or save as PDF");

    const stranger = await signIn("user");
    expect((await send(`/user-dashboard/payments/${paid.id}/receipt`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await send(`/user-dashboard/payments/987654321/receipt`, { cookie })).status).toBe(404);
    expect((await send(`/user-dashboard/payments/abc/receipt`, { cookie })).status).toBe(404);
  });
});

describe("Profile", () => {
  test("shows my fields with the e-mail read-only; saves them; bad input is a 400 that keeps what was typed", async () => {
    const { person, cookie } = await signIn("user");
    const page = await html(await send("/user-dashboard/profile", { cookie }));
    expect(page).toContain(person.email);
    expect(page).toMatch(/id="email-readonly"[^>]*readOnly|readonly/i);

    const fields = {
      intent: "profile",
      name: "Ruth Okafor",
      title: "Associate Pastor",
      organisation: "Grace Fellowship",
      education: "M.Div., Fuller",
      bio: "Leading a young congregation.",
      experience: "Six years in youth ministry",
      challenges: "Raising new leaders",
      specialties: "discipleship",
      email: "changed@test.example",
    };
    const saved = await postForm("/user-dashboard/profile", fields, cookie);
    expect(await landing(saved, cookie)).toContain("Profile Updated");
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: person.id }, include: { specialties: true } });
    expect(stored).toMatchObject({ name: "Ruth Okafor", title: "Associate Pastor", organisation: "Grace Fellowship", education: "M.Div., Fuller", email: person.email });
    expect(stored.specialties.map((s) => s.code)).toEqual(["discipleship"]);

    const bad = await postForm("/user-dashboard/profile", { ...fields, name: "R2-D2", title: "", bio: "Kept bio text" }, cookie);
    expect(bad.status).toBe(400);
    const badPage = await html(bad);
    expect(badPage).toContain("Please enter a valid name without numbers or special characters.");
    expect(badPage).toContain("Job title is required.");
    expect(badPage).toContain("Kept bio text");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).name).toBe("Ruth Okafor");
  });

  test("the picture: an image is stored and shown; anything else is refused", async () => {
    const { person, cookie } = await signIn("user");
    const image = new File([new Uint8Array(await sharp({ create: { width: 10, height: 10, channels: 3, background: "#2563eb" } }).png().toBuffer())], "me.png", { type: "image/png" });
    const form = new FormData();
    form.append("intent", "picture");
    form.append("image", image);
    const response = await send("/user-dashboard/profile", { method: "POST", body: form, cookie, headers: { Origin: "http://localhost" } });
    expect(response.status).toBe(302);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).imageId).toBeTruthy();

    const text = new FormData();
    text.append("intent", "picture");
    text.append("image", new File(["hello"], "notes.txt", { type: "text/plain" }));
    const refused = await send("/user-dashboard/profile", { method: "POST", body: text, cookie, headers: { Origin: "http://localhost" } });
    expect(await landing(refused, cookie)).toContain("Please select a valid image file.");
  });
});

describe("Settings (both dashboards)", () => {
  test("preferences are saved; dark mode puts the dark class on <html>; a bad zone is a 400 keeping the input", async () => {
    const { person, cookie } = await signIn("user");
    const page = await html(await send("/user-dashboard/settings", { cookie }));
    expect(page).toContain("America/New_York"); // the IANA list
    expect(page).not.toMatch(/<html[^>]*class="dark"/);

    const saved = await postForm("/user-dashboard/settings", { intent: "preferences", timeZone: "Africa/Lagos", communication: "in_app", darkMode: "on" }, cookie);
    const after = await landing(saved, cookie);
    expect(after).toContain("Settings Saved");
    expect(after).toMatch(/<html[^>]*class="dark"/);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ timeZone: "Africa/Lagos", communication: "in_app", darkMode: true, notifications: false });
    // Dark mode follows the person across the product, public pages included.
    expect(await html(await send("/search", { cookie }))).toMatch(/<html[^>]*class="dark"/);
    expect(await html(await send("/search"))).not.toMatch(/<html[^>]*class="dark"/);

    const bad = await postForm("/user-dashboard/settings", { intent: "preferences", timeZone: "Mars/Olympus_Mons", communication: "pigeon", notifications: "on" }, cookie);
    expect(bad.status).toBe(400);
    const badPage = await html(bad);
    expect(badPage).toContain("Choose a time zone from the list");
    expect(badPage).toContain("Choose e-mail or in-app");
    expect(await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ timeZone: "Africa/Lagos", notifications: false });
  });

  test("a guide has the same settings at /mentor-dashboard/settings", async () => {
    const { person, cookie } = await signIn("guide");
    await prisma.guideProfile.create({ data: { userId: person.id } });
    expect((await send("/mentor-dashboard/settings", { cookie })).status).toBe(200);
    const saved = await postForm("/mentor-dashboard/settings", { intent: "preferences", timeZone: "Asia/Seoul", communication: "email", notifications: "on" }, cookie);
    expect(saved.headers.get("Location")).toBe("/mentor-dashboard/settings");
    expect(await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ timeZone: "Asia/Seoul", notifications: true, darkMode: false });
  });

  test("changing the password needs the current one; then other sessions end and this one stays", async () => {
    const { person, cookie } = await signIn("user");
    const otherCookie = (await commitSession(await createSession(person.id, "web"))).split(";")[0];
    const wrong = await postForm("/user-dashboard/settings", { intent: "password", currentPassword: "Not-it-1!", password: "N3w-Pass!", confirmPassword: "N3w-Pass!" }, cookie);
    expect(wrong.status).toBe(400);
    expect(await html(wrong)).toContain("Current password is incorrect");
    const missing = await postForm("/user-dashboard/settings", { intent: "password", password: "N3w-Pass!", confirmPassword: "N3w-Pass!" }, cookie);
    expect(missing.status).toBe(400);
    expect(await html(missing)).toContain("Current password is required");
    expect(await sessionWorks(otherCookie)).toBe(true);

    const weak = await postForm("/user-dashboard/settings", { intent: "password", currentPassword: TEST_PASSWORD, password: "short", confirmPassword: "short" }, cookie);
    expect(weak.status).toBe(400);

    const changed = await postForm("/user-dashboard/settings", { intent: "password", currentPassword: TEST_PASSWORD, password: "N3w-Pass!", confirmPassword: "N3w-Pass!" }, cookie);
    expect(await landing(changed, cookie)).toContain("Password Changed");
    expect(await sessionWorks(cookie)).toBe(true);
    expect(await sessionWorks(otherCookie)).toBe(false);
    const login = await postForm("/login", { email: person.email, password: "N3w-Pass!" });
    expect(login.status).toBe(302);
  });

  test("deleting the account needs DELETE or the password; it soft-deletes, signs out and keeps bookings and payments", async () => {
    const { person, cookie } = await signIn("user");
    const guide = await liveGuide();
    const past = await booking(person.id, guide.id, hours(-30), { status: "completed", rateCents: 5000, paymentStatus: "paid" });
    const paid = await payment(person.id, guide.id, past.id);

    const wrong = await postForm("/user-dashboard/settings?delete-account", { intent: "delete", confirmation: "delete me" }, cookie);
    expect(wrong.status).toBe(400);
    expect(await html(wrong)).toContain("That is neither DELETE nor your password");
    const empty = await postForm("/user-dashboard/settings?delete-account", { intent: "delete" }, cookie);
    expect(empty.status).toBe(400);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ isDeleted: false });

    const deleted = await postForm("/user-dashboard/settings?delete-account", { intent: "delete", confirmation: "DELETE" }, cookie);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/");
    expect(deleted.headers.getSetCookie().some((c) => c.startsWith("mm_session=;") || /mm_session=;|mm_session=[^;]*;.*Max-Age=0/i.test(c))).toBe(true);
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: person.id } });
    expect(stored.isDeleted).toBe(true);
    expect(stored.deletedAt).toBeInstanceOf(Date);
    expect(await prisma.session.count({ where: { userId: person.id } })).toBe(0);
    expect(await sessionWorks(cookie)).toBe(false);
    expect(await prisma.booking.findUnique({ where: { id: past.id } })).not.toBeNull();
    expect(await prisma.payment.findUnique({ where: { id: paid.id } })).not.toBeNull();
    expect((await postForm("/login", { email: person.email, password: TEST_PASSWORD })).status).not.toBe(302);
  });

  test("the password confirms a deletion too; a guide with upcoming confirmed sessions is refused with a clear message", async () => {
    const mentee = await signIn("user");
    const byPassword = await postForm("/user-dashboard/settings", { intent: "delete", confirmation: TEST_PASSWORD }, mentee.cookie);
    expect(byPassword.headers.get("Location")).toBe("/");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: mentee.person.id } })).isDeleted).toBe(true);

    const { person: guide, cookie } = await signIn("guide");
    await prisma.guideProfile.create({ data: { userId: guide.id } });
    const someone = await createPerson("user");
    await booking(someone.id, guide.id, hours(48), { status: "confirmed" });
    const page = await html(await send("/mentor-dashboard/settings", { cookie }));
    expect(page).toContain("You have 1 upcoming session.");
    const refused = await postForm("/mentor-dashboard/settings?delete-account", { intent: "delete", confirmation: "DELETE" }, cookie);
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain("You have 1 upcoming session. Cancel it (or let it take place) before deleting your account.");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).isDeleted).toBe(false);
  });
});
