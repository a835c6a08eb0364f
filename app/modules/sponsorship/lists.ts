import type { ListDefaults } from "#app/lib/list.ts";

/*
 * The sponsor's paged lists as screens show them (zod-free, so a screen may import it): defaults, sortable columns
 * and the words of each filter. Their URL filters are in schema.ts (sponsorLedgerList, sponsorPastorList,
 * sponsorInviteList).
 */

/** The ledger: every movement of the balance, newest first; sorted by when money moved or by amount. */
export const sponsorLedgerListDefaults = {
  sortable: ["date", "amount"],
  defaultSort: "date",
  defaultOrder: "desc",
  defaultLimit: 25,
  pageSizes: [10, 25, 50, 100],
} as const satisfies ListDefaults<"date" | "amount">;
export type SponsorLedgerSort = (typeof sponsorLedgerListDefaults.sortable)[number];

export const LEDGER_KINDS = [
  { value: "funding", label: "Funds added" },
  { value: "session", label: "Session covered" },
  { value: "returned", label: "Returned (cancelled or not paid)" },
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number]["value"];

/** Where a funding's receipt is printed (the ledger links it, its e-mail too). */
export const fundingReceiptPath = (fundingId: number) => `/sponsor/fundings/${fundingId}/receipt`;

export const ledgerKindLabel = (kind: string) => LEDGER_KINDS.find((entry) => entry.value === kind)?.label ?? kind;

/** The pastors who joined: by name; or by when they joined, or by how much of this period's budget they used. */
export const sponsorPastorListDefaults = {
  sortable: ["name", "joined", "budgetUsed"],
  defaultSort: "name",
  defaultOrder: "asc",
  defaultLimit: 25,
  pageSizes: [10, 25, 50, 100],
} as const satisfies ListDefaults<"name" | "joined" | "budgetUsed">;
export type SponsorPastorSort = (typeof sponsorPastorListDefaults.sortable)[number];

export const PASTOR_STATUSES = [
  { value: "joined", label: "Sponsored now" },
  { value: "left", label: "Left" },
] as const;

/** The invitations made, newest first. */
export const sponsorInviteListDefaults = {
  sortable: ["createdAt", "email"],
  defaultSort: "createdAt",
  defaultOrder: "desc",
  defaultLimit: 25,
  pageSizes: [10, 25, 50, 100],
} as const satisfies ListDefaults<"createdAt" | "email">;
export type SponsorInviteSort = (typeof sponsorInviteListDefaults.sortable)[number];

export const INVITE_STATUSES = [
  { value: "open", label: "Open" },
  { value: "revoked", label: "Revoked" },
] as const;

/** How many rows the overview's previews show, above their "See all" links. */
export const PREVIEW_ROWS = { pastors: 6, ledger: 10 } as const;
