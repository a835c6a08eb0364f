/**
 * The guide's dashboard (overview, profile, billing and statements, reviews) and reviews end to end: the mentee's
 * review form, the guide's reply, the console's hide/show, the public profile and the kept rating. Real Requests
 * through the built app against the real database.
 */
import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { guideMessages } from "#app/modules/guides/schema.ts";
import { reviewMessages } from "#app/modules/reviews/schema.ts";
import { JOIN_LATER_TEXT } from "#app/modules/bookings/join-window.ts";
import { createPerson, postForm, send, signIn } from "#tests/app.ts";

const text = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const word = () => faker.string.alpha({ length: 9, casing: "lower" });
const capital = (value: string) => value[0].toUpperCase() + value.slice(1);
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

type Signed = Awaited<ReturnType<typeof signIn>>;

/** A signed-in, approved (live) guide with a profile. */
async function signedInGuide(timeZone = "UTC") {
  const guide = await signIn("guide");
  await prisma.user.update({ where: { id: guide.person.id }, data: { timeZone, title: "Pastor", bio: "Serving for years." } });
  await prisma.guideProfile.create({
    data: { userId: guide.person.id, experienceYears: 10, category: "Senior Pastors", meetingUrl: "https://meet.example.com/room-1", education: '["M.Div."]', expertise: '["Preaching"]' },
  });
  await prisma.guideRequest.create({ data: { guideId: guide.person.id, status: "approved" } });
  return guide;
}

let slotMinute = 0;
/** A booking between a mentee and a guide, at `startsAt`. */
async function booking(guideId: number, userId: number, data: { status?: string; startsAt?: Date; topic?: string; rateCents?: number } = {}) {
  const startsAt = data.startsAt ?? new Date(Date.now() - 2 * DAY + slotMinute++ * 60_000);
  return prisma.booking.create({
    data: { guideId, userId, startsAt, topic: data.topic ?? `Vision ${word()}`, status: data.status ?? "completed", rateCents: data.rateCents ?? 0, paymentStatus: data.rateCents ? "paid" : "unpaid" },
  });
}

async function payment(guideId: number, userId: number, bookingId: number, amountCents: number, paidAt: Date, refundedCents = 0) {
  return prisma.payment.create({ data: { guideId, userId, bookingId, amountCents, refundedCents, status: "succeeded", paidAt } });
}

const reviewPath = (bookingId: number) => `/user-dashboard/bookings/${bookingId}/review`;
const rating = (guideId: number) => prisma.guideProfile.findUniqueOrThrow({ where: { userId: guideId }, select: { ratingAverage: true, ratingCount: true } });

