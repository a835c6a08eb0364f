import { Prisma } from "#app/generated/prisma/client.ts";
import { isUniqueViolation, prisma, transaction } from "#app/lib/db.server.ts";
import { fieldError, notFound } from "#app/lib/http.server.ts";
import type { ListMeta, ListResult, ListState } from "#app/lib/list.ts";
import { eachRowOf, mapRows, orderBy, pageOf, type ListQuery } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { caseless, containsAny, nullable } from "#app/lib/search/dialect.server.ts";
import { column, type RowOf } from "#app/lib/sql.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { deleteUpload, storeImage } from "#app/modules/uploads/uploads.server.ts";
import { postKindInfo, slugify, type PostInput, type PostKind, type PostSort, type PostStatus } from "./schema.ts";

/** A post as the console lists it (without its body). */
export type PostRow = {
  id: number;
  kind: PostKind;
  slug: string;
  title: string;
  summary: string;
  author: string;
  coverUrl: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** draft: not published; scheduled: published with a date still to come; published: public. */
  state: "draft" | "scheduled" | "published";
};

/** One post with its body (the edit form and the public page). */
export type Post = PostRow & { body: string; coverImageId: string | null };

const coverUrl = (id: string | null) => (id ? `/images/${id}` : null);

function stateOf(publishedAt: string | null, now = Date.now()): PostRow["state"] {
  if (!publishedAt) return "draft";
  return new Date(publishedAt).getTime() > now ? "scheduled" : "published";
}

const postColumns = {
  id: column.int,
  kind: (value: unknown) => String(value) as PostKind,
  slug: column.text,
  title: column.text,
  summary: column.text,
  author: column.text,
  coverImageId: column.nullableText,
  publishedAt: column.nullableDate,
  createdAt: column.date,
  updatedAt: column.date,
};

function toRow(row: Omit<RowOf<typeof postColumns>, "kind"> & { kind: string }): PostRow {
  const publishedAt = row.publishedAt?.toISOString() ?? null;
  return {
    id: row.id,
    kind: row.kind as PostKind,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    author: row.author,
    coverUrl: coverUrl(row.coverImageId),
    publishedAt,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    state: stateOf(publishedAt),
  };
}

type PostRecord = Prisma.PostGetPayload<object>;
const toPost = (post: PostRecord): Post => ({
  ...toRow(post),
  body: post.body,
  coverImageId: post.coverImageId,
});

const sortColumns: Record<PostSort, Prisma.Sql> = {
  updatedAt: Prisma.sql`p."updatedAt"`,
  publishedAt: nullable(Prisma.sql`p."publishedAt"`),
  title: caseless(Prisma.sql`p.title`),
};

/** The console's list of one kind: drafts and published posts, searched by title and author, sorted and paged in SQL. */
export async function listPosts(kind: PostKind, state: ListState<PostSort>, filters: { status?: PostStatus }, admin: SessionUser): Promise<ListResult<PostRow>> {
  const { rows, meta } = await pageOf(postsQuery(kind, state, filters, admin), state);
  return { data: rows.map(toRow), meta };
}

/** Every post of the list, in its order (its CSV export). */
export const eachPost = (kind: PostKind, state: ListState<PostSort>, filters: { status?: PostStatus }, admin: SessionUser): AsyncGenerator<PostRow> => mapRows(eachRowOf(postsQuery(kind, state, filters, admin), state), toRow);

function postsQuery(kind: PostKind, state: ListState<PostSort>, filters: { status?: PostStatus }, admin: SessionUser): ListQuery<typeof postColumns> {
  requireAdmin(admin);
  const where: Prisma.Sql[] = [Prisma.sql`p.kind = ${kind}`];
  if (filters.status === "draft") where.push(Prisma.sql`p."publishedAt" IS NULL`);
  if (filters.status === "published") where.push(Prisma.sql`p."publishedAt" IS NOT NULL`);
  if (state.search) where.push(containsAny([Prisma.sql`p.title`, Prisma.sql`p.author`], state.search));
  const select = Prisma.sql`p.id, p.kind, p.slug, p.title, p.summary, p.author, p."coverImageId", p."publishedAt", p."createdAt", p."updatedAt"`;
  const from = Prisma.sql`"Post" p`;
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`p.id`);
  return { from, id: Prisma.sql`p.id`, where, orderBy: orderBySort, rows: { columns: postColumns, select, from } };
}

const published = (kind: PostKind, now = new Date()) => ({ kind, publishedAt: { not: null, lte: now } });

/** The public list of one kind: published posts (their date has come), newest first. A page past the last is page 1. */
export async function listPublishedPosts(kind: PostKind, { page, limit }: Pick<ListState, "page" | "limit">): Promise<ListResult<PostRow>> {
  const where = published(kind);
  const total = await prisma.post.count({ where });
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const effectivePage = page > totalPages ? 1 : page;
  const posts = await prisma.post.findMany({
    where,
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    skip: (effectivePage - 1) * limit,
    take: limit,
    omit: { body: true },
  });
  const meta: ListMeta = { page: effectivePage, limit, total, totalPages };
  return { data: posts.map((post) => toRow(post)), meta };
}

/** A published post by its address, or null (a draft, a scheduled post and an unknown slug alike). */
export async function findPublishedPost(kind: PostKind, slug: string): Promise<Post | null> {
  const post = await prisma.post.findFirst({ where: { ...published(kind), slug } });
  return post ? toPost(post) : null;
}

