// The curated demo: who its people are and what has happened to them. Grace runs the marketplace; Sarah Johnson, an
// associate pastor preparing her church's first building campaign, has been meeting David Mitchell, a senior pastor
// who has led two; both sign in with the demo password. Around them a small community (240 mentees, 30 guides, 720
// bookings: DEMO) makes the screens look lived in, and the browser and integration tests rely on all of it.
//
// The scale generator (scale.ts) seeds the same three people with the same story, in a marketplace of its own size.
import { mentorLinks, userLinks } from "../../app/lib/links.ts";
import { DAY, HOUR, NOW_MS, chance, int, iso, pick } from "./clock.ts";
import { odds, sessionStart, type BookingBook, type BookingStatus, type CastBookings, type PaymentStatus } from "./bookings.ts";
import { basePerson, type Cast, type Guide, type People, type Person } from "./people.ts";
import type { Plan } from "./plan.ts";
import { BOOKING_NOTES, type Specialty } from "./vocabulary.ts";
import type { DB } from "./writer.ts";

/** The demo's size and ways: everyone a name and a picture of their own, no review said twice. */
export const DEMO: Plan = {
  users: 240,
  guides: 30,
  bookings: 720,
  queries: 40,
  uniqueNames: true,
  uniqueReviews: true,
  // A priced session is confirmed only once it is paid: one ahead or behind is paid, or free (unpaid at no rate). A
  // cancelled one had been paid, or was cancelled while its payment was under way, had failed or had not begun.
  paymentOdds: { completed: odds(1, 0, 0, 0), confirmed: odds(1, 0, 0, 0), cancelled: odds(35, 10, 20, 35) },
  sharedLooks: null,
  bulkTables: null,
};

// ─── The people ─────────────────────────────────────────────────────────────────────────────

/** Grace, David and Sarah, made in that order (each takes the dice's next draws, as every person does). */
export function makeCast(): Cast {
  return { admin: makeAdmin(), demoGuide: makeDemoGuide(), demoUser: makeDemoUser() };
}

function makeAdmin(): Person {
  const admin = basePerson("admin", "Grace", "Admin", NOW_MS - 900 * DAY, "f");
  return {
    ...admin,
    email: "admin@example.com",
    title: "Platform Administrator",
    organisation: "Ministry Mentors",
    bio: "Keeps the marketplace running and answers your questions.",
    timeZone: "America/Chicago",
    utcOffset: -6,
    updatedAt: NOW_MS - 30 * DAY,
  };
}


function makeDemoGuide(): Guide {
  const person = basePerson("guide", "David", "Mitchell", NOW_MS - 700 * DAY, "m");
  const specialties: Specialty[] = ["leadership", "churchGrowth", "strategicPlanning", "pastoralCare"];
  return {
    ...person,
    role: "guide",
    email: "guide@example.com",
    title: "Senior Pastor",
    organisation: "Cornerstone Bible Church",
    bio: "David Mitchell has pastored Cornerstone Bible Church for 22 years, leading it from a school gym to a congregation of 1,400 across two services. He has walked through two building campaigns, a church split and a leadership succession, and now spends two mornings a week mentoring pastors who are leading through similar seasons. Married to Rachel for 28 years, with four children and two grandchildren.",
    specialties,
    timeZone: "America/Chicago",
    utcOffset: -6,
    updatedAt: NOW_MS - 5 * DAY,
    request: "approved",
    requestMessage: "I'd love to give back by mentoring younger pastors the way others mentored me.",
    decidedAt: NOW_MS - 698 * DAY,
    declineReason: null,
    popularity: 1,
    quality: 4.6,
    languages: ["English", "Spanish"],
    profile: {
      id: 0,
      phone: "+15035550123",
      experienceYears: 27,
      mentoredYears: 12,
      category: "Senior Pastors",
      recentSuccess: "Coached a church of 180 through its first capital campaign: $1.2M pledged and a new children's wing opened this autumn.",
      videoUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ",
      payWhatYouWant: false,
      hourlyRateCents: 9500,
      education: ["M.Div., Dallas Theological Seminary", "D.Min. in Church Revitalization, Southern Seminary"],
      expertise: ["Leading through a building campaign", "Raising up volunteer leaders", "Building a healthy elder board", "Succession planning for senior leaders", "Preaching week to week without burning out"],
      references: [
        "Rev. Thomas Greene, Denominational Superintendent, Gulf Coast District",
        "Dr. Alicia Moreno, Seminary Professor, Dallas Theological Seminary",
      ],
      contentLinks: ["https://example.org/david-mitchell/blog", "https://example.org/david-mitchell/podcast"],
      content: "Writes a monthly leadership letter for pastors and hosts the Faithful Leader podcast.",
      availabilityDescription: "Tuesday and Thursday mornings, Central time.",
      uniqueExperiences: "Led Cornerstone through a church split in 2009 and a healthy senior-pastor succession plan in 2024.",
    },
  };
}

