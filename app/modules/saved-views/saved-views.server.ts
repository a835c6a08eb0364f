import { Prisma } from "#app/generated/prisma/client.ts";
import { isUniqueViolation, lockWithin, prisma, transaction } from "#app/lib/db.server.ts";
import { fieldError, HttpError, notFound } from "#app/lib/http.server.ts";
import type { ListDefinition } from "#app/lib/list.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { bookingList } from "#app/modules/bookings/schema.ts";
import { faqList } from "#app/modules/faqs/schema.ts";
import { guideRequestList } from "#app/modules/guide-requests/schema.ts";
import { guideList } from "#app/modules/guides/schema.ts";
import { directoryList } from "#app/modules/messages/schema.ts";
import { organisationList } from "#app/modules/organisations/schema.ts";
import { outboxList } from "#app/modules/outbox/schema.ts";
import { paymentList, payoutList } from "#app/modules/payments/schema.ts";
import { postList } from "#app/modules/posts/schema.ts";
import { queryList } from "#app/modules/queries/schema.ts";
import { resourceList } from "#app/modules/resources/schema.ts";
import { reviewList } from "#app/modules/reviews/schema.ts";
import { userList } from "#app/modules/users/schema.ts";
import { savedViewHref, savedViewMessages as messages, VIEWS_PER_LIST, type SavedViewList } from "./lists.ts";
import { canSeeSavedView } from "./policy.ts";
import type { SaveViewInput } from "./schema.ts";

/** Each list's definition: what its screen reads from the URL, and so all a view of it keeps. */
const definitions: Record<SavedViewList, ListDefinition> = {
  users: userList,
  guides: guideList,
  organisations: organisationList,
  "guide-requests": guideRequestList,
  "people-directory": directoryList,
  bookings: bookingList,
  transactions: paymentList,
  payouts: payoutList,
  reviews: reviewList,
  "customer-queries": queryList,
  outbox: outboxList,
  resources: resourceList,
  faqs: faqList,
  blog: postList,
  "success-stories": postList,
};

/**
 * The state a view keeps of a list's URL query: only the parameters its definition reads (under their own names, not
 * an alias), never `page`, and none whose value the list cannot read (its screen would drop it anyway).
 */
export function viewQuery(list: SavedViewList, query: string) {
  const definition = definitions[list];
  const given = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  const aliases = definition.aliases as Partial<Record<string, string>>;
  const kept = new URLSearchParams();
  for (const name of ["search", "sort", "order", "limit", ...Object.keys(definition.filters)]) {
    const value = given.get(name) || given.get(aliases[name] ?? name);
    if (value) kept.set(name, value);
  }
  // Each refusal names the parameters it could not read; at most one pass per parameter.
  for (let pass = 0; pass <= kept.size; pass++) {
    try {
      parseList(definition, kept);
      break;
    } catch (error) {
      if (!(error instanceof HttpError) || !error.errors) throw error;
      for (const field of Object.keys(error.errors)) kept.delete(field.split(".")[0]);
    }
  }
  return kept.toString();
}

export type SavedView = { id: number; list: SavedViewList; name: string; query: string; href: string; createdAt: Date };

const viewShape = { id: column.int, list: column.text, name: column.text, query: column.text, createdAt: column.date };

const withHref = (row: { id: number; list: string; name: string; query: string; createdAt: Date }): SavedView => {
  const list = row.list as SavedViewList;
  return { ...row, list, href: savedViewHref(list, row.query) };
};

/**
 * The acting admin's saved views, by list and then name. Read for the sidebar of every console page: a raw statement
 * (no ORM query compilation) over the (adminId, list, name) index.
 */
export async function listSavedViews(actor: SessionUser): Promise<SavedView[]> {
  requireAdmin(actor);
  const rows = await queryRows(viewShape, Prisma.sql`SELECT id, list, name, query, "createdAt" FROM "SavedView" WHERE "adminId" = ${actor.id}`);
  return rows
    .filter((row) => row.list in definitions)
    .map(withHref)
    .sort((a, b) => a.list.localeCompare(b.list) || a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.id - b.id);
}

/** One of the acting admin's views, or 404 (another admin's view is answered the same). */
export async function findSavedView(actor: SessionUser, id: number): Promise<SavedView> {
  requireAdmin(actor);
  const view = await prisma.savedView.findUnique({ where: { id } });
  if (!view || !canSeeSavedView(actor, view)) throw notFound(messages.notFound);
  return withHref(view);
}

const nameTaken = () => fieldError(409, "name", messages.nameTaken);

/** Saves the list's state (kept as `viewQuery` reads it) under a name of the admin's, at most VIEWS_PER_LIST a list. */
export async function saveView(actor: SessionUser, input: SaveViewInput): Promise<SavedView> {
  requireAdmin(actor);
  const query = viewQuery(input.list, input.query);
  try {
    const view = await transaction(async (tx) => {
      // Two saves at once count each other's view.
      await lockWithin(tx, "saved-views", actor.id);
      const kept = await tx.savedView.count({ where: { adminId: actor.id, list: input.list } });
      if (kept >= VIEWS_PER_LIST) throw fieldError(409, "name", messages.tooMany);
      const created = await tx.savedView.create({ data: { adminId: actor.id, list: input.list, name: input.name, query } });
      await recordAudit(tx, actor, { kind: "view", id: created.id, label: created.name, action: "create", after: { list: created.list, name: created.name, query } });
      return created;
    });
    return withHref(view);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function renameView(actor: SessionUser, id: number, name: string): Promise<SavedView> {
  const view = await findSavedView(actor, id);
  if (view.name === name) return view;
  try {
    return await transaction(async (tx) => {
      const renamed = await tx.savedView.update({ where: { id: view.id }, data: { name } });
      await recordAudit(tx, actor, { kind: "view", id: view.id, label: name, action: "update", before: { name: view.name }, after: { name } });
      return withHref(renamed);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Deletes one of the acting admin's views; returns it (for the toast). */
export async function deleteView(actor: SessionUser, id: number): Promise<SavedView> {
  const view = await findSavedView(actor, id);
  await transaction(async (tx) => {
    const { count } = await tx.savedView.deleteMany({ where: { id: view.id, adminId: actor.id } });
    if (count) await recordAudit(tx, actor, { kind: "view", id: view.id, label: view.name, action: "delete", before: { list: view.list, name: view.name, query: view.query } });
  });
  return view;
}
