// The scale generator (SEED_SCALE=N, for benchmarks): N mentees and, in proportion, 5% as many guides, 10 bookings per
// mentee (about 80% of them with a payment, 25% reviewed), 10% as many customer queries, and conversations and bells at
// marketplace size; the demo's cast and their story among them. At 100 000: 5 000 guides, 1 000 000 bookings, 800 425
// payments, 250 266 reviews, 10 000 queries in 44-50 s on 2 shared cores (10 s generating, 15 s writing, 20 s
// indexing). The big tables are loaded in bulk (writer.ts `bulkLoad`), then ANALYZE gathers the planner's statistics.
import { mentorLinks, userLinks } from "../../app/lib/links.ts";
import { odds, type Bookings, type Words } from "./bookings.ts";
import { DAY, HOUR, NOW_MS, iso } from "./clock.ts";
import type { People } from "./people.ts";
import type { Plan } from "./plan.ts";
import { insertScaleSponsorship } from "./sponsorship.ts";
import { insertScaleWebhooks } from "./webhooks.ts";
import { insertRows, type DB } from "./writer.ts";

/** The tables a scale seed fills by the hundred thousand. */
const BULK_TABLES = ["User", "Password", "UserSpecialty", "Booking", "Payment", "Review", "CustomerQuery", "OutboxMail", "AuditEntry"];

export function scalePlan(users: number): Plan {
  return {
    users,
    guides: Math.max(30, Math.round(users * 0.05)),
    bookings: users * 10,
    queries: Math.max(40, Math.round(users * 0.1)),
    uniqueNames: false,
    uniqueReviews: false,
    // A few more left unpaid than in the demo, so that about 80% of bookings have a payment.
    paymentOdds: { completed: odds(84, 3, 3, 10), confirmed: odds(66, 17, 6, 11), cancelled: odds(22, 9, 33, 36) },
    sharedLooks: 120,
    bulkTables: BULK_TABLES,
    more: (db, bookings, words, people) => {
      insertConversations(db, bookings, words);
      insertAuditLog(db, bookings, people);
      insertScaleSponsorship(db, bookings, people);
      insertScaleWebhooks(db, bookings, words, people);
    },
  };
}

const REPLIES = [
  "Thank you for sharing this. Let's start there when we meet.",
  "Good question. Bring a few notes and we'll work through it together.",
  "I've been praying for you and your team. See you soon.",
];

/**
 * For every fourth booking, the mentee writes to the guide about its topic and the guide answers (two messages, both
 * read and long past the unread e-mail, so a server started on the database has nothing to send), and each of them
 * has a read notification of the booking. The busiest guide and mentee then have long thread lists and bells to page
 * through.
 */
function insertConversations(db: DB, bookings: Bookings, words: Words) {
  const message = db.prepare(`INSERT INTO "Message" (senderId, recipientId, body, readAt, emailedAt, createdAt) VALUES (?, ?, ?, ?, NULL, ?)`);
  const notification = db.prepare(`INSERT INTO "Notification" (userId, kind, title, body, href, readAt, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const { userId, guideId, topic, createdAt } = bookings.col;
  const threads = Math.ceil(bookings.length / 4);
  insertRows(db, "conversations", threads, (t) => {
    const i = t * 4;
    const at = Math.min(createdAt[i] + HOUR, NOW_MS - DAY);
    const subject = words.get(topic[i]) ?? "our next session";
    const id = i + 1;
    message.run(userId[i], guideId[i], `Hello! Before our session I'd like to talk about ${subject.toLowerCase()}.`, iso(at + HOUR), iso(at));
    message.run(guideId[i], userId[i], REPLIES[t % REPLIES.length], iso(at + 3 * HOUR), iso(at + 2 * HOUR));
    notification.run(guideId[i], "booking", "New booking", subject, `${mentorLinks.bookings}?booking=${id}`, iso(at), iso(createdAt[i]));
    notification.run(userId[i], "booking", "Session booked", subject, `${userLinks.bookings}?booking=${id}`, iso(at), iso(createdAt[i]));
  });
}

/**
 * The console's audit log at marketplace size: one change for every fifth booking (200,000 at 100,000 mentees), in time
 * order, made by the admin on screen or through the API: bookings cancelled, accounts deactivated and activated again,
 * guides edited, reviews hidden. The list is measured over them (each filter and sort has its index).
 */
function insertAuditLog(db: DB, bookings: Bookings, people: People) {
  const entry = db.prepare(
    `INSERT INTO "AuditEntry" ("createdAt", "actorId", "actorName", door, "recordKind", "recordId", "recordLabel", action, changes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const names = new Map<number, string>([...people.users, ...people.guides].map((person) => [person.id, person.name]));
  const { userId, guideId, createdAt } = bookings.col;
  const total = Math.floor(bookings.length / 5);
  const order = Array.from({ length: total }, (_, n) => n * 5).sort((a, b) => createdAt[a] - createdAt[b]);
  const { admin } = people;
  insertRows(db, "audit log", total, (n) => {
    const i = order[n];
    const at = iso(Math.min(createdAt[i] + 2 * HOUR, NOW_MS - HOUR));
    const door = n % 3 === 0 ? "api" : "screen";
    const user = names.get(userId[i]) ?? "A mentee";
    const guide = names.get(guideId[i]) ?? "A mentor";
    const change = (before: unknown, after: unknown, field: string) => JSON.stringify({ [field]: { before, after } });
    switch (n % 5) {
      case 0:
        entry.run(at, admin.id, admin.name, door, "user", String(userId[i]), user, "deactivate", change("active", "inactive", "status"));
        break;
      case 1:
        entry.run(at, admin.id, admin.name, door, "user", String(userId[i]), user, "activate", change("inactive", "active", "status"));
        break;
      case 2:
        entry.run(at, admin.id, admin.name, door, "guide", String(guideId[i]), guide, "update", change("Pastor", "Senior Pastor", "title"));
        break;
      case 3:
        entry.run(at, admin.id, admin.name, door, "review", String(n), `Review by ${user} of ${guide}`, "hide", change(false, true, "hidden"));
        break;
      default:
        entry.run(at, admin.id, admin.name, door, "booking", String(i + 1), `#${i + 1}: ${user} with ${guide}`, "cancel", change("confirmed", "cancelled", "status"));
    }
  });
}
