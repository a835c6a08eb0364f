// One marketplace from a plan (the demo's or the scale generator's): the cast and their story (demo.ts), a crowd
// around them (people.ts, bookings.ts), the site's content, written in batches (tables.ts, writer.ts). Every random
// draw happens in one order, so the rows stay the same from run to run (only the password hash differs: argon2 draws
// a fresh salt).
//
// What the product derives is not worked out here but by the owning module's own function, per row: a guide's search
// fields (guides/search-fields.ts), rating (reviews/rating-of.ts), next free time (schedule/free-times.ts), the
// month totals (stats/month-totals.server.ts) and a payout's amount and release (billing/money.ts,
// payments/payout-status.ts).
import { hash } from "@node-rs/argon2";
import { ratingOf } from "../../app/modules/reviews/rating-of.ts";
import { blocksFor } from "../../app/modules/schedule/blocks.ts";
import { soonestFreeStart, withinPlatformBounds, type WeeklyRange } from "../../app/modules/schedule/free-times.ts";
import { HOUR_COUNTS, hourOf, type HourCounts } from "../../app/modules/stats/hours.ts";
import { monthOf, revenueOf } from "../../app/modules/stats/month-totals.server.ts";
import { BOOKING_STATUSES, COMPLETED, PAYMENT_ROW_STATUSES, SESSION_MINUTES, buildBookings, buildPayments, buildReviews, drawRetiredOpenSlots, type Bookings, type Payments, type Reviews } from "./bookings.ts";
import { DAY, HOUR, NOW, NOW_MS, iso, progress } from "./clock.ts";
import { COVENANT_PUBLISHED_MS, insertFaqs, insertPagesAndSettings, insertResources } from "./content.ts";
import { insertSponsorship } from "./sponsorship.ts";
import { CAST_BOOKINGS, castQueries, insertCastMessages, insertCastNotifications, makeCast } from "./demo.ts";
import { bookable, buildPeople, drawPictures, scheduleOf, type People } from "./people.ts";
import type { Plan } from "./plan.ts";
import { insertPosts, renderPostCovers } from "./posts.ts";
import {
  endedAtOf, insertBookings, insertGuides, insertOutbox, insertPayments, insertPayouts, insertPeople, insertPublishedContent, insertQueries,
  insertReviews, insertTimeClaims, type Rating,
} from "./tables.ts";
import { bulkLoad, finish, insertRows, resetDatabase, type DB } from "./writer.ts";

const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? "Passw0rd!";

/**
 * Generates the plan's marketplace and writes it into `db`. `forCopy`: the file is only read again to be copied into
 * PostgreSQL, so a bulk load leaves SQLite's dropped indexes and triggers (and what they fill) unbuilt, and no ANALYZE.
 */
export async function seedMarketplace(db: DB, plan: Plan, { reset, forCopy }: { reset: boolean; forCopy: boolean }) {
  const passwordHash = await hash(DEMO_PASSWORD);

  console.log("Generating:");
  const people = buildPeople(makeCast(), plan);
  progress("people", people.users.length + people.guides.length + 1);
  const { bookings, words } = buildBookings(people, plan.bookings, plan.paymentOdds, CAST_BOOKINGS);
  drawRetiredOpenSlots(people);
  const payments = buildPayments(bookings, people);
  const reviews = buildReviews(bookings, people, words, plan.uniqueReviews);
  const postCovers = await renderPostCovers(); // blog posts and success stories (posts.ts)
  const pictures = await drawPictures(people, plan.sharedLooks);

  console.log(forCopy ? "Writing (a temporary SQLite file):" : "Writing:");
  if (reset) resetDatabase(db);
  const restore = plan.bulkTables ? bulkLoad(db, plan.bulkTables) : null;
  insertPeople(db, people, passwordHash, pictures);
  db.transaction(() => insertPagesAndSettings(db, people))();
  // The curated demo's sponsor (not at scale).
  if (!plan.bulkTables) db.transaction(() => insertSponsorship(db, people))();
  const settings = db.prepare(`SELECT platformFeePercent, disputeWindowHours, minimumNoticeHours, maxAdvanceDays FROM "PlatformSettings" WHERE id = 1`).get() as {
    platformFeePercent: number; disputeWindowHours: number; minimumNoticeHours: number; maxAdvanceDays: number;
  };
  const weekly = insertGuides(db, people, ratings(reviews, bookings));
  const repeats = repeatFlags(bookings);
  insertBookings(db, bookings, words, repeats);
  insertPayments(db, payments, bookings);
  insertPayouts(db, people, payments, bookings, { feePercent: settings.platformFeePercent, disputeWindowHours: settings.disputeWindowHours });
  insertReviews(db, reviews, bookings);
  insertCovenantAcceptances(db, bookings);
  insertPublishedContent(db, people);
  insertQueries(db, people, plan.queries, castQueries(people));
  insertOutbox(db, people);
  plan.more?.(db, bookings, words, people);
  db.transaction(() => {
    insertCastMessages(db, people);
    insertCastNotifications(db, people);
    insertFaqs(db);
    insertResources(db);
    insertPosts(db, postCovers, { nowMs: NOW_MS, iso });
  })();
  progress("messages, FAQs, resources, pages");
  insertMonthTotals(db, bookings, payments);
  insertHourTotals(db, bookings, repeats);
  insertRunningTotals(db, reviews);
  if (restore && !forCopy) {
    console.log("Indexing:");
    restore();
  }
  const claims = timeClaims(bookings, people);
  insertTimeClaims(db, claims);
  insertNextFreeTimes(db, people, weekly, claims, settings);
  if (!forCopy) finish(db);
}

