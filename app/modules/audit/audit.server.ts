import { Prisma } from "#app/generated/prisma/client.ts";
import { transaction, type Transaction } from "#app/lib/db.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { eachRowOf, mapRows, orderBy, pageOf, withinDays, type Condition, type ListQuery } from "#app/lib/list.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { column, jsonOf, queryRows, type RowOf } from "#app/lib/sql.server.ts";
import { requireAuditReader, requireOpenedReader } from "./policy.ts";
import type { AuditFilters, AuditSort } from "./schema.ts";
import { OPEN_ACTIONS, type AuditAction, type AuditChanges, type AuditKind, type AuditRow, type AuditValue, type OpenAction, type OpenedRow } from "./types.ts";

/**
 * The audit log: who changed what, when, through which door, with the fields before and after. Every domain that
 * changes a record on someone's behalf calls `recordAudit` inside its own transaction, so a change that fails leaves no
 * row and a row never describes a change that did not happen. Append-only: this module has no update or delete.
 */

export type AuditEntryInput = {
  kind: AuditKind;
  id: number | string;
  /** What a reader recognises the record by (a person's name, a booking's "#12 · Ana with Ben", an FAQ's question). */
  label: string;
  action: AuditAction;
  /** The record's fields before and after the change; only those that differ are kept, secrets never. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
};

/** Field names never written to the log, whatever a domain passes: passwords, their hashes, tokens, codes, secrets. */
const SECRET_FIELD = /password|hash|token|secret|code|otp/i;
/** Fields every write moves, which say nothing about the change. */
const NOISE_FIELD = /^(updatedAt|imageUrl)$/;

function auditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return Number(value);
  return JSON.stringify(value);
}

/** The fields whose values differ between `before` and `after` (a field absent on one side reads as null). */
export function changedFields(before: Record<string, unknown> = {}, after: Record<string, unknown> = {}): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (SECRET_FIELD.test(field) || NOISE_FIELD.test(field)) continue;
    const was = auditValue(before[field]);
    const is = auditValue(after[field]);
    if (was !== is) changes[field] = { before: was, after: is };
  }
  return changes;
}

/** Records that `actor` exported a console list (its name, and a profile tab's person) with the URL's parameters. */
export async function recordExport(actor: SessionUser, list: string, params: URLSearchParams, personId?: number) {
  const label = personId === undefined ? list : `${list} of #${personId}`;
  await transaction((tx) => recordAudit(tx, actor, { kind: "list", id: label, label, action: "export", after: { parameters: params.toString() } }));
  if (personId !== undefined) await recordOpened(actor, personId, "open-export");
}

/**
 * Writes one audit row in `tx`, the transaction of the change it describes. An edit that changed no field writes
 * nothing (there is nothing to tell); any other action is written even without field changes (a deletion, a refund).
 */
export async function recordAudit(tx: Transaction, actor: SessionUser, entry: AuditEntryInput) {
  const changes = changedFields(entry.before, entry.after);
  if (entry.action === "update" && Object.keys(changes).length === 0) return;
  await tx.auditEntry.create({
    data: {
      actorId: actor.id,
      actorName: actor.name,
      door: actor.door ?? "screen",
      recordKind: entry.kind,
      recordId: String(entry.id),
      recordLabel: entry.label.slice(0, 200),
      action: entry.action,
      changes: JSON.stringify(changes),
    },
  });
}

// Each order reads its (column, createdAt, id) index: the action and kind sorts keep the newest first within a value.
const sortColumns: Record<AuditSort, Prisma.Sql[]> = {
  createdAt: [Prisma.sql`a."createdAt"`],
  action: [Prisma.sql`a.action`, Prisma.sql`a."createdAt"`],
  recordKind: [Prisma.sql`a."recordKind"`, Prisma.sql`a."createdAt"`],
};

const columns = {
  id: column.int,
  createdAt: column.date,
  actorId: column.int,
  actorName: column.text,
  door: column.text,
  recordKind: column.text,
  recordId: column.text,
  recordLabel: column.text,
  action: column.text,
  changes: column.text,
};

/** A page of the audit log, newest first by default, filtered by actor, kind, action and record, searched by label or actor name. */
export async function listAudit(state: ListState<AuditSort>, filters: AuditFilters, actor: SessionUser, more: Condition[] = []): Promise<ListResult<AuditRow>> {
  const { rows, meta } = await pageOf(await auditQuery(state, filters, actor, more), state);
  return { data: rows.map(toAuditRow), meta };
}

/** Every row of the audit log's list, in its order (its CSV export). */
export const eachAudit = async (state: ListState<AuditSort>, filters: AuditFilters, actor: SessionUser) =>
  mapRows(eachRowOf(await auditQuery(state, filters, actor), state), toAuditRow);

async function auditQuery(state: ListState<AuditSort>, filters: AuditFilters, actor: SessionUser, more: Condition[] = []): Promise<ListQuery<typeof columns>> {
  requireAuditReader(actor);
  const from = Prisma.sql`"AuditEntry" a`;
  const where: Condition[] = [...more];
  if (filters.actorId !== undefined) where.push(Prisma.sql`a."actorId" = ${filters.actorId}`);
  if (filters.kind !== undefined) where.push(Prisma.sql`a."recordKind" = ${filters.kind}`);
  if (filters.recordId !== undefined) where.push(Prisma.sql`a."recordId" = ${filters.recordId}`);
  if (filters.action !== undefined) where.push(Prisma.sql`a.action = ${filters.action}`);
  if (filters.from || filters.to) where.push(...withinDays(Prisma.sql`a."createdAt"`, filters, await timeZoneOf(actor.id), state.sort === "createdAt"));
  const select = Prisma.sql`a.id, a."createdAt", a."actorId", a."actorName", a.door, a."recordKind", a."recordId", a."recordLabel", a.action, a.changes`;
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`a.id`);
  // One record's history is a few rows: its search tests each of them rather than the whole log's index.
  const few = filters.recordId !== undefined;
  return { from, id: Prisma.sql`a.id`, where, search: [{ column: Prisma.sql`a.id`, index: "audit" }], few, orderBy: orderBySort, rows: { columns, select, from } };
}