describe("the review form of a mentee's booking", () => {
  let guide: Signed;
  let mentee: Signed;
  let other: Signed;

  beforeAll(async () => {
    guide = await signedInGuide();
    mentee = await signIn("user");
    other = await signIn("user");
  });

  test("only the booking's mentee sees it: another mentee, a guide or a missing booking get a 404", async () => {
    const done = await booking(guide.person.id, mentee.person.id);
    expect((await send(reviewPath(done.id), { cookie: mentee.cookie })).status).toBe(200);
    expect((await send(reviewPath(done.id), { cookie: other.cookie })).status).toBe(404);
    expect((await send(reviewPath(987654), { cookie: mentee.cookie })).status).toBe(404);
    const post = await postForm(reviewPath(done.id), { intent: "create", rating: "5", content: "A stranger's review text." }, other.cookie);
    expect(post.status).toBe(404);
    expect(await prisma.review.count({ where: { bookingId: done.id } })).toBe(0);
    // A guide is in the wrong area altogether.
    expect((await send(reviewPath(done.id), { cookie: guide.cookie })).headers.get("Location")).toBe("/mentor-dashboard");
  });

  test("a session that is not completed cannot be reviewed: the form is not offered and a post is refused", async () => {
    const upcoming = await booking(guide.person.id, mentee.person.id, { status: "confirmed", startsAt: new Date(Date.now() + 3 * DAY) });
    const page = await text(await send(reviewPath(upcoming.id), { cookie: mentee.cookie }));
    expect(page).toContain(reviewMessages.notCompleted);
    expect(page).not.toContain("Post review");
    const response = await postForm(reviewPath(upcoming.id), { intent: "create", rating: "4", content: "Trying to review early." }, mentee.cookie);
    expect(response.status).toBe(400);
    expect(await text(response)).toContain(reviewMessages.notCompleted);
    expect(await prisma.review.count({ where: { bookingId: upcoming.id } })).toBe(0);
  });

  test("rating and text are checked with their messages, and what was typed is kept", async () => {
    const done = await booking(guide.person.id, mentee.person.id);
    const missing = await postForm(reviewPath(done.id), { intent: "create", rating: "", content: "" }, mentee.cookie);
    expect(missing.status).toBe(400);
    const page = await text(missing);
    expect(page).toContain(reviewMessages.ratingRequired);
    expect(page).toContain(reviewMessages.contentRequired);
    const short = await postForm(reviewPath(done.id), { intent: "create", rating: "6", content: "Too short" }, mentee.cookie);
    const shortPage = await text(short);
    expect(shortPage).toContain(reviewMessages.ratingRequired);
    expect(shortPage).toContain(reviewMessages.contentLength);
    expect(shortPage).toContain("Too short");
    const long = await postForm(reviewPath(done.id), { intent: "create", rating: "3", content: "x".repeat(2001) }, mentee.cookie);
    expect(await text(long)).toContain(reviewMessages.contentLength);
    expect(await prisma.review.count({ where: { bookingId: done.id } })).toBe(0);
  });

  test("a completed session is reviewed once: the rating follows, the guide is told, a second review is refused", async () => {
    const first = await booking(guide.person.id, mentee.person.id);
    const created = await postForm(reviewPath(first.id), { intent: "create", rating: "4", content: "Wise, patient and practical counsel." }, mentee.cookie);
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe(reviewPath(first.id));
    const review = await prisma.review.findUniqueOrThrow({ where: { bookingId: first.id } });
    expect(review).toMatchObject({ authorId: mentee.person.id, guideId: guide.person.id, rating: 4, content: "Wise, patient and practical counsel." });
    expect(await rating(guide.person.id)).toEqual({ ratingAverage: 4, ratingCount: 1 });
    const note = await prisma.notification.findFirst({ where: { userId: guide.person.id, kind: "review" }, orderBy: { id: "desc" } });
    expect(note?.title).toContain("New 4-star review");
    expect(note?.href).toBe("/mentor-dashboard/reviews");

    const again = await postForm(reviewPath(first.id), { intent: "create", rating: "1", content: "Second try at reviewing it." }, mentee.cookie);
    expect(again.status).toBe(400);
    expect(await text(again)).toContain(reviewMessages.alreadyReviewed);
    expect(await prisma.review.count({ where: { bookingId: first.id } })).toBe(1);

    // A second session, a second review: the average is of both.
    const second = await booking(guide.person.id, mentee.person.id);
    await postForm(reviewPath(second.id), { intent: "create", rating: "5", content: "Even better the second time." }, mentee.cookie);
    expect(await rating(guide.person.id)).toEqual({ ratingAverage: 4.5, ratingCount: 2 });

    // Changed within 14 days: saved, marked edited, the average follows.
    const edited = await postForm(reviewPath(first.id), { intent: "update", rating: "2", content: "On reflection, less helpful." }, mentee.cookie);
    expect(edited.status).toBe(302);
    const after = await prisma.review.findUniqueOrThrow({ where: { bookingId: first.id } });
    expect(after).toMatchObject({ rating: 2, content: "On reflection, less helpful." });
    expect(after.editedAt).not.toBeNull();
    expect(await rating(guide.person.id)).toEqual({ ratingAverage: 3.5, ratingCount: 2 });
  });

  test("after 14 days a review is read-only: the page says so and an edit is refused", async () => {
    const done = await booking(guide.person.id, mentee.person.id);
    await prisma.review.create({
      data: { bookingId: done.id, authorId: mentee.person.id, guideId: guide.person.id, rating: 5, content: "Written long ago.", createdAt: new Date(Date.now() - 15 * DAY) },
    });
    const page = await text(await send(reviewPath(done.id), { cookie: mentee.cookie }));
    expect(page).toContain(reviewMessages.editWindowOver);
    expect(page).toContain("Written long ago.");
    expect(page).not.toContain("Save changes");
    const response = await postForm(reviewPath(done.id), { intent: "update", rating: "1", content: "Changing it far too late." }, mentee.cookie);
    expect(response.status).toBe(400);
    expect(await text(response)).toContain(reviewMessages.editWindowOver);
    expect((await prisma.review.findUniqueOrThrow({ where: { bookingId: done.id } })).content).toBe("Written long ago.");
  });
});

