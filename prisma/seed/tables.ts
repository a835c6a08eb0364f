// The marketplace's rows, written in batches (writer.ts) as the factories made them. What the product derives from
// them (a guide's search fields, rating and next free time, the month totals, a payout's amount and release) comes
// from the owning modules' own functions: here, or computed in marketplace.ts and handed in.
import { earningOf } from "../../app/modules/billing/money.ts";
import { sealSecret } from "../../app/modules/two-factor/secret-box.server.ts";
import { DEMO_ADMIN_TOTP_SECRET } from "./demo-two-factor.mjs";
import { guideSearchFields } from "../../app/modules/guides/search-fields.ts";
import { organisationNameKey } from "../../app/modules/organisations/organisation-name.ts";
import { releaseAtOf } from "../../app/modules/payments/payout-status.ts";
import { TERMS_VERSION } from "../../app/modules/policies/policies.ts";
import type { WeeklyRange } from "../../app/modules/schedule/free-times.ts";
import {
  BOOKING_STATUSES, COMPLETED, PAID, PAYMENT_ROW_STATUSES, PAYMENT_STATUSES, SESSION_MINUTES,
  type Bookings, type Payments, type Reviews, type Words,
} from "./bookings.ts";
import { DAY, HOUR, NOW_MS, between, bool, chance, day, daysAgo, faker, int, iso, isoOrNull, pad, pick, progress, slug, weighted } from "./clock.ts";
import { drawWeeklyHours, scheduleOf, uniqueEmail, type People, type Person, type Picture } from "./people.ts";
import { FIRST_NAMES, LAST_NAMES } from "./names.ts";
import { CONTENT_DESCRIPTIONS, CONTENT_TITLES, CONTENT_TYPES, ORGANISATION_LAST_WORDS, QUERY_TEMPLATES } from "./vocabulary.ts";
import { insertRows, type DB } from "./writer.ts";

const COUNTRY_OF_PLACE: Record<string, string> = {
  Nairobi: "Kenya", Accra: "Ghana", Lagos: "Nigeria", Kampala: "Uganda", Manila: "Philippines", Seoul: "South Korea",
  "Sao Paulo": "Brazil", Lima: "Peru", Bogota: "Colombia", Guadalajara: "Mexico",
};
const CITIES = ["Chicago", "Dallas", "Atlanta", "Denver", "Portland", "Nashville", "Memphis", "Houston", "Phoenix", "Columbus", "Richmond"];

/** What kind of body a name says it is, by its last words ("… Theological Seminary"); a church otherwise. */
function kindOf(name: string) {
  const match = ORGANISATION_LAST_WORDS.filter(([words]) => name.includes(words)).sort((a, b) => b[0].length - a[0].length)[0];
  return match?.[1] ?? (/network|collective|institute/i.test(name) ? "denomination" : "church");
}

/**
 * One Organisation per name people give (as the organisations module makes them: one per name key), with its place
 * where the name says it, and its member count; returns each name's id.
 */
