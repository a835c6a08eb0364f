import { readFileSync } from "node:fs";
import * as lucide from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import * as icons from "./icons.ts";

const shapes = (markup: string) => markup.replace(/^<svg[^>]*>|<\/svg>$/g, "");
const ours = Object.entries(icons).filter((entry): entry is [string, icons.IconComponent] => typeof entry[1] === "function");

describe("icons", () => {
  test.each(ours)("%s draws lucide's artwork", (name, Icon) => {
    const Lucide = lucide[name as keyof typeof lucide] as lucide.LucideIcon;
    expect(Lucide, `lucide-react has no icon named ${name}`).toBeDefined();
    expect(shapes(renderToStaticMarkup(<Icon />))).toBe(shapes(renderToStaticMarkup(<Lucide />)));
  });

  test("an icon is a decorative outline drawn in lucide's style by the .icon rule, sized and coloured by its class", () => {
    expect(renderToStaticMarkup(<icons.Eye className="size-4 text-slate-500" />)).toMatch(/^<svg class="icon size-4 text-slate-500" viewBox="0 0 24 24" aria-hidden="true">/);
    expect(renderToStaticMarkup(<icons.Eye />)).toMatch(/^<svg class="icon" viewBox/);
    const css = readFileSync(new URL("../../app.css", import.meta.url), "utf8");
    const rule = /\.icon \{([^}]*)\}/.exec(css)?.[1].replace(/\s+/g, " ").trim();
    // lucide-react's own attributes, as CSS: width="24" height="24" fill="none" stroke="currentColor" stroke-width="2"…,
    // and never narrowed by a flex row.
    expect(rule).toBe("width: 24px; height: 24px; flex-shrink: 0; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round;");
  });
});
