import { sealSecret } from "../../app/modules/two-factor/secret-box.server.ts";
import { DAY, NOW_MS, iso } from "./clock.ts";
import { DEMO_ADMIN_TOTP_SECRET } from "./demo-two-factor.mjs";
import type { People } from "./people.ts";
import type { DB } from "./writer.ts";

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
