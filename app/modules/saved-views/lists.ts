import { adminLinks } from "#app/lib/admin-links.ts";

/**
 * The console lists an admin may save views of, by key (SavedView.list): each one's screen (where its views open and
 * under whose sidebar item they appear). Zod-free, so the sidebar and the toolbars' "Save view" read it too.
 */
export const savedViewLists = {
  users: { label: "User Management", path: adminLinks.userManagement },
  guides: { label: "Guides", path: adminLinks.guides },
  organisations: { label: "Organisations", path: adminLinks.organisations },
  "guide-requests": { label: "Guide Requests", path: adminLinks.guideRequests },
  "people-directory": { label: "Users and Guides", path: adminLinks.peopleDirectory },
  bookings: { label: "Bookings", path: adminLinks.bookings },
  transactions: { label: "Transactions", path: adminLinks.transactions },
  payouts: { label: "Payouts", path: adminLinks.payouts },
  reviews: { label: "Reviews", path: adminLinks.reviews },
  "customer-queries": { label: "Customer Queries", path: adminLinks.customerQueries },
  outbox: { label: "Outbox", path: adminLinks.outbox },
  resources: { label: "Resources", path: adminLinks.resources },
  faqs: { label: "FAQs", path: adminLinks.faqs },
  blog: { label: "Blog", path: adminLinks.blog },
  "success-stories": { label: "Success Stories", path: adminLinks.successStories },
} as const;

export type SavedViewList = keyof typeof savedViewLists;

export const savedViewListKeys = Object.keys(savedViewLists) as [SavedViewList, ...SavedViewList[]];

/** The URL parameter that opens the "Save view" dialog over a list. */
export const SAVE_VIEW_PARAM = "saveView";

export const VIEW_NAME_MAX = 60;
/** How many views an admin keeps of one list. */
export const VIEWS_PER_LIST = 20;

export const savedViewMessages = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${VIEW_NAME_MAX} characters`,
  nameTaken: "You already have a view of this list with this name",
  tooMany: `You can keep at most ${VIEWS_PER_LIST} views of a list: delete one first`,
  notFound: "Saved view not found",
};

/** A saved view's address: its list's screen with the saved state. */
export const savedViewHref = (list: SavedViewList, query: string) => (query ? `${savedViewLists[list].path}?${query}` : savedViewLists[list].path);
