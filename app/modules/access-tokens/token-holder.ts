import { createContext } from "react-router";
import { HttpError } from "#app/lib/http.server.ts";
import type { TokenHolder } from "./access-tokens.server.ts";
import { TOKEN_MESSAGES, type TokenScope } from "./scopes.ts";

/** The token behind an /api/v1 request, set by its guard (routes/api/v1/guard.ts). */
export const tokenHolder = createContext<TokenHolder | null>(null);

/** The request's token holder, if the token was given `scope`; otherwise a 403 naming the scope. */
export function holderWith(context: { get: (key: typeof tokenHolder) => TokenHolder | null }, scope: TokenScope): TokenHolder {
  const holder = context.get(tokenHolder);
  if (!holder) throw new HttpError(401, TOKEN_MESSAGES.missing);
  if (!holder.scopes.includes(scope)) throw new HttpError(403, TOKEN_MESSAGES.scopeMissing(scope));
  return holder;
}
