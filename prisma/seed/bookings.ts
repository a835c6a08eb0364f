// The booking factories: sessions between the crowd's mentees and guides (placed at working hours of the guide's zone,
// never two at once), each one's payment, and the reviews of those completed. Rows are kept as typed-array columns,
// not one object per row, so a million bookings stay a few compact arrays the garbage collector never walks.
import { DAY, HOUR, NOW_MS, between, chance, daysAgo, daysAhead, faker, int, pad, pick, progress, weighted } from "./clock.ts";
import type { Guide, People, Person } from "./people.ts";
import { reviewPair, THEMES } from "./reviews.ts";
import { BOOKING_NOTES, BOOKING_TOPICS } from "./vocabulary.ts";

export const BOOKING_STATUSES = ["confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const COMPLETED = 1;
/** Every seeded session lasts an hour (Booking.durationMinutes). */
export const SESSION_MINUTES = 60;
/** A booking's payment status; a payment row's status is the same but "paid" is "succeeded". */
export const PAYMENT_STATUSES = ["paid", "pending", "failed", "unpaid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAID = 0;
const UNPAID = 3;
export const PAYMENT_ROW_STATUSES = ["succeeded", "pending", "failed"] as const;

/**
 * Rows kept as columns of numbers, one Float64Array per field, instead of one object per row: a
 * million bookings stay a few compact arrays the garbage collector never walks. Strings are stored
 * as numbers too (an index into a word list, or -1 for null); NaN stands for a null moment.
 */
class Columns<K extends string> {
  length = 0;
  col: Record<K, Float64Array>;

  constructor(
    private readonly names: readonly K[],
    capacity: number,
  ) {
    this.col = Object.fromEntries(names.map((name) => [name, new Float64Array(Math.max(16, capacity))])) as Record<K, Float64Array>;
  }

  /** Makes room for one more row and returns its index (write its fields through `col` afterwards). */
  add(): number {
    const capacity = this.col[this.names[0]].length;
    if (this.length === capacity) {
      for (const name of this.names) {
        const bigger = new Float64Array(capacity * 2);
        bigger.set(this.col[name]);
        this.col[name] = bigger;
      }
    }
    return this.length++;
  }

  /** The same rows in the given order (`order[i]` is the old index of new row i). */
  reordered(order: ArrayLike<number>): Columns<K> {
    const out = new Columns(this.names, order.length);
    for (const name of this.names) reorder(this.col[name], out.col[name], order);
    out.length = order.length;
    return out;
  }
}

function reorder(from: Float64Array, to: Float64Array, order: ArrayLike<number>) {
  for (let i = 0; i < order.length; i++) to[i] = from[order[i]];
}

/** Row indexes 0..n-1 sorted by `compare`. */
function sortedOrder(n: number, compare: (a: number, b: number) => number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order.sort(compare);
}

/** Strings the columns refer to by number. */
export class Words {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();

  /** Starts with `words`, word i having id i (a repeated word keeps its first id for lookups). */
  constructor(words: readonly string[] = []) {
    words.forEach((word, i) => {
      this.list.push(word);
      if (!this.index.has(word)) this.index.set(word, i);
    });
  }

  id(word: string | null): number {
    if (word === null) return -1;
    let id = this.index.get(word);
    if (id === undefined) {
      id = this.list.length;
      this.list.push(word);
      this.index.set(word, id);
    }
    return id;
  }

  get(id: number): string | null {
    return id < 0 ? null : this.list[id];
  }
}

/** Bookings; once sorted, booking id = row index + 1. `topic` and `notes` are `Words` ids. */
export type Bookings = Columns<
  "userId" | "guideId" | "startsAt" | "topic" | "notes" | "rateCents" | "paymentStatus" | "status" | "createdAt" | "updatedAt"
>;
const BOOKING_FIELDS = [
  "userId", "guideId", "startsAt", "topic", "notes", "rateCents", "paymentStatus", "status", "createdAt", "updatedAt",
] as const;
/** Payments; payment id = row index + 1. `booking` is the booking's row index, `paidAt` NaN when unpaid. */
export type Payments = Columns<"booking" | "status" | "createdAt" | "paidAt">;
/** Reviews; once sorted, review id = row index + 1. */
export interface Reviews {
  rows: Columns<"booking" | "rating" | "respondedAt" | "createdAt">;
  content: string[];
  /** The mentor's reply to each review, or null. */
  replies: Array<string | null>;
  /** Row of the one review whose reviewer gave no date (-1: none). */
  undated: number;
}

// ─── Bookings ───────────────────────────────────────────────────────────────────────────────

/** Last moment a person can take part in a session. */
const activeUntil = (p: Person) => Math.min(p.deletedAt ?? Infinity, p.inactiveSince ?? Infinity);

const HALF_HOUR = 30 * 60_000;

class Calendar {
  /** Per guide, the half-hours (since 1970) their sessions start at. */
  private taken = new Map<number, Set<number>>();

  /** Reserves an hour for the guide near `startsAt` (moving later on a clash): its start, or null if the day is full. */
  reserve(guideId: number, startsAt: number): number | null {
    let set = this.taken.get(guideId);
    if (!set) this.taken.set(guideId, (set = new Set()));
    for (let tries = 0; tries < 6; tries++) {
      const t = startsAt + tries * HOUR;
      const key = t / HALF_HOUR;
      if (!set.has(key)) {
        set.add(key);
        return t;
      }
    }
    return null;
  }
}

/** A session start on the given day at a working hour of the guide's time zone. */
export function sessionStart(dayMs: number, guide: Guide): number {
  const midnight = Math.floor(dayMs / DAY) * DAY;
  const localHour = int(8, 19);
  const utcHour = localHour - guide.utcOffset;
  return midnight + utcHour * HOUR + (chance(0.2) ? HALF_HOUR : 0);
}

/** Index of the first key greater than `limit` (keys sorted ascending). */
function upperBound(keys: Float64Array, limit: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid] <= limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function bookingRate(guide: Guide): number {
  if (!guide.profile.payWhatYouWant) return guide.profile.hourlyRateCents;
  return chance(0.35) ? 0 : Math.max(1000, Math.round(int(1000, guide.profile.hourlyRateCents) / 500) * 500);
}

/** How a booking's payment goes, by booking status (each plan has its own: demo.ts, scale.ts). */
export type PaymentOdds = Record<BookingStatus, ReadonlyArray<readonly [number, PaymentStatus]>>;
/** Weights of paid, pending, failed and unpaid, by booking status: a row of PaymentOdds. */
export const odds = (...weights: number[]) => weights.map((weight, i) => [weight, PAYMENT_STATUSES[i]] as const);

interface BookingDraft {
  user: Person;
  guide: Guide;
  startsAt: number;
  createdAt: number;
  status?: BookingStatus;
  paymentStatus?: PaymentStatus;
  topic?: string;
  notes?: string | null;
}

const BOOKING_TOPIC_IDS = BOOKING_TOPICS.map((_, i) => i);
const BOOKING_NOTE_IDS = BOOKING_NOTES.map((_, i) => BOOKING_TOPICS.length + i);

/** The bookings drafted so far, the guides' calendars they hold and how their payments go. */
export class BookingBook {
  readonly calendar = new Calendar();
  /** The booking texts; topics and notes first, as BOOKING_TOPIC_IDS and BOOKING_NOTE_IDS expect. */
  readonly words = new Words([...BOOKING_TOPICS, ...BOOKING_NOTES]);
  readonly rows: Bookings;

  constructor(
    capacity: number,
    private readonly odds: PaymentOdds,
  ) {
    this.rows = new Columns(BOOKING_FIELDS, capacity);
  }

  /** Adds a booking of the draft: its row, or -1 when the guide's day is full. */
  draft(d: BookingDraft): number {
    const startsAt = this.calendar.reserve(d.guide.id, d.startsAt);
    if (startsAt === null) return -1;
    const past = startsAt + HOUR <= NOW_MS;
    const status = d.status ?? (past ? (chance(0.86) ? "completed" : "cancelled") : chance(0.9) ? "confirmed" : "cancelled");
    const rateCents = bookingRate(d.guide);
    const paymentStatus = d.paymentStatus ?? (rateCents === 0 ? "unpaid" : weighted(this.odds[status]));
    const lastChange = status === "completed" ? startsAt + HOUR : status === "cancelled" ? between(d.createdAt, Math.min(startsAt, NOW_MS)) : d.createdAt;
    const topic = d.topic !== undefined ? this.words.id(d.topic) : pick(BOOKING_TOPIC_IDS);
    const notes = d.notes !== undefined ? this.words.id(d.notes) : chance(0.35) ? pick(BOOKING_NOTE_IDS) : -1;
    const row = this.rows.add();
    const b = this.rows.col;
    b.userId[row] = d.user.id;
    b.guideId[row] = d.guide.id;
    b.startsAt[row] = startsAt;
    b.topic[row] = topic;
    b.notes[row] = notes;
    b.rateCents[row] = paymentStatus === "unpaid" && rateCents > 0 && chance(0.3) ? 0 : rateCents;
    b.paymentStatus[row] = PAYMENT_STATUSES.indexOf(paymentStatus);
    b.status[row] = BOOKING_STATUSES.indexOf(status);
    b.createdAt[row] = d.createdAt;
    b.updatedAt[row] = Math.min(Math.max(lastChange, d.createdAt), NOW_MS);
    return row;
  }

  /**
   * A draft of the cast: a paid one at the guide's rate even when pay-what-you-want drew nothing, an unpaid one free (a
   * session with a price is never confirmed unpaid).
   */
  draftPaid(d: BookingDraft): number {
    const row = this.draft(d);
    if (row < 0) return row;
    const rates = this.rows.col.rateCents;
    if (d.paymentStatus === "unpaid") rates[row] = 0;
    else if (rates[row] === 0) rates[row] = d.guide.profile.hourlyRateCents;
    return row;
  }
}

/** The cast's own sessions, drafted before the crowd's (`first`, given the bookable guides) and after (`last`). */
export type CastBookings = {
  first: (book: BookingBook, people: People, bookable: Guide[]) => void;
  last: (book: BookingBook, people: People) => void;
};

/**
 * About `target` bookings: the cast's, and between the crowd's verified mentees and approved guides (popular guides
 * more often), each made after both joined and before either left. Ids follow the order bookings were made in.
 */
export function buildBookings(people: People, target: number, odds: PaymentOdds, cast: CastBookings): { bookings: Bookings; words: Words } {
  const bookableGuides = people.guides.filter((g) => g.request === "approved").sort((a, b) => a.decidedAt! - b.decidedAt!);
  const activeGuides = bookableGuides.filter((g) => g.status === "active" && !g.isDeleted && g.id !== people.demoGuide.id);
  const users = people.users.filter((u) => u.isVerified && u.id !== people.demoUser.id); // sorted by createdAt (= id order)
  const book = new BookingBook(target, odds);
  const drafts = book.rows;
  cast.first(book, people, activeGuides);

  // What the loop reads of each guide and mentee, as plain arrays (faster than a million property reads).
  const guideDecidedAt = Float64Array.from(bookableGuides, (g) => g.decidedAt!);
  const guidePopularity = Float64Array.from(bookableGuides, (g) => g.popularity);
  const guideActiveUntil = Float64Array.from(bookableGuides, activeUntil);
  const userBookableFrom = Float64Array.from(users, (u) => u.createdAt + DAY);
  const userActiveUntil = Float64Array.from(users, activeUntil);

  let attempts = 0;
  while (drafts.length < target && attempts < target * 4) {
    attempts++;
    const upcoming = chance(0.12);
    const day = upcoming ? daysAhead(0, 45) : daysAgo(0, 365);
    const createdAt = upcoming ? daysAgo(0, 20) : day - int(1, 21) * DAY - int(0, 23) * HOUR;

    const gEnd = upperBound(guideDecidedAt, createdAt);
    const uEnd = upperBound(userBookableFrom, createdAt);
    if (gEnd === 0 || uEnd === 0) continue;
    const g = int(0, gEnd - 1);
    if (!chance(guidePopularity[g])) continue;
    const guide = bookableGuides[g];
    const startsAt = sessionStart(day, guide);
    if (startsAt <= createdAt || startsAt >= guideActiveUntil[g]) continue;
    const u = int(0, uEnd - 1);
    if (startsAt >= userActiveUntil[u]) continue;
    if (book.draft({ user: users[u], guide, startsAt, createdAt }) >= 0 && drafts.length < target) {
      progress("bookings", drafts.length, target);
    }
  }
  cast.last(book, people);

  // Ids follow the order in which bookings were made (then the order they were drafted in).
  const { createdAt } = drafts.col;
  const bookings = drafts.reordered(sortedOrder(drafts.length, (a, b) => createdAt[a] - createdAt[b] || a - b));
  progress("bookings", bookings.length, bookings.length);
  return { bookings, words: book.words };
}

/**
 * Free times now come from each guide's rules (weekly hours, app/modules/schedule), so no open slots are seeded.
 * The draws the open slots used to make are still made, so every row generated after them stays as it was.
 */
export function drawRetiredOpenSlots(people: People) {
  for (const g of people.guides) {
    if (g.request !== "approved" || g.status !== "active" || g.isDeleted) continue;
    const n = g.id === people.demoGuide.id ? 10 : int(3, 8);
    for (let i = 0; i < n; i++) sessionStart(daysAhead(1, 28), g);
  }
}


// ─── Payments, reviews ──────────────────────────────────────────────────────────────────────

export function buildPayments(bookings: Bookings, people: People): Payments {
  const payments: Payments = new Columns(["booking", "status", "createdAt", "paidAt"], bookings.length);
  const b = bookings.col;
  for (let i = 0; i < bookings.length; i++) {
    const status = b.paymentStatus[i];
    if (status === UNPAID) continue;
    const createdAt = Math.min(b.createdAt[i] + int(5, 300) * 1000, NOW_MS);
    const row = payments.add();
    const p = payments.col;
    p.booking[row] = i;
    p.status[row] = status; // paid → succeeded, pending, failed
    p.createdAt[row] = createdAt;
    p.paidAt[row] = status === PAID ? Math.min(createdAt + int(2, 20) * 1000, NOW_MS) : NaN;
  }
  // Mentees who ever paid have a Stripe customer.
  const byId = new Map(people.users.map((u) => [u.id, u]));
  for (let row = 0; row < payments.length; row++) {
    const user = byId.get(b.userId[payments.col.booking[row]]);
    if (user && !user.stripeCustomerId) user.stripeCustomerId = `cus_seed_${pad(user.id)}`;
  }
  progress("payments", payments.length, payments.length);
  return payments;
}

/**
 * A review of a session and the reply it would get (prisma/seed-reviews.ts), of a kind drawn for its rating and about
 * the session's topic. The demo never repeats a review: a kind already written about that topic gives way to the next.
 */
function reviewAndReply(rating: number, topic: string, mentor: string, written: Set<string> | null) {
  const kinds = THEMES[rating - 1].length;
  const first = int(0, kinds - 1);
  for (let k = 0; k < kinds; k++) {
    const pair = reviewPair(rating, first + k, topic, mentor);
    if (!written || !written.has(pair.review)) {
      written?.add(pair.review);
      return pair;
    }
  }
  throw new Error(`Every kind of ${rating}-star review of "${topic}" is taken: add kinds to prisma/seed-reviews.ts`);
}

export function buildReviews(bookings: Bookings, people: People, words: Words, uniqueReviews: boolean): Reviews {
  const guides = new Map(people.guides.map((g) => [g.id, g]));
  const b = bookings.col;
  const demoUserId = people.demoUser.id;
  let completed = 0;
  // The demo user's latest finished session is still waiting for a review; the others all have one.
  let awaitingReview = -1;
  for (let i = 0; i < bookings.length; i++) {
    if (b.status[i] !== COMPLETED) continue;
    completed++;
    if (b.userId[i] === demoUserId) awaitingReview = i;
  }
  const target = Math.floor(bookings.length / 4);
  const rate = Math.min(1, target / Math.max(1, completed));
  const drafts = new Columns(["booking", "rating", "respondedAt", "createdAt"], target + 100);
  const content: string[] = [];
  const replies: Array<string | null> = [];
  const written = uniqueReviews ? new Set<string>() : null;
  for (let i = 0; i < bookings.length; i++) {
    if (b.status[i] !== COMPLETED) continue;
    const isDemoUser = b.userId[i] === demoUserId;
    if (i === awaitingReview) continue;
    if (!isDemoUser && !chance(rate)) continue;
    const guide = guides.get(b.guideId[i])!;
    const rating = chance(0.05) ? int(1, 2) : Math.max(1, Math.min(5, Math.round(guide.quality + (faker.number.float() - 0.5) * 2.2)));
    const createdAt = Math.min(b.startsAt[i] + HOUR + int(0, 10 * 24) * HOUR, NOW_MS);
    const responds = chance(rating <= 3 ? 0.6 : 0.35);
    const respondedAt = responds ? createdAt + int(1, 6) * DAY : null;
    const canRespond = respondedAt !== null && respondedAt < NOW_MS;
    const { review, reply } = reviewAndReply(rating, words.get(b.topic[i]) ?? "", guide.firstName, written);
    content.push(review);
    replies.push(canRespond ? reply : null);
    const row = drafts.add();
    const r = drafts.col;
    r.booking[row] = i;
    r.rating[row] = rating;
    r.respondedAt[row] = canRespond ? respondedAt : NaN;
    r.createdAt[row] = createdAt;
  }
  const { createdAt, booking } = drafts.col;
  const order = sortedOrder(drafts.length, (x, y) => createdAt[x] - createdAt[y] || booking[x] - booking[y]);
  const rows = drafts.reordered(order);
  // Exactly one review whose reviewer gave no date.
  let undated = -1;
  for (let row = 0; row < rows.length && undated < 0; row++) {
    const i = rows.col.booking[row];
    if (b.userId[i] !== demoUserId && b.guideId[i] !== people.demoGuide.id) undated = row;
  }
  if (undated < 0 && rows.length) undated = 0;
  progress("reviews", rows.length, rows.length);
  return { rows, content: Array.from(order, (i) => content[i]), replies: Array.from(order, (i) => replies[i]), undated };
}
