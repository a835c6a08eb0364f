// The product's rules as people read them: one source for the booking dialog, the cancel dialog, the Terms of
// Service, the FAQ and the e-mails. Pure functions of the operator's settings (getPlatformSettings()), so every text
// follows the numbers the code runs on. Zod-free and server-free: public pages' browser bundles may import it.

import { APPLICATION_DECISION_TIME } from "#app/modules/guide-requests/decision-time.ts";

/** The Terms of Service in force. A person's acceptance records it (User.termsVersion); change it with the Terms. */
export const TERMS_VERSION = "2026-11-28";

/** The settings the rules depend on (PlatformSettings has them all). */
export type PolicySettings = {
  cancellationWindowHours: number;
  lateCancellationRefundPercent: number;
  platformFeePercent: number;
  holdMinutes: number;
  requestExpiryHours: number;
  autoCompleteHours: number;
  disputeWindowHours: number;
  maxHoldsPerGuide: number;
  maxHoldsPerMentee: number;
};

/** Which Terms of Service a person accepted and when (null: never); `current` when that is the version in force. */
export type TermsAcceptance = { version: string | null; acceptedAt: string | null; current: boolean };

/** What an account records when its person accepts the Terms (sign-up, the guide application). */
export const termsAccepted = (now = new Date()) => ({ termsVersion: TERMS_VERSION, termsAcceptedAt: now });

export const hours = (n: number) => (n === 1 ? "1 hour" : `${n} hours`);
export const minutes = (n: number) => (n === 1 ? "1 minute" : `${n} minutes`);

// ─── Cancelling and rescheduling (bookings/policy.ts refundFor computes the amounts) ───

/** The mentee's own cancellation: in full up to the window, later the late share, never after the start. */
export function menteeCancellationPolicy(s: PolicySettings) {
  const late = s.lateCancellationRefundPercent;
  if (s.cancellationWindowHours === 0 || late === 100) return "You can cancel for a full refund until the session starts; once it has started, it can no longer be cancelled.";
  const later = late === 0 ? "Later cancellations are not refunded." : `Later cancellations are refunded ${late}%.`;
  return `Cancel at least ${hours(s.cancellationWindowHours)} before the session for a full refund. ${later} Once the session has started, it can no longer be cancelled.`;
}

export const FULL_REFUND_POLICY = "If your mentor cancels or declines, or the Ministry Mentors team cancels, you are always refunded in full.";

/** The whole cancellation policy (the cancel dialog, the FAQ's {cancellationPolicy}). */
export const cancellationPolicy = (s: PolicySettings) => `${menteeCancellationPolicy(s)} ${FULL_REFUND_POLICY}`;

/** The same rule as the guide's cancel dialog states it to the guide. */
export const GUIDE_CANCELLATION_POLICY = "When you cancel a session or decline a request, your mentee is refunded in full, and nothing of it is paid out to you.";

/** The booking dialog's short version, above its link to the Terms. */
export function cancellationSummary(s: PolicySettings) {
  const late = s.lateCancellationRefundPercent;
  const first =
    s.cancellationWindowHours === 0 || late === 100
      ? "Free cancellation until the session starts."
      : `Free cancellation up to ${hours(s.cancellationWindowHours)} before the start; later, ${late === 0 ? "no refund" : `${late}% is refunded`}.`;
  return `${first} If your mentor cancels or declines, you get a full refund.`;
}

export function reschedulePolicy(s: PolicySettings) {
  return s.cancellationWindowHours === 0
    ? "You can move a session to another of your mentor's free times until it starts."
    : `You can move a session to another of your mentor's free times up to ${hours(s.cancellationWindowHours)} before it starts.`;
}

// ─── Paying, requests and completion ───

export function holdPolicy(s: PolicySettings) {
  return `When you book a paid session, its time is held for you for ${minutes(s.holdMinutes)} while you pay by card. If the payment is not completed in that time, the hold ends and the time is free for others again. You can hold at most ${s.maxHoldsPerGuide} unpaid ${s.maxHoldsPerGuide === 1 ? "time" : "times"} with one mentor, and ${s.maxHoldsPerMentee} in all.`;
}

export function requestExpiryPolicy(s: PolicySettings) {
  return `Some mentors review requests before accepting them. A request your mentor has not answered expires after ${hours(s.requestExpiryHours)}, or sooner once the session is closer than the mentor's minimum notice; an expired request is refunded in full.`;
}

/**
 * What the mentee is told when their request goes to the guide (e-mail and bell): `deadline` is when the answer is
 * due, as the reader reads it, or null when the request has no deadline of its own (then the setting's hours).
 */
