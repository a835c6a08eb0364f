import { z } from "zod";
import { MAX_LIMIT, type ListDefinition } from "../list.ts";

/*
 * The API's OpenAPI 3.1 document, built from the zod schemas the routes already parse with (zod 4's own
 * `z.toJSONSchema`). Each area keeps a registry of operations beside its routes (app/routes/api/**\/openapi.ts); a
 * route added there is one entry more.
 */

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** Who may call an operation: anyone, an administrator's session token, or a personal access token with a scope. */
export type Access = { public: true } | { admin: true } | { personal: string | string[] };

/** Statuses an operation refuses with, answering `{message, errors?}`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500;

type QuerySource = ListDefinition | z.ZodObject;

export type Operation = {
  method: Method;
  /** The path as OpenAPI writes it: `/api/admin/get-user-by-id/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  /** Path parameters by name; a parameter of the path not named here is a positive whole number (an id). */
  params?: Record<string, z.ZodType>;
  /**
   * Query parameters: a list's definition (page, limit, search, sort, order, its filters and their aliases), a zod
   * object, or several of them.
   */
  query?: QuerySource | QuerySource[];
  body?: { schema: z.ZodType; type: "json" | "multipart"; optional?: true };
  /** The success answers by status (the body's zod schema). */
  responses: Partial<Record<200 | 201, z.ZodType>>;
  /** The refusals this operation may answer beyond those its access brings (401, 403, and 429 for personal tokens). */
  errors?: ErrorStatus[];
  /** Also answers the list as CSV to `Accept: text/csv` or `?format=csv`. */
  csv?: true;
  /** The success answer's media type when it is not JSON (the reference page's HTML). */
  mediaType?: string;
};

/** The one error shape of the API (`api()` of lib/api.server.ts). */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional().describe("Messages by field, when the refusal is about fields"),
});

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: "Bad input: the message names the parameter or field",
  401: "No valid token",
  403: "The token may not do this",
  404: "No such record",
  405: "Method not allowed",
  409: "The record's state does not allow it",
  413: "The body is too large",
  415: "The file is not a picture",
  422: "The Idempotency-Key was used for a different request",
  429: "Too many requests: Retry-After says when to try again",
  500: "The server could not do it (the Stripe webhook: the event is retried)",
};

const jsonSchemaOf = (schema: z.ZodType, io: "input" | "output") => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
};

/** A query or path parameter's schema: what a URL carries is a string, so an unrepresentable parser reads as one. */
const parameterSchema = (schema: z.ZodType) => {
  const json = jsonSchemaOf(schema, "input");
  return Object.keys(json).length === 0 ? { type: "string" } : json;
};

type Parameter = { name: string; in: "query" | "path"; required: boolean; description?: string; schema: Record<string, unknown>; style?: string; explode?: boolean };

function listParameters(list: ListDefinition): Parameter[] {
  const { defaults, filters, aliases } = list;
  const aliasOf = aliases as Partial<Record<string, string>>;
  const own: Parameter[] = [
    { name: "page", in: "query", required: false, schema: { type: "integer", minimum: 1, default: 1 } },
    { name: "limit", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: defaults.defaultLimit } },
    { name: "search", in: "query", required: false, description: "Search words (the first 200 characters are searched for)", schema: { type: "string" } },
    {
      name: "sort",
      in: "query",
      required: false,
      description: list.sortWithOrder ? "A sortable column, or column:order (e.g. created_at:desc)" : undefined,
      schema: list.sortWithOrder ? { type: "string", default: defaults.defaultSort } : { type: "string", enum: [...defaults.sortable], default: defaults.defaultSort },
    },
    { name: "order", in: "query", required: false, description: "asc or desc, any case", schema: { type: "string", default: defaults.defaultOrder } },
    ...Object.entries(filters).map(([name, schema]): Parameter => ({ name, in: "query", required: false, schema: parameterSchema(schema) })),
  ];
  const aliased = own.flatMap((parameter): Parameter[] => {
    const alias = aliasOf[parameter.name];
    return alias ? [{ ...parameter, name: alias, description: `Another name for ${parameter.name} (${parameter.name} wins when both come)` }] : [];
  });
  return [...own, ...aliased];
}

