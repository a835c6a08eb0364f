/** Organisations' words for screens, zod-free: their kinds and the list's texts. */
export const ORGANISATION_KINDS = ["church", "denomination", "seminary", "foundation", "other"] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

export const organisationKindLabels: Record<OrganisationKind, string> = {
  church: "Church",
  denomination: "Denomination or network",
  seminary: "Seminary",
  foundation: "Foundation",
  other: "Other",
};

/** A kind as stored (an older or unknown value reads as "Other"). */
export const kindLabel = (kind: string) => organisationKindLabels[kind as OrganisationKind] ?? organisationKindLabels.other;

/** How many organisations the sign-up and profile fields suggest at once. */
export const SUGGESTION_LIMIT = 20;
