import { adminLinks } from "#app/lib/admin-links.ts";
import type { ListDefaults } from "#app/lib/list.ts";

/** The two kinds of post: articles of the blog, and success stories of people the platform helped. */
export const postKinds = ["blog", "story"] as const;
export type PostKind = (typeof postKinds)[number];

/** How each kind is named on screen and where it lives, in the console and on the public site. */
export const postKindInfo: Record<PostKind, { plural: string; singular: string; article: string; console: string; public: string }> = {
  blog: { plural: "Blog", singular: "blog post", article: "a blog post", console: adminLinks.blog, public: "/blog" },
  story: { plural: "Success Stories", singular: "success story", article: "a success story", console: adminLinks.successStories, public: "/success-stories" },
};

export const LIMITS = { title: 150, slug: 100, summary: 300, body: 20_000, author: 100 } as const;

/** The public /blog and /success-stories: published posts, newest first, nine cards a page (only ?page is read). */
export const publicPostListDefaults = {
  sortable: ["publishedAt"],
  defaultSort: "publishedAt",
  defaultOrder: "desc",
  defaultLimit: 9,
  pageSizes: [9],
} as const satisfies ListDefaults<"publishedAt">;

/** What a slug may be: lowercase letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;


/**
 * Which kind of post a URL is about: the console's /admin/dashboard/success-stories… and the public
 * /success-stories… are stories, everything else (/blog…, /admin/dashboard/blog…) the blog. One route module
 * serves both kinds, each under its own route id.
 */
export function postKindOfPath(pathname: string): PostKind {
  return /^(\/admin\/dashboard)?\/success-stories(\/|$)/.test(pathname) ? "story" : "blog";
}
