import { Prisma } from "#app/generated/prisma/client.ts";
import { transaction, type Transaction } from "#app/lib/db.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import { endSessionsOf, type SessionUser } from "#app/lib/session.server.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { refreshGuideSearch } from "#app/modules/guides/search-fields.server.ts";
import { deleteUpload, storeImage } from "#app/modules/uploads/uploads.server.ts";
import type { StatusChange } from "#app/modules/users/schema.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { canSeeAccount, requireAdmin } from "./policy.ts";

/** User and guide accounts: existence checks, status, soft delete, pictures and e-mail uniqueness. */
export type AccountRole = "user" | "guide";

export const accountNotFound = (role: AccountRole) => notFound(role === "guide" ? "Guide not found" : "User not found");

/** 409 for an e-mail another account has (shared by the user, guide and admin forms). */
export const emailTaken = () => new HttpError(409, "A user with this email already exists");

/**
 * Refuses with 404 unless `id` is a live account of `role`; its name and picture otherwise. With `includeDeleted` (a
 * list filtered by a person, whose history stays after a deletion), a deleted account counts too. One raw statement:
 * lists filtered by a person and a profile's list tabs read it on every request, and an ORM read compiles its query
 * on every call (about a millisecond, several times the read).
 */
export async function requireAccount(role: AccountRole, id: number, { includeDeleted = false } = {}) {
  const [person] = await queryRows(
    { name: column.text, imageId: column.nullableText },
    Prisma.sql`SELECT name, "imageId" FROM "User" WHERE id = ${id} AND role = ${role}${includeDeleted ? Prisma.empty : Prisma.sql` AND "isDeleted" = FALSE`}`,
  );
  if (!person) throw accountNotFound(role);
  return { id, name: person.name, imageId: person.imageId };
}

/** What an admin does to an account: set its status, or soft-delete it. */
export type AccountChange = "active" | "inactive" | "delete";

/** One account changed, as the audit log and a bulk change's undo keep it. */
export type AccountChangeRecord = { id: number; label: string; before: Record<string, unknown>; after: Record<string, unknown> };

/**
 * Changes one live account of `role` inside `tx` and audits it: its record, or null when there is no such account (or,
 * with `skipSame`, when its status already is the one asked for: a bulk change skips it). One conditional update.
 */
export async function changeAccountIn(tx: Transaction, actor: SessionUser, role: AccountRole, id: number, change: AccountChange, { skipSame = false } = {}): Promise<AccountChangeRecord | null> {
  requireAdmin(actor);
  const row = await tx.user.findFirst({ where: { id, role, isDeleted: false }, select: { name: true, status: true } });
  if (!row || (skipSame && row.status === change)) return null;
  const before = change === "delete" ? { isDeleted: false, deletedAt: null } : { status: row.status };
  const after = change === "delete" ? { isDeleted: true, deletedAt: new Date() } : { status: change };
  const { count } = await tx.user.updateMany({ where: { id, role, isDeleted: false }, data: after });
  if (count === 0) return null;
  await refreshGuideSearch(tx, [id]);
  const action = change === "delete" ? "delete" : change === "inactive" ? "deactivate" : "activate";
  await recordAudit(tx, actor, { kind: role, id, label: row.name, action, before, after });
  return { id, label: row.name, before, after };
}

/**
 * Undoes one change of `changeAccountIn` inside `tx`, audited as an undo, only while the account still is as that
 * change left it (same status, or still deleted): false, and nothing written, when it changed since.
 */
export async function revertAccountChangeIn(tx: Transaction, actor: SessionUser, role: AccountRole, record: AccountChangeRecord) {
  requireAdmin(actor);
  const deleted = record.after.isDeleted === true;
  const where = deleted
    ? { id: record.id, role, isDeleted: true, deletedAt: new Date(String(record.after.deletedAt)) }
    : { id: record.id, role, isDeleted: false, status: String(record.after.status) };
  const restored = deleted ? { isDeleted: false, deletedAt: null } : { status: String(record.before.status) };
  const { count } = await tx.user.updateMany({ where, data: restored });
  if (count === 0) return false;
  await refreshGuideSearch(tx, [record.id]);
  await recordAudit(tx, actor, { kind: role, id: record.id, label: record.label, action: "undo", before: record.after, after: restored });
  return true;
}

/**
 * An admin activates or deactivates a user or guide account. Deactivation ends the person's sessions at once.
 * One conditional update: no read-then-write window.
 */
export async function setAccountStatus({ accountType, id, action }: StatusChange, actor: SessionUser) {
  requireAdmin(actor);
  await transaction(async (tx) => {
    if (!(await changeAccountIn(tx, actor, accountType, id, action))) throw accountNotFound(accountType);
  });
  if (action === "inactive") await endSessionsOf(id);
  return { id, status: action };
}

/**
 * An admin soft-deletes an account of the given role: it leaves every list and can no longer sign in, while
 * its bookings, payments and reviews stay for the books.
 */
export async function softDeleteAccount(role: AccountRole, id: number, actor: SessionUser) {
  requireAdmin(actor);
  await transaction(async (tx) => {
    if (!(await changeAccountIn(tx, actor, role, id, "delete"))) throw accountNotFound(role);
  });
  await endSessionsOf(id);
  return { id };
}

/** An admin's change of someone's picture is audited; a person's own is theirs. */
async function auditPicture(tx: Transaction, actor: SessionUser, account: { role: AccountRole; id: number; name: string }, before: string | null, after: string | null) {
  if (actor.id === account.id) return;
  await recordAudit(tx, actor, { kind: account.role, id: account.id, label: account.name, action: "update", before: { picture: before }, after: { picture: after } });
}

/**
 * Replaces the picture of a user or guide (an admin's, or the person's own): checked by content, re-encoded
 * and stored (storeImage), then the old picture is removed. 404 before anything is stored when there is no
 * such account or it is someone else's.
 */
export async function setAccountPicture(role: AccountRole, id: number, file: unknown, actor: SessionUser) {
  if (!canSeeAccount(actor, id)) throw accountNotFound(role);
  const { imageId: previous, name } = await requireAccount(role, id);
  const upload = await storeImage(file);
  const count = await transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id, role, isDeleted: false }, data: { imageId: upload.id } });
    if (count > 0) await auditPicture(tx, actor, { role, id, name }, previous, upload.id);
    return count;
  });
  if (count === 0) {
    await deleteUpload(upload.id);
    throw accountNotFound(role);
  }
  if (previous && previous !== upload.id) await deleteUpload(previous);
  return { id, imageId: upload.id, imageUrl: `/images/${upload.id}` };
}

/** Removes the picture of a user or guide (an admin's, or the person's own): they show the default picture again. */
export async function removeAccountPicture(role: AccountRole, id: number, actor: SessionUser) {
  if (!canSeeAccount(actor, id)) throw accountNotFound(role);
  const { imageId: previous, name } = await requireAccount(role, id);
  await transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id, role, isDeleted: false }, data: { imageId: null } });
    if (count === 0) throw accountNotFound(role);
    await auditPicture(tx, actor, { role, id, name }, previous, null);
  });
  await deleteUpload(previous);
  return { id, imageId: null };
}
