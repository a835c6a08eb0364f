import { randomBytes } from "node:crypto";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { defineRetention } from "#app/lib/retention.server.ts";
import { endSessionsOf, type SessionUser } from "#app/lib/session.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { changeAccountIn, revertAccountChangeIn, type AccountChange, type AccountRole } from "#app/modules/accounts/accounts.server.ts";
import { changeFaqIn, revertFaqChangeIn } from "#app/modules/faqs/faqs.server.ts";
import { deleteResourceIn } from "#app/modules/resources/resources.server.ts";
import { decideGuideRequestIn, sendDecisionMails } from "#app/modules/guide-requests/guide-requests.server.ts";
import { revertReviewHiddenIn, setReviewHiddenIn, type ReviewHiddenRecord } from "#app/modules/reviews/reviews.server.ts";
import { markQueryAnsweredIn, revertQueryAnsweredIn, type QueryAnsweredRecord } from "#app/modules/queries/queries.server.ts";
import { deleteUpload } from "#app/modules/uploads/uploads.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { bulkIdsSchema, bulkReasonSchemas } from "./schema.ts";
import { bulkListWords, isUndoable, UNDO_SECONDS, type BulkAction, type BulkList } from "./texts.ts";
import { parseOr400 } from "#app/lib/http.server.ts";

/**
 * Bulk changes: one action over many rows of a console list, each row through its domain's own rule for one row (a row
 * that cannot change is skipped and counted), all in one transaction with one audit row per record changed. The change
 * is kept as a BulkChange (ids, before and after) so its admin may undo it for UNDO_SECONDS.
 */
type BulkRecord = { id: number; label: string; before: Record<string, unknown>; after: Record<string, unknown> };

type Kind<R extends BulkRecord = BulkRecord> = {
  /** The rows' names, in the order of `ids`, for the confirmation (only rows that exist). */
  names: (ids: number[]) => Promise<{ id: number; name: string }[]>;
  /** One row through its domain's rule for one row: what it changed, or null when it was skipped. `reason` with reject and hide. */
  apply: (tx: Transaction, actor: SessionUser, action: BulkAction, id: number, reason: string) => Promise<R | null>;
  revert: (tx: Transaction, actor: SessionUser, record: R) => Promise<boolean>;
  /** What follows the committed change outside its transaction (ending a deactivated person's sessions). */
  settle?: (action: BulkAction, records: R[]) => Promise<void>;
};

const accountChange = { activate: "active", deactivate: "inactive", delete: "delete" } as const satisfies Partial<Record<BulkAction, AccountChange>>;
type StatusAction = keyof typeof accountChange;
/** The accounts' and FAQs' actions (applyBulkChange has refused any other for their lists). */
const isStatusAction = (action: BulkAction): action is StatusAction => action in accountChange;

