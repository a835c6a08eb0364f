/**
 * The public pages' speed budget: each loads at most 132 KB of JavaScript, gzipped (130 until organisation fields
 * suggested names and every error page quoted its request's reference: 0.3 KB more on the longest form; 131 until every
 * page kept the focus in place after a save or a navigation, lib/use-after-navigation.ts). The pages with a form (sign-in,
 * sign-up, verify, reset, guide application, support) load their zod schemas only after hydrating (lib/use-app-form.ts)
 * and no class-merging library (the UI primitives' looks are components-layer classes in app.css), and are held to the
 * same 132 KB. What keeps the longest ones under it: terser as the client's minifier (vite.config.ts), plain-SVG icons
 * without lucide-react's runtime (components/ui/icons.ts), texts the page only shows sent with its loader data.
 * The scripts a page loads are the ones its server-rendered HTML names (modulepreload links and the module script's
 * imports); their sizes are read from the client build the tests run against and gzipped here, as a proxy in front of
 * the app serves them. PAGE_WEIGHT_REPORT=1 prints every page's weight.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createPerson, send } from "#tests/app.ts";

const PUBLIC_JS_BUDGET_BYTES = 132 * 1024;
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
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  // PAGE_WEIGHT_REPORT=1 prints every page's weight (e.g. to compare a change's effect on all of them).
  if (process.env.PAGE_WEIGHT_REPORT) console.log(`${pathname.padEnd(60)} ${kb(total).padStart(9)} in ${files.length} scripts`);
  return { total, files };
}

/** Whether a built script holds zod (its schemas reach their internals through `_zod`). */
const holdsZod = (url: string) => /\b_zod\b/.test(readFileSync(path.join(clientDir, new URL(url, "http://localhost").pathname), "utf8"));

/** Whether a built script holds tailwind-merge (its class groups have ids such as "fvn-normal"). */
const holdsTailwindMerge = (url: string) => /["']fvn-/.test(readFileSync(path.join(clientDir, new URL(url, "http://localhost").pathname), "utf8"));

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

describe("public pages load at most 132 KB of JavaScript (gzipped)", () => {
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

describe("the form pages load no zod (and no class-merging library) before hydrating, and stay within the budget", () => {
  const formPages = [
    "/login",
    "/admin/login",
    "/signup",
    "/reset-password",
    "/reset-password?email=budget%40example.com&sent=1",
    "/verify-email",
    "/verify-email?email=budget%40example.com",
    "/support",
    "/guide-application",
  ];

  test.each(formPages)("%s", async (pathname) => {
    const { total, files } = await weightOf(pathname);
    expect(files.some((file) => /entry\.client/.test(file.url)), `${pathname} names its scripts`).toBe(true);
    // The schemas (and zod with them) arrive by a dynamic import() after hydration: no first-load script holds them.
    expect(files.filter((file) => holdsZod(file.url)).map((file) => file.url), `${pathname} loads zod up front`).toEqual([]);
    // The UI primitives need no class merging (their looks are components-layer classes in app.css).
    expect(files.filter((file) => holdsTailwindMerge(file.url)).map((file) => file.url), `${pathname} loads tailwind-merge`).toEqual([]);
    const detail = files.slice(0, 8).map((file) => `  ${kb(file.bytes)} ${file.url}`).join("\n");
    expect(total, `${pathname} loads ${kb(total)} of JavaScript (budget ${kb(PUBLIC_JS_BUDGET_BYTES)}):\n${detail}`).toBeLessThanOrEqual(PUBLIC_JS_BUDGET_BYTES);
  });

  test("the check can fail: the build holds tailwind-merge (the console's cn()), in none of the form pages' scripts", async () => {
    const { files } = await weightOf("/guide-application");
    const merging = readdirSync(path.join(clientDir, "assets")).filter((name) => name.endsWith(".js") && holdsTailwindMerge(`/assets/${name}`));
    expect(merging.length).toBeGreaterThan(0);
    for (const file of files) expect(merging).not.toContain(path.basename(file.url));
  });

  test("the check can fail: the build holds zod, in chunks the form pages import only after hydrating", async () => {
    const { files } = await weightOf("/signup");
    const lazy = readdirSync(path.join(clientDir, "assets")).filter((name) => name.endsWith(".js") && holdsZod(`/assets/${name}`));
    expect(lazy.length).toBeGreaterThan(0);
    for (const file of files) expect(lazy).not.toContain(path.basename(file.url));
  });
});
