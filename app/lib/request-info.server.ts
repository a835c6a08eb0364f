import { createContext } from "react-router";

/** What the server knows about a request beyond its URL and headers; set once per request by the edge. */
export type RequestInfo = {
  /** The Content-Security-Policy nonce for this response's scripts. */
  nonce: string;
  /** The client's IP address (the proxy's last X-Forwarded-For hop when TRUST_PROXY is on); null when unknown. */
  clientAddress: string | null;
};

export const requestInfo = createContext<RequestInfo>({ nonce: "", clientAddress: null });
