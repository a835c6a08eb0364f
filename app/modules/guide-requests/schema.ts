import { z } from "zod";
import { idSchema } from "#app/lib/id.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";

export const guideRequestListDefaults = {
  sortable: ["name", "email", "organisation", "category", "requested"],
  defaultSort: "requested",
  defaultOrder: "desc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<"name" | "email" | "organisation" | "category" | "requested">;

export type GuideRequestSort = (typeof guideRequestListDefaults.sortable)[number];

/** Pending guide requests (the console screen and GET /api/admin/get-mentor-request-list). */
export const guideRequestList = defineList({ defaults: guideRequestListDefaults });

/** SPEC §4: action id 1 approves a guide's join request, 2 rejects it. */
export const APPROVE = 1;
export const REJECT = 2;

export const decisionMessages = {
  guideId: "Invalid guideId: expected a positive whole number",
  actionId: "actionId must be 1 (approve) or 2 (reject)",
  reasonRequired: "Please give a reason for declining",
  reasonLength: "The reason must be at most 1000 characters",
} as const;

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
