import type { RouterContextProvider } from "react-router";
import { badRequest, HttpError, jsonError } from "./http.server.ts";
import { logError } from "./logger.server.ts";
import { requestInfo } from "./request-info.server.ts";

type Handler<A> = (args: A) => Promise<Response | object>;

/**
 * Wraps an API resource route's loader or action: answers JSON, turns refusals into `{message, errors?}`
 * (errors: `{field: [messages]}`) with their status, and never leaks an internal error's details.
 */
export function api<A extends { request: Request; context: Readonly<RouterContextProvider> }>(handler: Handler<A>) {
  return async (args: A): Promise<Response> => {
    try {
      const result = await handler(args);
      return result instanceof Response ? result : Response.json(result);
    } catch (error) {
      if (error instanceof Response) return error;
      if (error instanceof HttpError) return jsonError(error.status, error.message, error.headers, error.errors);
      logError(error, { requestId: args.context.get(requestInfo).requestId });
      return jsonError(500, "Something went wrong. Please try again.");
    }
  };
}

/**
 * A public route of suggestions for a field as someone types (`?search=` → `{data: ["…", …]}`, see `suggest.ts`):
 * `find` answers what was typed, at most 100 characters.
 */
export const suggestions = (find: (typed: string) => Promise<string[]>) =>
  api(async ({ request }: { request: Request; context: Readonly<RouterContextProvider> }) => {
    const search = new URL(request.url).searchParams.get("search") ?? "";
    if (search.length > 100) throw badRequest("search must be at most 100 characters");
    return { data: await find(search) };
  });

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

/** 405 `{message}`; with the methods the path does take, as an `Allow` header. */
export const methodNotAllowed = (allowed?: readonly string[]) =>
  jsonError(405, "Method not allowed", allowed ? { Allow: allowed.join(", ") } : {});

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
