// A paid session's payout as people read it (zod-free: screens import it). The stored status says where the money
// is; what a guide and an administrator see also depends on when it releases and whether the guide can be paid.
//
//   held       the session is not over yet: the money waits with the platform
//   releasing  the session is over; released to the guide at releaseAt (the dispute window's end)
//   on_hold    the mentee reported a problem: nothing is released until it is settled
//   paying     a transfer is being made
//   paid       transferred to the guide's connected account (Stripe pays it to their bank on its schedule)
//   failed     Stripe refused the transfer; it is tried again
//   cancelled  nothing is left to pay (refunded in full)
import type { Tone } from "#app/components/ui/badge.tsx";

export const PAYOUT_STATUSES = ["held", "releasing", "on_hold", "paying", "paid", "failed", "cancelled"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The states a guide's Stripe account can be in, as Billing names them. */
export const PAYOUT_ACCOUNT_STATUSES = ["not_connected", "details_needed", "active", "restricted"] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

export const PAYOUT_ACCOUNT_LABELS: Record<PayoutAccountStatus, { label: string; tone: Tone }> = {
  not_connected: { label: "Not connected", tone: "grey" },
  details_needed: { label: "Details needed", tone: "amber" },
  active: { label: "Active", tone: "green" },
  restricted: { label: "Restricted", tone: "red" },
};

/** The Payouts list's status filter and badges. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, { label: string; tone: Tone }> = {
  held: { label: "Held", tone: "grey" },
  releasing: { label: "Releasing", tone: "blue" },
  on_hold: { label: "On hold", tone: "amber" },
  paying: { label: "Paying out", tone: "blue" },
  paid: { label: "Paid out", tone: "green" },
  failed: { label: "Failed", tone: "red" },
  cancelled: { label: "Nothing to pay", tone: "grey" },
};

export type PayoutStage = {
  status: PayoutStatus;
  releaseAt: string | null;
  paidAt: string | null;
  /** Whether the guide's account can receive transfers now. */
  accountActive: boolean;
};

/**
 * Where a session's money is, in a few words for the guide: held, releasing on a date, paid out, or on hold and why.
 * `date` formats a time in the reader's zone.
 */
export function payoutStageText(stage: PayoutStage, date: (iso: string) => string, now = Date.now()): { label: string; tone: Tone } {
  switch (stage.status) {
    case "held":
      return { label: "Held until the session is over", tone: "grey" };
    case "releasing":
    case "failed":
      if (!stage.accountActive && (!stage.releaseAt || Date.parse(stage.releaseAt) <= now)) return { label: "On hold: payouts not connected", tone: "amber" };
      if (stage.status === "failed") return { label: "Transfer failed: trying again", tone: "red" };
      return { label: stage.releaseAt && Date.parse(stage.releaseAt) > now ? `Releasing on ${date(stage.releaseAt)}` : "Releasing now", tone: "blue" };
    case "on_hold":
      return { label: "On hold: problem reported", tone: "amber" };
    case "paying":
      return { label: "Paying out", tone: "blue" };
    case "paid":
      return { label: stage.paidAt ? `Paid out on ${date(stage.paidAt)}` : "Paid out", tone: "green" };
    case "cancelled":
      return { label: "Refunded: nothing to pay", tone: "grey" };
  }
}

/** When a payout releases: the dispute window after its session was over, or its retry time after a refusal. */
export function releaseAtOf(payout: { overAt: Date | null; retryAt: Date | null }, disputeWindowHours: number) {
  if (!payout.overAt) return null;
  const release = new Date(payout.overAt.getTime() + disputeWindowHours * 3_600_000);
  return payout.retryAt && payout.retryAt > release ? payout.retryAt : release;
}

/**
 * What Stripe still asks of a guide's payouts account, in words people use: its requirement names
 * (`individual.dob.day`, `external_account`…) grouped by what the guide gives, each once, in Stripe's order.
 */
const REQUIREMENT_WORDS: Array<[RegExp, string]> = [
  [/^external_account/, "a bank account"],
  [/^tos_acceptance/, "accepting Stripe's terms"],
  [/^business_profile\.url/, "a website"],
  [/^business_profile\./, "what your work is"],
  [/\.(first|last)_name(_kana|_kanji)?$/, "your name"],
  [/\.dob\./, "your date of birth"],
  [/\.address\./, "your address"],
  [/\.(ssn_last_4|id_number)$/, "your tax number"],
  [/\.email$/, "your e-mail address"],
  [/\.phone$/, "your phone number"],
  [/\.verification\./, "a photo ID"],
];

export function payoutRequirementsText(requirements: string[]) {
  const words = requirements.map((name) => REQUIREMENT_WORDS.find(([pattern]) => pattern.test(name))?.[1] ?? "a few other details");
  return [...new Set(words)].join(", ");
}