function makeDemoUser(): Person {
  const user = basePerson("user", "Sarah", "Johnson", NOW_MS - 520 * DAY, "f");
  return {
    ...user,
    email: "user@example.com",
    title: "Associate Pastor",
    organisation: "New Hope Fellowship",
    bio: "I serve as associate pastor at New Hope Fellowship, a church of about 250 in a growing suburb. I oversee small groups and volunteers and I'm preparing to step into a lead role in the next few years.",
    education: "M.A. in Christian Leadership, Wheaton College",
    experience: "Eight years on staff: four in student ministry, four as associate pastor.",
    challenges: "We're about to start a building campaign and I've never led one. I also want to build a volunteer culture that doesn't depend on the same dozen people.",
    specialties: ["leadership", "smallGroups", "strategicPlanning"],
    notifications: true,
    darkMode: false,
    timeZone: "America/Chicago",
    utcOffset: -6,
    updatedAt: NOW_MS - 12 * DAY,
  };
}


// ─── Their sessions ─────────────────────────────────────────────────────────────────────────

/**
 * Sarah's history, with David and others (drafted before the crowd's), in the states the booking flow leaves: paid
 * sessions past and ahead (a paid session is confirmed once paid), free ones ("unpaid"), and one she cancelled after its
 * payment failed; and David's paid session that ended two days ago and that nobody marked, which the app completes on
 * its own (after).
 */
export const CAST_BOOKINGS: CastBookings = {
  first(book: BookingBook, people: People, bookable: Guide[]) {
    const { demoUser: user, demoGuide } = people;
    /** Another active guide who was already approved a month before `offsetDays`. */
    const other = (offsetDays: number) => {
      const eligible = bookable.filter((g) => g.decidedAt! < NOW_MS + (offsetDays - 30) * DAY);
      return pick(eligible.length ? eligible : bookable);
    };
    const plan: Array<[Guide, number, BookingStatus, PaymentStatus, string]> = [
      [demoGuide, -300, "completed", "paid", "Leading through a building campaign"],
      [demoGuide, -240, "completed", "paid", "Raising up volunteer leaders"],
      [demoGuide, -150, "completed", "paid", "Building a healthy elder board"],
      [demoGuide, -60, "completed", "paid", "Succession planning for senior leaders"],
      [demoGuide, -20, "cancelled", "failed", "Budget shortfall at year end"],
      [demoGuide, 3, "confirmed", "paid", "Capital campaign kick-off Sunday"],
      [demoGuide, 10, "confirmed", "paid", "Preventing burnout on a small staff"],
      [other(-200), -200, "completed", "paid", "Launching a small group system"],
      [other(-90), -90, "completed", "unpaid", "Preventing burnout on a small staff"],
      [other(-30), -30, "completed", "paid", "Planning next year's preaching calendar"],
      [other(6), 6, "confirmed", "unpaid", "Recruiting volunteers in a busy season"],
      [other(14), 14, "confirmed", "paid", "Hiring our first full-time staff member"],
    ];
    for (const [guide, offsetDays, status, paymentStatus, topic] of plan) {
      const startsAt = sessionStart(NOW_MS + offsetDays * DAY, guide);
      const createdAt = Math.min(startsAt - int(3, 14) * DAY, NOW_MS - int(1, 48) * HOUR);
      book.draftPaid({ user, guide, startsAt, createdAt, status, paymentStatus, topic, notes: chance(0.5) ? pick(BOOKING_NOTES) : null });
    }
  },
  last(book: BookingBook, { demoUser, demoGuide }: People) {
    book.draftPaid({
      user: demoUser, guide: demoGuide, startsAt: sessionStart(NOW_MS - 2 * DAY, demoGuide), createdAt: NOW_MS - 9 * DAY,
      status: "confirmed", paymentStatus: "paid", topic: "Reading the room in a divided congregation", notes: null,
    });
  },
};

// ─── Their questions, conversations and bells ───────────────────────────────────────────────

/** The questions Sarah and David asked the team (one answered, one waiting each), before the crowd's. */
export const castQueries = ({ demoUser, demoGuide }: Cast): Array<[asker: Person, answered: boolean, createdAt: number]> => [
  [demoUser, true, NOW_MS - 45 * DAY],
  [demoUser, false, NOW_MS - 2 * DAY],
  [demoGuide, true, NOW_MS - 80 * DAY],
  [demoGuide, false, NOW_MS - 1 * DAY],
];

