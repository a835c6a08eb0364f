import type { ListDefaults } from "#app/lib/list.ts";

/** FAQ types, their labels and the console list's defaults, without zod: the public /faq page's and the console's browser bundles import this file. */
export const faqTypes = ["general", "user", "guide", "payments"] as const;
export type FaqType = (typeof faqTypes)[number];

/** How each type is headed on the public FAQ page and labelled in the console. */
export const faqTypeLabels: Record<FaqType, string> = {
  general: "General",
  user: "For Mentees",
  guide: "For Guides",
  payments: "Payments",
};

export const faqListDefaults = {
  sortable: ["createdAt", "question", "type", "isActive", "position"],
  defaultSort: "createdAt",
  defaultOrder: "desc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<"createdAt" | "question" | "type" | "isActive" | "position">;

export type FaqSort = (typeof faqListDefaults.sortable)[number];
