import { sealSecret } from "../../app/modules/two-factor/secret-box.server.ts";
import { PAYMENT_STATUSES, type Bookings } from "./bookings.ts";
import { DAY, HOUR, NOW_MS, iso, progress, thousands } from "./clock.ts";
import { DEMO_ADMIN_TOTP_SECRET } from "./demo-two-factor.mjs";
import type { People } from "./people.ts";
import { insertRows, type DB } from "./writer.ts";

/** The demo's sponsor: Grace Church, run by Pastor Ruth Okafor (sponsor@example.com), pays for two pastors. */
export const SPONSOR_EMAIL = "sponsor@example.com";

/**
 * Grace Church funded $2,000 by card a month ago; it covers up to $300 per pastor per quarter with a 20% co-pay. Two
 * pastors accepted its invitation: the demo mentee (who lets it see her mentors' names) and another from the crowd
 * (who does not). Their sessions so far were paid privately, so its ledger holds only the funding.
 */
export function insertSponsorship(db: DB, people: People) {
  const sponsorAdmin = people.users[1];
  const pastors = [people.demoUser, people.users[2]];
  const joined = iso(NOW_MS - 25 * DAY);
  db.prepare(`INSERT INTO "Organisation" (name, nameKey, kind, city, country, createdAt, updatedAt) VALUES ('Grace Church', 'grace church', 'church', 'Tulsa', 'USA', ?, ?) ON CONFLICT (nameKey) DO NOTHING`).run(iso(NOW_MS - 40 * DAY), iso(NOW_MS - 40 * DAY));
  const { id: organisationId } = db.prepare(`SELECT id FROM "Organisation" WHERE nameKey = 'grace church'`).get() as { id: number };
  // She moves to Grace Church: each organisation's member count follows, as the organisations module keeps it.
  const { organisationId: before } = db.prepare(`SELECT organisationId FROM "User" WHERE id = ?`).get(sponsorAdmin.id) as { organisationId: number | null };
  db.prepare(`UPDATE "User" SET email = ?, name = 'Ruth Okafor', title = 'Executive Pastor', organisation = 'Grace Church', organisationId = ? WHERE id = ?`).run(SPONSOR_EMAIL, organisationId, sponsorAdmin.id);
  if (before !== organisationId) {
    db.prepare(`UPDATE "Organisation" SET memberCount = memberCount - 1 WHERE id = ?`).run(before);
    db.prepare(`UPDATE "Organisation" SET memberCount = memberCount + 1 WHERE id = ?`).run(organisationId);
  }
  db.prepare(
    `INSERT INTO "SponsorAccount" (organisationId, balanceCents, budgetCents, budgetPeriod, ceilingCents, copayPercent, categories, guideIds, createdAt, updatedAt)
     VALUES (?, 200000, 30000, 'quarter', 15000, 20, '', '', ?, ?)`,
  ).run(organisationId, iso(NOW_MS - 40 * DAY), iso(NOW_MS - 40 * DAY));
  db.prepare(`INSERT INTO "SponsorAdmin" (organisationId, userId, createdAt) VALUES (?, ?, ?)`).run(organisationId, sponsorAdmin.id, iso(NOW_MS - 40 * DAY));
  // Whoever runs a sponsorship signs in with a second factor: the demo's, as the administrator's (npm run demo:code).
  db.prepare(`INSERT INTO "TwoFactor" (userId, secret, enabledAt, lastStep, createdAt) VALUES (?, ?, ?, 0, ?)`).run(sponsorAdmin.id, sealSecret(DEMO_ADMIN_TOTP_SECRET), iso(NOW_MS - 40 * DAY), iso(NOW_MS - 40 * DAY));
  const paidAt = iso(NOW_MS - 30 * DAY);
  const funding = db.prepare(`INSERT INTO "SponsorFunding" (organisationId, createdById, amountCents, status, stripeCheckoutSessionId, paidAt, createdAt) VALUES (?, ?, 200000, 'paid', 'cs_test_demo_grace_church_funding', ?, ?)`).run(organisationId, sponsorAdmin.id, paidAt, paidAt);
  db.prepare(`INSERT INTO "SponsorLedgerEntry" (organisationId, kind, amountCents, fundingId, createdAt) VALUES (?, 'funding', 200000, ?, ?)`).run(organisationId, Number(funding.lastInsertRowid), paidAt);
  db.prepare(`INSERT INTO "SponsorInvite" (organisationId, tokenHash, email, createdById, createdAt) VALUES (?, 'demo-invite-already-used', NULL, ?, ?)`).run(organisationId, sponsorAdmin.id, joined);
  const pastor = db.prepare(`INSERT INTO "SponsoredPastor" (organisationId, userId, showGuides, joinedAt) VALUES (?, ?, ?, ?)`);
  pastors.forEach((person, index) => pastor.run(organisationId, person.id, index === 0 ? 1 : 0, joined));
}

