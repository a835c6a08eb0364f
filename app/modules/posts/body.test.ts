import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { parseBody, parseInline, readingMinutes, safeHref } from "./body.ts";
import { PostBody } from "./post-body.tsx";
import { slugify } from "./schema.ts";

describe("post bodies", () => {
  test("blocks: paragraphs, headings, lists and quotes", () => {
    const blocks = parseBody("## Start here\n\nOne line\nand the next.\n\n- a\n- b\n\n1. first\n2. second\n\n> a quote\n> goes on");
    expect(blocks.map((block) => block.type)).toEqual(["heading", "paragraph", "list", "list", "quote"]);
    expect(blocks[1]).toEqual({ type: "paragraph", children: [{ type: "text", text: "One line" }, { type: "break" }, { type: "text", text: "and the next." }] });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [[{ text: "a" }], [{ text: "b" }]] });
    expect(blocks[3]).toMatchObject({ ordered: true, items: [[{ text: "first" }], [{ text: "second" }]] });
  });

  test("inline: bold, italic and safe links only", () => {
    expect(parseInline("**bold** and *it* and snake_case_name")).toEqual([
      { type: "strong", children: [{ type: "text", text: "bold" }] },
      { type: "text", text: " and " },
      { type: "em", children: [{ type: "text", text: "it" }] },
      { type: "text", text: " and snake_case_name" },
    ]);
    expect(parseInline("[home](/support)")).toEqual([{ type: "link", href: "/support", external: false, children: [{ type: "text", text: "home" }] }]);
    expect(parseInline("[x](javascript:alert(1))")).toEqual([{ type: "text", text: "x)" }]);
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "//evil.example", "vbscript:x"]) expect(safeHref(bad)).toBeNull();
    expect(safeHref("https://example.org/a b")).toBe("https://example.org/a%20b");
    expect(safeHref("mailto:help@example.org")).toBe("mailto:help@example.org");
  });

  test("a path that a browser would resolve off the site is no link: /\\host, //host, \\\\host and their dotted forms", () => {
    for (const trick of ["/\\evil.example/path", " /\\evil.example", "//evil.example", "\\\\evil.example", "\\/evil.example", "/\\/evil.example"]) {
      expect(safeHref(trick), trick).toBeNull();
      expect(parseInline(`[read more](${trick.trim()})`), trick).toEqual([{ type: "text", text: "read more" }]);
    }
    expect(safeHref("/\t/evil.example")).toBeNull(); // the browser drops the tab
    // Paths that only look odd stay on the site, written as they were (the browser resolves them against this origin).
    for (const path of ["/blog/a?x=1#y", "/./a", "/%5Cevil.example", "/%2F%2Fevil.example", "/.//evil.example"]) expect(safeHref(path), path).toBe(path);
  });

  test("links off the site open with rel noopener noreferrer; the site's own pages without it", () => {
    expect(parseInline("[Stripe](https://stripe.com/docs)")).toEqual([{ type: "link", href: "https://stripe.com/docs", external: true, children: [{ type: "text", text: "Stripe" }] }]);
    expect(parseInline("[write](mailto:help@example.org)")[0]).toMatchObject({ type: "link", external: true });
    const html = renderToStaticMarkup(createElement(PostBody, { body: "See [Stripe](https://stripe.com/docs), [FAQ](/faq) and [evil](/\\evil.example/x)." }));
    expect(html).toContain('<a href="https://stripe.com/docs" class="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800" rel="noopener noreferrer nofollow">Stripe</a>');
    expect(html).toMatch(/<a href="\/faq" class="[^"]*">FAQ<\/a>/);
    expect(html).not.toContain("evil.example");
    expect(html).toContain("and evil.");
  });

  test("slugs and reading time", () => {
    expect(slugify("Rest, Sabbath & the Busy Pastor’s Week")).toBe("rest-sabbath-the-busy-pastors-week");
    expect(slugify("  Café Église  ")).toBe("cafe-eglise");
    expect(slugify("!!!")).toBe("");
    expect(readingMinutes("word ".repeat(660))).toBe(3);
    expect(readingMinutes("short")).toBe(1);
  });
});
