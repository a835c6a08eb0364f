import { data } from "react-router";
import { z } from "zod";

/** A refusal a person or program should read: status and message, the one error shape of the product. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429,
    message: string,
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

/** Parses with a schema; any failure becomes a 400 with the first message. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(zodMessage(result.error));
  return result.data;
}

/** `{message}` with a status: how an API route answers a refusal. */
export function jsonError(status: number, message: string) {
  return Response.json({ message }, { status });
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

/** Reads a route param as a positive integer id, or refuses with 400. */
export function idParam(value: string | undefined, label = "id"): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1) {
    throw badRequest(`Invalid ${label}: expected a positive whole number`);
  }
  return id;
}