/**
 * "CovenantAcceptance": version 1 of the covenant, accepted by each pair that has booked since it was published, as
 * the product asks for it: the mentee in the booking dialog of their first session since (when they booked it), the
 * guide on that session three days later or an hour before it starts, whichever comes first. A guide's acceptance
 * still ahead of now is not there yet: the session's card asks for it.
 */
function insertCovenantAcceptances(db: DB, bookings: Bookings) {
  const { userId, guideId, createdAt, startsAt } = bookings.col;
  // Each pair's first booking since the covenant (a pair's key: guide ids stay far below a million).
  const firsts = new Map<number, number>();
  for (let i = 0; i < bookings.length; i++) {
    if (createdAt[i] < COVENANT_PUBLISHED_MS) continue;
    const pair = userId[i] * 1_000_000 + guideId[i];
    const first = firsts.get(pair);
    if (first === undefined || createdAt[i] < createdAt[first]) firsts.set(pair, i);
  }
  const rows: Array<[personId: number, counterpartId: number, acceptedAt: number]> = [];
  for (const i of firsts.values()) {
    rows.push([userId[i], guideId[i], createdAt[i]]);
    const guideAccepted = Math.max(createdAt[i], Math.min(createdAt[i] + 3 * DAY, startsAt[i] - HOUR));
    if (guideAccepted <= NOW_MS) rows.push([guideId[i], userId[i], guideAccepted]);
  }
  const insert = db.prepare(`INSERT INTO "CovenantAcceptance" (personId, counterpartId, version, acceptedAt) VALUES (?, ?, 1, ?)`);
  insertRows(db, "covenant acceptances", rows.length, (row) => insert.run(rows[row][0], rows[row][1], iso(rows[row][2])));
}

/** Each reviewed guide's rating, as the reviews module keeps it (`ratingOf` their reviews' stars: none is hidden). */
function ratings(reviews: Reviews, bookings: Bookings): Map<number, Rating> {
  const stars = new Map<number, number[]>();
  const { booking, rating } = reviews.rows.col;
  for (let row = 0; row < reviews.rows.length; row++) {
    const guideId = bookings.col.guideId[booking[row]];
    const list = stars.get(guideId) ?? [];
    list.push(rating[row]);
    stars.set(guideId, list);
  }
  return new Map([...stars].map(([guideId, list]) => [guideId, ratingOf(list)]));
}

/**
 * "MonthTotal": each booking counts in the month it was made and each payment adds its revenue to the month it was
 * made, as the bookings and payments modules add them (`monthOf`, `revenueOf`). Replaces what a reset left.
 */
function insertMonthTotals(db: DB, bookings: Bookings, payments: Payments) {
  const months = new Map<string, { bookings: number; revenueCents: number }>();
  const monthAt = (ms: number) => {
    const month = monthOf(new Date(ms));
    let total = months.get(month);
    if (!total) months.set(month, (total = { bookings: 0, revenueCents: 0 }));
    return total;
  };
  const b = bookings.col;
  for (let i = 0; i < bookings.length; i++) monthAt(b.createdAt[i]).bookings += 1;
  const p = payments.col;
  for (let row = 0; row < payments.length; row++) {
    const status = PAYMENT_ROW_STATUSES[p.status[row]];
    const revenueCents = revenueOf({ status, amountCents: b.rateCents[p.booking[row]], refundedCents: 0, createdAt: new Date(p.createdAt[row]) });
    if (revenueCents) monthAt(p.createdAt[row]).revenueCents += revenueCents;
  }
  const insert = db.prepare(`INSERT INTO "MonthTotal" ("month", "bookings", "revenueCents") VALUES (?, ?, ?)`);
  db.transaction(() => {
    db.exec(`DELETE FROM "MonthTotal"`);
    for (const [month, total] of [...months].sort(([a], [b]) => a.localeCompare(b))) insert.run(month, total.bookings, total.revenueCents);
  })();
  progress("month totals", months.size);
}

const REPEAT_WINDOW_MS = 90 * 86_400_000;

/**
 * Each booking's mentee made exactly one other booking in the 90 days up to it: their second within 90 days, as the
 * booking flow decides when one is made (bookings are in the order they were made; the seed has no expired holds).
 */
function repeatFlags(bookings: Bookings): Uint8Array {
  const flags = new Uint8Array(bookings.length);
  const recent = new Map<number, number[]>();
  const { userId, createdAt } = bookings.col;
  for (let i = 0; i < bookings.length; i++) {
    const earlier = (recent.get(userId[i]) ?? []).filter((made) => made > createdAt[i] - REPEAT_WINDOW_MS);
    flags[i] = earlier.length === 1 ? 1 : 0;
    earlier.push(createdAt[i]);
    recent.set(userId[i], earlier);
  }
  return flags;
}

