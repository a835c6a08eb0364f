import { useCallback, useRef } from "react";
import { useLocation } from "react-router";

/** The link on the page that leads to the dialog's own URL state (its `?delete=12`, `?reject=4`, `?edit=3`…). */
function openerOf(openedSearch: string, closeHref: string) {
  const closed = new URL(closeHref, window.location.href).searchParams;
  const own = [...new URLSearchParams(openedSearch)].filter(([key, value]) => closed.get(key) !== value);
  if (own.length === 0) return null;
  return (
    [...document.querySelectorAll<HTMLAnchorElement>("main a[href]")].find((link) => {
      const params = new URL(link.href).searchParams;
      return own.every(([key, value]) => params.get(key) === value);
    }) ?? null
  );
}

/**
 * For a dialog opened by URL state (it may have opened from a link, a reload or without JavaScript): where
 * focus goes when it closes (Escape, Cancel, the close link, or after its action): back to the link that
 * opens it, or, when that is gone (the record was deleted), to the page's main content, never the page body.
 * Pass the result as the dialog's `onCloseAutoFocus`.
 */
export function useFocusOpener(closeHref: string) {
  const location = useLocation();
  const openedSearch = useRef(location.search);
  return useCallback(
    (event: Event) => {
      event.preventDefault();
      const target = openerOf(openedSearch.current, closeHref) ?? document.getElementById("main");
      target?.focus();
    },
    [closeHref],
  );
}
