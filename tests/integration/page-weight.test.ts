/**
 * The public pages' speed budget: each loads at most 130 KB of JavaScript, gzipped. The scripts a page loads are
 * the ones its server-rendered HTML names (modulepreload links and the module script's imports); their sizes are
 * read from the client build the tests run against and gzipped here, as a proxy in front of the app serves them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createPerson, send } from "#tests/app.ts";

const PUBLIC_JS_BUDGET_BYTES = 130 * 1024;
const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

/** The JavaScript files a page's HTML makes the browser load, by URL path. */
function scriptsOf(html: string) {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const imported of match[1].matchAll(/import(?:\s*\(|[^"']*from\s*)\s*["']([^"']+\.js)["']/g)) urls.add(imported[1]);
  }
  for (const match of html.matchAll(/<script[^>]*src="([^"]+\.js)"/g)) urls.add(match[1]);
  return [...urls];
}

const gzipped = new Map<string, number>();
function gzippedSize(url: string) {
  let size = gzipped.get(url);
  if (size === undefined) {
    const file = path.join(clientDir, new URL(url, "http://localhost").pathname);
    size = gzipSync(readFileSync(file), { level: 6 }).byteLength;
    gzipped.set(url, size);
  }
  return size;
}

async function weightOf(pathname: string) {
  const response = await send(pathname);
  expect(response.status, pathname).toBe(200);
  const scripts = scriptsOf(await response.text());
  const files = scripts.map((url) => ({ url, bytes: gzippedSize(url) })).sort((a, b) => b.bytes - a.bytes);
  return { total: files.reduce((sum, file) => sum + file.bytes, 0), files };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let mentorPath = "";
let postPaths: string[] = [];

beforeAll(async () => {
  const guide = await createPerson("guide");
  await prisma.guideProfile.create({ data: { userId: guide.id, experienceYears: 9, category: "Youth Ministry", videoUrl: "https://vimeo.com/76979871" } });
  mentorPath = `/mentor/${guide.id}`;
  const published = new Date(Date.now() - 24 * 60 * 60 * 1000);
  await prisma.post.createMany({
    data: [
      { kind: "blog", slug: "budget-check", title: "Budget check", summary: "S", body: "Body", author: "A", publishedAt: published },
      { kind: "story", slug: "budget-story", title: "Budget story", summary: "S", body: "Body", author: "A", publishedAt: published },
    ],
  });
  postPaths = ["/blog/budget-check", "/success-stories/budget-story"];
});

describe("public pages load at most 130 KB of JavaScript (gzipped)", () => {
  const pages = [
    "/",
    "MENTOR",
    "/search",
    "/resources",
    "/platform",
    "/become-mentor",
    "/blog",
    "/success-stories",
    "POSTS",
    "/faq",
    "/contact",
    "/privacy-policy",
    "/terms-of-service",
    "/cookie-policy",
    "/accessibility",
    "/unauthorized",
  ];

  test.each(pages)("%s", async (page) => {
    const paths = page === "MENTOR" ? [mentorPath] : page === "POSTS" ? postPaths : [page];
    for (const pathname of paths) {
      const { total, files } = await weightOf(pathname);
      expect(files.length, `${pathname} names its scripts`).toBeGreaterThan(0);
      const detail = files.slice(0, 8).map((file) => `  ${kb(file.bytes)} ${file.url}`).join("\n");
      expect(total, `${pathname} loads ${kb(total)} of JavaScript (budget ${kb(PUBLIC_JS_BUDGET_BYTES)}):\n${detail}`).toBeLessThanOrEqual(PUBLIC_JS_BUDGET_BYTES);
    }
  });

  test("the measure counts what the page really loads (the entry and the page's own module)", async () => {
    const { files } = await weightOf(mentorPath);
    expect(files.some((file) => /entry\.client/.test(file.url))).toBe(true);
    expect(files.some((file) => /mentor-profile/.test(file.url))).toBe(true);
    // The console's libraries stay out of public pages.
    for (const file of files) expect(file.url).not.toMatch(/recharts|dialog|data-table|list-screen/);
  });
});
