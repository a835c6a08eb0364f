import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, containsAny, nullable } from "#app/lib/search/dialect.server.ts";
import { column, type RowOf } from "#app/lib/sql.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { eachRowOf, mapRows, orderBy, pageOf, type ListQuery } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { canSeeGuide, guideScope } from "#app/modules/guides/policy.ts";
import { canChangeContent, requireGuide } from "./policy.ts";
import type { ContentInput, PublishedContentSort } from "./schema.ts";

export type PublishedContentRow = {
  id: number;
  guideId: number;
  title: string;
  url: string;
  description: string | null;
  type: string;
  publishedDate: string;
};

export type PublishedContentFilters = { guideId?: number };

const sortColumns: Record<PublishedContentSort, Prisma.Sql> = {
  publishedDate: Prisma.sql`c."publishedDate"`,
  title: caseless(Prisma.sql`c.title`),
  type: Prisma.sql`c.type`,
  url: caseless(Prisma.sql`c.url`),
  description: nullable(caseless(Prisma.sql`c.description`)),
};

const columns = {
  id: column.int,
  guideId: column.int,
  title: column.text,
  url: column.text,
  description: column.nullableText,
  type: (value: unknown) => String(value) as PublishedContentRow["type"],
  publishedDate: column.date,
};

/**
 * The published content `actor` manages (guideScope: an admin every guide's, a guide their own), searched
 * (title, URL, description, type), sorted and paged in SQL; optionally one guide's.
 */
export async function listPublishedContent(state: ListState<PublishedContentSort>, filters: PublishedContentFilters, actor: SessionUser): Promise<ListResult<PublishedContentRow>> {
  const { rows, meta } = await pageOf(publishedContentQuery(state, filters, actor), state);
  return { data: rows.map(toContentRow), meta };
}

/** Every published item of the list, in its order (its CSV export). */
export const eachPublishedContent = (state: ListState<PublishedContentSort>, filters: PublishedContentFilters, actor: SessionUser): AsyncGenerator<PublishedContentRow> => mapRows(eachRowOf(publishedContentQuery(state, filters, actor), state), toContentRow);

function publishedContentQuery(state: ListState<PublishedContentSort>, filters: PublishedContentFilters, actor: SessionUser): ListQuery<typeof columns> {
  const where: Prisma.Sql[] = [guideScope(actor, Prisma.sql`c."guideId"`)];
  if (filters.guideId !== undefined) where.push(Prisma.sql`c."guideId" = ${filters.guideId}`);
  if (state.search) {
    where.push(
      containsAny([Prisma.sql`c.title`, Prisma.sql`c.url`, Prisma.sql`c.description`, Prisma.sql`c.type`], state.search),
    );
  }
  const select = Prisma.sql`c.id, c."guideId", c.title, c.url, c.description, c.type, c."publishedDate"`;
  const from = Prisma.sql`"PublishedContent" c`;
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`c.id`);
  return { from, id: Prisma.sql`c.id`, where, orderBy: orderBySort, rows: { columns, select, from } };
}

const toContentRow = (row: RowOf<typeof columns>): PublishedContentRow => ({ ...row, publishedDate: row.publishedDate.toISOString() });

/** One item (the details dialog), or 404 (also when it is another guide's); with `guideId`, only that guide's. */
export async function getPublishedContent(id: number, filters: PublishedContentFilters, actor: SessionUser): Promise<PublishedContentRow> {
  const item = await prisma.publishedContent.findFirst({
    where: { id, ...(filters.guideId !== undefined ? { guideId: filters.guideId } : {}) },
    select: { id: true, guideId: true, title: true, url: true, description: true, type: true, publishedDate: true },
  });
  if (!item || !canSeeGuide(actor, item.guideId)) throw notFound("Published content not found");
  return { ...item, publishedDate: item.publishedDate.toISOString() };
}

// ─── The guide's own content (their dashboard's Published content) ─────────────────────────────

const CONTENT_NOT_FOUND = "Published content not found";

/** One of the guide's own items (the Edit and Delete dialogs), or null when it is missing or another guide's. */
export async function findOwnContent(actor: SessionUser, id: number): Promise<PublishedContentRow | null> {
  requireGuide(actor);
  const item = await prisma.publishedContent.findUnique({
    where: { id },
    select: { id: true, guideId: true, title: true, url: true, description: true, type: true, publishedDate: true },
  });
  if (!item || !canChangeContent(actor, item)) return null;
  return { ...item, publishedDate: item.publishedDate.toISOString() };
}

const contentData = (input: ContentInput) => ({
  title: input.title,
  url: input.url,
  description: input.description,
  type: input.type,
  publishedDate: input.publishedDate,
});

/** The guide adds an item: it shows on their public profile at once. */
export async function createPublishedContent(actor: SessionUser, input: ContentInput) {
  requireGuide(actor);
  const { id } = await prisma.publishedContent.create({ data: { guideId: actor.id, ...contentData(input) }, select: { id: true } });
  return { id };
}

/** The guide changes one of their items; another guide's, or a missing one, is a 404. */
export async function updatePublishedContent(actor: SessionUser, id: number, input: ContentInput) {
  requireGuide(actor);
  const { count } = await prisma.publishedContent.updateMany({ where: { id, guideId: actor.id }, data: contentData(input) });
  if (count === 0) throw notFound(CONTENT_NOT_FOUND);
  return { id };
}

/** The guide deletes one of their items; another guide's, or a missing one, is a 404. */
export async function deletePublishedContent(actor: SessionUser, id: number) {
  requireGuide(actor);
  const { count } = await prisma.publishedContent.deleteMany({ where: { id, guideId: actor.id } });
  if (count === 0) throw notFound(CONTENT_NOT_FOUND);
  return { id };
}
