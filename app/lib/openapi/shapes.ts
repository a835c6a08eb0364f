import { z } from "zod";

/*
 * Pieces of the API's answers that every area shares, for the OpenAPI document's response schemas. Dates are sent
 * as ISO strings (JSON has no date).
 */

export const isoDate = z.iso.datetime({ offset: true });
export const nullableDate = isoDate.nullable();

/** A list's `meta` (ListMeta of lib/list.ts): `totalCapped` when the rows were counted up to a cap only. */
export const listMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  totalCapped: z.literal(true).optional(),
});

/** A page of a list: `{<rows>: [...], meta}` (`data` unless the route names its rows). */
export const pageOf = <Row extends z.ZodType, K extends string = "data">(row: Row, key: K = "data" as K) =>
  z.object({ [key]: z.array(row), meta: listMeta } as { [P in K]: z.ZodArray<Row> } & { meta: typeof listMeta });

/** `{data: [names]}`: a field's suggestions as someone types (`suggestions()` of api.server.ts). */
export const nameSuggestions = z.object({ data: z.array(z.string()) });

/** `{message}` alone: what a change answers when it has nothing else to say. */
export const messageOnly = z.object({ message: z.string() });

/** `{message, id}`: a record deleted. */
export const deleted = z.object({ message: z.string(), id: z.number().int() });
