import type { SessionUser } from "#app/lib/session.server.ts";
import { periodLabel, type BudgetPeriod } from "./messages.ts";

/**
 * What a sponsor may see of a pastor: the ONE place that decides it. Every sponsor screen shapes its pastors through
 * `sponsorViewOfPastor`, which reads only amounts, counts and (when the pastor allowed it) guides' names. A booking's
 * topic, notes, time or date, its messages and reviews are never passed in, so no sponsor page can show them.
 */

/** A sponsor's own records are its admins': anyone else (a member, staff) is the same 404 as a missing sponsor. */
export const canRunSponsor = (actor: SessionUser, admins: readonly number[]) => admins.includes(actor.id);

/** One covered session as the sponsor's totals count it: the amount it took, the guide, and the period it fell in. */
export type CoverFact = { coveredCents: number; returnedCents: number; guideName: string; periodStart: Date };

export type PastorView = {
  id: number;
  name: string;
  joined: boolean;
  /** The day they accepted the invitation (ISO): when they joined, never anything of a session. */
  joinedAt: string;
  budgetLeftCents: number;
  /** What the sponsor covered for them in the current period. */
  budgetUsedCents: number;
  periods: Array<{ label: string; sessions: number; coveredCents: number }>;
  /** Only when the pastor allowed it: each guide's name and how many covered sessions with them. */
  guides: Array<{ name: string; sessions: number }> | null;
};

export function sponsorViewOfPastor(
  pastor: { id: number; name: string; showGuides: boolean; joinedAt: Date; leftAt: Date | null },
  covers: CoverFact[],
  { period, budgetCents, spentThisPeriodCents }: { period: BudgetPeriod; budgetCents: number; spentThisPeriodCents: number },
): PastorView {
  const periods = new Map<number, { label: string; sessions: number; coveredCents: number }>();
  const guides = new Map<string, number>();
  for (const cover of covers) {
    const net = cover.coveredCents - cover.returnedCents;
    const key = cover.periodStart.getTime();
    const row = periods.get(key) ?? { label: periodLabel(cover.periodStart, period), sessions: 0, coveredCents: 0 };
    // A session given back in full (never held, or refunded) is no session the sponsor paid for.
    if (net > 0) row.sessions += 1;
    row.coveredCents += net;
    periods.set(key, row);
    if (net > 0) guides.set(cover.guideName, (guides.get(cover.guideName) ?? 0) + 1);
  }
  return {
    id: pastor.id,
    name: pastor.name,
    joined: pastor.leftAt === null,
    joinedAt: pastor.joinedAt.toISOString(),
    budgetLeftCents: pastor.leftAt === null ? Math.max(0, budgetCents - spentThisPeriodCents) : 0,
    budgetUsedCents: spentThisPeriodCents,
    periods: [...periods.entries()].sort(([a], [b]) => b - a).map(([, row]) => row),
    guides: pastor.showGuides && pastor.leftAt === null ? [...guides.entries()].map(([name, sessions]) => ({ name, sessions })).sort((a, b) => a.name.localeCompare(b.name)) : null,
  };
}

/**
 * A movement of the balance as the sponsor's ledger shows it: what kind, how much and when money moved, and a funding's
 * own number (for its receipt); nothing of a booking.
 */
export type LedgerEntryView = { id: number; kind: string; amountCents: number; createdAt: string; fundingId: number | null };

export const sponsorViewOfLedgerEntry = (entry: { id: number; kind: string; amountCents: number; createdAt: Date; fundingId: number | null }): LedgerEntryView => ({
  id: entry.id,
  kind: entry.kind,
  amountCents: entry.amountCents,
  createdAt: entry.createdAt.toISOString(),
  fundingId: entry.fundingId,
});

/**
 * A covered session as a sponsor's webhook tells of it (booking.created, booking.cancelled): the pastor, what the
 * sponsor covered and got back, and the budget period. Never the guide, the topic, the notes, the time or the date.
 */
export type SponsorCoverEvent = { coverId: number; pastor: { id: number; name: string }; coveredCents: number; returnedCents: number; period: string };

export function sponsorViewOfCover(
  cover: { id: number; coveredCents: number; returnedCents: number; period: string; periodStart: Date },
  pastor: { id: number; name: string },
): SponsorCoverEvent {
  return { coverId: cover.id, pastor: { id: pastor.id, name: pastor.name }, coveredCents: cover.coveredCents, returnedCents: cover.returnedCents, period: periodLabel(cover.periodStart, cover.period as BudgetPeriod) };
}
