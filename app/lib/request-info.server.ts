import { createContext, type MiddlewareFunction } from "react-router";

/** What the server knows about a request beyond its URL and headers; set once per request by the edge. */
export type RequestInfo = {
  /** The Content-Security-Policy nonce for this response's scripts. */
  nonce: string;
  /** The client's IP address (the proxy's last X-Forwarded-For hop when TRUST_PROXY is on); null when unknown. */
  clientAddress: string | null;
  /** The site's origin as the person's browser addressed it (X-Forwarded-Proto/-Host when TRUST_PROXY is on); "" when unknown. */
  origin: string;
  /** The request's id: its log line's, sent back as X-Request-Id and shown on error pages. */
  requestId: string;
};

export const requestInfo = createContext<RequestInfo>({ nonce: "", clientAddress: null, origin: "", requestId: "" });

/** The matched route's path pattern (`/admin/dashboard/users`), noted by the root middleware for the edge's log line. */
export const matchedPattern = createContext<string | null>(null);

export const noteMatchedPattern: MiddlewareFunction<Response> = ({ pattern, context }) => {
  context.set(matchedPattern, pattern);
};

/** The origin absolute URLs of this response use (canonical links, the sitemap, Open Graph): the edge's, else the request's. */
export function siteOrigin(request: Request, context: { get: (key: typeof requestInfo) => RequestInfo }) {
  return context.get(requestInfo).origin || new URL(request.url).origin;
}
