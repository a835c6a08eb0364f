/** FAQ types and their labels, without zod: the public /faq page's browser bundle imports this file. */
export const faqTypes = ["general", "user", "guide", "payments"] as const;
export type FaqType = (typeof faqTypes)[number];

/** How each type is headed on the public FAQ page and labelled in the console. */
export const faqTypeLabels: Record<FaqType, string> = {
  general: "General",
  user: "For Mentees",
  guide: "For Guides",
  payments: "Payments",
};
