// The editable pages, their names and limits, without zod: the console's editor imports these in the browser.

export const pageSlugs = ["home", "platform", "become_a_guide"] as const;
export type PageSlug = (typeof pageSlugs)[number];

/** Names a person reads: the console's titles and the success toast's text. */
export const pageLabels: Record<PageSlug, { title: string; updated: string; publicPath: string }> = {
  home: { title: "Home Page Content", updated: "Home page updated", publicPath: "/" },
  platform: { title: "Platform Page Content", updated: "Platform page updated", publicPath: "/platform" },
  become_a_guide: { title: "Become a Guide Page Content", updated: "Become a Guide page updated", publicPath: "/become-mentor" },
};

/** The most sections, and the most testimonials, a page holds. */
export const MAX_LIST_ITEMS = 12;
