/** The audit log's vocabulary, zod-free for screens: kinds of records and the actions taken on them. */
export const AUDIT_KINDS = ["user", "guide", "booking", "payment", "payout", "review", "query", "faq", "resource", "page", "post", "settings", "list", "view", "covenant", "organisation"] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** A staff member opened a person's private records: which of them. */
export const OPEN_ACTIONS = ["open-profile", "open-bookings", "open-payments", "open-reviews", "open-booking", "open-messages", "open-export", "open-sponsorship"] as const;
export type OpenAction = (typeof OPEN_ACTIONS)[number];

/** A time staff opened a person's records. */
export type OpenedRow = { id: number; createdAt: string; actorName: string; door: "screen" | "api"; action: OpenAction };

/** What was opened, as the person reads it in their Settings ("Ana Admin opened your payments"). */
export const openedWords: Record<OpenAction, string> = {
  "open-profile": "your profile",
  "open-bookings": "your bookings",
  "open-payments": "your payments",
  "open-reviews": "your reviews",
  "open-booking": "one of your bookings",
  "open-messages": "a message you reported or were reported for",
  "open-export": "an export of your records",
  "open-sponsorship": "your sponsorship's totals",
};

export const AUDIT_ACTIONS = [
  "create",
  "update",
  "activate",
  "deactivate",
  "verify",
  "delete",
  "set-password",
  "approve",
  "reject",
  "cancel",
  "decline",
  "accept",
  "propose-time",
  "refund",
  "decide-problem",
  "hide",
  "show",
  "answer",
  "publish",
  "unpublish",
  "undo",
  "export",
  "merge",
  ...OPEN_ACTIONS,
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditKindLabels: Record<AuditKind, string> = {
  user: "User",
  guide: "Guide",
  booking: "Booking",
  payment: "Payment",
  payout: "Payout",
  review: "Review",
  query: "Customer query",
  faq: "FAQ",
  resource: "Resource",
  page: "Page",
  post: "Post",
  settings: "Settings",
  list: "Console list",
  view: "Saved view",
  covenant: "Covenant",
  organisation: "Organisation",
};

export const auditActionLabels: Record<AuditAction, string> = {
  create: "Created",
  update: "Edited",
  activate: "Activated",
  deactivate: "Deactivated",
  verify: "Verified",
  delete: "Deleted",
  "set-password": "Password set",
  approve: "Approved",
  reject: "Rejected",
  cancel: "Cancelled",
  decline: "Declined",
  accept: "Accepted",
  "propose-time": "New time proposed",
  refund: "Refunded",
  "decide-problem": "Problem decided",
  hide: "Hidden",
  show: "Shown",
  answer: "Answered",
  publish: "Published",
  unpublish: "Unpublished",
  undo: "Undone",
  export: "Exported",
  merge: "Merged",
  "open-profile": "Opened profile",
  "open-bookings": "Opened bookings",
  "open-payments": "Opened payments",
  "open-reviews": "Opened reviews",
  "open-booking": "Opened a booking",
  "open-messages": "Opened reported messages",
  "open-export": "Exported records",
  "open-sponsorship": "Opened sponsorship totals",
};

/** A changed field's values as stored in the log (JSON values). */
export type AuditValue = string | number | boolean | null;
export type AuditChanges = Record<string, { before: AuditValue; after: AuditValue }>;

export type AuditRow = {
  id: number;
  createdAt: string;
  actorId: number;
  actorName: string;
  door: "screen" | "api";
  recordKind: AuditKind;
  recordId: string;
  recordLabel: string;
  action: AuditAction;
  changes: AuditChanges;
};
