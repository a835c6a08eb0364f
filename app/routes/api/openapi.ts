import { z } from "zod";
import { credentialsSchema } from "#app/lib/auth-schema.ts";
import { openApiDocument, type OpenApiDocument, type Operation } from "#app/lib/openapi/document.ts";
import { messageOnly, nameSuggestions } from "#app/lib/openapi/shapes.ts";
import { adminOperations } from "./admin/openapi.ts";
import { v1Operations } from "./v1/openapi.ts";

/** A public route of a field's suggestions (`suggestions()` of lib/api.server.ts): `?search=` → `{data: [names]}`. */
const suggestionsOperation = (path: string, tag: string, summary: string, description: string): Operation => ({
  method: "get",
  path,
  tag,
  summary,
  description,
  access: { public: true },
  query: z.object({ search: z.string().max(100).optional() }),
  responses: { 200: nameSuggestions },
  errors: [400],
});

/** The routes of /api itself: signing in and out for the admin API, Stripe's webhook, and this description. */
const apiOperations: Operation[] = [
  {
    method: "post",
    path: "/api/auth/login",
    tag: "Sign-in",
    summary: "Sign in for the admin API",
    description:
      "Answers a session token for the Authorization header. An account whose address is not verified yet gets a 403 and a fresh code by e-mail; wrong passwords are limited per account and per client address (429).",
    access: { public: true },
    body: { schema: credentialsSchema, type: "json" },
    responses: {
      200: z.object({
        token: z.string(),
        user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), userType: z.enum(["admin", "guide", "user"]) }),
      }),
    },
    errors: [400, 401, 403, 429],
  },
  {
    method: "post",
    path: "/api/auth/logout",
    tag: "Sign-in",
    summary: "Sign out",
    description: "Ends the API session whose token is in Authorization (only an API session).",
    access: { admin: true },
    responses: { 200: messageOnly },
  },
  suggestionsOperation("/api/organisations", "Organisations", "Suggest organisations", "What an organisation field suggests as someone types: up to 20 names matching `search`, by name. Names only."),
  suggestionsOperation(
    "/api/mentor-names",
    "Mentors",
    "Suggest mentors' names",
    "What a field naming a mentor suggests as someone types: up to 20 names of mentors Find a Mentor shows that hold `search`, by name.",
  ),
  {
    method: "post",
    path: "/api/webhooks/stripe",
    tag: "Webhooks",
    summary: "Receive a Stripe event",
    description: "For Stripe only: the Stripe-Signature header over the raw body is the proof that Stripe sent it.",
    access: { public: true },
    body: { schema: z.looseObject({ id: z.string(), type: z.string() }), type: "json" },
    responses: { 200: z.object({ received: z.literal(true), outcome: z.unknown() }) },
    errors: [400, 500],
  },
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Reference",
    summary: "This description",
    description: "The OpenAPI 3.1 document of the whole API (cacheable).",
    access: { public: true },
    responses: { 200: z.looseObject({ openapi: z.string() }) },
  },
  {
    method: "get",
    path: "/api/docs",
    tag: "Reference",
    summary: "The API's reference page",
    access: { public: true },
    mediaType: "text/html",
    responses: { 200: z.string() },
  },
];

/** Every area's operations: a new route of /api adds its entry to its area's list (or a new area's list here). */
export const operations: readonly Operation[] = [...apiOperations, ...adminOperations, ...v1Operations];

let document: OpenApiDocument | undefined;

/** The document, built once per process (building zod's JSON Schemas is the costly part). */
export function apiDocument() {
  document ??= openApiDocument(operations, {
    title: "Ministry Mentors API",
    version: "1.0.0",
    description: [
      "The admin API (`/api/admin/*`: sign in with POST /api/auth/login and send the token in `Authorization`) and the",
      "marketplace API (`/api/v1/*`: a personal access token, `Authorization: Bearer mmp_…`, made in Settings → API",
      "tokens, with scopes). Every refusal answers `{message, errors?}`.",
    ].join(" "),
  });
  return document;
}