function toAuditRow(row: RowOf<typeof columns>): AuditRow {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    door: row.door === "api" ? "api" : "screen",
    recordKind: row.recordKind as AuditKind,
    action: row.action as AuditAction,
    changes: jsonOf<AuditChanges>(row.changes),
  };
}

/**
 * The people the Person filter offers: every administrator (the log's usual actors), and the one the list is filtered
 * by when it is someone else (a guide who cancelled a mentee's booking), by the name they acted under last.
 */
export async function auditActors(actor: SessionUser, chosen?: number) {
  requireAuditReader(actor);
  const admins = await queryRows({ id: column.int, name: column.text }, Prisma.sql`SELECT id, name FROM "User" WHERE role = 'admin' ORDER BY name, id`);
  if (chosen === undefined || admins.some((admin) => admin.id === chosen)) return admins;
  const [other] = await queryRows(
    { id: column.int, name: column.text },
    Prisma.sql`SELECT a."actorId" AS id, a."actorName" AS name FROM "AuditEntry" a WHERE a."actorId" = ${chosen} ORDER BY a."createdAt" DESC, a.id DESC LIMIT 1`,
  );
  return other ? [...admins, other] : admins;
}

/** How many of a record's latest changes its console page shows (the audit log filtered by it holds them all). */
export const HISTORY_SIZE = 5;

const opened = Prisma.join(OPEN_ACTIONS);

/** A record's own history of changes for its console page: the audit log's list, filtered by the record, newest first. */
export function recordHistory(kind: AuditKind, id: number, actor: SessionUser) {
  const changes = Prisma.sql`a.action NOT IN (${opened})`;
  return listAudit({ page: 1, limit: HISTORY_SIZE, search: "", sort: "createdAt", order: "desc" }, { kind, recordId: String(id), actorId: undefined, action: undefined, from: undefined, to: undefined }, actor, [changes]);
}

/** A person's console profile: their record's changes, and who on the team opened their records. */
export async function personHistory(kind: "user" | "guide", id: number, actor: SessionUser) {
  const [changes, opened] = await Promise.all([recordHistory(kind, id, actor), openedRecordsOf(id, actor)]);
  return { ...changes, opened };
}

// ─── Who opened whose records ────────────────────────────────────────────────────────────────

/** A staff member opening the same records of a person again within this long is not written again. */
const REOPENED_WITHIN_MS = 10 * 60 * 1000;

/**
 * Records that a staff member opened a person's private records (`action` says which): who, when, through which door.
 * The person reads these in their Settings, the console on their profile. Staff opening their own records, or another
 * staff member's, write nothing; the same opening again within ten minutes is one row.
 */
export async function recordOpened(actor: SessionUser, personId: number, action: OpenAction) {
  // A sponsor admin (any role) opening a sponsored pastor's totals is recorded too; sponsorship's policy let them in.
  if ((actor.role !== "admin" && action !== "open-sponsorship") || actor.id === personId) return;
  const [person] = await queryRows({ name: column.text, role: column.text }, Prisma.sql`SELECT name, role FROM "User" WHERE id = ${personId}`);
  if (!person || (person.role !== "user" && person.role !== "guide")) return;
  const kind = person.role;
  await transaction(async (tx) => {
    const since = new Date(Date.now() - REOPENED_WITHIN_MS);
    const again = await tx.auditEntry.findFirst({ where: { recordKind: kind, recordId: String(personId), createdAt: { gt: since }, actorId: actor.id, action }, select: { id: true } });
    if (!again) await recordAudit(tx, actor, { kind, id: personId, label: person.name, action });
  });
}

/** `recordOpened` for the people a list is narrowed to (a profile's tab, or a console list filtered by mentee or guide). */
export async function recordListOpened(actor: SessionUser, filters: { userId?: number; guideId?: number }, action: OpenAction) {
  for (const id of [filters.userId, filters.guideId]) if (id !== undefined) await recordOpened(actor, id, action);
}

/** How many openings a person's Settings and console profile list: the latest. */
export const OPENED_SIZE = 50;

/** The latest times staff opened the person's records, newest first: for the person themself, or an admin. */
export async function openedRecordsOf(personId: number, actor: SessionUser): Promise<OpenedRow[]> {
  requireOpenedReader(actor, personId);
  const rows = await queryRows(
    { id: column.int, createdAt: column.date, actorName: column.text, door: column.text, action: column.text },
    Prisma.sql`SELECT a.id, a."createdAt", a."actorName", a.door, a.action FROM "AuditEntry" a
      WHERE a."recordKind" IN ('user', 'guide') AND a."recordId" = ${String(personId)} AND a.action IN (${opened})
      ORDER BY a."createdAt" DESC, a.id DESC LIMIT ${OPENED_SIZE}`,
  );
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), door: row.door === "api" ? "api" : "screen", action: row.action as OpenAction }));
}
