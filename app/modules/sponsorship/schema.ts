import { z } from "zod";
import { dollarsField } from "#app/lib/dollars.ts";
import { dateRange } from "#app/lib/date-range.ts";
import { defineList } from "#app/lib/list.ts";
import { INVITE_STATUSES, LEDGER_KINDS, PASTOR_STATUSES, sponsorInviteListDefaults, sponsorLedgerListDefaults, sponsorPastorListDefaults, type LedgerKind } from "./lists.ts";
import { BUDGET_PERIODS, SPONSOR_KINDS, SPONSOR_MESSAGES as M } from "./messages.ts";

/** An amount in dollars as a treasurer writes it ("1500", "$1,500.00"), at most `max` dollars. */
const dollars = (message: string, max: number) => dollarsField({ invalid: message, maxCents: max * 100 });

const optionalText = (max: number, message: string) =>
  z.string().trim().max(max, message).optional().transform((value) => value || null);

/** Funding the balance by card. */
export const fundSchema = z.object({
  amount: dollars(M.amountInvalid, 50_000).refine((cents) => cents >= 1_000, M.amountInvalid),
});

/** "Sponsor your pastors": a new organisation, its first funding. */
export const foundSchema = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(2, M.nameRequired).max(100, M.nameTooLong),
  kind: z.enum(SPONSOR_KINDS.map((kind) => kind.value) as [string, ...string[]], { error: M.kindRequired }),
  city: optionalText(100, M.cityTooLong),
  country: optionalText(100, M.countryTooLong),
  amount: fundSchema.shape.amount,
});

/** The rules a sponsor sets. */
export const rulesSchema = z.object({
  budget: dollars(M.budgetInvalid, 100_000),
  budgetPeriod: z.enum(BUDGET_PERIODS.map((period) => period.value) as ["month", "quarter", "year"], { error: M.periodRequired }),
  ceiling: z.union([z.literal("").transform(() => null), dollars(M.ceilingInvalid, 100_000)]).optional().transform((value) => value ?? null),
  copayPercent: z.coerce.number({ error: M.copayInvalid }).int(M.copayInvalid).min(0, M.copayInvalid).max(100, M.copayInvalid),
  /** Categories covered (several checkboxes of one name); none, with no guides: every guide. */
  categories: z.preprocess((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]), z.array(z.string().trim().min(1).max(60)).max(20)),
  /** The guides already chosen and still ticked (several checkboxes of one name). */
  guideIds: z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.coerce.number({ error: M.guideUnknown }).int(M.guideUnknown).positive(M.guideUnknown).max(2 ** 31 - 1, M.guideUnknown)).max(500, M.tooManyGuides),
  ),
  /** One more guide, by the name Find a Mentor shows or their profile address (found by `saveRules`). */
  addGuide: z.string().trim().max(300, M.guideNotFound).optional(),
});
export type SponsorRules = z.output<typeof rulesSchema>;

export const inviteSchema = z.object({
  email: z.union([z.literal(""), z.email(M.emailInvalid)]).optional().transform((value) => value || null),
});

export const acceptSchema = z.object({ showGuides: z.literal("on").optional().transform(Boolean) });

/** The booking dialog's choice, and the covered amount the pastor saw (the booking is refused if it changed). */
export const sponsorChoiceField = z.enum(["use", "private"]).optional();
export const sponsoredCentsField = z.coerce.number().int().min(0).optional();

const valuesOf = <T extends readonly { value: string }[]>(options: T) => options.map((option) => option.value) as [T[number]["value"], ...T[number]["value"][]];

/** The sponsor's ledger (/sponsor/ledger): `kind` funding, session or returned; `from` and `to`, days money moved. */
export const sponsorLedgerList = defineList({
  defaults: sponsorLedgerListDefaults,
  filters: {
    kind: z.enum(valuesOf(LEDGER_KINDS), { error: "kind must be funding, session or returned" }).optional(),
    ...dateRange(),
  },
});

/** The sponsor's pastors (/sponsor/pastors), searched by name; `status` joined (sponsored now) or left. */
export const sponsorPastorList = defineList({
  defaults: sponsorPastorListDefaults,
  filters: { status: z.enum(valuesOf(PASTOR_STATUSES), { error: "status must be joined or left" }).optional() },
});

/** The sponsor's invitations (/sponsor/invites), searched by e-mail; `status` open or revoked. */
export const sponsorInviteList = defineList({
  defaults: sponsorInviteListDefaults,
  filters: { status: z.enum(valuesOf(INVITE_STATUSES), { error: "status must be open or revoked" }).optional() },
});
export type SponsorLedgerFilters = { kind?: LedgerKind; from?: string; to?: string };
