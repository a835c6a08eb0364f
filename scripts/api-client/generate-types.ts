// npm run api:types: writes scripts/api-client/schema.d.ts, the TypeScript types openapi-typescript makes from the
// API's OpenAPI document, built by the same function that answers GET /api/openapi.json (no server needed). The demo
// client (demo.ts) imports them; tests/integration/api-client.test.ts fails while the committed file is stale.
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from "openapi-typescript";
import { apiDocument } from "../../app/routes/api/openapi.ts";

export const SCHEMA_FILE = fileURLToPath(new URL("schema.d.ts", import.meta.url));

/** The types of the document as it is now: what schema.d.ts should hold. */
export async function apiTypes() {
  const ast = await openapiTS(apiDocument() as unknown as OpenAPI3, { silent: true });
  return COMMENT_HEADER + astToString(ast);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const types = await apiTypes();
  const before = await readFile(SCHEMA_FILE, "utf8").catch(() => "");
  if (types === before) console.log("scripts/api-client/schema.d.ts is up to date");
  else {
    await writeFile(SCHEMA_FILE, types);
    console.log("Wrote scripts/api-client/schema.d.ts");
  }
}