describe("replies, hiding and the public profile", () => {
  let guide: Signed;
  let otherGuide: Signed;
  let mentee: Signed;
  let admin: Signed;
  let kept: { id: number };
  let hidden: { id: number };
  const tag = capital(word());

  beforeAll(async () => {
    guide = await signedInGuide();
    otherGuide = await signedInGuide();
    mentee = await signIn("user");
    admin = await signIn("admin");
    const a = await booking(guide.person.id, mentee.person.id);
    const b = await booking(guide.person.id, mentee.person.id);
    await postForm(reviewPath(a.id), { intent: "create", rating: "5", content: `Kept review ${tag} text.` }, mentee.cookie);
    await postForm(reviewPath(b.id), { intent: "create", rating: "1", content: `Rude review ${tag} text.` }, mentee.cookie);
    kept = await prisma.review.findUniqueOrThrow({ where: { bookingId: a.id } });
    hidden = await prisma.review.findUniqueOrThrow({ where: { bookingId: b.id } });
  });

  test("the guide's Reviews screen lists their reviews only, with a reply form", async () => {
    const mine = await text(await send("/mentor-dashboard/reviews", { cookie: guide.cookie }));
    expect(mine).toContain(`Kept review ${tag} text.`);
    expect(mine).toContain("Post reply");
    const theirs = await text(await send("/mentor-dashboard/reviews", { cookie: otherGuide.cookie }));
    expect(theirs).not.toContain(`Kept review ${tag}`);
    // The URL cannot widen the list to another guide's reviews.
    const widened = await text(await send(`/mentor-dashboard/reviews?guideId=${guide.person.id}`, { cookie: otherGuide.cookie }));
    expect(widened).not.toContain(`Kept review ${tag}`);
  });

  test("the guide's sort select says which reviews come first, newest by default (the console keeps its own labels)", async () => {
    // The cards, not the bell's notifications about the same reviews in the header.
    const cards = async (path: string) => (await text(await send(path, { cookie: guide.cookie }))).split("<main")[1];
    const newest = await cards("/mentor-dashboard/reviews");
    expect(newest).toContain('<option value="DESC" selected="">Newest first</option>');
    expect(newest).toContain('<option value="ASC">Oldest first</option>');
    expect(newest).not.toContain("Sort by Oldest");
    expect(newest.indexOf(`Rude review ${tag}`)).toBeLessThan(newest.indexOf(`Kept review ${tag}`));
    const oldest = await cards("/mentor-dashboard/reviews?order=ASC");
    expect(oldest).toContain('<option value="ASC" selected="">Oldest first</option>');
    expect(oldest.indexOf(`Kept review ${tag}`)).toBeLessThan(oldest.indexOf(`Rude review ${tag}`));
  });

  test("a guide replies once; the reply shows as 'Mentor Reply:' and the mentee is told; another guide cannot reply", async () => {
    const stranger = await postForm("/mentor-dashboard/reviews", { reviewId: String(kept.id), response: "Not my review to answer." }, otherGuide.cookie);
    expect(stranger.status).toBe(400);
    expect(await text(stranger)).toContain(reviewMessages.reviewNotFound);
    const empty = await postForm("/mentor-dashboard/reviews", { reviewId: String(kept.id), response: " " }, guide.cookie);
    expect(await text(empty)).toContain(reviewMessages.replyRequired);

    const reply = `Thank you ${tag}, it was a joy.`;
    const posted = await postForm("/mentor-dashboard/reviews", { reviewId: String(kept.id), response: reply }, guide.cookie);
    expect(posted.status).toBe(302);
    expect((await prisma.review.findUniqueOrThrow({ where: { id: kept.id } })).mentorResponse).toBe(reply);
    const note = await prisma.notification.findFirst({ where: { userId: mentee.person.id, kind: "review" }, orderBy: { id: "desc" } });
    expect(note?.title).toContain("replied to your review");

    const twice = await postForm("/mentor-dashboard/reviews", { reviewId: String(kept.id), response: "A second reply." }, guide.cookie);
    expect(twice.status).toBe(400);
    expect(await text(twice)).toContain(reviewMessages.alreadyReplied);
    expect((await prisma.review.findUniqueOrThrow({ where: { id: kept.id } })).mentorResponse).toBe(reply);

    const profile = await text(await send(`/mentor/${guide.person.id}`));
    expect(profile).toContain("Mentor Reply:");
    expect(profile).toContain(reply);
    // The mentee reads the reply under their review too.
    const { bookingId } = await prisma.review.findUniqueOrThrow({ where: { id: kept.id } });
    expect(await text(await send(reviewPath(bookingId!), { cookie: mentee.cookie }))).toContain(reply);
  });

  test("an admin hides a review with a reason: gone from the public profile, not counted; shown again, it counts again", async () => {
    expect(await rating(guide.person.id)).toEqual({ ratingAverage: 3, ratingCount: 2 });
    const before = await text(await send(`/mentor/${guide.person.id}`));
    expect(before).toContain(`Rude review ${tag} text.`);

    // "Hide review" opens a dialog by URL state, with the review and the reason field; a list of cards holds no reason forms.
    const list = `/admin/dashboard/all-review?guideId=${guide.person.id}`;
    const cards = await text(await send(list, { cookie: admin.cookie }));
    expect(cards).toContain(`href="${list}&hide=${hidden.id}"`);
    expect(cards).not.toContain("Reason for hiding");
    const dialog = await text(await send(`${list}&hide=${hidden.id}`, { cookie: admin.cookie }));
    expect(dialog).toContain("Reason for hiding");
    expect(dialog).toContain(`Rude review ${tag} text.`);

    const noReason = await postForm(`${list}&hide=${hidden.id}`, { intent: "hide", reviewId: String(hidden.id), reason: "" }, admin.cookie);
    expect(noReason.status).toBe(400);
    const refused = await text(noReason);
    expect(refused).toContain(reviewMessages.reasonRequired);
    expect(refused).toContain("Reason for hiding");
    // Only an admin moderates: the guide's own reviews screen has no such action, and the console refuses them.
    expect((await postForm("/admin/dashboard/all-review", { intent: "hide", reviewId: String(hidden.id), reason: "x" }, guide.cookie)).headers.get("Location")).toBe("/mentor-dashboard");

    const hide = await postForm(`${list}&hide=${hidden.id}`, { intent: "hide", reviewId: String(hidden.id), reason: "Personal attack" }, admin.cookie);
    expect(hide.status).toBe(302);
    expect(hide.headers.get("Location")).toBe(list);
    const row = await prisma.review.findUniqueOrThrow({ where: { id: hidden.id } });
    expect(row.hiddenAt).not.toBeNull();
    expect(row).toMatchObject({ hiddenReason: "Personal attack", hiddenById: admin.person.id });
    expect(await rating(guide.person.id)).toEqual({ ratingAverage: 5, ratingCount: 1 });
    const after = await text(await send(`/mentor/${guide.person.id}`));
    expect(after).not.toContain(`Rude review ${tag} text.`);
    expect(after).toContain(`Kept review ${tag} text.`);
    // The console and the guide see it marked hidden, with the reason.
    expect(await text(await send("/mentor-dashboard/reviews", { cookie: guide.cookie }))).toContain("Reason: Personal attack");
    // A review hidden already opens no dialog.
    const again = await text(await send(`${list}&hide=${hidden.id}`, { cookie: admin.cookie }));
    expect(again).toContain("Review not found. It may have been deleted or hidden already.");
    expect(again).not.toContain("Reason for hiding");

    const unhide = await postForm("/admin/dashboard/all-review", { intent: "unhide", reviewId: String(hidden.id) }, admin.cookie);
    expect(unhide.status).toBe(302);
    expect(await rating(guide.person.id)).toEqual({ ratingAverage: 3, ratingCount: 2 });
    expect(await text(await send(`/mentor/${guide.person.id}`))).toContain(`Rude review ${tag} text.`);
  });

  test("a hidden review cannot be edited by its author", async () => {
    const done = await booking(guide.person.id, mentee.person.id);
    await postForm(reviewPath(done.id), { intent: "create", rating: "2", content: "Soon to be hidden review." }, mentee.cookie);
    const review = await prisma.review.findUniqueOrThrow({ where: { bookingId: done.id } });
    await postForm("/admin/dashboard/all-review", { intent: "hide", reviewId: String(review.id), reason: "Spam" }, admin.cookie);
    const edit = await postForm(reviewPath(done.id), { intent: "update", rating: "5", content: "Sneaking it back in." }, mentee.cookie);
    expect(await text(edit)).toContain(reviewMessages.hiddenReadOnly);
    expect((await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).rating).toBe(2);
  });
});

