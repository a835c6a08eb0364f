import { redirect } from "react-router";
import type { Route } from "./+types/bulk-undo";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { undoBulkChange } from "#app/modules/bulk/bulk.server.ts";
import { BULK_LISTS, undoOutcome } from "#app/modules/bulk/texts.ts";
import { listHref } from "./bulk-lists.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";

/** "Undo" in a bulk change's toast posts here (with the list's `list` and `query`, where the answer goes back to). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const form = await request.formData();
  const list = BULK_LISTS.find((name) => name === form.get("list"));
  const back = list ? listHref(list, String(form.get("query") ?? "").replace(/^\?/, "")) : adminLinks.overview;
  try {
    const outcome = await undoBulkChange(params.token, admin);
    return redirectWithSuccess(back, { message: "Change Undone", description: undoOutcome(outcome.list, outcome.restored, outcome.skipped) });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithError(back, { message: "Undo Failed", description: error.message });
  }
}

export const loader = () => redirect(adminLinks.overview);
