import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Stars } from "./stars.tsx";

/** The stars each path draws: one `M` per star. */
const drawn = (markup: string, fill: string) => (new RegExp(`<path class="${fill}[^"]*"[^>]*d="([^"]*)"`).exec(markup)?.[1].match(/M/g) ?? []).length;

describe("stars", () => {
  test.each([
    [4.3, 4],
    [4.5, 5],
    [1, 1],
    [0, 0],
    [5, 5],
  ])("%s is drawn as %i filled stars out of five, in one picture named by the rating", (rating, filled) => {
    const markup = renderToStaticMarkup(<Stars rating={rating} />);
    expect(markup.match(/<svg/g)).toHaveLength(1);
    expect(markup).toContain(`role="img" aria-label="${rating} out of 5 stars"`);
    expect(drawn(markup, "fill-accent-400")).toBe(filled);
    expect(drawn(markup, "fill-slate-200")).toBe(5 - filled);
  });

  test("the five stars sit side by side, each as tall as the size asked for, and repeat one outline", () => {
    const markup = renderToStaticMarkup(<Stars rating={2} size="size-5" />);
    expect(markup).toMatch(/viewBox="0 0 120 24" class="inline-block shrink-0 h-5 w-25"/);
    const starts = [...markup.matchAll(/M(\d+) 2\.5l/g)].map((match) => Number(match[1]));
    expect(starts).toEqual([12, 36, 60, 84, 108]);
  });

  test("decorative stars, beside a text that says the rating, are hidden from screen readers", () => {
    const markup = renderToStaticMarkup(<Stars rating={3} decorative />);
    expect(markup).toContain('aria-hidden="true"');
    expect(markup).not.toContain("role=");
  });
});
