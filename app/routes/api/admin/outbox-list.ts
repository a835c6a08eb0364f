import type { Route } from "./+types/outbox-list";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { listOutbox } from "#app/modules/outbox/outbox.server.ts";
import { outboxList } from "#app/modules/outbox/schema.ts";

/** GET /api/admin/outbox?page&limit&search&order → the kept mail (id, to, subject, createdAt) as {data, meta}, newest first. */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports.outbox.csv(new URL(request.url).searchParams, signedInUser(context));
  return listOutbox(parseList(outboxList, new URL(request.url).searchParams).state, signedInUser(context));
});