export function requestExpiryNotice(s: Pick<PolicySettings, "requestExpiryHours">, deadline: string | null, paid: boolean) {
  const due = deadline ? `Your mentor has until ${deadline} to answer.` : `Your mentor should answer within ${hours(s.requestExpiryHours)}.`;
  return `${due} If they do not, the request expires${paid ? " and your payment is refunded in full" : " and the time is freed"}.`;
}

export function autoCompletePolicy(s: PolicySettings) {
  return s.autoCompleteHours === 0
    ? "A confirmed session is marked completed as soon as it ends, unless a problem was reported."
    : `A confirmed session is marked completed on its own ${hours(s.autoCompleteHours)} after it ends, unless a problem was reported.`;
}

// ─── Missed sessions and problems ───

/** Paragraphs: the mentor's no-show (reported by the mentee), then the mentee's (marked by the mentor). */
export function noShowPolicy(s: PolicySettings) {
  const window = hours(s.disputeWindowHours);
  return [
    `If your mentor does not come, report it from your bookings, between the session's start and ${window} after the session is completed. You are refunded in full unless the mentor contests the report within the same ${window}. A contested report, like any other problem you report, is decided by the Ministry Mentors team, who may refund all, part or none of the payment.`,
    "If you do not come to a session and your mentor marks it as a no-show, it is not refunded.",
  ];
}

// ─── Paying mentors ───

/** Paragraphs: how and when a mentor is paid, and what a later refund takes back. */
export function payoutPolicy(s: PolicySettings) {
  return [
    "Mentors are paid through Stripe Connect, to the bank account they connect.",
    `Each payment is held until the session is completed and the dispute window of ${hours(s.disputeWindowHours)} after it has passed with no open problem. It is then transferred to the mentor, less the platform fee of ${s.platformFeePercent}%.`,
    "If a payment is refunded after its transfer, the mentor's share of the refund is taken back in proportion.",
    "Mentors who have not connected payouts keep their earnings waiting until they connect.",
  ];
}

// ─── FAQ answers: placeholders filled at render ───

/**
 * The placeholders an FAQ answer may hold (written in the console as `{name}`): each number of the settings, and
 * each rule as whole sentences. Filled when the answer is shown, so an answer stays true when the settings change.
 */
export const POLICY_PLACEHOLDERS = {
  cancellationWindowHours: (s: PolicySettings) => String(s.cancellationWindowHours),
  lateCancellationRefundPercent: (s: PolicySettings) => String(s.lateCancellationRefundPercent),
  platformFeePercent: (s: PolicySettings) => String(s.platformFeePercent),
  holdMinutes: (s: PolicySettings) => String(s.holdMinutes),
  requestExpiryHours: (s: PolicySettings) => String(s.requestExpiryHours),
  autoCompleteHours: (s: PolicySettings) => String(s.autoCompleteHours),
  disputeWindowHours: (s: PolicySettings) => String(s.disputeWindowHours),
  maxHoldsPerGuide: (s: PolicySettings) => String(s.maxHoldsPerGuide),
  maxHoldsPerMentee: (s: PolicySettings) => String(s.maxHoldsPerMentee),
  cancellationPolicy,
  reschedulePolicy,
  holdPolicy,
  requestExpiryPolicy,
  autoCompletePolicy,
  noShowPolicy: (s: PolicySettings) => noShowPolicy(s).join(" "),
  payoutPolicy: (s: PolicySettings) => payoutPolicy(s).join(" "),
  /** Not a setting: how soon the team decides on a guide application (guide-requests/decision-time.ts). */
  applicationDecisionTime: () => APPLICATION_DECISION_TIME,
} satisfies Record<string, (s: PolicySettings) => string>;

export type PolicyPlaceholder = keyof typeof POLICY_PLACEHOLDERS;
export const policyPlaceholders = Object.keys(POLICY_PLACEHOLDERS) as PolicyPlaceholder[];

const isPlaceholder = (name: string): name is PolicyPlaceholder => Object.hasOwn(POLICY_PLACEHOLDERS, name);

/** `text` with every known `{placeholder}` replaced by its value under `s`; anything else in braces stays as written. */
export function fillPolicyText(text: string, s: PolicySettings) {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (isPlaceholder(name) ? POLICY_PLACEHOLDERS[name](s) : whole));
}

/** The placeholders whose value under `s` contains `word` (any case): a search for the word must find answers holding them. */
export function placeholdersContaining(word: string, s: PolicySettings): PolicyPlaceholder[] {
  const wanted = word.toLowerCase();
  return policyPlaceholders.filter((name) => POLICY_PLACEHOLDERS[name](s).toLowerCase().includes(wanted));
}
