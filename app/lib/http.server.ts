import { data } from "react-router";
import { z } from "zod";
import { parseId } from "./id.ts";

/** Messages by field, as forms show them and the API answers them: `{email: ["Email is already in use"]}`. */
export type FieldErrors = Record<string, string[]>;

/**
 * A refusal a person or program should read: status, message and, when it is about fields, their
 * messages (`errors`). The one error shape of the product: the API answers `{message, errors?}`, a form
 * shows the field messages beside their fields.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429,
    message: string,
    /** Headers the answer carries, e.g. Retry-After with a 429. */
    readonly headers: Record<string, string> = {},
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);

/** The first message of a zod failure, prefixed with the field it is about when that helps. */
export function zodMessage(error: z.ZodError) {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const field = issue.path.join(".");
  return issue.code === "invalid_type" && field ? `${field}: ${issue.message}` : issue.message;
}

/** A refusal about one field, e.g. a wrong current password: the message also shows beside that field. */
export const fieldError = (status: HttpError["status"], field: string, message: string) => new HttpError(status, message, {}, { [field]: [message] });

/** Every message of a zod failure by field (`form` for the object itself). */
export function zodFieldErrors(error: z.ZodError, name = "form"): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || name;
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

/**
 * The one validation helper for params, queries and bodies: a failure is a 400 HttpError with the first
 * message and every message by field, which the API answers as `{message, errors}`. `name` is the field a
 * single value (one query parameter) is filed under.
 */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown, name?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, zodMessage(result.error), {}, zodFieldErrors(result.error, name));
  return result.data;
}

/** `{message, errors?}` with a status: how an API route answers a refusal (errors: `{field: [messages]}`). */
export function jsonError(status: number, message: string, headers: Record<string, string> = {}, errors?: FieldErrors) {
  return Response.json(errors ? { message, errors } : { message }, { status, headers });
}

/** For screens: a refusal rendered by the nearest error boundary with its status and message. */
export function throwForScreen(error: unknown): never {
  if (error instanceof HttpError) throw data({ message: error.message }, { status: error.status });
  throw error;
}

/** Where an action redirects back to: the request's URL without its one-off params (dialogs) and `index`. */
export function backTo(request: Request, oneOffParams: readonly string[] = []) {
  const url = new URL(request.url);
  for (const key of [...oneOffParams, "index"]) url.searchParams.delete(key);
  return url.pathname + url.search;
}

/**
 * A screen's route param naming a record (`/viewuser/:id`): anything but an id names no record, so it is the same 404,
 * with the same message, as a record that does not exist (the JSON API's `idParam` answers 400 naming the param).
 */
export function recordParam(value: string | undefined, notFoundMessage: string): number {
  const id = parseId(value);
  if (id === null) throw notFound(notFoundMessage);
  return id;
}

/** Reads a route param as an id (`parseId`: plain digits, positive, safe), or refuses with 400. */
export function idParam(value: string | undefined, label = "id"): number {
  const id = parseId(value);
  if (id === null) throw badRequest(`Invalid ${label}: expected a positive whole number`);
  return id;
}
