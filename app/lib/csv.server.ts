import { pipeline, Readable } from "node:stream";
import { ReadableStream } from "node:stream/web";
import { stringify } from "csv-stringify";
import { logError } from "./logger.server.ts";

/**
 * A list as a CSV download: the screen's columns (a header and the value of each row), every row of the filtered,
 * sorted, searched list streamed as it is read. Money is in dollars (`125.00`); times are ISO 8601 in UTC, their
 * headers say "(UTC)".
 */
export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | boolean | null | undefined };

/** Cents as dollars with two decimals, as a spreadsheet reads them: 12500 → "125.00". */
export const dollars = (cents: number | null | undefined) => (cents == null ? "" : (cents / 100).toFixed(2));

/** Whether an API request asks for CSV: `Accept: text/csv` or `?format=csv`. */
export function wantsCsv(request: Request) {
  const format = new URL(request.url).searchParams.get("format");
  return format === "csv" || /(^|,)\s*text\/csv\b/i.test(request.headers.get("Accept") ?? "");
}

/**
 * Streams `rows` as a CSV attachment named `<name>-<YYYY-MM-DD>.csv`. The first row is read before answering, so a
 * refusal of the list's first query is still an error status, not a broken download. A cell starting with `=`, `+`,
 * `-`, `@`, a tab or CR is prefixed with `'` (csv-stringify's `escape_formulas`), so a spreadsheet never runs a
 * name such as `=HYPERLINK(…)` as a formula.
 */
export async function csvResponse<Row>(name: string, columns: readonly CsvColumn<Row>[], rows: AsyncIterable<Row>) {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* records() {
    try {
      for (let next = first; !next.done; next = await iterator.next()) yield columns.map((column) => column.value(next.value) ?? "");
    } finally {
      await iterator.return?.();
    }
  }
  const stringifier = stringify({ header: true, columns: columns.map((column) => column.header), escape_formulas: true, cast: { boolean: (value) => (value ? "yes" : "no") } });
  // A failure part way (the database gone) ends the download broken, as a cut connection would, and is logged; a
  // client that goes away (the stream cancelled) only stops the reading.
  const csv = pipeline(Readable.from(records()), stringifier, (error) => {
    if (error && error.code !== "ABORT_ERR" && error.code !== "ERR_STREAM_PREMATURE_CLOSE") logError(error, {}, "CSV export broke off");
  });
  const file = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  // Read as the client reads (ReadableStream.from pulls each chunk when asked), so a client that goes away leaves no
  // chunk on its way into a closed stream; cancelling returns the iterator, which destroys the pipeline.
  return new Response(ReadableStream.from<Uint8Array>(csv) as unknown as BodyInit, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${file}"` },
  });
}
