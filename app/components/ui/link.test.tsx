import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Link as RouterLink, StaticRouter } from "react-router";
import { describe, expect, test } from "vitest";
import { Link } from "./link.tsx";

type Props = ComponentProps<typeof RouterLink>;
const at = (element: React.ReactNode) =>
  renderToStaticMarkup(<StaticRouter location="/admin/dashboard/user-management/user?page=2">{element}</StaticRouter>);

const cases: Array<[string, Props]> = [
  ["a plain path", { to: "/admin/dashboard/Bookings" }],
  ["a path with a search and a hash", { to: "/admin/dashboard/Bookings?sort=userName&order=desc#list", className: "underline" }],
  ["labelled and targeted", { to: "/guides/12", "aria-label": "View Grace", target: "_blank", rel: "noreferrer" }],
  ["with navigation options", { to: "/admin/dashboard/faqs?delete=4", replace: true, preventScrollReset: true, state: { from: 1 }, viewTransition: true }],
  ["relative to the page", { to: "?delete=4", preventScrollReset: true }],
  ["with dotted segments", { to: "/admin/dashboard/../faqs/./4" }],
  ["with an empty search", { to: "/admin/dashboard/faqs?" }],
  ["with an empty hash", { to: "/admin/dashboard/faqs?page=2#" }],
  ["protocol-relative", { to: "//example.com/a" }],
  ["absolute", { to: "https://example.com/a" }],
  ["an object", { to: { pathname: "/admin/dashboard/faqs", search: "?page=3" } }],
  ["prefetched on intent", { to: "/admin/dashboard/faqs", prefetch: "intent" }],
  ["prefetched on render", { to: "/admin/dashboard/faqs", prefetch: "render" }],
  ["reloading the document", { to: "/admin/dashboard/faqs", reloadDocument: true }],
  ["undiscovered", { to: "/admin/dashboard/faqs", discover: "none" }],
  ["relative to the path", { to: "/admin/dashboard/faqs", relative: "path" }],
];

describe("Link on the server", () => {
  test.each(cases)("writes the anchor React Router writes: %s", (_name, { children: _children, ...props }) => {
    const ours = at(<Link {...props}>Open</Link>);
    expect(ours).toBe(at(<RouterLink {...props}>Open</RouterLink>));
    expect(ours).toMatch(/^<a [^>]*href="[^"]+"[^>]*>Open<\/a>/);
  });

  test("a plain path is written without the router's resolving (which would need a router around it)", () => {
    expect(renderToStaticMarkup(<Link to="/guides?page=2">Next</Link>)).toBe('<a href="/guides?page=2" data-discover="true">Next</a>');
    expect(() => renderToStaticMarkup(<Link to="?page=2">Next</Link>)).toThrow();
  });
});
