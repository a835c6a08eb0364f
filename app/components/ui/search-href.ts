import { useLocation } from "react-router";

/** The current URL with some search params set (a string) or removed (null): for URL-state panels, filters and dialogs. */
export function useSearchHref() {
  const location = useLocation();
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search);
    params.delete("index");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, String(value));
    }
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
}