/** At scale, one in this many mentees is one of Grace Church's pastors (4,000 at 100,000 mentees). */
const PASTOR_EVERY = 25;

/**
 * At scale, Grace Church sponsors a denomination's worth of pastors: every 25th mentee (4,000 at 100,000), each
 * invited and joined, one in twenty left again, every other one showing their guides. Each of their paid sessions
 * was covered (80%, the co-pay's 20% left to them) and one in ten given back, and the balance was topped up monthly:
 * a ledger of tens of thousands of movements over the years the bookings span, for the sponsor's paged lists.
 */
export function insertScaleSponsorship(db: DB, bookings: Bookings, people: People) {
  insertSponsorship(db, people);
  const { id: organisationId } = db.prepare(`SELECT id FROM "Organisation" WHERE nameKey = 'grace church'`).get() as { id: number };
  const sponsorAdmin = people.users[1];
  const taken = new Set([sponsorAdmin.id, people.demoUser.id, people.users[2].id]);
  const pastors = people.users.filter((person, i) => i % PASTOR_EVERY === 5 && !person.deletedAt && !taken.has(person.id));
  const index = new Map(pastors.map((person, i) => [person.id, i]));
  const { userId, rateCents, paymentStatus, createdAt } = bookings.col;
  const covered: number[] = [];
  for (let i = 0; i < bookings.length; i++) {
    if (index.has(userId[i]) && PAYMENT_STATUSES[paymentStatus[i]] === "paid" && rateCents[i] > 0) covered.push(i);
  }
  covered.sort((a, b) => createdAt[a] - createdAt[b]);
  const firstCover = new Map<number, number>();
  for (const i of covered) if (!firstCover.has(userId[i])) firstCover.set(userId[i], createdAt[i]);

  const pastor = db.prepare(`INSERT INTO "SponsoredPastor" (organisationId, userId, showGuides, joinedAt, leftAt) VALUES (?, ?, ?, ?, ?)`);
  const invite = db.prepare(`INSERT INTO "SponsorInvite" (organisationId, tokenHash, email, createdById, revokedAt, createdAt) VALUES (?, ?, ?, ?, ?, ?)`);
  insertRows(db, "sponsored pastors", pastors.length, (i) => {
    const person = pastors[i];
    const joined = Math.min(firstCover.get(person.id) ?? NOW_MS - 30 * DAY, NOW_MS - DAY) - DAY;
    pastor.run(organisationId, person.id, i % 2, iso(joined), i % 20 === 19 ? iso(NOW_MS - (i % 90) * DAY) : null);
    invite.run(organisationId, `scale-invite-${i}`, person.email, sponsorAdmin.id, null, iso(joined - DAY));
    // Every tenth pastor was first sent a link that was revoked.
    if (i % 10 === 0) invite.run(organisationId, `scale-link-${i}`, null, sponsorAdmin.id, iso(joined), iso(joined - 2 * DAY));
  });

  const cover = db.prepare(
    `INSERT INTO "SponsorCover" (id, bookingId, organisationId, pastorId, coveredCents, returnedCents, period, periodStart, status, createdAt) VALUES (?, ?, ?, ?, ?, ?, 'quarter', ?, ?, ?)`,
  );
  const entry = db.prepare(`INSERT INTO "SponsorLedgerEntry" (organisationId, kind, amountCents, fundingId, coverId, createdAt) VALUES (?, ?, ?, ?, ?, ?)`);
  const funding = db.prepare(`INSERT INTO "SponsorFunding" (organisationId, createdById, amountCents, status, stripeCheckoutSessionId, paidAt, createdAt) VALUES (?, ?, ?, 'paid', ?, ?, ?)`);
  const monthOf = (ms: number) => new Date(ms).getUTCFullYear() * 12 + new Date(ms).getUTCMonth();
  const needed = new Map<number, number>();
  for (const i of covered) needed.set(monthOf(createdAt[i]), (needed.get(monthOf(createdAt[i])) ?? 0) + Math.floor(rateCents[i] * 0.8));
  const spentNow = new Map<number, number>();
  const thisQuarter = quarterStart(NOW_MS);
  let month = -1;
  let balance = 0;
  let added = 0;
  insertRows(db, "sponsor ledger", covered.length, (n) => {
    const i = covered[n];
    const at = createdAt[i];
    // The first cover of each month: a funding just before it, the month's sessions rounded up to $1,000, and $1,000 more.
    if (monthOf(at) !== month) {
      month = monthOf(at);
      const amount = (Math.ceil((needed.get(month) ?? 0) / 100_000) + 1) * 100_000;
      const paidAt = iso(at - HOUR);
      const { lastInsertRowid } = funding.run(organisationId, sponsorAdmin.id, amount, `cs_test_scale_funding_${month}`, paidAt, paidAt);
      entry.run(organisationId, "funding", amount, Number(lastInsertRowid), null, paidAt);
      balance += amount;
      added += amount;
    }
    const coveredCents = Math.floor(rateCents[i] * 0.8);
    const returned = n % 10 === 9;
    const coverId = n + 1;
    cover.run(coverId, i + 1, organisationId, userId[i], coveredCents, returned ? coveredCents : 0, iso(quarterStart(at)), returned ? "returned" : "active", iso(at));
    entry.run(organisationId, "session", -coveredCents, null, coverId, iso(at));
    balance -= coveredCents;
    if (returned) {
      entry.run(organisationId, "returned", coveredCents, null, coverId, iso(Math.min(at + DAY, NOW_MS - HOUR)));
      balance += coveredCents;
    } else if (quarterStart(at) === thisQuarter) {
      spentNow.set(userId[i], (spentNow.get(userId[i]) ?? 0) + coveredCents);
    }
  });
  const spend = db.prepare(`INSERT INTO "SponsorPeriodSpend" (organisationId, pastorId, period, periodStart, spentCents) VALUES (?, ?, 'quarter', ?, ?)`);
  for (const [pastorId, cents] of spentNow) spend.run(organisationId, pastorId, iso(thisQuarter), cents);
  // The totals per period the overview reads, as the sponsorship module moves them with each cover.
  db.prepare(
    `INSERT INTO "SponsorPeriodTotal" (organisationId, period, periodStart, sessions, coveredCents)
     SELECT organisationId, period, periodStart, SUM(CASE WHEN coveredCents > returnedCents THEN 1 ELSE 0 END), SUM(coveredCents - returnedCents)
     FROM "SponsorCover" WHERE organisationId = ? GROUP BY period, periodStart`,
  ).run(organisationId);
  db.prepare(`UPDATE "SponsorAccount" SET balanceCents = balanceCents + ? WHERE organisationId = ?`).run(balance, organisationId);
  progress(`Grace Church: ${thousands(pastors.length)} pastors, ${thousands(covered.length)} sessions covered, ${formatDollars(added)} added`);
}

const quarterStart = (ms: number) => {
  const at = new Date(ms);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - (at.getUTCMonth() % 3), 1);
};
const formatDollars = (cents: number) => `$${thousands(Math.round(cents / 100))}`;
