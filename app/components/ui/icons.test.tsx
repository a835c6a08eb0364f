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

  test("an icon is a decorative 24 px outline that takes its size and colour from its class", () => {
    expect(renderToStaticMarkup(<icons.Eye className="size-4 text-slate-500" />)).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-4 text-slate-500" aria-hidden="true">/,
    );
  });
});