function accounts(role: AccountRole): Kind {
  return {
    names: async (ids) => {
      const rows = await queryRows(
        { id: column.int, name: column.text },
        Prisma.sql`SELECT id, name FROM "User" WHERE role = ${role} AND "isDeleted" = FALSE AND id IN (${Prisma.join(ids)})`,
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    apply: async (tx, actor, action, id) => (isStatusAction(action) ? changeAccountIn(tx, actor, role, id, accountChange[action], { skipSame: action !== "delete" }) : null),
    revert: (tx, actor, record) => revertAccountChangeIn(tx, actor, role, record),
    settle: async (action, records) => {
      if (action === "activate") return;
      for (const record of records) await endSessionsOf(record.id);
    },
  };
}

const faqs: Kind = {
  names: async (ids) => {
    const rows = await queryRows({ id: column.int, name: column.text }, Prisma.sql`SELECT id, question AS name FROM "Faq" WHERE id IN (${Prisma.join(ids)})`);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },
  apply: async (tx, actor, action, id) => (isStatusAction(action) ? changeFaqIn(tx, actor, id, action) : null),
  revert: (tx, actor, record) => revertFaqChangeIn(tx, actor, record),
};

const resources: Kind = {
  names: async (ids) => {
    const rows = await queryRows({ id: column.int, name: column.text }, Prisma.sql`SELECT id, title AS name FROM "Resource" WHERE id IN (${Prisma.join(ids)})`);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },
  apply: (tx, actor, _action, id) => deleteResourceIn(tx, actor, id),
  revert: async () => false,
  // The files go once the rows are gone for good.
  settle: async (_action, records) => {
    for (const record of records) await deleteUpload(typeof record.before.uploadId === "string" ? record.before.uploadId : null);
  },
};

const guideRequests: Kind = {
  names: async (ids) => {
    const rows = await queryRows(
      { id: column.int, name: column.text },
      Prisma.sql`SELECT r.id, u.name FROM "GuideRequest" r JOIN "User" u ON u.id = r."guideId" WHERE r.id IN (${Prisma.join(ids)})`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },
  apply: (tx, actor, action, id, reason) => decideGuideRequestIn(tx, actor, id, action === "approve" ? { approve: true } : { approve: false, declineReason: reason }),
  revert: async () => false,
  // Each guide is told once the decisions are committed.
  settle: (_action, records) => sendDecisionMails(records.map((record) => record.id)),
};

const reviews: Kind = {
  names: async (ids) => {
    const rows = await queryRows(
      { id: column.int, author: column.text, guide: column.text },
      Prisma.sql`SELECT r.id, a.name AS author, g.name AS guide FROM "Review" r JOIN "User" a ON a.id = r."authorId" JOIN "User" g ON g.id = r."guideId" WHERE r.id IN (${Prisma.join(ids)})`,
    );
    const byId = new Map(rows.map((row) => [row.id, { id: row.id, name: `Review by ${row.author} of ${row.guide}` }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },
  apply: (tx, actor, action, id, reason) => setReviewHiddenIn(tx, actor, id, action === "hide" ? { reason } : null, { skipSame: true }),
  revert: (tx, actor, record) => revertReviewHiddenIn(tx, actor, record as ReviewHiddenRecord),
};

const customerQueries: Kind = {
  names: async (ids) => {
    const rows = await queryRows(
      { id: column.int, subject: column.text, name: column.text },
      Prisma.sql`SELECT id, subject, name FROM "CustomerQuery" WHERE id IN (${Prisma.join(ids)})`,
    );
    const byId = new Map(rows.map((row) => [row.id, { id: row.id, name: `${row.subject} (from ${row.name})` }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },
  apply: (tx, actor, _action, id) => markQueryAnsweredIn(tx, actor, id),
  revert: (tx, actor, record) => revertQueryAnsweredIn(tx, actor, record as QueryAnsweredRecord),
};

const kinds: Record<BulkList, Kind> = {
  users: accounts("user"),
  guides: accounts("guide"),
  faqs,
  resources,
  "guide-requests": guideRequests,
  reviews,
  "customer-queries": customerQueries,
};

/** The names of the rows a bulk change would take, for its confirmation (admins only). */
export async function bulkNames(list: BulkList, ids: number[], actor: SessionUser) {
  requireAdmin(actor);
  return kinds[list].names(parseOr400(bulkIdsSchema, ids));
}

/**
 * The one reason `action` gives every row (reject, hide), checked by the single-row form's rule: a 400 with its message
 * (field `reason`) when it is missing or too long; "" for the actions that take none.
 */
export function bulkReason(action: BulkAction, reason: string | undefined) {
  const schema = bulkReasonSchemas[action];
  return schema ? parseOr400(schema, reason, "reason") : "";
}

/**
 * Applies `action` to each of `ids` of `list` in one transaction: how many changed and were skipped, and the undo token.
 * `reason` is the one reason a rejection or a hide gives every row.
 */
export async function applyBulkChange(list: BulkList, action: BulkAction, ids: number[], actor: SessionUser, { reason }: { reason?: string } = {}) {
  requireAdmin(actor);
  if (!bulkListWords[list].actions.includes(action)) throw new HttpError(400, `${bulkListWords[list].many} cannot be changed with ${action}`);
  const unique = [...new Set(parseOr400(bulkIdsSchema, ids))];
  const given = bulkReason(action, reason);
  const kind = kinds[list];
  const token = randomBytes(18).toString("base64url");
  const records = await transaction(async (tx) => {
    const changed: BulkRecord[] = [];
    for (const id of unique) {
      const record = await kind.apply(tx, actor, action, id, given);
      if (record) changed.push(record);
    }
    if (changed.length && isUndoable(list, action)) {
      await tx.bulkChange.create({
        data: { token, actorId: actor.id, list, action, expiresAt: new Date(Date.now() + UNDO_SECONDS * 1000), records: JSON.stringify(changed) },
      });
    }
    return changed;
  });
  await kind.settle?.(action, records);
  return { list, action, changed: records.length, skipped: unique.length - records.length, undoToken: records.length && isUndoable(list, action) ? token : null };
}

/**
 * A change whose undo lapsed is removed a day later (its audit rows keep what it changed); until then a late Undo still
 * reads "Too late to undo" rather than that there is no such change.
 */
const LAPSED_KEPT_MS = 24 * 3_600_000;
defineRetention("BulkChange", (now, limit) => prisma.bulkChange.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - LAPSED_KEPT_MS) } }, limit }));

const notUndoable = () => new HttpError(404, "There is no change of yours to undo here.");

/**
 * Undoes a bulk change of the acting admin within UNDO_SECONDS, once: each row goes back to its before values only if it
 * still holds what the change wrote (a row changed since is skipped and counted). Audited, in one transaction.
 */
export async function undoBulkChange(token: string, actor: SessionUser) {
  requireAdmin(actor);
  return transaction(async (tx) => {
    const change = await tx.bulkChange.findUnique({ where: { token } });
    if (!change || change.actorId !== actor.id) throw notUndoable();
    if (change.undoneAt) throw new HttpError(409, "This change has already been undone.");
    const now = new Date();
    if (change.expiresAt < now) throw new HttpError(409, `Too late to undo: a change can be undone for ${UNDO_SECONDS} seconds.`);
    // The claim: of two undos of one change, one writes undoneAt and the other finds it taken.
    const { count } = await tx.bulkChange.updateMany({ where: { token, undoneAt: null }, data: { undoneAt: now } });
    if (count === 0) throw new HttpError(409, "This change has already been undone.");
    const list = change.list as BulkList;
    const records = JSON.parse(change.records) as BulkRecord[];
    let restored = 0;
    for (const record of records) if (await kinds[list].revert(tx, actor, record)) restored++;
    return { list, action: change.action as BulkAction, restored, skipped: records.length - restored };
  });
}
