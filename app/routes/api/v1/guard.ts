import type { Route } from "./+types/guard";
import { currentUser } from "#app/lib/guards.server.ts";
import { HttpError, jsonError } from "#app/lib/http.server.ts";
import { readApiToken } from "#app/lib/session.server.ts";
import { countTokenRequest, holderOfToken } from "#app/modules/access-tokens/access-tokens.server.ts";
import { tokenHolder } from "#app/modules/access-tokens/token-holder.ts";

/**
 * Every /api/v1 call: a mentee's or guide's personal access token in Authorization (401 without a good one),
 * counted against the token's budget per minute (429 with Retry-After past it). Each route then asks for its scope.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    let remaining: number;
    let limit: number;
    try {
      const holder = await holderOfToken(readApiToken(request));
      ({ remaining, limit } = await countTokenRequest(holder));
      context.set(tokenHolder, holder);
      context.set(currentUser, holder.user);
    } catch (error) {
      if (error instanceof HttpError) throw jsonError(error.status, error.message, error.headers);
      throw error;
    }
    const response = (await next()) as Response;
    response.headers.set("RateLimit-Limit", String(limit));
    response.headers.set("RateLimit-Remaining", String(remaining));
    return response;
  },
];
