import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { FieldErrors, HttpError } from "./http.server.ts";
import type { ActionToast } from "./toast.ts";

/** Fields whose typed value never comes back in a reply. */
const SECRET_FIELDS = ["password", "confirmPassword", "currentPassword"];

type Replyable = Pick<Submission<unknown>, "status" | "reply">;
type ReplyOptions = { formErrors?: string[]; fieldErrors?: FieldErrors };
type Reply = SubmissionResult<string[]>;

/**
 * The one answer to a form that did not go through: 400 with conform's `submission.reply()`, so the form
 * shows the messages beside their fields and keeps what the person typed (passwords excepted). A
 * submission that only added or removed a list entry (conform intents, without JavaScript) is no failure: 200.
 * `as` wraps the reply for a screen with several forms (`{profile: reply}`).
 */
export function replyToForm(submission: Replyable, options?: ReplyOptions): DataWithResponseInit<Reply>;
export function replyToForm<K extends string>(submission: Replyable, options: ReplyOptions & { as: K }): DataWithResponseInit<Record<K, Reply>>;
export function replyToForm(submission: Replyable, { as, ...options }: ReplyOptions & { as?: string } = {}) {
  const failed = submission.status === "error" || Boolean(options.formErrors?.length || options.fieldErrors);
  const reply = submission.reply({ ...options, hideFields: SECRET_FIELDS }) as Reply;
  return data(as ? { [as]: reply } : reply, { status: failed ? 400 : 200 });
}

/**
 * A save the domain refused (HttpError), answered like any failed form (400): its field messages beside
 * their fields; a 409 conflict beside `conflictField` (e.g. a taken e-mail); otherwise above the form.
 * With `toast` (a title such as 'Creation Failed', SPEC §8) the server's message also shows as a red toast:
 * the root's Toaster reads it from the action's data, with or without JavaScript.
 */
type RefuseOptions = { conflictField?: string; toast?: string };
export function refuseForm(submission: Replyable, error: HttpError, options?: RefuseOptions): DataWithResponseInit<Reply & ActionToast>;
export function refuseForm<K extends string>(submission: Replyable, error: HttpError, options: RefuseOptions & { as: K }): DataWithResponseInit<Record<K, Reply> & ActionToast>;
export function refuseForm(submission: Replyable, error: HttpError, { conflictField, as, toast }: RefuseOptions & { as?: string } = {}) {
  const fieldErrors = error.errors ?? (conflictField && error.status === 409 ? { [conflictField]: [error.message] } : undefined);
  const options = fieldErrors ? { fieldErrors } : { formErrors: [error.message] };
  const reply = as ? replyToForm(submission, { ...options, as }) : replyToForm(submission, options);
  if (!toast) return reply;
  const withToast: ActionToast = { toast: { type: "error", message: toast, description: error.message } };
  return data({ ...(reply.data as object), ...withToast }, reply.init ?? undefined);
}

/**
 * List fields as conform reads them: entries named `name[0]`, `name[1]`… A post that sends a list field under
 * its bare name (a hand-made request, an old form) has those values renumbered, so the reply's list is a list
 * and the form can render it again instead of failing.
 */
export function asListFields(formData: FormData, names: readonly string[]) {
  for (const name of names) {
    const bare = formData.getAll(name);
    if (bare.length === 0) continue;
    formData.delete(name);
    const taken = [...formData.keys()].filter((key) => key.startsWith(`${name}[`)).length;
    bare.forEach((value, index) => formData.append(`${name}[${taken + index}]`, value));
  }
  return formData;
}