describe("the overview", () => {
  test("upcoming sessions in the guide's zone, this month's net earnings, the rating and what needs doing — their own only", async () => {
    const guide = await signedInGuide("America/Chicago");
    const otherGuide = await signedInGuide();
    const mentee = await createPerson("user", { name: `Ruth ${capital(word())}` });
    const soon = new Date(Date.UTC(2031, 5, 2, 20, 0));
    await booking(guide.person.id, mentee.id, { status: "confirmed", startsAt: soon, topic: "Elder board conflict" });
    await booking(guide.person.id, mentee.id, { status: "requested", startsAt: new Date(soon.getTime() + DAY) });
    await booking(guide.person.id, mentee.id, { status: "confirmed", startsAt: new Date(Date.now() - 3 * HOUR) });
    const paid = await booking(guide.person.id, mentee.id, { status: "completed", rateCents: 10000 });
    await payment(guide.person.id, mentee.id, paid.id, 10000, new Date(), 2000);
    await prisma.review.create({ data: { authorId: mentee.id, guideId: guide.person.id, rating: 4, content: "Good." } });
    await prisma.guideProfile.update({ where: { userId: guide.person.id }, data: { ratingAverage: 4, ratingCount: 1 } });

    const page = await text(await send("/mentor-dashboard", { cookie: guide.cookie }));
    expect(page).toContain("Mon, Jun 2, 3:00 PM CDT");
    expect(page).toMatch(/Times are shown in your time zone, <strong[^>]*>Central Time \(America\/Chicago\)<\/strong>\. <a[^>]*>Change it in Settings<\/a>/);
    // The length as Bookings gives it.
    expect(page).toContain(`${mentee.name} · Elder board conflict · 1 hour`);
    // Years ahead: the meeting link is not offered yet, and the overview says when it will be.
    expect(page).not.toContain('href="https://meet.example.com/room-1"');
    expect(page).toContain(JOIN_LATER_TEXT);
    // $100 paid, $20 refunded, 10% of the $80 kept is the fee: $72.00.
    expect(page).toContain("$72.00");
    expect(page).toContain("4.0");
    expect(page).toContain("1 booking request to accept or decline");
    // …which opens the Requests tab, its label counting what waits there.
    expect(page).toContain('href="/mentor-dashboard/bookings?tab=requests"');
    expect(await text(await send("/mentor-dashboard/bookings", { cookie: guide.cookie }))).toMatch(/role="tab"[^>]*>Requests \(1\)</);
    expect(page).toContain("1 past session to mark completed");
    expect(page).toContain("1 review without your reply");
    expect(page).toContain("Set your weekly hours");
    // A new guide is told to set up payouts, and a paused one that mentees see no free times.
    expect(page).toContain("Set up payouts so your earnings reach your bank account");
    expect(page).not.toContain("New bookings are paused");

    const theirs = await text(await send("/mentor-dashboard", { cookie: otherGuide.cookie }));
    expect(theirs).not.toContain(mentee.name);
    expect(theirs).toContain("No upcoming sessions.");
    expect(theirs).toContain("$0.00");

    // Paused, and payouts begun but not finished; then connected.
    await prisma.guideProfile.update({ where: { userId: otherGuide.person.id }, data: { bookingPaused: true } });
    await prisma.payoutAccount.create({ data: { guideId: otherGuide.person.id, stripeAccountId: `acct_overview_${otherGuide.person.id}`, status: "details_needed" } });
    const paused = await text(await send("/mentor-dashboard", { cookie: otherGuide.cookie }));
    expect(paused).toContain("New bookings are paused: mentees see no free times");
    expect(paused).toContain("Finish your payouts setup: Stripe needs more details");
    await prisma.payoutAccount.update({ where: { guideId: otherGuide.person.id }, data: { status: "active" } });
    const connected = await text(await send("/mentor-dashboard", { cookie: otherGuide.cookie }));
    expect(connected).not.toContain("Set up payouts");
    expect(connected).not.toContain("Finish your payouts setup");
  });
});

