/**
 * A post's body: plain text with a small Markdown subset, parsed into blocks that React renders as elements.
 * No HTML is ever produced from the text or passed through (a `<script>` typed into a post is shown as text), so
 * there is nothing to sanitise. What is understood:
 *
 *   blank line        a new paragraph (a single line break stays a line break)
 *   ## Heading        a section heading (### for a smaller one)
 *   - item / * item   a bulleted list; 1. item a numbered one
 *   > quote           a quotation
 *   **bold**, *italic*, [a link](https://…)   inside any of them (links: http, https, mailto or a path on this site)
 */

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "link"; href: string; external: boolean; children: Inline[] }
  | { type: "break" };

export type Block =
  | { type: "paragraph"; children: Inline[] }
  | { type: "heading"; level: 2 | 3; children: Inline[] }
  | { type: "list"; ordered: boolean; items: Inline[][] }
  | { type: "quote"; children: Inline[] };

/** Any origin: a path is resolved against it to see whether the browser would stay on the site. */
const SITE = new URL("https://site.invalid/");

/**
 * Links a post may carry: the web, e-mail, or a page of this site (never javascript:, data: and the like). A path
 * counts only when a browser resolving it stays on the site: browsers read `\` as `/`, so `/\evil.example` leaves
 * it as `//evil.example` does, and such a link is dropped (its text stays).
 */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (trimmed.startsWith("/")) return new URL(trimmed, SITE).origin === SITE.origin ? trimmed : null;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Whether a safe href leaves this site (it then opens with rel="noopener noreferrer"). */
export const isExternalHref = (safe: string) => !safe.startsWith("/");

const inlinePattern = /\*\*(.+?)\*\*|\*(?!\s)(.+?)\*|(?<!\w)_(?!\s)(.+?)_(?!\w)|\[([^\]\n]+)\]\(([^)\s]+)\)|\n/s;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  const pushText = (value: string) => {
    if (!value) return;
    const last = out.at(-1);
    if (last?.type === "text") last.text += value;
    else out.push({ type: "text", text: value });
  };
  while (rest) {
    const match = inlinePattern.exec(rest);
    if (!match) {
      pushText(rest);
      break;
    }
    pushText(rest.slice(0, match.index));
    const [whole, strong, em, emUnderscore, linkText, href] = match;
    if (whole === "\n") out.push({ type: "break" });
    else if (strong !== undefined) out.push({ type: "strong", children: parseInline(strong) });
    else if (em !== undefined || emUnderscore !== undefined) out.push({ type: "em", children: parseInline(em ?? emUnderscore) });
    else {
      const safe = safeHref(href);
      if (safe) out.push({ type: "link", href: safe, external: isExternalHref(safe), children: parseInline(linkText) });
      else pushText(linkText);
    }
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}

const bullet = /^\s*[-*]\s+/;
const numbered = /^\s*\d{1,3}[.)]\s+/;

export function parseBody(body: string): Block[] {
  const blocks: Block[] = [];
  const chunks = body.replace(/\r\n?/g, "\n").split(/\n\s*\n/);
  for (const chunk of chunks) {
    const lines = chunk.split("\n").filter((line) => line.trim() !== "");
    if (lines.length === 0) continue;
    const heading = /^(#{1,3})\s+(.*)$/.exec(lines[0]);
    if (heading && lines.length === 1) {
      blocks.push({ type: "heading", level: heading[1].length >= 3 ? 3 : 2, children: parseInline(heading[2].trim()) });
      continue;
    }
    if (lines.every((line) => bullet.test(line)) || lines.every((line) => numbered.test(line))) {
      const ordered = !bullet.test(lines[0]);
      const pattern = ordered ? numbered : bullet;
      blocks.push({ type: "list", ordered, items: lines.map((line) => parseInline(line.replace(pattern, "").trim())) });
      continue;
    }
    if (lines.every((line) => /^\s*>/.test(line))) {
      blocks.push({ type: "quote", children: parseInline(lines.map((line) => line.replace(/^\s*>\s?/, "")).join("\n").trim()) });
      continue;
    }
    blocks.push({ type: "paragraph", children: parseInline(lines.map((line) => line.trim()).join("\n")) });
  }
  return blocks;
}

/** The body as plain text (for a description when a post has no summary, and for reading time). */
export function plainText(body: string) {
  return body
    .replace(/\[([^\]\n]+)\]\([^)\s]+\)/g, "$1")
    .replace(/[*_>#]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Minutes to read, at 220 words a minute, at least one. */
export function readingMinutes(body: string) {
  const words = plainText(body).split(" ").filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}
