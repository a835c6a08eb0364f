/** Bulk changes of the console's lists, zod-free for screens: which lists take them, their actions and their words. */
export const BULK_LISTS = ["users", "guides", "faqs", "resources"] as const;
export type BulkList = (typeof BULK_LISTS)[number];

export const BULK_ACTIONS = ["activate", "deactivate", "delete"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The most rows one bulk change takes: "Select all N matching" beyond it asks for a narrower list. */
export const BULK_LIMIT = 1000;

/** How long the admin who made a bulk change may undo it. */
export const UNDO_SECONDS = 10;

type ActionWords = { verb: string; done: string; danger?: boolean };

export const bulkListWords: Record<BulkList, { one: string; many: string; actions: readonly BulkAction[] }> = {
  users: { one: "user", many: "users", actions: BULK_ACTIONS },
  guides: { one: "guide", many: "guides", actions: BULK_ACTIONS },
  faqs: { one: "FAQ", many: "FAQs", actions: BULK_ACTIONS },
  resources: { one: "resource", many: "resources", actions: ["delete"] },
};

/** Accounts are soft-deleted, so their deletion can be undone; an FAQ's or a resource's deletion is for good. */
export const isUndoable = (list: BulkList, action: BulkAction) => !(action === "delete" && (list === "faqs" || list === "resources"));

/** What the confirmation adds to its question, when there is something to warn of. */
export function bulkWarning(list: BulkList, action: BulkAction) {
  if (action !== "delete") return null;
  return isUndoable(list, action)
    ? `Deleted accounts leave every list and can no longer sign in; you can undo this for ${UNDO_SECONDS} seconds.`
    : `Deleted ${bulkListWords[list].many} are gone for good: this cannot be undone.`;
}

export const bulkActionWords: Record<BulkAction, ActionWords> = {
  activate: { verb: "Activate", done: "activated" },
  deactivate: { verb: "Deactivate", done: "deactivated" },
  delete: { verb: "Delete", done: "deleted", danger: true },
};

const count = (list: BulkList, n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? bulkListWords[list].one : bulkListWords[list].many}`;

/** "Deactivate 3 users?" */
export const bulkQuestion = (list: BulkList, action: BulkAction, n: number) => `${bulkActionWords[action].verb} ${count(list, n)}?`;

/** "3 users deactivated, 1 skipped" */
export function bulkOutcome(list: BulkList, action: BulkAction, changed: number, skipped: number) {
  return `${count(list, changed)} ${bulkActionWords[action].done}${skipped ? `, ${skipped.toLocaleString("en-US")} skipped` : ""}`;
}

/** "3 users restored, 1 skipped: changed since" */
export function undoOutcome(list: BulkList, restored: number, skipped: number) {
  return `${count(list, restored)} restored${skipped ? `, ${skipped.toLocaleString("en-US")} skipped: changed since` : ""}`;
}

export const tooManyRows = `Select at most ${BULK_LIMIT.toLocaleString("en-US")} rows at once: narrow the list with its search or filters first.`;
