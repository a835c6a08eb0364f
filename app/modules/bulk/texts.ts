/** Bulk changes of the console's lists, zod-free for screens: which lists take them, their actions and their words. */
export const BULK_LISTS = ["users", "guides", "faqs", "resources", "guide-requests", "reviews", "customer-queries"] as const;
export type BulkList = (typeof BULK_LISTS)[number];

export const BULK_ACTIONS = ["activate", "deactivate", "delete", "approve", "reject", "hide", "show", "answer"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The most rows one bulk change takes: "Select all N matching" beyond it asks for a narrower list. */
export const BULK_LIMIT = 1000;

/** How long the admin who made a bulk change may undo it. */
export const UNDO_SECONDS = 10;

/** An action's words: its verb, what its outcome says, and how it names what it acts on ("Mark 3 queries answered"). */
type ActionWords = { verb: string; done: string; danger?: boolean; act?: (what: string) => string };

export const bulkListWords: Record<BulkList, { one: string; many: string; actions: readonly BulkAction[] }> = {
  users: { one: "user", many: "users", actions: ["activate", "deactivate", "delete"] },
  guides: { one: "guide", many: "guides", actions: ["activate", "deactivate", "delete"] },
  faqs: { one: "FAQ", many: "FAQs", actions: ["activate", "deactivate", "delete"] },
  resources: { one: "resource", many: "resources", actions: ["delete"] },
  "guide-requests": { one: "guide request", many: "guide requests", actions: ["approve", "reject"] },
  reviews: { one: "review", many: "reviews", actions: ["hide", "show"] },
  "customer-queries": { one: "query", many: "queries", actions: ["answer"] },
};

/**
 * Accounts are soft-deleted, so their deletion can be undone; an FAQ's or a resource's deletion is for good, and so is a
 * guide request's decision (its e-mail has gone to the guide).
 */
export const isUndoable = (list: BulkList, action: BulkAction) =>
  !(action === "delete" && (list === "faqs" || list === "resources")) && action !== "approve" && action !== "reject";

/** What the confirmation adds to its question, when there is something to warn of. */
export function bulkWarning(list: BulkList, action: BulkAction) {
  switch (action) {
    case "delete":
      return isUndoable(list, action)
        ? `Deleted accounts leave every list and can no longer sign in; you can undo this for ${UNDO_SECONDS} seconds.`
        : `Deleted ${bulkListWords[list].many} are gone for good: this cannot be undone.`;
    case "approve":
      return "Only pending requests are decided; the others are skipped. Each guide becomes bookable and is told by e-mail at once: this cannot be undone.";
    case "reject":
      return "Only pending requests are decided; the others are skipped. Each guide receives the reason by e-mail at once: this cannot be undone.";
    case "hide":
      return `Hidden reviews leave the guides' public profiles and ratings, and each guide sees the reason. You can undo this for ${UNDO_SECONDS} seconds.`;
    case "answer":
      return "For queries answered elsewhere (by phone or in person): they count as answered, with no written answer and no e-mail.";
    default:
      return null;
  }
}

/** The actions that take one reason for every row (the same one the single-row form asks for), with its field's words. */
export const bulkReasons: Partial<Record<BulkAction, { label: string; hint: string }>> = {
  reject: { label: "Reason for declining", hint: "Each guide receives this reason by e-mail." },
  hide: { label: "Reason for hiding", hint: "Each guide sees this reason." },
};

export const bulkActionWords: Record<BulkAction, ActionWords> = {
  activate: { verb: "Activate", done: "activated" },
  deactivate: { verb: "Deactivate", done: "deactivated" },
  delete: { verb: "Delete", done: "deleted", danger: true },
  approve: { verb: "Approve", done: "approved" },
  reject: { verb: "Reject", done: "rejected", danger: true },
  hide: { verb: "Hide", done: "hidden", danger: true },
  show: { verb: "Show", done: "shown" },
  answer: { verb: "Mark answered", done: "marked answered", act: (what) => `Mark ${what} answered` },
};

/** "Deactivate selected", "Mark selected answered": the bar's button for an action. */
export const bulkButton = (action: BulkAction) => actOn(action, "selected");

const actOn = (action: BulkAction, what: string) => bulkActionWords[action].act?.(what) ?? `${bulkActionWords[action].verb} ${what}`;

const count = (list: BulkList, n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? bulkListWords[list].one : bulkListWords[list].many}`;

/** "Deactivate 3 users?", "Mark 2 queries answered?" */
export const bulkQuestion = (list: BulkList, action: BulkAction, n: number) => `${actOn(action, count(list, n))}?`;

/** "3 users deactivated, 1 skipped" */
export function bulkOutcome(list: BulkList, action: BulkAction, changed: number, skipped: number) {
  return `${count(list, changed)} ${bulkActionWords[action].done}${skipped ? `, ${skipped.toLocaleString("en-US")} skipped` : ""}`;
}

/** "3 users restored, 1 skipped: changed since" */
export function undoOutcome(list: BulkList, restored: number, skipped: number) {
  return `${count(list, restored)} restored${skipped ? `, ${skipped.toLocaleString("en-US")} skipped: changed since` : ""}`;
}

export const tooManyRows = `Select at most ${BULK_LIMIT.toLocaleString("en-US")} rows at once: narrow the list with its search or filters first.`;