function objectParameters(schema: z.ZodObject): Parameter[] {
  const json = jsonSchemaOf(schema, "input") as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const repeated = property.type === "array";
    return {
      name,
      in: "query",
      required: json.required?.includes(name) ?? false,
      ...(repeated ? { style: "form", explode: true, description: `Repeat to give several (?${name}=a&${name}=b)` } : {}),
      schema: property,
    };
  });
}

const idSchema = { type: "string", pattern: "^[1-9][0-9]*$", description: "A record's id" };

function pathParameters(operation: Operation): Parameter[] {
  return [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const given = operation.params?.[name];
    return { name, in: "path", required: true, schema: given ? parameterSchema(given) : idSchema };
  });
}

const errorResponse = (status: ErrorStatus) => ({
  description: ERROR_TEXT[status],
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  ...(status === 429 ? { headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } } } : {}),
});

function accessOf(access: Access) {
  if ("public" in access) return { security: [], errors: [] as ErrorStatus[] };
  if ("admin" in access) return { security: [{ adminToken: [] }], errors: [401, 403] as ErrorStatus[] };
  // Several scopes: any one of them will do (e.g. a mentee's `book` or a guide's `schedule`).
  const scopes = [access.personal].flat();
  return { security: scopes.map((scope) => ({ personalToken: [scope] })), errors: [401, 403, 429] as ErrorStatus[], scope: scopes.join(" or ") };
}

/** The operationId: the method and path in camel case (`getApiAdminGetUserById`). */
const operationId = ({ method, path }: Operation) =>
  method + path.replace(/[{}]/g, "").split(/[^A-Za-z0-9]+/).filter(Boolean).map((word) => word[0].toUpperCase() + word.slice(1)).join("");

function operationObject(operation: Operation) {
  const { security, errors, scope } = accessOf(operation.access);
  const query = [operation.query ?? []].flat().flatMap((source) => ("defaults" in source ? listParameters(source) : objectParameters(source)));
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(operation.responses)) {
    const json = { schema: jsonSchemaOf(schema, "output") };
    responses[status] = {
      description: status === "201" ? "Created" : "OK",
      content: {
        [operation.mediaType ?? "application/json"]: json,
        ...(operation.csv ? { "text/csv": { schema: { type: "string" } } } : {}),
      },
    };
  }
  for (const status of [...new Set([...(operation.errors ?? []), ...errors])].sort()) responses[status] = errorResponse(status);
  const body = operation.body;
  return {
    operationId: operationId(operation),
    summary: operation.summary,
    description: [operation.description, scope ? `Needs the \`${scope}\` scope.` : undefined].filter(Boolean).join("\n\n") || undefined,
    tags: [operation.tag],
    security,
    parameters: [...pathParameters(operation), ...query],
    ...(body
      ? {
          requestBody: {
            required: !body.optional,
            content: { [body.type === "json" ? "application/json" : "multipart/form-data"]: { schema: jsonSchemaOf(body.schema, "input") } },
          },
        }
      : {}),
    responses,
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

/** The whole document from every area's operations (each path and method once). */
export function openApiDocument(operations: readonly Operation[], info: { title: string; version: string; description: string }) {
  const paths: Record<string, Partial<Record<Method, ReturnType<typeof operationObject>>>> = {};
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    if (item[operation.method]) throw new Error(`${operation.method.toUpperCase()} ${operation.path} is described twice`);
    item[operation.method] = operationObject(operation);
  }
  return {
    openapi: "3.1.0",
    info,
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorBody, "output") },
      securitySchemes: {
        adminToken: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description: "An administrator's session token from POST /api/auth/login, with or without `Bearer `.",
        },
        personalToken: {
          type: "http",
          scheme: "bearer",
          description: "A personal access token (`mmp_…`) made in Settings → API tokens, with the scopes the operation names.",
        },
      },
    },
  };
}