export function insertOrganisations(db: DB, people: People) {
  const members = new Map<string, { count: number; since: number }>();
  for (const p of [people.admin, ...people.guides, ...people.users]) {
    if (!p.organisation) continue;
    const seen = members.get(p.organisation);
    members.set(p.organisation, { count: (seen?.count ?? 0) + 1, since: Math.min(seen?.since ?? p.createdAt, p.createdAt) });
  }
  const insert = db.prepare(
    `INSERT INTO "Organisation" (id, name, nameKey, kind, city, country, memberCount, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const names = [...members.keys()];
  const ids = new Map<string, number>();
  insertRows(db, "organisations", names.length, (i) => {
    const name = names[i];
    const { count, since } = members.get(name)!;
    const place = Object.keys(COUNTRY_OF_PLACE).find((city) => name.includes(city)) ?? CITIES.find((city) => name.startsWith(city));
    const country = place ? (COUNTRY_OF_PLACE[place] ?? "United States") : i % 5 === 0 ? null : "United States";
    ids.set(name, i + 1);
    insert.run(i + 1, name, organisationNameKey(name), kindOf(name), place ?? null, country, count, iso(since), iso(since));
  });
  return ids;
}

/** Everyone, with their picture, password and specialties; each has accepted the Terms when they joined (not the admin). */
export function insertPeople(db: DB, people: People, passwordHash: string, pictures: Map<number, Picture>) {
  const organisations = insertOrganisations(db, people);
  const upload = db.prepare(`INSERT INTO "Upload" (id, contentType, fileName, byteSize, data, createdAt) VALUES (?, 'image/webp', ?, ?, ?, ?)`);
  const user = db.prepare(
    `INSERT INTO "User" (id, role, email, name, title, organisation, organisationId, bio, education, experience, challenges, status,
       isVerified, emailVerifiedAt, isDeleted, deletedAt, stripeCustomerId, notifications, darkMode, communication, timeZone, imageId,
       termsVersion, termsAcceptedAt, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'email', ?, ?, ?, ?, ?, ?)`,
  );
  const password = db.prepare(`INSERT INTO "Password" (hash, userId) VALUES (?, ?)`);
  const specialty = db.prepare(`INSERT INTO "UserSpecialty" (userId, code) VALUES (?, ?)`);
  const twoFactor = db.prepare(`INSERT INTO "TwoFactor" (userId, secret, enabledAt, lastStep, createdAt) VALUES (?, ?, ?, 0, ?)`);
  const everyone = [people.admin, ...people.guides, ...people.users].sort((a, b) => a.id - b.id);
  const pictured = everyone.filter((p) => pictures.has(p.id));
  insertRows(db, "pictures", pictured.length, (i) => {
    const p = pictured[i];
    const picture = pictures.get(p.id)!;
    upload.run(picture.id, `${slug(p.name)}.webp`, picture.data.byteLength, picture.data, iso(p.createdAt));
  });
  insertRows(db, "people", everyone.length, (i) => {
    const p = everyone[i];
    const joined = p.role !== "admin";
    user.run(
      p.id, p.role, p.email, p.name, p.title, p.organisation, p.organisation ? organisations.get(p.organisation)! : null, p.bio, p.education, p.experience, p.challenges, p.status,
      // A mentee's isVerified is their e-mail verification; guides (isVerified: approved) and the admin own theirs.
      bool(p.isVerified), p.role !== "user" || p.isVerified ? iso(p.createdAt) : null,
      bool(p.isDeleted), isoOrNull(p.deletedAt), p.stripeCustomerId, bool(p.notifications),
      bool(p.darkMode), p.timeZone, pictures.get(p.id)?.id ?? null,
      joined ? TERMS_VERSION : null, joined ? iso(p.createdAt) : null, iso(p.createdAt), iso(p.updatedAt),
    );
    // Everyone shares the demo password, so one hash serves all (argon2 is slow on purpose).
    password.run(passwordHash, p.id);
    for (const code of p.specialties) specialty.run(p.id, code);
    // Administrators sign in with a second factor: the demo's has a fixed secret (sealed with TOTP_KEY, as the app keeps it).
    if (p.id === people.admin.id) twoFactor.run(p.id, sealSecret(DEMO_ADMIN_TOTP_SECRET), iso(p.createdAt), iso(p.createdAt));
  });
}

export type Rating = { ratingAverage: number; ratingCount: number };

/**
 * Each guide's profile (with Find a Mentor's fields as the guides module writes them, their booking rules and their
 * `ratings`), languages and application; then their lengths and prices and the weekly hours drawn for them, which it
 * returns.
 */
export function insertGuides(db: DB, people: People, ratings: Map<number, Rating>): Map<number, WeeklyRange[]> {
  const profile = db.prepare(
    `INSERT INTO "GuideProfile" (id, userId, phone, experienceYears, mentoredYears, category, recentSuccess, videoUrl,
       payWhatYouWant, hourlyRateCents, education, expertise, "references", contentLinks, content, availabilityDescription,
       uniqueExperiences, ratingAverage, ratingCount, searchText, isLive, specialtyMask, languageList,
       bufferMinutes, noticeHours, horizonDays, reviewsRequests, freeIntroMinutes, meetingUrl, suggestedCents, minimumCents, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const language = db.prepare(`INSERT INTO "GuideLanguage" (guideProfileId, language, position) VALUES (?, ?, ?)`);
  const request = db.prepare(
    `INSERT INTO "GuideRequest" (guideId, status, message, declineReason, decidedById, decidedAt, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const availability = db.prepare(`INSERT INTO "Availability" (guideId, weekday, startTime, endTime) VALUES (?, ?, ?, ?)`);
  const option = db.prepare(`INSERT INTO "SessionOption" (guideId, minutes, priceCents) VALUES (?, ?, ?)`);
  return db.transaction(() => {
    for (const g of [...people.guides].sort((a, b) => a.profile.id - b.profile.id)) {
      const p = g.profile;
      const search = guideSearchFields({ ...g, expertise: JSON.stringify(p.expertise) });
      const schedule = scheduleOf(g, people.demoGuide.id);
      const rating = ratings.get(g.id) ?? { ratingAverage: 0, ratingCount: 0 };
      profile.run(
        p.id, g.id, p.phone, p.experienceYears, p.mentoredYears, p.category, p.recentSuccess, p.videoUrl,
        bool(p.payWhatYouWant), p.hourlyRateCents, JSON.stringify(p.education), JSON.stringify(p.expertise),
        JSON.stringify(p.references), JSON.stringify(p.contentLinks), p.content, p.availabilityDescription,
        p.uniqueExperiences, rating.ratingAverage, rating.ratingCount, search.searchText, bool(search.isLive), search.specialtyMask, search.languageList,
        schedule.bufferMinutes, schedule.noticeHours, schedule.horizonDays, bool(schedule.reviewsRequests), schedule.freeIntroMinutes,
        schedule.meetingUrl, p.payWhatYouWant ? p.hourlyRateCents : null, p.payWhatYouWant ? 1000 : null,
        iso(g.createdAt), iso(g.updatedAt),
      );
      g.languages.forEach((lang, i) => language.run(p.id, lang, i));
    }
    // Requests in the order they were made.
    for (const g of [...people.guides].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)) {
      const decided = g.request !== "pending";
      request.run(
        g.id, g.request, g.requestMessage, g.declineReason, decided ? people.admin.id : null, isoOrNull(g.decidedAt),
        iso(g.createdAt + int(5, 90) * 60_000),
      );
    }
    const weekly = drawWeeklyHours(people);
    for (const [guideId, ranges] of weekly) for (const range of ranges) availability.run(guideId, range.weekday, range.startTime, range.endTime);
    for (const g of people.guides) for (const { minutes, priceCents } of scheduleOf(g, people.demoGuide.id).options) option.run(g.id, minutes, priceCents);
    progress("guide profiles", people.guides.length);
    return weekly;
  })();
}

/**
 * The bookings: a completed one ended when its session did, a cancelled one (by its mentee) at its last change;
 * `repeats` marks each mentee's second booking within 90 days (`repeatFlags`, marketplace.ts).
 */
export function insertBookings(db: DB, bookings: Bookings, words: Words, repeats: Uint8Array) {
  const booking = db.prepare(
    `INSERT INTO "Booking" (id, userId, guideId, startsAt, durationMinutes, topic, additionalNotes, rateCents, paymentStatus, status,
       completedAt, cancelledAt, cancelledById, endedAt, isRepeat, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const { userId, guideId, startsAt, topic, notes, rateCents, paymentStatus, status, createdAt, updatedAt } = bookings.col;
  insertRows(db, "bookings", bookings.length, (i) => {
    const endedAt = endedAtOf(bookings, i);
    const cancelled = BOOKING_STATUSES[status[i]] === "cancelled";
    booking.run(
      i + 1, userId[i], guideId[i], iso(startsAt[i]), SESSION_MINUTES, words.get(topic[i]), words.get(notes[i]), rateCents[i],
      PAYMENT_STATUSES[paymentStatus[i]], BOOKING_STATUSES[status[i]],
      status[i] === COMPLETED ? iso(endedAt) : null, cancelled ? iso(endedAt) : null, cancelled ? userId[i] : null,
      Number.isNaN(endedAt) ? null : iso(endedAt), repeats[i], iso(createdAt[i]), iso(updatedAt[i]),
    );
  });
}

/** When a seeded booking ended (NaN: it has not): a completed session when it did, a cancelled booking at its last change. */
export function endedAtOf(bookings: Bookings, i: number) {
  const { startsAt, status, updatedAt } = bookings.col;
  if (status[i] === COMPLETED) return startsAt[i] + SESSION_MINUTES * 60_000;
  return BOOKING_STATUSES[status[i]] === "cancelled" ? updatedAt[i] : Number.NaN;
}

export function insertPayments(db: DB, payments: Payments, bookings: Bookings) {
  const payment = db.prepare(
    `INSERT INTO "Payment" (id, bookingId, userId, guideId, amountCents, currency, status, stripePaymentIntentId, stripeChargeId, paidAt, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, 'usd', ?, ?, ?, ?, ?, ?)`,
  );
  const { booking, status, createdAt, paidAt } = payments.col;
  const { userId, guideId, rateCents } = bookings.col;
  insertRows(db, "payments", payments.length, (row) => {
    const id = row + 1;
    const i = booking[row];
    const paid = !Number.isNaN(paidAt[row]);
    payment.run(
      id, i + 1, userId[i], guideId[i], rateCents[i], PAYMENT_ROW_STATUSES[status[row]], `pi_seed_${pad(id)}`,
      status[row] === PAID ? `ch_seed_${pad(id)}` : null, paid ? iso(paidAt[row]) : null, iso(createdAt[row]),
      iso(paid ? paidAt[row] : createdAt[row]),
    );
  });
}

/**
 * Where each paid session's money is, as the payments module would have left it (app/modules/payments/payouts.server.ts):
 * every approved guide but the demo guide has a connected payouts account; a session still ahead is held; one over
 * (completed, or cancelled with the price kept) is paid out when its dispute window has passed (`releaseAtOf`), or still
 * releasing when it has not or, for the demo guide, who has not connected payouts yet. The guide's share is
 * `earningOf` the payment at the platform's fee.
 */
export function insertPayouts(db: DB, people: People, payments: Payments, bookings: Bookings, settings: { feePercent: number; disputeWindowHours: number }) {
  const account = db.prepare(`INSERT INTO "PayoutAccount" (guideId, stripeAccountId, status, createdAt, updatedAt) VALUES (?, ?, 'active', ?, ?)`);
  const payout = db.prepare(
    `INSERT INTO "Payout" (id, bookingId, paymentId, guideId, status, feePercent, amountCents, overAt, stripeTransferId, paidAt, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const connected = new Set<number>();
  for (const g of people.guides) {
    if (!g.isVerified || g.id === people.demoGuide.id) continue;
    account.run(g.id, `acct_seed_${pad(g.id)}`, iso(g.createdAt), iso(g.createdAt));
    connected.add(g.id);
  }
  const { booking, status, paidAt } = payments.col;
  const b = bookings.col;
  const confirmed = BOOKING_STATUSES.indexOf("confirmed");
  insertRows(db, "payouts", payments.length, (row) => {
    if (status[row] !== PAID) return;
    const id = row + 1;
    const i = booking[row];
    const guideId = b.guideId[i];
    const over = b.status[i] === confirmed ? null : b.status[i] === COMPLETED ? b.startsAt[i] + SESSION_MINUTES * 60_000 : b.updatedAt[i];
    const release = over === null ? null : releaseAtOf({ overAt: new Date(over), retryAt: null }, settings.disputeWindowHours)!.getTime();
    const paidOut = release !== null && connected.has(guideId) && release <= NOW_MS;
    payout.run(
      id, i + 1, id, guideId, over === null ? "held" : paidOut ? "paid" : "releasing", settings.feePercent,
      earningOf(b.rateCents[i], 0, settings.feePercent).netCents, isoOrNull(over), paidOut ? `tr_seed_${pad(id)}` : null,
      paidOut ? iso(release + 2 * 60_000) : null, iso(paidAt[row]), iso(paidAt[row]),
    );
  });
}

export function insertReviews(db: DB, reviews: Reviews, bookings: Bookings) {
  const review = db.prepare(
    `INSERT INTO "Review" (id, bookingId, authorId, guideId, rating, content, date, mentorResponse, mentorRespondedAt, createdAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const { booking, rating, respondedAt, createdAt } = reviews.rows.col;
  const { userId, guideId, startsAt } = bookings.col;
  const { content, replies, undated } = reviews;
  insertRows(db, "reviews", reviews.rows.length, (row) => {
    const i = booking[row];
    const reply = replies[row];
    review.run(
      row + 1, i + 1, userId[i], guideId[i], rating[row], content[row], row === undated ? "0000-00-00" : day(startsAt[i]),
      reply, reply === null ? null : iso(respondedAt[row]), iso(createdAt[row]),
    );
  });
}

/** The 15-minute blocks upcoming confirmed sessions claim, per booking id (TimeClaim; marketplace.ts computes them). */
export function insertTimeClaims(db: DB, claims: Array<{ guideId: number; bookingId: number; blocks: number[] }>) {
  // Two seeded sessions of a guide may overlap (they are placed on the hour or half hour): the later claim gives way.
  const claim = db.prepare(`INSERT OR IGNORE INTO "TimeClaim" (guideId, blockStart, bookingId, expiresAt) VALUES (?, ?, ?, NULL)`);
  let written = 0;
  db.transaction(() => {
    for (const { guideId, bookingId, blocks } of claims) for (const block of blocks) written += claim.run(guideId, iso(block), bookingId).changes;
  })();
  progress("time claims", written);
}

export function insertPublishedContent(db: DB, people: People) {
  const content = db.prepare(
    `INSERT INTO "PublishedContent" (guideId, title, url, description, type, publishedDate, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const rows: Array<[number, string, string, string | null, string, number, number]> = [];
  for (const g of people.guides) {
    if (g.request !== "approved") continue;
    const isDemo = g.id === people.demoGuide.id;
    const n = isDemo ? 6 : int(0, 5);
    const titles = faker.helpers.arrayElements(CONTENT_TITLES, n);
    titles.forEach((title, i) => {
      const type = isDemo ? CONTENT_TYPES[i % CONTENT_TYPES.length] : pick(CONTENT_TYPES);
      const url = `https://example.org/${slug(g.name)}/${type}s/${slug(title)}`;
      const createdAt = between(g.decidedAt ?? g.createdAt, NOW_MS - HOUR);
      rows.push([g.id, title, url, chance(0.8) ? pick(CONTENT_DESCRIPTIONS) : null, type, daysAgo(10, 6 * 365), createdAt]);
    });
  }
  rows.sort((a, b) => a[6] - b[6]);
  db.transaction(() => {
    for (const [guideId, title, url, description, type, publishedDate, createdAt] of rows) {
      content.run(guideId, title, url, description, type, iso(publishedDate), iso(createdAt));
    }
  })();
}

/** `count` customer queries: the cast's (`first`), then people's and visitors' over the last year. */
export function insertQueries(db: DB, people: People, count: number, first: Array<[asker: Person, answered: boolean, createdAt: number]>) {
  const query = db.prepare(
    `INSERT INTO "CustomerQuery" (askerId, name, email, subject, message, answer, answeredById, answeredAt, createdAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const activeUsers = people.users.filter((u) => !u.isDeleted);
  const activeGuides = people.guides.filter((g) => !g.isDeleted);
  const rows: Array<[number | null, string, string, string, string, string | null, number | null, number | null, number]> = [];
  const add = (asker: Person | null, name: string, email: string, answered: boolean, createdAt: number) => {
    const t = pick(QUERY_TEMPLATES);
    const answeredAt = answered ? Math.min(createdAt + int(2, 72) * HOUR, NOW_MS - HOUR) : null;
    rows.push([asker?.id ?? null, name, email, t.subject, t.message, answered ? t.answer : null, answered ? people.admin.id : null, answeredAt, createdAt]);
  };
  for (const [asker, answered, createdAt] of first) add(asker, asker.name, asker.email, answered, createdAt);
  for (let i = rows.length; i < count; i++) {
    const createdAt = daysAgo(0, 365);
    const answered = createdAt < NOW_MS - 7 * DAY ? chance(0.8) : chance(0.2);
    const kind = weighted([[45, "user"], [15, "guide"], [40, "anonymous"]] as const);
    if (kind === "anonymous") {
      const firstName = pick(FIRST_NAMES).name;
      const last = pick(LAST_NAMES);
      add(null, `${firstName} ${last}`, uniqueEmail(firstName, last), answered, createdAt);
    } else {
      const asker = kind === "user" ? pick(activeUsers) : pick(activeGuides);
      add(asker, asker.name, asker.email, answered, Math.max(createdAt, asker.createdAt + HOUR));
    }
  }
  rows.sort((a, b) => a[8] - b[8]);
  insertRows(db, "customer queries", rows.length, (i) => {
    const r = rows[i];
    query.run(r[0], r[1], r[2], r[3], r[4], r[5], r[6], isoOrNull(r[7]), iso(r[8]));
  });
}

/**
 * The mail the product kept without an SMTP server (the console's Outbox): each person's welcome code when they
 * joined, and each approved guide's approval; at scale about one message per person (100 000 and more).
 */
export function insertOutbox(db: DB, people: People) {
  const mail = db.prepare(`INSERT INTO "OutboxMail" ("to", subject, text, html, "createdAt") VALUES (?, ?, ?, ?, ?)`);
  const html = (text: string) =>
    `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p style="font-weight:700;color:#4338ca">Ministry Mentors</p><p>${text}</p></body></html>`;
  const rows: Array<[string, string, string, number]> = [];
  for (const person of [...people.users, ...people.guides]) {
    // No random draw here: the draws after this keep their order (and the rows they make).
    const code = String((person.id * 7919) % 1_000_000).padStart(6, "0");
    rows.push([person.email, "Your Ministry Mentors verification code", `Enter this code on the verification page to confirm your e-mail address: ${code}`, person.createdAt]);
    if (person.role === "guide" && person.isVerified) {
      rows.push([person.email, "Your guide application has been approved", `Hello ${person.name}, your application to mentor on Ministry Mentors has been approved.`, person.createdAt + DAY]);
    }
  }
  rows.sort((a, b) => a[3] - b[3]);
  insertRows(db, "outbox mail", rows.length, (i) => {
    const [to, subject, text, at] = rows[i];
    mail.run(to.toLowerCase(), subject, text, html(text), iso(Math.min(at, NOW_MS)));
  });
}
