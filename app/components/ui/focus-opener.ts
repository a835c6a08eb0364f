import { useCallback, useRef } from "react";
import { useLocation } from "react-router";

/**
 * The link on the page that leads to the dialog's own URL state: its `?delete=12`, `?reject=4`, `?edit=3`…, or its own
 * path (a mentor's `/mentor/9/book` over `/mentor/9`).
 */
function openerOf(opened: { pathname: string; search: string }, closeHref: string) {
  const closedUrl = new URL(closeHref, window.location.href);
  const links = [...document.querySelectorAll<HTMLAnchorElement>("main a[href]")];
  if (closedUrl.pathname !== opened.pathname) return links.find((link) => new URL(link.href).pathname === opened.pathname && link.checkVisibility()) ?? null;
  const closed = closedUrl.searchParams;
  const own = [...new URLSearchParams(opened.search)].filter(([key, value]) => closed.get(key) !== value);
  if (own.length === 0) return null;
  return (
    links.find((link) => {
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
  const opened = useRef({ pathname: location.pathname, search: location.search });
  return useCallback(
    (event: Event) => {
      event.preventDefault();
      const target = openerOf(opened.current, closeHref) ?? document.getElementById("main");
      target?.focus();
    },
    [closeHref],
  );
}
