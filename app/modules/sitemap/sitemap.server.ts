import { prisma } from "#app/lib/db.server.ts";
import { listLiveMentorIds } from "#app/modules/mentor-profile/mentor-profile.server.ts";

/**
 * What search engines are told about: the public pages, every live mentor's profile and the published
 * blog and success-story posts, each with when it last changed where that is known.
 */

/** The public pages a crawler should know, by their canonical path (aliases such as /privacy are left out). */
export const PUBLIC_PAGES = [
  "/",
  "/search",
  "/become-mentor",
  "/platform",
  "/resources",
  "/blog",
  "/success-stories",
  "/faq",
  "/support",
  "/contact",
  "/guide-application",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/accessibility",
] as const;

export type SitemapEntry = { path: string; lastmod?: string };

/** Where each kind of post is read (the Post table's kind → its public path). */
const postPaths = { blog: "/blog", story: "/success-stories" } as const;

/**
 * Every URL of the sitemap: two queries however many guides and posts there are, each selecting only
 * what the sitemap prints (ids or slugs and dates).
 */
export async function sitemapEntries(now = new Date()): Promise<SitemapEntry[]> {
  const [mentors, posts] = await Promise.all([
    listLiveMentorIds(),
    prisma.post.findMany({
      where: { kind: { in: Object.keys(postPaths) }, publishedAt: { not: null, lte: now } },
      select: { kind: true, slug: true, updatedAt: true },
      orderBy: [{ kind: "asc" }, { publishedAt: "desc" }],
    }),
  ]);
  return [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...mentors.map((mentor) => ({ path: `/mentor/${mentor.id}`, lastmod: mentor.updatedAt.toISOString() })),
    ...posts.map((post) => ({
      path: `${postPaths[post.kind as keyof typeof postPaths]}/${encodeURIComponent(post.slug)}`,
      lastmod: post.updatedAt.toISOString(),
    })),
  ];
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** The sitemap document (sitemaps.org 0.9) for `origin`. */
export function sitemapXml(origin: string, entries: SitemapEntry[]) {
  const urls = entries.map(
    (entry) => `<url><loc>${escapeXml(origin + entry.path)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt: the public site is open; the dashboards, the console and the API are not for crawlers. */
export function robotsTxt(origin: string) {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /mentor-dashboard",
    "Disallow: /user-dashboard",
    "Disallow: /api",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
