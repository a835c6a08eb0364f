import { z } from "zod";
import { defineList, type ListDefaults } from "#app/lib/list.ts";

/** A calendar month as the URL writes it: 2026-11. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthMessages = { format: "month must be a month such as 2026-11" } as const;
export const monthSchema = z.string().regex(MONTH_PATTERN, monthMessages.format);

export const earningSortColumns = ["paidAt", "amount"] as const;
export type EarningSort = (typeof earningSortColumns)[number];

/** The guide's earnings per session (Billing): newest payment first, 10 a page, optionally one month. */
export const earningListDefaults = {
  sortable: earningSortColumns,
  defaultSort: "paidAt",
  defaultOrder: "desc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<EarningSort>;

export const earningList = defineList({
  defaults: earningListDefaults,
  filters: { month: monthSchema.optional() },
});