describe("billing", () => {
  test("earnings per session and per month after the platform fee, and a month's statement — the guide's own only", async () => {
    await prisma.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, platformFeePercent: 15 }, update: { platformFeePercent: 15 } });
    const guide = await signedInGuide();
    const otherGuide = await signedInGuide();
    const mentee = await createPerson("user", { name: `Lydia ${capital(word())}` });
    const stranger = await createPerson("user", { name: `Phoebe ${capital(word())}` });
    const october = await booking(guide.person.id, mentee.id, { rateCents: 10000, topic: "Preaching plan" });
    const november = await booking(guide.person.id, mentee.id, { rateCents: 5000, topic: "Budget review" });
    await payment(guide.person.id, mentee.id, october.id, 10000, new Date(Date.UTC(2026, 9, 12, 15)), 4000);
    await payment(guide.person.id, mentee.id, november.id, 5000, new Date(Date.UTC(2026, 10, 3, 15)));
    const theirs = await booking(otherGuide.person.id, stranger.id, { rateCents: 7000 });
    await payment(otherGuide.person.id, stranger.id, theirs.id, 7000, new Date(Date.UTC(2026, 10, 5, 15)));

    const page = await text(await send("/mentor-dashboard/billing", { cookie: guide.cookie }));
    expect(page).toContain("October 2026");
    expect(page).toContain("November 2026");
    // October: $100 paid, $40 refunded, 15% of $60 = $9.00 fee, $51.00 net. November: $50, fee $7.50, net $42.50.
    for (const amount of ["$100.00", "-$40.00", "-$9.00", "$51.00", "$50.00", "-$7.50", "$42.50", "$93.50"]) expect(page).toContain(amount);
    expect(page).toContain(mentee.name);
    expect(page).not.toContain(stranger.name);
    expect(page).toContain('href="/mentor-dashboard/billing/2026-11"');

    const filtered = await text(await send("/mentor-dashboard/billing?month=2026-10", { cookie: guide.cookie }));
    expect(filtered).toContain("Preaching plan");
    expect(filtered).not.toContain("Budget review");
    // What the list cannot read is dropped (every month, the default order); a statement of no month is a 404.
    expect((await send("/mentor-dashboard/billing?month=2026-13", { cookie: guide.cookie })).headers.get("Location")).toBe("/mentor-dashboard/billing");
    expect((await send("/mentor-dashboard/billing?sort=fee", { cookie: guide.cookie })).headers.get("Location")).toBe("/mentor-dashboard/billing");
    const noMonth = await send("/mentor-dashboard/billing/2026-13", { cookie: guide.cookie });
    expect(noMonth.status).toBe(404);
    expect(await text(noMonth)).toContain("There is no statement for that month.");

    const statement = await send("/mentor-dashboard/billing/2026-10", { cookie: guide.cookie });
    expect(statement.status).toBe(200);
    const statementText = await text(statement);
    expect(statementText).toContain("Statement for October 2026");
    expect(statementText).toContain("Preaching plan");
    expect(statementText).toContain("$51.00");
    expect(statementText).not.toContain("Budget review");
    expect((await send("/mentor-dashboard/billing/2026-11", { cookie: otherGuide.cookie })).status).toBe(200);
    expect(await text(await send("/mentor-dashboard/billing/2026-11", { cookie: otherGuide.cookie }))).not.toContain(mentee.name);
    expect((await send("/mentor-dashboard/billing/2026-10", { cookie: otherGuide.cookie })).status).toBe(404);
    expect((await send("/mentor-dashboard/billing/2026-1", { cookie: guide.cookie })).status).toBe(404);
    await prisma.platformSettings.update({ where: { id: 1 }, data: { platformFeePercent: 10 } });
  });
});