/**
 * "HourTotal": each booking counts in the hour it was made (and as a repeat), a completed one in the hour it ended, a
 * cancelled one (by its mentee) in the hour it was cancelled, as the bookings module adds them (`hourOf`). The seed
 * refunds nothing. Replaces what a reset left.
 */
function insertHourTotals(db: DB, bookings: Bookings, repeats: Uint8Array) {
  const hours = new Map<number, HourCounts>();
  const at = (ms: number) => {
    const hour = hourOf(new Date(ms));
    let total = hours.get(hour);
    if (!total) hours.set(hour, (total = Object.fromEntries(HOUR_COUNTS.map((name) => [name, 0])) as HourCounts));
    return total;
  };
  const b = bookings.col;
  for (let i = 0; i < bookings.length; i++) {
    const made = at(b.createdAt[i]);
    made.made += 1;
    made.repeats += repeats[i];
    const endedAt = endedAtOf(bookings, i);
    if (Number.isNaN(endedAt)) continue;
    if (b.status[i] === COMPLETED) at(endedAt).completed += 1;
    else at(endedAt).cancelledByMentee += 1;
  }
  const insert = db.prepare(`INSERT INTO "HourTotal" ("hour", ${HOUR_COUNTS.map((name) => `"${name}"`).join(", ")}) VALUES (?, ${HOUR_COUNTS.map(() => "?").join(", ")})`);
  db.transaction(() => {
    db.exec(`DELETE FROM "HourTotal"`);
    for (const [hour, total] of [...hours].sort(([a], [b]) => a - b)) insert.run(hour, ...HOUR_COUNTS.map((name) => total[name]));
  })();
  progress("hour totals", hours.size);
}

/** "RunningTotal": the reviews without their guide's reply, as the reviews module counts them. Replaces what a reset left. */
function insertRunningTotals(db: DB, reviews: Reviews) {
  const awaiting = reviews.replies.filter((reply) => reply === null).length;
  db.transaction(() => {
    db.exec(`DELETE FROM "RunningTotal"`);
    db.prepare(`INSERT INTO "RunningTotal" ("name", "count") VALUES ('reviewsAwaitingReply', ?)`).run(awaiting);
  })();
  progress("running totals", 1);
}

type Claim = { guideId: number; bookingId: number; blocks: number[] };

/** Upcoming confirmed sessions claim their time: 15-minute blocks of the session and the guide's buffer (`blocksFor`). */
function timeClaims(bookings: Bookings, people: People): Claim[] {
  const buffers = new Map(people.guides.map((g) => [g.id, scheduleOf(g, people.demoGuide.id).bufferMinutes]));
  const { guideId, startsAt, status } = bookings.col;
  const confirmed = BOOKING_STATUSES.indexOf("confirmed");
  const claims: Claim[] = [];
  for (let i = 0; i < bookings.length; i++) {
    if (status[i] !== confirmed || startsAt[i] <= NOW_MS) continue;
    const blocks = blocksFor(new Date(startsAt[i]), SESSION_MINUTES, buffers.get(guideId[i]) ?? 0).map((block) => block.getTime());
    claims.push({ guideId: guideId[i], bookingId: i + 1, blocks });
  }
  return claims;
}

/**
 * GuideProfile."nextFreeAt" of each live guide, as the schedule module keeps it (`soonestFreeStart` of their rules within
 * the platform's bounds, minus the claimed time) at the fixed NOW, so runs stay identical (the app refreshes times that
 * have passed). Every server then reads the live guides again, as after any change of one.
 */
function insertNextFreeTimes(db: DB, people: People, weekly: Map<number, WeeklyRange[]>, claims: Claim[], limits: { minimumNoticeHours: number; maxAdvanceDays: number }) {
  const busy = new Map<number, number[]>();
  for (const { guideId, blocks } of claims) {
    const list = busy.get(guideId) ?? [];
    list.push(...blocks);
    busy.set(guideId, list);
  }
  const update = db.prepare(`UPDATE "GuideProfile" SET nextFreeAt = ? WHERE userId = ?`);
  db.transaction(() => {
    for (const g of people.guides) {
      if (!bookable(g)) continue;
      const schedule = scheduleOf(g, people.demoGuide.id);
      const rules = withinPlatformBounds(
        { timeZone: g.timeZone, weekly: weekly.get(g.id) ?? [], overrides: [], bufferMinutes: schedule.bufferMinutes, noticeHours: schedule.noticeHours, horizonDays: schedule.horizonDays, paused: false },
        limits,
      );
      const soonest = soonestFreeStart(rules, schedule.options.map((option) => option.minutes), busy.get(g.id) ?? [], NOW);
      if (soonest) update.run(iso(soonest.getTime()), g.id);
    }
    db.prepare(`UPDATE "GuideSearchGeneration" SET generation = lower(hex(randomblob(8))) WHERE id = 1`).run();
  })();
  progress("next free times", people.guides.length);
}
