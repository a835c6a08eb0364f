import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, containsAny } from "#app/lib/search/dialect.server.ts";
import { column, queryRows, type RowOf } from "#app/lib/sql.server.ts";
import { prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { eachRowOf, mapRows, orderBy, pageOf, type ListQuery } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { fillPolicyText, placeholdersContaining } from "#app/modules/policies/policies.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { faqTypes, type FaqInput, type FaqSort, type FaqType, type FaqUpdate } from "./schema.ts";

/** An FAQ as the console and the API show it (is_active is the API's name). */
export type FaqRow = {
  id: number;
  type: FaqType;
  question: string;
  answer: string;
  is_active: boolean;
  position: number;
  createdAt: string;
  updatedAt: string;
};

const sortColumns: Record<FaqSort, Prisma.Sql> = {
  createdAt: Prisma.sql`f."createdAt"`,
  question: caseless(Prisma.sql`f.question`),
  type: Prisma.sql`f.type`,
  isActive: Prisma.sql`f."isActive"`,
  position: Prisma.sql`f.type, f.position`,
};

const columns = {
  id: column.int,
  type: (value: unknown) => String(value) as FaqType,
  question: column.text,
  answer: column.text,
  isActive: column.bool,
  position: column.int,
  createdAt: column.date,
  updatedAt: column.date,
};

function toRow({ isActive, createdAt, updatedAt, type, ...faq }: Omit<RowOf<typeof columns>, "type"> & { type: string }): FaqRow {
  return { ...faq, type: type as FaqType, is_active: isActive, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** Every FAQ, optionally of one type, searched in question and answer, sorted and paged in SQL. */
export async function listFaqs(state: ListState<FaqSort>, filters: { type?: FaqType } = {}): Promise<ListResult<FaqRow>> {
  const { rows, meta } = await pageOf(faqsQuery(state, filters), state);
  return { data: rows.map(toRow), meta };
}

/** Every FAQ of the list, in its order (its CSV export). */
export const eachFaq = (state: ListState<FaqSort>, filters: { type?: FaqType } = {}): AsyncGenerator<FaqRow> => mapRows(eachRowOf(faqsQuery(state, filters), state), toRow);

function faqsQuery(state: ListState<FaqSort>, filters: { type?: FaqType } = {}): ListQuery<typeof columns> {
  const where: Prisma.Sql[] = [];
  if (filters.type) where.push(Prisma.sql`f.type = ${filters.type}`);
  if (state.search) {
    where.push(containsAny([Prisma.sql`f.question`, Prisma.sql`f.answer`], state.search));
  }
  const select = Prisma.sql`f.id, f.type, f.question, f.answer, f."isActive", f.position, f."createdAt", f."updatedAt"`;
  const from = Prisma.sql`"Faq" f`;
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`f.id`);
  return { from, id: Prisma.sql`f.id`, where, orderBy: orderBySort, rows: { columns, select, from } };
}

/**
 * The public FAQ page: active FAQs only, grouped by type in the order of the types, each in its position. Answers
 * come with their policy placeholders (`{cancellationPolicy}`, `{platformFeePercent}`…) filled from the settings.
 */
export async function activeFaqsByType() {
  const [rows, settings] = await Promise.all([
    prisma.faq.findMany({
      where: { isActive: true },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: { id: true, type: true, question: true, answer: true },
    }),
    getPlatformSettings(),
  ]);
  const faqs = rows.map((faq) => ({ ...faq, answer: fillPolicyText(faq.answer, settings) }));
  return faqTypes
    .map((type) => ({ type, faqs: faqs.filter((faq) => faq.type === type) }))
    .filter((group) => group.faqs.length > 0);
}

/**
 * The Support Center's search: active FAQs whose question or answer holds `term` (any case), in the order of the
 * public FAQ page (by type, then position), at most `limit`, and how many match in all.
 */
export async function searchActiveFaqs(term: string, limit = 10) {
  const settings = await getPlatformSettings();
  // Every word must appear (in the question or the answer), so "refund cancel" finds the cancellation policy. An
  // answer's placeholders count as the text they stand for: "refund" finds an answer that is `{cancellationPolicy}`.
  const words = term.split(/\s+/).filter(Boolean).slice(0, 8);
  const matches = words.map((word) => {
    const standIns = placeholdersContaining(word, settings).map((name) => containsAny([Prisma.sql`f.answer`], `{${name}}`));
    return Prisma.sql`(${Prisma.join([containsAny([Prisma.sql`f.question`, Prisma.sql`f.answer`], word), ...standIns], " OR ")})`;
  });
  const where = Prisma.join([Prisma.sql`f."isActive" = TRUE`, ...matches], " AND ");
  const typeOrder = Prisma.join(faqTypes.map((type, index) => Prisma.sql`WHEN ${type} THEN ${Prisma.raw(String(index))}`), " ");
  const [rows, [{ total }]] = await Promise.all([
    queryRows(
      { id: column.int, type: (value: unknown) => String(value) as FaqType, question: column.text, answer: column.text },
      Prisma.sql`SELECT f.id, f.type, f.question, f.answer FROM "Faq" f WHERE ${where}
        ORDER BY CASE f.type ${typeOrder} ELSE ${Prisma.raw(String(faqTypes.length))} END, f.position, f.id LIMIT ${limit}`,
    ),
    queryRows({ total: column.int }, Prisma.sql`SELECT COUNT(*) AS total FROM "Faq" f WHERE ${where}`),
  ]);
  return { faqs: rows.map((row) => ({ ...row, answer: fillPolicyText(row.answer, settings) })), total };
}

export async function findFaq(id: number): Promise<FaqRow | null> {
  const faq = await prisma.faq.findUnique({ where: { id } });
  return faq ? toRow(faq) : null;
}

/** An FAQ's fields as the audit log compares them. */
const auditedFaq = ({ type, question, answer, isActive }: { type: string; question: string; answer: string; isActive: boolean }) => ({ type, question, answer, isActive });

/** Adds an FAQ at the end of its type's order. */
export async function createFaq(input: FaqInput, admin: SessionUser) {
  requireAdmin(admin);
  const faq = await transaction(async (tx) => {
    const { _max } = await tx.faq.aggregate({ where: { type: input.type }, _max: { position: true } });
    const created = await tx.faq.create({
      data: { type: input.type, question: input.question, answer: input.answer, isActive: input.is_active, position: (_max.position ?? -1) + 1 },
    });
    await recordAudit(tx, admin, { kind: "faq", id: created.id, label: created.question, action: "create", after: auditedFaq(created) });
    return created;
  });
  return toRow(faq);
}

export async function updateFaq(id: number, input: FaqUpdate, admin: SessionUser) {
  requireAdmin(admin);
  await transaction(async (tx) => {
    const before = await tx.faq.findUnique({ where: { id } });
    if (!before) throw notFound("FAQ not found");
    const after = await tx.faq.update({
      where: { id },
      data: {
        question: input.question,
        answer: input.answer,
        ...(input.type ? { type: input.type } : {}),
        ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
      },
    });
    await recordAudit(tx, admin, { kind: "faq", id, label: after.question, action: "update", before: auditedFaq(before), after: auditedFaq(after) });
  });
  return (await findFaq(id))!;
}

/** Activates or deactivates an FAQ: only active ones appear on the public page. */
export async function setFaqActive(id: number, isActive: boolean, admin: SessionUser) {
  requireAdmin(admin);
  await transaction(async (tx) => {
    const before = await tx.faq.findUnique({ where: { id } });
    if (!before) throw notFound("FAQ not found");
    await tx.faq.update({ where: { id }, data: { isActive } });
    if (before.isActive !== isActive) {
      await recordAudit(tx, admin, { kind: "faq", id, label: before.question, action: isActive ? "activate" : "deactivate", before: { isActive: before.isActive }, after: { isActive } });
    }
  });
  return (await findFaq(id))!;
}

/** One FAQ changed by a bulk change, as the audit log and its undo keep it. */
export type FaqChangeRecord = { id: number; label: string; before: Record<string, unknown>; after: Record<string, unknown> };

/**
 * A bulk change's step for one FAQ inside `tx`, audited: activate or deactivate it (skipped when it already is), or
 * delete it for good. Null when there is no such FAQ or nothing to change.
 */
export async function changeFaqIn(tx: Transaction, admin: SessionUser, id: number, change: "activate" | "deactivate" | "delete"): Promise<FaqChangeRecord | null> {
  requireAdmin(admin);
  const faq = await tx.faq.findUnique({ where: { id }, select: { question: true, answer: true, type: true, isActive: true } });
  if (!faq) return null;
  if (change === "delete") {
    const { count } = await tx.faq.deleteMany({ where: { id } });
    if (count === 0) return null;
    await recordAudit(tx, admin, { kind: "faq", id, label: faq.question, action: "delete", before: faq, after: {} });
    return { id, label: faq.question, before: faq, after: {} };
  }
  const isActive = change === "activate";
  if (faq.isActive === isActive) return null;
  const { count } = await tx.faq.updateMany({ where: { id, isActive: !isActive }, data: { isActive } });
  if (count === 0) return null;
  await recordAudit(tx, admin, { kind: "faq", id, label: faq.question, action: change, before: { isActive: !isActive }, after: { isActive } });
  return { id, label: faq.question, before: { isActive: !isActive }, after: { isActive } };
}

/** Undoes a status change of `changeFaqIn` while the FAQ still has the status it left (false, and nothing written, otherwise). */
export async function revertFaqChangeIn(tx: Transaction, admin: SessionUser, record: FaqChangeRecord) {
  requireAdmin(admin);
  if (typeof record.after.isActive !== "boolean") return false;
  const { count } = await tx.faq.updateMany({ where: { id: record.id, isActive: record.after.isActive }, data: { isActive: !record.after.isActive } });
  if (count === 0) return false;
  await recordAudit(tx, admin, { kind: "faq", id: record.id, label: record.label, action: "undo", before: record.after, after: record.before });
  return true;
}

export async function deleteFaq(id: number, admin: SessionUser) {
  requireAdmin(admin);
  await transaction(async (tx) => {
    const before = await tx.faq.findUnique({ where: { id } });
    if (!before) throw notFound("FAQ not found");
    await tx.faq.delete({ where: { id } });
    await recordAudit(tx, admin, { kind: "faq", id, label: before.question, action: "delete", before: auditedFaq(before) });
  });
  return { id };
}
