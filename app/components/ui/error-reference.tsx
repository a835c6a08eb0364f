import { useRouteLoaderData } from "react-router";

/**
 * "Reference: <id>" under an error: the id of the request that failed (the root loader's, read again with every
 * navigation), which is its line in the server's log, so a person can quote it to support.
 */
export function ErrorReference() {
  const requestId = (useRouteLoaderData("root") as { requestId?: string } | undefined)?.requestId;
  return requestId ? <p className="break-all text-xs text-slate-600">Reference: {requestId}</p> : null;
}
