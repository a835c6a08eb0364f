import { z } from "zod";
import { dollarsField } from "#app/lib/dollars.ts";
import { idSchema } from "#app/lib/id.ts";
import { newAccountTimeZone, newAccountTimeZoneFields } from "#app/lib/time-zone-schema.ts";
import { dateRange } from "#app/lib/date-range.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";
import { guideFields, guidePasswordFields, guideProfileSchema, passwordsMustMatch } from "#app/modules/guides/schema.ts";
import { HOW_TO_SERVE_MAX, HOW_TO_SERVE_MIN, REFERENCES_REQUIRED } from "./limits.ts";

export const guideRequestListDefaults = {
  sortable: ["name", "email", "organisation", "category", "requested"],
  defaultSort: "requested",
  defaultOrder: "desc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<"name" | "email" | "organisation" | "category" | "requested">;

export type GuideRequestSort = (typeof guideRequestListDefaults.sortable)[number];

/** Which requests the list shows: by decision, or all of them. */
export const guideRequestStatuses = ["pending", "approved", "rejected", "all"] as const;
export type GuideRequestStatusFilter = (typeof guideRequestStatuses)[number];
/** Without `?status=` the list shows the pending requests (SPEC §7: the request list is the admin's queue). */
export const DEFAULT_REQUEST_STATUS: GuideRequestStatusFilter = "pending";

export const guideRequestStatusLabels: Record<GuideRequestStatusFilter, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  all: "All",
};

/**
 * Guide requests (the console screen and GET /api/admin/get-mentor-request-list): the pending ones by default,
 * `?status=approved|rejected|all` for the decided ones, so a decision stays findable with its date; `from` and `to`
 * are days submitted.
 */
export const guideRequestList = defineList({
  defaults: guideRequestListDefaults,
  filters: {
    status: z.enum(guideRequestStatuses, { error: "status must be one of: pending, approved, rejected, all" }).optional(),
    ...dateRange(),
  },
});

/** SPEC §4: action id 1 approves a guide's join request, 2 rejects it. */
export const APPROVE = 1;
export const REJECT = 2;

export const decisionMessages = {
  guideId: "Invalid guideId: expected a positive whole number",
  actionId: "actionId must be 1 (approve) or 2 (reject)",
  reasonRequired: "Please give a reason for declining",
  reasonLength: "The reason must be at most 1000 characters",
} as const;

/** The reason a rejection gives the guide (the reject dialog's, and a bulk rejection's one reason for every request). */
export const declineReasonSchema = z
  .string({ error: decisionMessages.reasonRequired })
  .trim()
  .min(1, decisionMessages.reasonRequired)
  .max(1000, decisionMessages.reasonLength);

/**
 * The Approve/Reject forms of the guide-request screen and PATCH /api/admin/mentor-request-update/{guideId}/{actionId}.
 * A decline reason is required with a rejection, and ignored with an approval.
 */
export const decisionSchema = z
  .object({
    guideId: idSchema(decisionMessages.guideId),
    actionId: z.coerce
      .number({ error: decisionMessages.actionId })
      .refine((value): value is typeof APPROVE | typeof REJECT => value === APPROVE || value === REJECT, decisionMessages.actionId),
    declineReason: z.string({ error: decisionMessages.reasonRequired }).trim().max(1000, decisionMessages.reasonLength).nullish(),
  })
  .superRefine((value, ctx) => {
    if (Number(value.actionId) === REJECT && !value.declineReason?.trim?.()) {
      ctx.addIssue({ code: "custom", path: ["declineReason"], message: decisionMessages.reasonRequired });
    }
  }, { when: () => true })
  .transform(({ declineReason, ...rest }) => ({ ...rest, declineReason: rest.actionId === REJECT ? (declineReason ?? "") : null }));

export type Decision = z.output<typeof decisionSchema>;

// ─── The guide application (/guide-application) ─────────────────────────────────────────────

/** The application's own messages; the guide form's fields keep SPEC §5's (guides/schema.ts). */
export const applicationMessages = {
  howToServeRequired: "Tell us how you would like to serve",
  howToServeLength: "Please write between 20 and 2000 characters",
  priceRequired: "Enter a price for 60 minutes, or choose pay what you want",
  referencesRequired: `Please give ${REFERENCES_REQUIRED} references: people who know your ministry`,
  priceFormat: "Enter a price between $0 and $1,000, with at most two decimals",
  termsRequired: "Please accept the terms of service to apply",
} as const;
const a = applicationMessages;

export { HOW_TO_SERVE_MAX, HOW_TO_SERVE_MIN } from "./limits.ts";

/** How they would like to serve, in their own words (GuideRequest.howToServe). */
export const howToServeSchema = z
  .string({ error: a.howToServeRequired })
  .trim()
  .min(1, { error: a.howToServeRequired, abort: true })
  .min(HOW_TO_SERVE_MIN, a.howToServeLength)
  .max(HOW_TO_SERVE_MAX, a.howToServeLength);

/** A session price in dollars as typed ('75', '75.50'), as integer cents; blank is null. */
const price = z
  .string({ error: a.priceFormat })
  .trim()
  .nullish()
  .transform((value) => value || null)
  .pipe(
    dollarsField({ invalid: a.priceFormat, maxCents: 100_000 }).nullable(),
  );

const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

/**
 * The public guide application: the guide form's fields and messages (SPEC §5), two references, a price for 60 minutes or
 * pay what you want, how they would like to serve, the terms, and the browser's time zone (their weekly hours'
 * zone too).
 */
export const guideApplicationSchema = z
  .object({
    ...guideFields,
    // The admin team contacts them: required here (the console's guide form keeps references optional).
    references: guideFields.references.refine((references) => references.length >= REFERENCES_REQUIRED, a.referencesRequired),
    // A video the public profile can play, as the guide's own profile asks (any other link was kept but never shown).
    videoUrl: guideProfileSchema.shape.videoUrl,
    ...guidePasswordFields,
    payWhatYouWant: checkbox,
    price,
    howToServe: howToServeSchema,
    terms: checkbox.refine((accepted) => accepted, a.termsRequired),
    ...newAccountTimeZoneFields,
  })
  .superRefine((value, ctx) => {
    passwordsMustMatch(value, ctx);
    if (!value.payWhatYouWant && value.price === null) ctx.addIssue({ code: "custom", path: ["price"], message: a.priceRequired });
  }, { when: () => true })
  .transform(({ confirmPassword: _confirmation, terms: _terms, price: cents, timeZone, deviceTimeZone, ...rest }) => ({
    ...rest,
    hourlyRateCents: cents ?? 0,
    timeZone: newAccountTimeZone({ timeZone, deviceTimeZone }),
  }));

export type GuideApplication = z.output<typeof guideApplicationSchema>;

/** A rejected applicant applies again from /mentor-dashboard/application. */
export const reapplySchema = z.object({ howToServe: howToServeSchema });
