import { describe, expect, test } from "vitest";
import { parseBody, parseInline, readingMinutes, safeHref } from "./body.ts";
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
    expect(parseInline("[home](/support)")).toEqual([{ type: "link", href: "/support", children: [{ type: "text", text: "home" }] }]);
    expect(parseInline("[x](javascript:alert(1))")).toEqual([{ type: "text", text: "x)" }]);
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "//evil.example", "vbscript:x"]) expect(safeHref(bad)).toBeNull();
    expect(safeHref("https://example.org/a b")).toBe("https://example.org/a%20b");
    expect(safeHref("mailto:help@example.org")).toBe("mailto:help@example.org");
  });

  test("slugs and reading time", () => {
    expect(slugify("Rest, Sabbath & the Busy Pastor’s Week")).toBe("rest-sabbath-the-busy-pastors-week");
    expect(slugify("  Café Église  ")).toBe("cafe-eglise");
    expect(slugify("!!!")).toBe("");
    expect(readingMinutes("word ".repeat(660))).toBe(3);
    expect(readingMinutes("short")).toBe(1);
  });
});
