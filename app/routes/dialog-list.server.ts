import { backTo, HttpError } from "#app/lib/http.server.ts";
import { redirectWithError } from "#app/lib/toast.server.ts";

// The screen side of the lists with create/edit/delete dialogs (admin/faqs.tsx, admin/resources.tsx, mentor/content.tsx).

type Failure = { message: string; description: string };

/**
 * The action of a console list with dialogs: reads the form and its intent, runs that intent's step (`run`, given
 * the form and the list's address without the open dialog), and turns a refusal (an HttpError) into the intent's
 * failure toast (`failures`, the update one for an unknown intent) back on the list. Anything else is a real error.
 */
export async function dialogListAction<Result>(
  request: Request,
  failures: { update: Failure } & Partial<Record<string, Failure>>,
  run: (intent: string, formData: FormData, back: string) => Promise<Result>,
) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const back = backTo(request, ["new", "edit", "delete"]);
  try {
    return await run(intent, formData, back);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const failure = failures[intent] ?? failures.update;
    return redirectWithError(back, { message: failure.message, description: error.message || failure.description });
  }
}
