import { useLocation, useNavigation } from "react-router";

/**
 * The search part of the URL this screen is at or, while a change of its own URL loads (a filter, sort or page just
 * chosen), of the URL it is going to: what the next change builds on, or choosing a second filter then would undo the
 * first.
 */
export function useCurrentSearch() {
  const location = useLocation();
  const { location: next, formMethod } = useNavigation();
  return next && next.pathname === location.pathname && (formMethod ?? "GET") === "GET" ? next.search : location.search;
}

/** The current URL with some search params set (a string) or removed (null): for URL-state panels, filters and dialogs. */
export function useSearchHref() {
  const { pathname } = useLocation();
  const search = useCurrentSearch();
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(search);
    params.delete("index");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, String(value));
    }
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}
