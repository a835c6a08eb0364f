import { data, Form, Link } from "react-router";
import type { Route } from "./+types/bulk";
import { Button } from "#app/components/ui/button.tsx";
import { adminLinks } from "#app/lib/admin-links.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, notFound, parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { BulkReasonField } from "#app/components/list/bulk-selection.tsx";
import { applyBulkChange, bulkNames, bulkReason } from "#app/modules/bulk/bulk.server.ts";
import { bulkFormSchema } from "#app/modules/bulk/schema.ts";
import { BULK_LISTS, bulkActionWords, bulkListWords, bulkOutcome, bulkQuestion, bulkReasons, bulkWarning, type BulkList } from "#app/modules/bulk/texts.ts";
import { listHref, matchingIds } from "./bulk-lists.server.ts";

/**
 * A console list's bulk form posts here: without `confirm` the answer is the confirmation page ("Deactivate 3 users?",
 * their names, Confirm / Cancel), which is what a browser without JavaScript shows (with it, the list's own dialog
 * asks and posts `confirm`); with `confirm` the change is made and the list shows its outcome, with Undo.
 */
function listOf(params: Route.LoaderArgs["params"]): BulkList {
  const list = BULK_LISTS.find((name) => name === params.list);
  if (!list) throwForScreen(notFound("Page not found"));
  return list;
}

/** Opened on its own (a bookmark, a reload), the page has nothing to confirm: it says so and links to the list. */
export function loader({ params }: Route.LoaderArgs) {
  const list = listOf(params);
  return { list, back: listHref(list, "") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const list = listOf(params);
  const form = await request.formData();
  const query = String(form.get("query") ?? "").replace(/^\?/, "");
  const back = listHref(list, query);
  try {
    const input = parseOr400(bulkFormSchema, { ...Object.fromEntries(form), ids: form.getAll("ids") });
    const ids = input.all ? await matchingIds(list, query, admin) : input.ids;
    if (ids.length === 0) throw new HttpError(400, "Select at least one row");
    const reason = input.reason ?? "";
    const ask = async (reasonErrors: string[] = []) => {
      const names = await bulkNames(list, ids, admin);
      const page = { list, action: input.action, all: Boolean(input.all), ids: names.map((row) => row.id), names: names.map((row) => row.name), query, back, reason, reasonErrors };
      return data(page, { status: reasonErrors.length ? 400 : 200 });
    };
    if (!input.confirm) return ask();
    // A missing or too long reason is the form's: the confirmation again, with the message and what was typed.
    try {
      bulkReason(input.action, reason);
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) return ask(error.errors?.reason ?? [error.message]);
      throw error;
    }
    const outcome = await applyBulkChange(list, input.action, ids, admin, { reason });
    return redirectWithSuccess(back, {
      message: "Action Successful",
      description: bulkOutcome(list, input.action, outcome.changed, outcome.skipped),
      ...(outcome.undoToken ? { undo: { action: `${adminLinks.overview}/bulk-undo/${outcome.undoToken}`, list, query } } : {}),
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithError(back, { message: "Action Failed", description: error.message });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Confirm · Ministry Mentors" }];

/** The confirmation page (no JavaScript): what will change, and Confirm or Cancel. */
export default function BulkConfirm({ actionData, loaderData }: Route.ComponentProps) {
  if (!actionData) {
    return (
      <div className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">Nothing to confirm</h1>
        <p className="mt-2 text-sm text-slate-600">Select rows of the list, then choose what to do with them.</p>
        <Link to={loaderData.back} className="mt-4 inline-block font-medium text-brand-600 underline">Back to the {bulkListWords[loaderData.list].many}</Link>
      </div>
    );
  }
  const { list, action, all, ids, names, query, back, reason, reasonErrors } = actionData;
  const words = bulkActionWords[action];
  return (
    <div className="mx-auto max-w-xl">
      <section aria-labelledby="bulk-question" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="bulk-question" className="text-xl font-semibold text-slate-900">{bulkQuestion(list, action, names.length)}</h1>
        {bulkWarning(list, action) ? <p className="mt-2 text-sm text-slate-600">{bulkWarning(list, action)}</p> : null}
        <ul className="mt-4 max-h-80 list-disc overflow-y-auto pl-6 text-sm text-slate-700">
          {names.map((name, index) => <li key={ids[index]} className="whole-words">{name}</li>)}
        </ul>
        <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <input type="hidden" name="action" value={action} />
          <input type="hidden" name="query" value={query} />
          <input type="hidden" name="confirm" value="1" />
          {all ? <input type="hidden" name="all" value="1" /> : ids.map((id) => <input key={id} type="hidden" name="ids" value={id} />)}
          {bulkReasons[action] ? <BulkReasonField action={action} defaultValue={reason} errors={reasonErrors} className="basis-full" /> : null}
          <Button variant="secondary" asChild><Link to={back}>Cancel</Link></Button>
          <Button type="submit" variant={words.danger ? "danger" : "primary"}>Confirm</Button>
        </Form>
      </section>
    </div>
  );
}
