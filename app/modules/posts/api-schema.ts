import { z } from "zod";
import { isoDate, nullableDate } from "#app/lib/openapi/shapes.ts";
import { postKinds } from "./kind.ts";

/** A row of GET /api/admin/posts (PostRow of posts.server.ts). */
export const postRow = z.object({
  id: z.number().int(),
  kind: z.enum(postKinds),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  coverUrl: z.string().nullable(),
  publishedAt: nullableDate,
  createdAt: isoDate,
  updatedAt: isoDate,
  state: z.enum(["draft", "scheduled", "published"]),
});
