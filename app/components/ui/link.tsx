import { createElement, forwardRef, type ComponentProps } from "react";
import { Link as RouterLink } from "react-router";

type LinkProps = ComponentProps<typeof RouterLink>;

/**
 * React Router's Link, drawn on the server as the anchor it becomes.
 *
 * On the server a Link only decides its `href`, yet React Router resolves its path twice and prepares a navigation
 * for it (each step copying the route matches through JSON). A console page has eighty links, and that was a seventh
 * of its server time. A path that is already absolute and plain resolves to itself, so it is written straight into
 * the same anchor React Router writes; anything else (a relative or dotted path, a document reload) goes to React
 * Router. In the browser every link is React Router's, so hydration and navigation are untouched.
 */
const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const {
    to,
    target,
    children,
    discover,
    reloadDocument,
    relative,
    mask,
    // Navigation options, and a prefetch, which only ever starts in the browser: nothing to write here.
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    prefetch: _prefetch,
    ...anchor
  } = props;
  if (!isPlainPath(to) || discover === "none" || reloadDocument || relative || mask) return <RouterLink ref={ref} {...props} />;
  // The anchor's props are the rest object itself, completed in place: spreading it into a new object costs more
  // than all the rest of this function.
  Object.assign(anchor, { href: to, target, "data-discover": "true", children });
  return createElement("a", anchor);
});

export const Link = import.meta.env.SSR ? ServerLink : RouterLink;

/** An absolute path React Router leaves as it is: not protocol-relative, no "." or ".." segment, no empty search or hash. */
function isPlainPath(to: LinkProps["to"]): to is string {
  return (
    typeof to === "string" &&
    to.charCodeAt(0) === 47 /* / */ &&
    to.charCodeAt(1) !== 47 &&
    !to.includes("/.") &&
    !to.includes("?#") &&
    !to.endsWith("?") &&
    !to.endsWith("#")
  );
}