/** A few other published posts of the same kind, newest first, for the end of a post. */
export async function morePublishedPosts(kind: PostKind, exceptId: number, take = 3): Promise<PostRow[]> {
  const posts = await prisma.post.findMany({
    where: { ...published(kind), id: { not: exceptId } },
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    take,
    omit: { body: true },
  });
  return posts.map((post) => toRow(post));
}

/** One post of `kind` for the console, or null (also when it is of the other kind). */
export async function findPost(id: number, kind: PostKind, admin: SessionUser): Promise<Post | null> {
  requireAdmin(admin);
  const post = await prisma.post.findFirst({ where: { id, kind } });
  return post ? toPost(post) : null;
}

function slugTaken(kind: PostKind, slug: string) {
  return fieldError(409, "slug", `Another ${postKindInfo[kind].singular} already uses the address “${slug}”. Choose a different slug.`);
}

async function assertSlugFree(kind: PostKind, slug: string, exceptId?: number) {
  const other = await prisma.post.findFirst({ where: { kind, slug, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (other) throw slugTaken(kind, slug);
}

function slugFor(input: PostInput) {
  const slug = input.slug ?? slugify(input.title);
  if (!slug) throw fieldError(400, "slug", "Add a slug: the title has no letters or numbers to make one from.");
  return slug;
}

/** When the post goes public: none for a draft; the date chosen; else the date it already has, or now. */
function publishedAtFor(input: PostInput, current: Date | null) {
  if (input.status === "draft") return null;
  return input.publishedAt ?? current ?? new Date();
}

/** A post's fields as the audit log compares them. */
function auditedPost({ kind, slug, title, summary, body, author, coverImageId, publishedAt }: PostRecord) {
  return { kind, slug, title, summary, body, author, cover: coverImageId, publishedAt };
}

export async function createPost(kind: PostKind, input: PostInput, admin: SessionUser) {
  requireAdmin(admin);
  const slug = slugFor(input);
  await assertSlugFree(kind, slug);
  const cover = input.cover ? await storeImage(input.cover, { maxSide: 1600 }) : null;
  try {
    const post = await transaction(async (tx) => {
      const created = await tx.post.create({
        data: {
          kind,
          slug,
          title: input.title,
          summary: input.summary,
          body: input.body,
          author: input.author,
          coverImageId: cover?.id ?? null,
          publishedAt: publishedAtFor(input, null),
        },
      });
      await recordAudit(tx, admin, { kind: "post", id: created.id, label: created.title, action: "create", after: auditedPost(created) });
      return created;
    });
    return toPost(post);
  } catch (error) {
    await deleteUpload(cover?.id);
    if (isUniqueViolation(error)) throw slugTaken(kind, slug);
    throw error;
  }
}

/** Saves the form over a post of `kind`; a new cover replaces the old one (which is removed), or the cover is removed. */
export async function updatePost(id: number, kind: PostKind, input: PostInput, admin: SessionUser) {
  requireAdmin(admin);
  const current = await prisma.post.findFirst({ where: { id, kind }, select: { coverImageId: true, publishedAt: true } });
  if (!current) throw notFound("Post not found");
  const slug = slugFor(input);
  await assertSlugFree(kind, slug, id);
  const cover = input.cover ? await storeImage(input.cover, { maxSide: 1600 }) : null;
  const coverImageId = cover ? cover.id : input.removeCover ? null : current.coverImageId;
  let count: number;
  try {
    count = await transaction(async (tx) => {
      const before = await tx.post.findFirst({ where: { id, kind } });
      if (!before) return 0;
      const after = await tx.post.update({
        where: { id },
        data: {
          slug,
          title: input.title,
          summary: input.summary,
          body: input.body,
          author: input.author,
          coverImageId,
          publishedAt: publishedAtFor(input, current.publishedAt),
        },
      });
      await recordAudit(tx, admin, { kind: "post", id, label: after.title, action: "update", before: auditedPost(before), after: auditedPost(after) });
      return 1;
    });
  } catch (error) {
    await deleteUpload(cover?.id);
    if (isUniqueViolation(error)) throw slugTaken(kind, slug);
    throw error;
  }
  if (count === 0) {
    await deleteUpload(cover?.id);
    throw notFound("Post not found");
  }
  if (current.coverImageId && current.coverImageId !== coverImageId) await deleteUpload(current.coverImageId);
  return (await findPost(id, kind, admin))!;
}

/** Publish now (a draft or a scheduled post becomes public at once) or unpublish (back to a draft). */
export async function setPostPublished(id: number, kind: PostKind, publish: boolean, admin: SessionUser) {
  requireAdmin(admin);
  await transaction(async (tx) => {
    const before = await tx.post.findFirst({ where: { id, kind } });
    if (!before) throw notFound("Post not found");
    const after = await tx.post.update({ where: { id }, data: { publishedAt: publish ? new Date() : null } });
    await recordAudit(tx, admin, { kind: "post", id, label: before.title, action: publish ? "publish" : "unpublish", before: { publishedAt: before.publishedAt }, after: { publishedAt: after.publishedAt } });
  });
  return (await findPost(id, kind, admin))!;
}

/** Removes a post and its cover picture. */
export async function deletePost(id: number, kind: PostKind, admin: SessionUser) {
  requireAdmin(admin);
  const post = await transaction(async (tx) => {
    const before = await tx.post.findFirst({ where: { id, kind } });
    if (!before) throw notFound("Post not found");
    await tx.post.delete({ where: { id } });
    await recordAudit(tx, admin, { kind: "post", id, label: before.title, action: "delete", before: auditedPost(before) });
    return before;
  });
  await deleteUpload(post.coverImageId);
  return { id };
}
