import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, containsAny } from "#app/lib/search/dialect.server.ts";
import { column, queryRows, type RowOf } from "#app/lib/sql.server.ts";
import { prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { badRequest, notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { eachRowOf, mapRows, orderBy, pageOf, type ListQuery } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { deleteUpload, storeDocument } from "#app/modules/uploads/uploads.server.ts";
import {
  linkOrFileMessage,
  type ResourceInput,
  type ResourcePatch,
  type ResourceSort,
  type ResourceType,
} from "./schema.ts";

export type ResourceRow = {
  id: number;
  title: string;
  description: string | null;
  type: ResourceType;
  link: string | null;
  uploadId: string | null;
  /** Where the uploaded file is served (/images/<uploadId>), or null. */
  fileUrl: string | null;
  fileName: string | null;
  fileType: string | null;
  createdAt: string;
  updatedAt: string;
};

const sortColumns: Record<ResourceSort, Prisma.Sql> = {
  created_at: Prisma.sql`r."createdAt"`,
  title: caseless(Prisma.sql`r.title`),
  type: Prisma.sql`r.type`,
};

const resourceColumns = {
  id: column.int,
  title: column.text,
  description: column.nullableText,
  type: (value: unknown) => String(value) as ResourceType,
  link: column.nullableText,
  uploadId: column.nullableText,
  fileName: column.nullableText,
  fileType: column.nullableText,
  createdAt: column.date,
  updatedAt: column.date,
};

/** Uploaded pictures are stored re-encoded as WebP: name the download after what it now is. */
function downloadName(fileName: string | null, fileType: string | null) {
  if (!fileName || fileType !== "image/webp") return fileName;
  return `${fileName.replace(/\.[^./\\]+$/, "")}.webp`;
}

function toRow(row: RowOf<typeof resourceColumns>): ResourceRow {
  return {
    ...row,
    fileUrl: row.uploadId ? `/images/${row.uploadId}` : null,
    fileName: downloadName(row.fileName, row.fileType),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const columns = Prisma.sql`r.id, r.title, r.description, r.type, r.link, r."uploadId", u."fileName" AS "fileName", u."contentType" AS "fileType", r."createdAt", r."updatedAt"`;
const fromWithFile = Prisma.sql`"Resource" r LEFT JOIN "Upload" u ON u.id = r."uploadId"`;

/** The content library, optionally of one type, searched in title and description, sorted and paged in SQL. */
export async function listResources(state: ListState<ResourceSort>, filters: { type?: ResourceType } = {}): Promise<ListResult<ResourceRow>> {
  const { rows, meta } = await pageOf(resourcesQuery(state, filters), state);
  return { data: rows.map(toRow), meta };
}

/** Every resource of the list, in its order (its CSV export). */
export const eachResource = (state: ListState<ResourceSort>, filters: { type?: ResourceType } = {}): AsyncGenerator<ResourceRow> => mapRows(eachRowOf(resourcesQuery(state, filters), state), toRow);

function resourcesQuery(state: ListState<ResourceSort>, filters: { type?: ResourceType } = {}): ListQuery<typeof resourceColumns> {
  const where: Prisma.Sql[] = [];
  if (filters.type) where.push(Prisma.sql`r.type = ${filters.type}`);
  if (state.search) {
    where.push(containsAny([Prisma.sql`r.title`, Prisma.sql`r.description`], state.search));
  }
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`r.id`);
  return { from: Prisma.sql`"Resource" r`, id: Prisma.sql`r.id`, where, orderBy: orderBySort, rows: { columns: resourceColumns, select: columns, from: fromWithFile } };
}

export async function findResource(id: number): Promise<ResourceRow | null> {
  const rows = await queryRows(resourceColumns, Prisma.sql`SELECT ${columns} FROM ${fromWithFile} WHERE r.id = ${id}`);
  return rows[0] ? toRow(rows[0]) : null;
}

/** A resource's fields as the audit log compares them (its file by the upload's id). */
function auditedResource({ title, type, description, link, uploadId }: { title: string; type: string; description: string | null; link: string | null; uploadId: string | null }) {
  return { title, type, description, link, file: uploadId };
}

/** Adds a resource; the file (a PDF or an image) is checked by its content and stored. */
export async function createResource(input: ResourceInput, admin: SessionUser) {
  requireAdmin(admin);
  if (!input.link && !input.file) throw badRequest(linkOrFileMessage);
  const upload = input.file ? await storeDocument(input.file) : null;
  try {
    const resource = await transaction(async (tx) => {
      const created = await tx.resource.create({
        data: { title: input.title, type: input.type, description: input.description, link: input.link, uploadId: upload?.id ?? null },
      });
      await recordAudit(tx, admin, { kind: "resource", id: created.id, label: created.title, action: "create", after: auditedResource(created) });
      return created;
    });
    return (await findResource(resource.id))!;
  } catch (error) {
    await deleteUpload(upload?.id);
    throw error;
  }
}

/** Changes the fields given (a field left out stays); a new file replaces the old one, which is removed. */
export async function updateResource(id: number, input: ResourcePatch, admin: SessionUser) {
  requireAdmin(admin);
  const current = await prisma.resource.findUnique({ where: { id }, select: { uploadId: true, link: true } });
  if (!current) throw notFound("Resource not found");
  const link = input.link === undefined ? current.link : input.link;
  if (!link && !input.file && !current.uploadId) throw badRequest(linkOrFileMessage);
  const upload = input.file ? await storeDocument(input.file) : null;
  const count = await transaction(async (tx) => {
    const before = await tx.resource.findUnique({ where: { id } });
    if (!before) return 0;
    const after = await tx.resource.update({
      where: { id },
      data: {
        title: input.title,
        type: input.type,
        description: input.description,
        link: input.link,
        ...(upload ? { uploadId: upload.id } : {}),
      },
    });
    await recordAudit(tx, admin, { kind: "resource", id, label: after.title, action: "update", before: auditedResource(before), after: auditedResource(after) });
    return 1;
  });
  if (count === 0) {
    await deleteUpload(upload?.id);
    throw notFound("Resource not found");
  }
  if (upload && current.uploadId) await deleteUpload(current.uploadId);
  return (await findResource(id))!;
}

/**
 * A bulk change's step for one resource inside `tx`, audited: deletes it for good. Its file is removed after the
 * change commits (`deleteUpload` of the record's uploadId). Null when there is no such resource.
 */
export async function deleteResourceIn(tx: Transaction, admin: SessionUser, id: number) {
  requireAdmin(admin);
  const resource = await tx.resource.findUnique({ where: { id }, select: { title: true, type: true, link: true, uploadId: true } });
  if (!resource) return null;
  const { count } = await tx.resource.deleteMany({ where: { id } });
  if (count === 0) return null;
  await recordAudit(tx, admin, { kind: "resource", id, label: resource.title, action: "delete", before: resource, after: {} });
  return { id, label: resource.title, before: resource as Record<string, unknown>, after: {} };
}

/** Removes a resource and its file. */
export async function deleteResource(id: number, admin: SessionUser) {
  requireAdmin(admin);
  const resource = await transaction(async (tx) => {
    const before = await tx.resource.findUnique({ where: { id } });
    if (!before) throw notFound("Resource not found");
    await tx.resource.delete({ where: { id } });
    await recordAudit(tx, admin, { kind: "resource", id, label: before.title, action: "delete", before: auditedResource(before) });
    return before;
  });
  await deleteUpload(resource.uploadId);
  return { id };
}
