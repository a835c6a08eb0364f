import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { refuseForm } from "#app/lib/form.server.ts";
import type { HttpError } from "#app/lib/http.server.ts";

type Replyable = Pick<Submission<unknown>, "status" | "reply">;
type Reply = SubmissionResult<string[]>;

/**
 * A refused account form (refuseForm: messages beside their fields or above the form), keeping the refusal's
 * status when it is a limit: 429 with Retry-After, so a client or proxy sees it for what it is.
 */
export function refuseAccountForm(submission: Replyable, error: HttpError): DataWithResponseInit<Reply>;
export function refuseAccountForm<K extends string>(submission: Replyable, error: HttpError, as: K): DataWithResponseInit<Record<K, Reply>>;
export function refuseAccountForm(submission: Replyable, error: HttpError, as?: string): DataWithResponseInit<unknown> {
  const reply: DataWithResponseInit<unknown> = as ? refuseForm(submission, error, { as }) : refuseForm(submission, error);
  return error.status === 429 ? data(reply.data, { status: 429, headers: error.headers }) : reply;
}

/** The action's Retry-After (after too many attempts) reaches the page's response. */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}
