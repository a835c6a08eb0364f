import type { z } from "zod";
import { HttpError, jsonError } from "./http.server.ts";

type Handler<A> = (args: A) => Promise<Response | object>;

/**
 * Wraps an API resource route's loader or action: answers JSON, turns refusals into `{message}` with
 * their status, and never leaks an internal error's details.
 */
export function api<A extends { request: Request }>(handler: Handler<A>) {
  return async (args: A): Promise<Response> => {
    try {
      const result = await handler(args);
      return result instanceof Response ? result : Response.json(result);
    } catch (error) {
      if (error instanceof Response) return error;
      if (error instanceof HttpError) return jsonError(error.status, error.message);
      console.error(error);
      return jsonError(500, "Something went wrong. Please try again.");
    }
  };
}

/** Reads a JSON body as an object; a malformed or missing body is a 400. */
export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the refusal below
  }
  throw new HttpError(400, "Request body must be a JSON object");
}

export const methodNotAllowed = () => jsonError(405, "Method not allowed");

/**
 * Parses an API body with a form's schema. A failure answers 400 with the form's messages: the first as
 * `message`, and every one by field as `errors: {field: [messages]}`.
 */
export function parseFieldsOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "form";
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw Response.json({ message: result.error.issues[0]?.message ?? "Invalid request", errors }, { status: 400 });
}

/** A multipart or url-encoded body as a plain object (files stay File objects; an empty file field is left out). */
export async function formBody(request: Request): Promise<Record<string, FormDataEntryValue>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new HttpError(400, "Request body must be multipart/form-data");
  }
  const body: Record<string, FormDataEntryValue> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string" && value.size === 0) continue;
    body[key] = value;
  }
  return body;
}
