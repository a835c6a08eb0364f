import { formatMoney } from "#app/lib/format.ts";

/** What sponsored mentoring says, zod-free so screens may import it. */
export const SPONSOR_MESSAGES = {
  notSponsorAdmin: "Only the sponsor admins of an organisation open its sponsorship.",
  notMember: "This person belongs to no organisation yet: set their organisation first.",
  nameTaken: "An organisation with this name is already on Ministry Mentors. Ask our team to make you its sponsor admin.",
  nameRequired: "Enter the organisation's name",
  nameTooLong: "The name must be at most 100 characters",
  kindRequired: "Choose what kind of organisation it is",
  cityTooLong: "The city must be at most 100 characters",
  countryTooLong: "The country must be at most 100 characters",
  amountInvalid: "Enter an amount in dollars between $10 and $50,000, for example 500",
  budgetInvalid: "Enter a budget in dollars between $0 and $100,000",
  periodRequired: "Choose a month, a quarter or a year",
  ceilingInvalid: "Enter a price in dollars, or leave it empty for no ceiling",
  copayInvalid: "Enter a whole percentage from 0 to 100",
  guideNotFound: "No mentor on Ministry Mentors has this name or profile address. Choose a name from the suggestions, or paste the address of the mentor's profile.",
  guideNameShared: "More than one mentor has this name: paste the address of the profile of the one you mean.",
  guideUnknown: "One of the chosen guides is not a mentor on Ministry Mentors. Reload the page and choose again.",
  tooManyGuides: "Choose at most 500 guides, or cover whole categories instead",
  emailInvalid: "Enter a valid e-mail address",
  inviteUnknown: "This invitation is not valid any more. Ask your organisation for a new one.",
  inviteOtherAddress: "This invitation was sent to another e-mail address. Sign in with that address to accept it, or ask your organisation for a link to share.",
  alreadyJoinedOther: (name: string) => `You are already sponsored by ${name}. Leave that sponsorship in Settings first.`,
  notJoined: "You are not sponsored by any organisation.",
  changed: (coveredCents: number) =>
    coveredCents > 0
      ? `The sponsorship changed while you were booking: it now covers ${formatMoney(coveredCents)}. Please check and confirm again.`
      : "The sponsorship no longer covers this session. Choose to pay privately, or ask your organisation.",
  covers: (organisation: string, coveredCents: number, payCents: number) => `${organisation} covers ${formatMoney(coveredCents)}, you pay ${formatMoney(payCents)}`,
} as const;

export const SPONSOR_KINDS = [
  { value: "church", label: "Church" },
  { value: "denomination", label: "Denomination or network" },
  { value: "seminary", label: "Seminary" },
  { value: "foundation", label: "Foundation" },
  { value: "other", label: "Other" },
] as const;

export const BUDGET_PERIODS = [
  { value: "month", label: "month" },
  { value: "quarter", label: "quarter" },
  { value: "year", label: "year" },
] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number]["value"];

/** What the sponsor sees, and never sees: the invitation page and Settings say exactly this. */
export const SPONSOR_SEES = {
  will: ["That you joined", "How many of your sessions it covered, and the amounts, per month, quarter or year", "Your budget left"],
  ifAllowed: "Your guides' names and how many sessions you had with each",
  never: ["Your topics or notes", "Your messages", "Your reviews", "When your sessions are (not even their dates)", "Sessions you pay for privately"],
} as const;

/** What the sign-in and sign-up pages say to someone who followed a sponsorship's link signed out, or null. */
export function sponsorSignInReason(redirectTo: string | null) {
  if (redirectTo?.startsWith("/sponsor/join/")) return "Sign in, or create an account, to read your invitation to sponsored mentoring: who sponsors you, what they will and will never see, and whether to join.";
  if (redirectTo === "/sponsor/start") return "Sign in, or create an account, to start your organisation's sponsorship.";
  return null;
}

/** The first day (UTC) of the budget period a moment falls in. */
export function periodStart(at: Date, period: BudgetPeriod): Date {
  const year = at.getUTCFullYear();
  const month = period === "month" ? at.getUTCMonth() : period === "quarter" ? at.getUTCMonth() - (at.getUTCMonth() % 3) : 0;
  return new Date(Date.UTC(year, month, 1));
}

/** "Nov 2026", "Q4 2026", "2026". */
export function periodLabel(start: Date, period: BudgetPeriod): string {
  const year = start.getUTCFullYear();
  if (period === "year") return String(year);
  if (period === "quarter") return `Q${Math.floor(start.getUTCMonth() / 3) + 1} ${year}`;
  return `${start.toLocaleString("en-US", { month: "short", timeZone: "UTC" })} ${year}`;
}

const PERIODICALLY: Record<BudgetPeriod, string> = { month: "monthly", quarter: "quarterly", year: "yearly" };

/**
 * Below what a sponsor's balance is running low, and how its admins are told why: one pastor's budget for a period
 * (the next sessions of one pastor could use it up), or a quarter of the last funding when that is smaller (a small
 * fund is not "low" the moment it is topped up). Never below a cent: an empty balance is always low.
 */
export function lowBalanceLine(budgetCents: number, period: BudgetPeriod, lastFundingCents: number | null) {
  const quarterOfFunding = lastFundingCents === null ? null : Math.floor(lastFundingCents / 4);
  if (quarterOfFunding !== null && quarterOfFunding < budgetCents) {
    return { cents: Math.max(1, quarterOfFunding), text: `a quarter of your last funding (${formatMoney(lastFundingCents)})` };
  }
  return { cents: Math.max(1, budgetCents), text: `one pastor's ${PERIODICALLY[period]} budget (${formatMoney(budgetCents)})` };
}