describe("the guide's profile", () => {
  const valid = (overrides: Record<string, string> = {}) => ({
    name: "Miriam O'Hara",
    phone: "(503) 555-0147",
    title: "Lead Pastor",
    organisation: "Grace Fellowship",
    bio: "Planted three churches and coached forty pastors.",
    experience: "18",
    category: "Multi-Site",
    "specialties[0]": "churchPlanting",
    "specialties[1]": "leadership",
    "languages[0]": "English",
    "languages[1]": "Portuguese",
    "expertise[0]": "Church planting",
    "education[0]": "M.Div., Gordon-Conwell",
    recentSuccess: "Launched a second campus",
    videoUrl: "https://vimeo.com/123456789",
    ...overrides,
  });

  test("shows the guide's own fields, saves them with a toast, and the public profile and search text follow", async () => {
    const guide = await signedInGuide();
    const before = await text(await send("/mentor-dashboard/profile", { cookie: guide.cookie }));
    expect(before).toContain(guide.person.email);
    expect(before).toContain("Serving for years.");

    const tag = capital(word());
    const saved = await postForm("/mentor-dashboard/profile", valid({ bio: `Planted churches across ${tag} county.`, "expertise[1]": `Bivocational ${tag}` }), guide.cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/mentor-dashboard/profile");
    expect(saved.headers.getSetCookie().join(";")).toContain("mm_toast");
    const user = await prisma.user.findUniqueOrThrow({ where: { id: guide.person.id }, include: { guideProfile: { include: { languages: true } }, specialties: true } });
    expect(user).toMatchObject({ name: "Miriam O'Hara", email: guide.person.email, title: "Lead Pastor", organisation: "Grace Fellowship" });
    expect(user.guideProfile).toMatchObject({ experienceYears: 18, category: "Multi-Site", videoUrl: "https://vimeo.com/123456789", phone: "+15035550147" });
    expect(user.guideProfile?.languages.map((row) => row.language).sort()).toEqual(["English", "Portuguese"]);
    expect(user.specialties.map((row) => row.code).sort()).toEqual(["churchPlanting", "leadership"]);
    // Find a Mentor's search text follows the profile, in the same save.
    expect(user.guideProfile?.searchText).toContain(tag);

    const profile = await text(await send(`/mentor/${guide.person.id}`));
    expect(profile).toContain("Miriam O'Hara");
    expect(profile).toContain(`Planted churches across ${tag} county.`);
    expect(profile).toContain(`Bivocational ${tag}`);
    expect(profile).toContain("Portuguese");
    expect(profile).toContain("player.vimeo.com/video/123456789");
  });

  test("the guide form's rules and messages apply, what was typed is kept, and nothing is saved", async () => {
    const guide = await signedInGuide();
    const response = await postForm(
      "/mentor-dashboard/profile",
      valid({ name: "M1", phone: "abc", experience: "51", category: "", "specialties[0]": "", "specialties[1]": "", "languages[0]": "", "languages[1]": "", title: "<b>", videoUrl: "https://example.com/video.mp4" }),
      guide.cookie,
    );
    expect(response.status).toBe(400);
    const page = await text(response);
    for (const message of [
      guideMessages.nameFormat,
      guideMessages.phoneFormat,
      guideMessages.experienceRange,
      guideMessages.categoryRequired,
      guideMessages.specialtiesRequired,
      guideMessages.languagesRequired,
      guideMessages.titleFormat,
      guideMessages.videoHost,
    ]) expect(page).toContain(message);
    expect(page).toContain('value="Grace Fellowship"');
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.person.id } })).bio).toBe("Serving for years.");
    // An e-mail address in the form changes nothing: it is an account setting.
    await postForm("/mentor-dashboard/profile", { ...valid(), email: "taken@test.example" }, guide.cookie);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.person.id } })).email).toBe(guide.person.email);
  });
});