export function insertCastMessages(db: DB, people: People) {
  const message = db.prepare(`INSERT INTO "Message" (senderId, recipientId, body, readAt, createdAt) VALUES (?, ?, ?, ?, ?)`);
  const { admin, demoGuide: guide, demoUser: user } = people;
  type Line = [Person, Person, string, number, boolean];
  const lines: Line[] = [
    [user, guide, "Hi Pastor David, thank you for making time last week. I shared the campaign timeline with our board.", -16, true],
    [guide, user, "Wonderful! How did they respond to the three-phase approach?", -16, true],
    [user, guide, "Mostly positive. One elder is worried about asking for pledges before Christmas.", -15, true],
    [guide, user, "That's a fair concern. Let's talk through timing in our next session; bring your giving history by month.", -15, true],
    [user, guide, "Will do. Could we also talk about burnout on our small staff? Two of our team are running on empty.", -4, true],
    [guide, user, "Yes, let's make that the main topic. Praying for your team this week.", -3, true],
    [guide, user, "I've added a short article on sabbath rhythms to my published content; it may help before we meet.", -1, false],
    [guide, user, "See you on Wednesday!", 0, false],
    [admin, guide, "Hi David, your profile was featured on the home page this month. Thanks for serving so many leaders!", -30, true],
    [guide, admin, "Thank you, Grace. Happy to help. Let me know if you need anything for the newsletter.", -29, true],
    [admin, user, "Welcome to Ministry Mentors, Sarah! Reply here if you need help finding the right guide.", -500, true],
    [user, admin, "Thanks! Could you recommend someone for building campaigns?", -499, true],
    [admin, user, "David Mitchell has led two campaigns and is a great fit. You'll find him under Senior Pastors.", -499, true],
  ];
  const others = [...people.users.slice(1, 4), ...people.guides.filter((g) => g.request === "pending").slice(0, 2)];
  others.forEach((p, i) => {
    lines.push([admin, p, p.role === "guide" ? "Thanks for applying! We're reviewing your references and will write to you as soon as we have decided." : "Hi! Just checking in: is there anything we can help you with on the platform?", -(i + 1) * 3, i % 2 === 0]);
    if (i % 2 === 0) lines.push([p, admin, "Thank you, that's very helpful.", -(i + 1) * 3 + 1, false]);
  });
  lines.sort((a, b) => a[3] - b[3]);
  lines.forEach(([from, to, body, offsetDays, read], i) => {
    const createdAt = Math.min(NOW_MS + offsetDays * DAY - (lines.length - i) * 60_000, NOW_MS - HOUR);
    message.run(from.id, to.id, body, read ? iso(Math.min(createdAt + int(5, 240) * 60_000, NOW_MS)) : null, iso(createdAt));
  });
  return lines.length;
}

/**
 * At SEED_SCALE, conversations and bells at marketplace size: for every fourth booking, the mentee writes to the
 * guide about its topic and the guide answers (two messages, both read and long past the unread e-mail, so a
 * server started on the database has nothing to send), and each of them has a read notification of the booking.
 * The busiest guide and mentee then have long thread lists and bells to page through.

/**
 * The demo mentee's and demo guide's bells: a few notifications of each kind the product sends, some read and some
 * not, so the bell and the Notifications screen are not empty on first sign-in. The unread "New message" ones
 * match the unread messages of insertCastMessages (opening the conversation marks them read).
 */
export function insertCastNotifications(db: DB, people: People) {
  const notification = db.prepare(`INSERT INTO "Notification" ("userId", kind, title, body, href, "readAt", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const { demoGuide: guide, demoUser: user } = people;
  type Row = [Person, kind: string, title: string, body: string | null, href: string, hoursAgo: number, read: boolean];
  const rows: Row[] = [
    [user, "booking", `Session with ${guide.name} confirmed`, "Capital campaign kick-off Sunday", userLinks.bookings, 72, true],
    [user, "payment", "Your payment went through", "Capital campaign kick-off Sunday", userLinks.payments, 71, true],
    [user, "booking", `Session with ${guide.name} completed`, "Leave a review of your session.", userLinks.bookings, 30, false],
    [user, "message", `New message from ${guide.name}`, "See you on Wednesday!", userLinks.conversation(guide.id), 2, false],
    [guide, "review", `New 5-star review from ${user.name}`, "Succession planning for senior leaders", mentorLinks.reviews, 120, true],
    [guide, "booking", "A new session request is waiting for you", "Preventing burnout on a small staff", mentorLinks.bookings, 26, false],
    [guide, "payment", "Payment received", "Capital campaign kick-off Sunday", mentorLinks.billing, 70, true],
    [guide, "message", `New message from ${user.name}`, "Will do. Could we also talk about burnout on our small staff?", mentorLinks.conversation(user.id), 96, true],
  ];
  rows.sort((a, b) => b[5] - a[5]);
  for (const [person, kind, title, body, href, hoursAgo, read] of rows) {
    const createdAt = NOW_MS - hoursAgo * HOUR;
    notification.run(person.id, kind, title, body, href, read ? iso(createdAt + HOUR) : null, iso(createdAt));
  }
  return rows.length;
}

// Answers about refunds, payouts and holds are the policy module's placeholders (app/modules/policies), filled from the
