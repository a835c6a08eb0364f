import { createElement, type ReactElement } from "react";

/**
 * Every icon of the product, drawn exactly as lucide-react draws it (lucide's ISC-licensed artwork; icons.test.tsx
 * checks each against lucide-react) but as a plain SVG with its shapes built once. lucide-react's components take
 * ~25 µs each to render on the server (context, attribute merging, shapes rebuilt on every render) where these take
 * ~4: a list screen draws 50–100 icons. It also keeps lucide's runtime out of the browser bundles. Always decorative
 * (aria-hidden): the text beside an icon, or its control's label, says what it means.
 *
 * One module per icon, so that a page's bundle holds only the icons it draws. To add one, copy the `node` of
 * node_modules/lucide-react/dist/esm/icons/<name>.mjs (without its `key`s) into icons/<name>.ts, its call to icon()
 * marked pure (or the bundler puts every icon in one chunk), and export it from icons.ts under lucide's name.
 *
 * lucide's drawing style (24 px, a 2 px round stroke in the text colour, no fill) is the `.icon` rule of app.css
 * rather than seven attributes on each SVG: a list screen draws some forty icons, and their attributes were a
 * tenth of its HTML. A class such as `size-4` or `fill-current` still wins (utilities come after the base layer).
 */
export type IconComponent = (props: { className?: string }) => ReactElement;

/** An icon's shapes as lucide-react lists them (its `__iconData.node`): each an SVG element and its attributes. */
type Shapes = [tag: "path" | "circle" | "rect" | "line" | "polyline" | "polygon" | "ellipse", attributes: Record<string, string>][];

export function icon(shapes: Shapes): IconComponent {
  const children = shapes.map(([tag, attributes]) => createElement(tag, attributes));
  return function Icon({ className }) {
    // The shapes as separate children, not a list: a list's items would need keys.
    return createElement("svg", { className: className ? `icon ${className}` : "icon", viewBox: "0 0 24 24", "aria-hidden": "true" }, ...children);
  };
}
