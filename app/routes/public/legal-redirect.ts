import { redirect } from "react-router";
import type { Route } from "./+types/legal-redirect";

/** The footer's short links (/privacy, /terms) answer with a permanent redirect to the full pages. */
const targets: Record<string, string> = { "/privacy": "/privacy-policy", "/terms": "/terms-of-service" };

export function loader({ request }: Route.LoaderArgs) {
  const { pathname, search } = new URL(request.url);
  return redirect(`${targets[pathname.replace(/\/+$/, "")] ?? "/privacy-policy"}${search}`, 301);
}
