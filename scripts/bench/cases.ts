// The cases `npm run bench` measures: every admin list screen and its JSON twin (default view, a deep
// page, each sortable column both ways, each filter, a short, a long and a matchless search), every
// profile tab, the overview and stats, the public pages and one static page.
// Defaults, sortable columns and filter values come from the modules' schemas, not from this file.
import { adminLinks } from "#app/lib/admin-links.ts";
import { mentorLinks, userLinks } from "#app/lib/links.ts";
import { earningListDefaults } from "#app/modules/billing/schema.ts";
import { EVENT_VALUES } from "#app/modules/webhooks/events.ts";
import { ATTEMPT_OUTCOMES, attemptListDefaults } from "#app/modules/webhooks/schema.ts";
import { menteePaymentListDefaults } from "#app/modules/payments/mentee-payments.ts";
import { LIST_TOTAL_CAP, type ListDefaults } from "#app/lib/list.ts";
import { bookingEnders, bookingListDefaults, bookingOutcomes, bookingPaymentStatuses, profileBookingListDefaults } from "#app/modules/bookings/schema.ts";
import { faqListDefaults, faqTypes } from "#app/modules/faqs/schema.ts";
import { postListDefaults, postStatuses } from "#app/modules/posts/schema.ts";
import { DEFAULT_REQUEST_STATUS, guideRequestListDefaults, guideRequestStatuses } from "#app/modules/guide-requests/schema.ts";
import { guideListDefaults } from "#app/modules/guides/schema.ts";
import { outboxListDefaults } from "#app/modules/outbox/schema.ts";
import { ORGANISATION_KINDS } from "#app/modules/organisations/options.ts";
import { organisationListDefaults } from "#app/modules/organisations/schema.ts";
import { auditListDefaults } from "#app/modules/audit/schema.ts";
import { directoryFilters, directoryListDefaults, threadListDefaults } from "#app/modules/messages/schema.ts";
import { guidePaymentListDefaults, paymentListDefaults, paymentStatuses, payoutList, userPaymentListDefaults } from "#app/modules/payments/schema.ts";
import { PAYOUT_STATUSES } from "#app/modules/payments/payout-status.ts";
import { ownContentList, publishedContentListDefaults } from "#app/modules/published-content/schema.ts";
import { queryListDefaults } from "#app/modules/queries/schema.ts";
import { resourceListDefaults, resourceTypes } from "#app/modules/resources/schema.ts";
import { guideReviewList, profileReviewListDefaults, reviewListDefaults } from "#app/modules/reviews/schema.ts";
import { userListDefaults } from "#app/modules/users/schema.ts";
import { FREE_WITHIN_DAYS, SORTS } from "#app/modules/mentor-search/schema.ts";
import { INVITE_STATUSES, LEDGER_KINDS, PASTOR_STATUSES, sponsorInviteListDefaults, sponsorLedgerListDefaults, sponsorPastorListDefaults } from "#app/modules/sponsorship/lists.ts";

/** screen: an admin document (cookie); api: a JSON list (token); json: other admin JSON (stats, one record). */
export type Kind = "screen" | "api" | "overview" | "json" | "public" | "static" | "search";

export type Case = {
  /** Stable, unique, filterable: e.g. "bookings.api.sort-topic-desc". */
  id: string;
  group: string;
  kind: Kind;
  label: string;
  /** Path and query string. */
  path: string;
  /**
   * cookie: the admin's browser session; mentee: the busiest mentee's (their own dashboard); sponsor: the scale seed's
   * sponsor admin's (Grace Church); token: the admin's API token.
   */
  auth: "cookie" | "mentee" | "guide" | "sponsor" | "token" | "none" | PersonalTokenAuth;
  /** Also measured at c=10 for requests per second. */
  throughput: boolean;
};

/** The busiest mentee's and guide's personal access tokens (/api/v1). */
export type PersonalTokenAuth = "menteeToken" | "guideToken";

/** The figures the run is judged by (README, Benchmarks). */
export const targets = {
  /** Every admin list screen (and profile tab) at c=1. */
  screenP95Ms: 20,
  /** The overview (/admin/dashboard) at c=1. */
  overviewP95Ms: 20,
  /** Every JSON list endpoint at c=10. */
  apiMinRps: 500,
  /** Find a Mentor (/search, public) at c=1: every sort, facet and keyword case. */
  searchP95Ms: 30,
};

/** The people and page depths the cases need, read from the database and the API before the run. */
export type Context = {
  busyUserId: number;
  busyGuideId: number;
  /** Whom the busiest mentee and the busiest guide have written to most (their open conversations), if anyone. */
  menteePartnerId?: number;
  guidePartnerId?: number;
  /** The busiest guide's webhook endpoint with the most attempts and how many, if any (its deliveries list). */
  guideWebhook?: { id: number; attempts: number };
  /** The last page of a list's default view. */
  lastPage: (list: ListSpec) => Promise<number>;
  /** The scale seed's sponsor (Grace Church): how many rows each of its lists holds; none, no sponsor cases. */
  sponsor?: { ledger: number; pastors: number; invites: number };
};

type Params = Record<string, string | number>;

export type ListSpec = {
  key: string;
  title: string;
  screen: string;
  /** The JSON twin. */
  api: string;
  defaults: ListDefaults<string>;
  /** Parameters both the screen and its twin always carry (a profile tab's `tab`, the twin's page size). */
  screenBase?: Params;
  apiBase?: Params;
  /** Filters each as one parameter set; `api` ones exist only on the JSON twin. */
  filters: { both?: Params[]; api?: Params[] };
  search: { short: string; long: string };
  /** Other screens that show this list at its default view (same loader, another URL). */
  aliases?: string[];
};

const NO_MATCH = "qxzjvq";

/**
 * A list's date range (`from`, `to`: days) as two cases: last month, and the year up to today (UTC days: the benchmark's
 * admin keeps the default zone), with `extra` parameters (bookings' `date`).
 */
function dateRanges(extra: Params = {}, now = new Date()): Params[] {
  const day = (year: number, month: number, date: number) => new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10);
  const [year, month, date] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  return [
    { ...extra, from: day(year, month - 1, 1), to: day(year, month, 0) },
    { ...extra, from: day(year - 1, month, date + 1), to: day(year, month, date) },
  ];
}

/** The `days` days up to today (UTC days: the benchmark's admin keeps the default zone), as `from` and `to`. */
function lastDays(days: number, now = new Date()): Params {
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(days - 1), to: day(0) };
}

/** The administrator the seed makes first (prisma/seed/people.ts), who made every seeded audit row. */
const SEEDED_ADMIN_ID = 1;

/** A filter set per value of a filter parameter, leaving out the default value (that is the default view). */
const each = (name: string, values: readonly string[], skip?: string): Params[] => values.filter((value) => value !== skip).map((value) => ({ [name]: value }));

export function listSpecs({ busyUserId: user, busyGuideId: guide }: Pick<Context, "busyUserId" | "busyGuideId">): ListSpec[] {
  const people = { short: "an", long: "grace" };
  const activity = { short: "an", long: "worship" };
  const byPerson: Params[] = [{ guideId: guide }, { userId: user }];
  return [
    {
      key: "users",
      title: "Users",
      screen: adminLinks.users,
      aliases: [adminLinks.userManagement],
      api: "/api/admin/get-user-list",
      defaults: userListDefaults,
      filters: { api: each("isVerified", ["true", "false"]) },
      search: people,
    },
    {
      key: "guides",
      title: "Guides",
      screen: adminLinks.guides,
      api: "/api/admin/get-mentor-list",
      defaults: guideListDefaults,
      filters: { both: [{ freeTime: "none" }] },
      search: people,
    },
    {
      key: "guide-requests",
      title: "Guide requests",
      screen: adminLinks.guideRequests,
      api: "/api/admin/get-mentor-request-list",
      defaults: guideRequestListDefaults,
      filters: { both: [...each("status", guideRequestStatuses, DEFAULT_REQUEST_STATUS), ...dateRanges()] },
      search: people,
    },
    {
      key: "bookings",
      title: "Bookings",
      screen: adminLinks.bookings,
      api: "/api/admin/get-allbookings",
      defaults: bookingListDefaults,
      filters: {
        both: [
          ...each("paymentStatus", bookingPaymentStatuses),
          ...byPerson,
          ...dateRanges(),
          ...dateRanges({ date: "booked" }),
          // What the overview's health figures link to: how bookings ended and who cancelled them, repeat bookings,
          // the days they ended or were answered.
          ...each("outcome", bookingOutcomes),
          ...each("cancelledBy", bookingEnders),
          { repeat: "1" },
          ...dateRanges({ date: "ended" }),
          ...dateRanges({ date: "answered" }),
          ...dateRanges({ date: "ended", outcome: "cancelled" }),
          ...dateRanges({ date: "ended", outcome: "cancelled", cancelledBy: "mentee" }),
          ...dateRanges({ date: "booked", repeat: "1" }),
        ],
      },
      search: activity,
    },
    {
      key: "transactions",
      title: "Transactions",
      screen: adminLinks.transactions,
      api: "/api/admin/getall/payments",
      defaults: paymentListDefaults,
      filters: { both: [...each("status", paymentStatuses), ...byPerson, ...dateRanges(), ...dateRanges({ date: "refunded" })] },
      search: activity,
    },
    {
      key: "payouts",
      title: "Payouts",
      screen: adminLinks.payouts,
      api: "/api/admin/payouts",
      defaults: payoutList.defaults,
      filters: { both: [...each("status", PAYOUT_STATUSES), { guideId: guide }, ...dateRanges()] },
      search: people,
    },
    {
      key: "reviews",
      title: "Reviews",
      screen: adminLinks.reviews,
      api: "/api/admin/all/reviews",
      defaults: reviewListDefaults,
      filters: { both: [...byPerson, ...dateRanges(), ...each("reply", ["awaiting", "replied"])] },
      search: activity,
    },
    {
      key: "queries",
      title: "Customer queries",
      screen: adminLinks.customerQueries,
      api: "/api/admin/get-all-queries",
      defaults: queryListDefaults,
      filters: { both: [...dateRanges(), ...each("status", ["open", "answered"]), { status: "open", olderThanDays: 2 }] },
      search: { short: "an", long: "church" },
    },
    {
      key: "faqs",
      title: "FAQs",
      screen: adminLinks.faqs,
      api: "/api/admin/faq/all",
      defaults: faqListDefaults,
      filters: { both: each("type", faqTypes) },
      search: { short: "an", long: "guide" },
    },
    {
      key: "resources",
      title: "Resources",
      screen: adminLinks.resources,
      api: "/api/admin/resources/all",
      defaults: resourceListDefaults,
      filters: { both: each("type", resourceTypes) },
      search: { short: "an", long: "church" },
    },
    {
      // About one message per person at SEED_SCALE: an address's start is a range of the (to, createdAt) index.
      key: "outbox",
      title: "Outbox",
      screen: adminLinks.outbox,
      api: "/api/admin/outbox",
      defaults: outboxListDefaults,
      filters: {},
      search: { short: "an", long: "verification" },
    },
    {
      // About 2,500 churches and other bodies at SEED_SCALE (one per 40 mentees), each with its member count kept.
      key: "organisations",
      title: "Organisations",
      screen: adminLinks.organisations,
      api: "/api/admin/organisations",
      defaults: organisationListDefaults,
      filters: { both: [...each("kind", ORGANISATION_KINDS), ...each("country", ["United States", "Kenya"]), { kind: "church", country: "United States" }] },
      search: { short: "gr", long: "baptist" },
    },
    {
      // 200,000 changes at SEED_SCALE, all the seeded admin's (the seed's first account, id 1): each filter and sort
      // reads its (column, createdAt, id) index; one record's history is the profile pages' section.
      key: "audit-log",
      title: "Audit log",
      screen: adminLinks.auditLog,
      api: "/api/admin/audit-log",
      defaults: auditListDefaults,
      filters: {
        both: [
          { actorId: SEEDED_ADMIN_ID },
          ...each("kind", ["user", "guide", "booking", "review", "faq"]),
          ...each("action", ["deactivate", "cancel", "hide", "refund"]),
          { kind: "user", recordId: user },
          { actorId: SEEDED_ADMIN_ID, kind: "booking", action: "cancel" },
          ...dateRanges(),
        ],
      },
      search: { short: "an", long: "grace" },
    },
    {
      key: "blog-posts",
      title: "Blog posts",
      screen: adminLinks.blog,
      api: "/api/admin/posts",
      apiBase: { kind: "blog" },
      defaults: postListDefaults,
      filters: { both: each("status", postStatuses) },
      search: { short: "an", long: "pastor" },
    },
    {
      key: "directory",
      title: "People directory",
      screen: adminLinks.peopleDirectory,
      api: "/api/admin/user-guide/list",
      defaults: directoryListDefaults,
      filters: { both: each("filter", directoryFilters, "guides") },
      search: people,
    },
    // Profile tabs: the screen's ?tab= and the API the tab's list stands for.
    {
      key: "user-payments",
      title: `User ${user}: Payment tab`,
      screen: adminLinks.userProfile(user),
      screenBase: { tab: "payment" },
      api: `/api/admin/transactions/user/${user}`,
      defaults: userPaymentListDefaults,
      filters: { api: each("status", paymentStatuses) },
      search: activity,
    },
    {
      key: "user-reviews",
      title: `User ${user}: Review tab`,
      screen: adminLinks.userProfile(user),
      screenBase: { tab: "review" },
      api: `/api/admin/users/reviews/${user}`,
      defaults: profileReviewListDefaults,
      filters: {},
      search: activity,
    },
    {
      key: "user-bookings",
      title: `User ${user}: Booking tab`,
      screen: adminLinks.userProfile(user),
      screenBase: { tab: "booking" },
      api: "/api/admin/get-allbookings",
      apiBase: { userId: user, limit: profileBookingListDefaults.defaultLimit },
      defaults: profileBookingListDefaults,
      filters: { api: each("paymentStatus", bookingPaymentStatuses) },
      search: activity,
    },
    {
      key: "guide-payments",
      title: `Guide ${guide}: Payment tab`,
      screen: adminLinks.guideProfile(guide),
      screenBase: { tab: "payment" },
      api: `/api/admin/transactions/guide/${guide}`,
      defaults: guidePaymentListDefaults,
      filters: { api: each("status", paymentStatuses) },
      search: activity,
    },
    {
      key: "guide-reviews",
      title: `Guide ${guide}: Review tab`,
      screen: adminLinks.guideProfile(guide),
      screenBase: { tab: "review" },
      api: `/api/admin/guides/reviews/${guide}`,
      defaults: profileReviewListDefaults,
      filters: {},
      search: activity,
    },
    {
      key: "guide-bookings",
      title: `Guide ${guide}: Booking tab`,
      screen: adminLinks.guideProfile(guide),
      screenBase: { tab: "booking" },
      api: "/api/admin/get-allbookings",
      apiBase: { guideId: guide, limit: profileBookingListDefaults.defaultLimit },
      defaults: profileBookingListDefaults,
      filters: { api: each("paymentStatus", bookingPaymentStatuses) },
      search: activity,
    },
    {
      key: "guide-content",
      title: `Guide ${guide}: Publish Content tab`,
      screen: adminLinks.guideProfile(guide),
      screenBase: { tab: "content" },
      api: `/api/admin/guide-published-content/all/${guide}`,
      defaults: publishedContentListDefaults,
      filters: {},
      search: { short: "an", long: "church" },
    },
  ];
}

export function withQuery(path: string, ...parts: Array<Params | undefined>) {
  const params = new URLSearchParams();
  for (const part of parts) for (const [key, value] of Object.entries(part ?? {})) params.set(key, String(value));
  const query = params.toString();
  return query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path;
}

const describe = (params: Params) => Object.entries(params).map(([key, value]) => `${key}=${value}`).join("&");

type Variant = { slug: string; label: string; params: Params };

/**
 * What every list is measured with: its default view, a deep page (at most page 1,000 of `lastPage`), each sortable
 * column both ways, each filter, and a short, a long and a matchless search.
 */
function listVariants(defaults: ListDefaults<string>, { lastPage, filters, search }: { lastPage: number; filters: Params[]; search: { short: string; long: string } }): Variant[] {
  const deep = Math.min(1000, lastPage);
  const variants: Variant[] = [{ slug: "default", label: `default (${defaults.defaultSort} ${defaults.defaultOrder}, ${defaults.defaultLimit} a page)`, params: {} }];
  // A list of one page has no deep page.
  if (lastPage > 1) variants.push({ slug: "deep-page", label: `page ${deep}${deep === lastPage ? " (last)" : ""} of ${lastPage}`, params: { page: deep } });
  for (const column of defaults.sortable) {
    for (const order of ["asc", "desc"] as const) {
      // The default sort is the default view, measured above.
      if (column === defaults.defaultSort && order === defaults.defaultOrder) continue;
      variants.push({ slug: `sort-${column}-${order}`, label: `sort ${column} ${order}`, params: { sort: column, order } });
    }
  }
  for (const filter of filters) variants.push({ slug: `filter-${describe(filter)}`, label: `filter ${describe(filter)}`, params: filter });
  variants.push(
    { slug: "search-short", label: `search "${search.short}" (short)`, params: { search: search.short } },
    { slug: "search-long", label: `search "${search.long}"`, params: { search: search.long } },
    { slug: "search-none", label: `search "${NO_MATCH}" (no match)`, params: { search: NO_MATCH } },
  );
  return variants;
}

/** Every case, in the order they run. */
export async function buildCases(context: Context): Promise<Case[]> {
  const cases: Case[] = [];
  const add = (c: Omit<Case, "throughput"> & { throughput?: boolean }) => cases.push({ throughput: c.kind !== "screen" && c.kind !== "overview", ...c });

  // The yardstick first: a page that touches no database.
  add({ id: "static.unauthorized", group: "static", kind: "static", label: "/unauthorized (no database)", path: "/unauthorized", auth: "none" });

  add({ id: "overview.screen", group: "overview", kind: "overview", label: "Overview", path: adminLinks.overview, auth: "cookie" });
  add({ id: "stats.api.stats", group: "overview", kind: "json", label: "dashboard/Stats", path: "/api/admin/dashboard/Stats", auth: "token" });
  add({ id: "stats.api.monthly", group: "overview", kind: "json", label: "dashboard/montlyBookingStats", path: "/api/admin/dashboard/montlyBookingStats", auth: "token" });
  // The overview's Health section over 7 days (its default), 30 days and a year, and its JSON twin.
  for (const [slug, days] of [["30d", 30], ["year", 365]] as const) {
    add({ id: `overview.screen.health-${slug}`, group: "overview", kind: "overview", label: `Overview, health of ${days} days`, path: withQuery(adminLinks.overview, lastDays(days)), auth: "cookie" });
  }
  add({ id: "stats.api.health", group: "overview", kind: "json", label: "dashboard/health (7 days)", path: "/api/admin/dashboard/health", auth: "token" });
  add({ id: "stats.api.health-year", group: "overview", kind: "json", label: "dashboard/health (a year)", path: withQuery("/api/admin/dashboard/health", lastDays(365)), auth: "token" });
  // The confidentiality covenant's versions (a handful: no list engine, no paging).
  add({ id: "covenant.screen.default", group: "Covenant", kind: "screen", label: "Covenant", path: adminLinks.covenant, auth: "cookie" });
  add({ id: "covenant.api.default", group: "Covenant", kind: "json", label: "covenant", path: "/api/admin/covenant", auth: "token" });

  for (const list of listSpecs(context)) {
    const { defaults } = list;
    const variants: Array<Variant & { only?: "api" }> = [
      ...listVariants(defaults, { lastPage: await context.lastPage(list), filters: list.filters.both ?? [], search: list.search }),
      ...(list.filters.api ?? []).map((filter) => ({ slug: `filter-${describe(filter)}`, label: `filter ${describe(filter)}`, params: filter, only: "api" as const })),
    ];
    for (const variant of variants) {
      if (!variant.only) {
        add({ id: `${list.key}.screen.${variant.slug}`, group: list.title, kind: "screen", label: variant.label, path: withQuery(list.screen, list.screenBase, variant.params), auth: "cookie" });
      }
      add({ id: `${list.key}.api.${variant.slug}`, group: list.title, kind: "api", label: variant.label, path: withQuery(list.api, list.apiBase, variant.params), auth: "token" });
    }
    for (const alias of list.aliases ?? []) {
      add({ id: `${list.key}.screen.alias-${alias.split("/").pop()}`, group: list.title, kind: "screen", label: `${alias} (same list)`, path: alias, auth: "cookie" });
    }
  }

  // The profiles' General Info tabs (no list) and their JSON twins.
  add({ id: "user-general.screen.default", group: "Profiles", kind: "screen", label: "User General Info tab", path: `/admin/dashboard/viewuser/${context.busyUserId}`, auth: "cookie" });
  add({ id: "user-general.api.default", group: "Profiles", kind: "json", label: "get-user-by-id", path: `/api/admin/get-user-by-id/${context.busyUserId}`, auth: "token" });
  add({ id: "guide-general.screen.default", group: "Profiles", kind: "screen", label: "Guide General Info tab", path: `/admin/dashboard/viewAddGuide/${context.busyGuideId}`, auth: "cookie" });
  add({ id: "guide-general.api.default", group: "Profiles", kind: "json", label: "get-mentor-by-id", path: `/api/admin/get-mentor-by-id/${context.busyGuideId}`, auth: "token" });

  // The public blog and stories (the scale seed creates only the demo posts: one page each, so no deep page).
  // The busiest mentee's own dashboard: their payments (every sort both ways, a search, a deep page) and My Mentors.
  add({ id: "mentee.overview", group: "Mentee dashboard", kind: "screen", label: "Overview", path: userLinks.overview, auth: "mentee" });
  add({ id: "mentee.mentors", group: "Mentee dashboard", kind: "screen", label: "My Mentors", path: userLinks.mentors, auth: "mentee" });
  add({ id: "mentee.payments.default", group: "Mentee dashboard", kind: "screen", label: "Payments", path: userLinks.payments, auth: "mentee" });
  for (const sort of menteePaymentListDefaults.sortable) {
    for (const order of ["asc", "desc"] as const) {
      add({ id: `mentee.payments.sort-${sort}-${order}`, group: "Mentee dashboard", kind: "screen", label: `Payments by ${sort} ${order}`, path: withQuery(userLinks.payments, { sort, order }), auth: "mentee" });
    }
  }
  add({ id: "mentee.payments.search", group: "Mentee dashboard", kind: "screen", label: "Payments, search 'grace'", path: withQuery(userLinks.payments, { search: "grace" }), auth: "mentee" });
  add({ id: "mentee.payments.page-3", group: "Mentee dashboard", kind: "screen", label: "Payments, page 3", path: withQuery(userLinks.payments, { page: 3 }), auth: "mentee" });
  add({ id: "mentee.settings", group: "Mentee dashboard", kind: "screen", label: "Settings", path: userLinks.settings, auth: "mentee" });
  // Their bookings (ids "mentee.bookings.*"): each tab, a deep page of the past, the other order, a search.
  const menteeBookings = (slug: string, label: string, params: Params) =>
    add({ id: `mentee.bookings.${slug}`, group: "Mentee dashboard", kind: "screen", label: `Bookings, ${label}`, path: withQuery(userLinks.bookings, params), auth: "mentee" });
  menteeBookings("upcoming", "upcoming", {});
  menteeBookings("past", "past", { tab: "past" });
  menteeBookings("past-page-3", "past, page 3", { tab: "past", page: 3 });
  menteeBookings("past-oldest", "past, oldest first", { tab: "past", order: "asc" });
  menteeBookings("search", "past, search 'grace'", { tab: "past", search: "grace" });
  // Their messages (the thread list and a search of it), their notifications, and booking the busiest guide (the
  // dialog over the profile), and the conversation they wrote most in.
  add({ id: "mentee.messages", group: "Mentee dashboard", kind: "screen", label: "Messages (conversations)", path: userLinks.messages, auth: "mentee" });
  if (context.menteePartnerId) {
    add({ id: "mentee.messages.open", group: "Mentee dashboard", kind: "screen", label: "Messages, a conversation open", path: userLinks.conversation(context.menteePartnerId), auth: "mentee" });
  }
  add({ id: "mentee.messages.search", group: "Mentee dashboard", kind: "screen", label: "Messages, search 'grace'", path: withQuery(userLinks.messages, { search: "grace" }), auth: "mentee" });
  add({ id: "mentee.notifications", group: "Mentee dashboard", kind: "screen", label: "Notifications", path: userLinks.notifications, auth: "mentee" });
  add({ id: "mentee.book", group: "Mentee dashboard", kind: "screen", label: "Booking dialog over the busiest guide's profile", path: `/mentor/${context.busyGuideId}/book`, auth: "mentee" });

  // The marketplace API (/api/v1) as the busiest mentee and guide, with their personal access tokens, at c=10 as the
  // console's JSON lists: their conversations (the default view, a deep page, the other order, searches) and the
  // conversation they wrote most in; the guide's hours, date overrides and prices.
  const threads = threadListDefaults;
  for (const [who, auth, partner] of [["mentee", "menteeToken", context.menteePartnerId], ["guide", "guideToken", context.guidePartnerId]] as const) {
    const v1 = (slug: string, label: string, path: string, kind: Kind = "api") => add({ id: `v1.${who}.${slug}`, group: "Marketplace API", kind, label: `${who}: ${label}`, path, auth });
    const conversations = listVariants(threads, { lastPage: 3, filters: [], search: { short: "an", long: "grace" } });
    for (const { slug, label, params } of conversations) v1(`conversations.${slug}`, `conversations, ${label}`, withQuery("/api/v1/conversations", params));
    if (partner) v1("messages", "a conversation's newest messages", `/api/v1/conversations/${partner}/messages`, "json");
  }
  add({ id: "v1.guide.availability", group: "Marketplace API", kind: "json", label: "guide: weekly hours and rules", path: "/api/v1/availability", auth: "guideToken" });
  add({ id: "v1.guide.overrides", group: "Marketplace API", kind: "json", label: "guide: date overrides", path: "/api/v1/availability/overrides", auth: "guideToken" });
  add({ id: "v1.guide.pricing", group: "Marketplace API", kind: "json", label: "guide: prices", path: "/api/v1/pricing", auth: "guideToken" });

  // The busiest guide's own dashboard: the overview, earnings per session (every sort both ways, a month, a search,
  // a deep page) and per month, and their reviews (default, awaiting a reply, a search).
  const guideCase = (slug: string, label: string, path: string) => add({ id: `guide-dashboard.${slug}`, group: "Guide dashboard", kind: "screen", label, path, auth: "guide" });
  guideCase("overview", "Overview", mentorLinks.overview);
  guideCase("billing.default", "Billing (per session and per month)", mentorLinks.billing);
  for (const sort of earningListDefaults.sortable) {
    for (const order of ["asc", "desc"] as const) {
      if (sort === earningListDefaults.defaultSort && order === earningListDefaults.defaultOrder) continue;
      guideCase(`billing.sort-${sort}-${order}`, `Billing by ${sort} ${order}`, withQuery(mentorLinks.billing, { sort, order }));
    }
  }
  guideCase("billing.search", "Billing, search 'grace'", withQuery(mentorLinks.billing, { search: "grace" }));
  guideCase("billing.page-3", "Billing, page 3", withQuery(mentorLinks.billing, { page: 3 }));
  guideCase("reviews.default", "Reviews", mentorLinks.reviews);
  guideCase("reviews.awaiting", "Reviews awaiting a reply", withQuery(mentorLinks.reviews, { reply: "awaiting" }));
  guideCase("reviews.search", "Reviews, search 'grace'", withQuery(mentorLinks.reviews, { search: "grace" }));
  // Their published content (ids "guide-dashboard.content.*"): the default view, the last page, each sort both ways,
  // a search. The list is the one the console's Publish Content tab shows of them, so its last page is that tab's.
  const content = ownContentList.defaults;
  guideCase("content.default", "Published content", mentorLinks.content);
  const contentTab = listSpecs(context).find((list) => list.key === "guide-content");
  const contentPages = contentTab ? await context.lastPage(contentTab) : 1;
  if (contentPages > 1) guideCase("content.last-page", `Published content, page ${contentPages} (last)`, withQuery(mentorLinks.content, { page: contentPages }));
  for (const sort of content.sortable) {
    for (const order of ["asc", "desc"] as const) {
      if (sort === content.defaultSort && order === content.defaultOrder) continue;
      guideCase(`content.sort-${sort}-${order}`, `Published content by ${sort} ${order}`, withQuery(mentorLinks.content, { sort, order }));
    }
  }
  guideCase("content.search", "Published content, search 'church'", withQuery(mentorLinks.content, { search: "church" }));
  // Their bookings (ids "guide-dashboard.bookings.*"): each tab, a deep page of the past, a search.
  guideCase("bookings.upcoming", "Bookings, upcoming", mentorLinks.bookings);
  guideCase("bookings.requests", "Bookings, requests", withQuery(mentorLinks.bookings, { tab: "requests" }));
  guideCase("bookings.past", "Bookings, past", withQuery(mentorLinks.bookings, { tab: "past" }));
  guideCase("bookings.past-page-10", "Bookings, past, page 10", withQuery(mentorLinks.bookings, { tab: "past", page: 10 }));
  guideCase("bookings.search", "Bookings, past, search 'grace'", withQuery(mentorLinks.bookings, { tab: "past", search: "grace" }));
  // Their messages (the thread list and a search of it) and notifications.
  guideCase("messages", "Messages (conversations)", mentorLinks.messages);
  guideCase("messages.page-3", "Messages, page 3", withQuery(mentorLinks.messages, { page: 3 }));
  if (context.guidePartnerId) guideCase("messages.open", "Messages, a conversation open", mentorLinks.conversation(context.guidePartnerId));
  guideCase("messages.search", "Messages, search 'grace'", withQuery(mentorLinks.messages, { search: "grace" }));
  guideCase("notifications", "Notifications", mentorLinks.notifications);
  guideCase("notifications.page-3", "Notifications, page 3", withQuery(mentorLinks.notifications, { page: 3 }));
  // Their webhook endpoint's deliveries (ids "guide-dashboard.webhook.*"), when they have one (the scale seed's: about
  // 20,000 deliveries over the past month, every event): the default view, its last page (of the first LIST_TOTAL_CAP
  // attempts), each sort both ways, each filter value, a short and a long search.
  if (context.guideWebhook) {
    const deliveries = `${mentorLinks.settings}/webhooks/${context.guideWebhook.id}`;
    const lastPage = Math.max(1, Math.ceil(Math.min(context.guideWebhook.attempts, LIST_TOTAL_CAP) / attemptListDefaults.defaultLimit));
    const filters = [...ATTEMPT_OUTCOMES.map((outcome) => ({ outcome })), ...EVENT_VALUES.map((event) => ({ event }))];
    for (const { slug, label, params } of listVariants(attemptListDefaults, { lastPage, filters, search: { short: "bo", long: "booking.created" } })) {
      guideCase(`webhook.${slug}`, `Webhook deliveries, ${label}`, withQuery(deliveries, params));
    }
  }

  // The scale seed's sponsor (Grace Church: about 4,000 pastors, 30,000 movements), its own pages: the
  // overview and each paged list at its default view, a deep page, each sort both ways, each filter, short, long and
  // matchless searches (ids "sponsor.*"). The sponsor has no JSON side.
  if (context.sponsor) {
    add({ id: "sponsor.overview", group: "Sponsor", kind: "screen", label: "Sponsor overview (previews)", path: "/sponsor", auth: "sponsor" });
    for (const list of sponsorLists(context.sponsor)) {
      // A list pages through its first LIST_TOTAL_CAP rows (the ledger's 30,000 movements: 400 pages); past them, a 302.
      const lastPage = Math.max(1, Math.ceil(Math.min(list.rows, LIST_TOTAL_CAP) / list.defaults.defaultLimit));
      for (const { slug, label, params } of listVariants(list.defaults, { lastPage, filters: list.filters, search: list.search })) {
        add({ id: `sponsor.${list.key}.${slug}`, group: "Sponsor", kind: "screen", label: `${list.title}, ${label}`, path: withQuery(list.screen, params), auth: "sponsor" });
      }
    }
  }
  // The marketplace API's lists (/api/v1, personal access tokens) at c=10: the busiest mentee's payments (the Payments
  // screen's list) and reviews written, the busiest guide's reviews received (their Reviews screen's list): the default
  // view, each sort both ways, each filter, a short and a long search, a deep page.
  const v1List = (slug: string, path: string, auth: PersonalTokenAuth, defaults: ListDefaults<string>, filters: Params[], lastPage: number) => {
    for (const variant of listVariants(defaults, { lastPage, filters, search: { short: "an", long: "grace" } })) {
      add({ id: `v1.${slug}.${variant.slug}`, group: "Marketplace API", kind: "api", label: `${path}, ${variant.label}`, path: withQuery(path, variant.params), auth });
    }
  };
  const replies = each("reply", ["awaiting", "replied"]);
  v1List("payments", "/api/v1/payments", "menteeToken", menteePaymentListDefaults, [], 3);
  v1List("reviews-written", "/api/v1/reviews", "menteeToken", guideReviewList.defaults, replies, 2);
  v1List("reviews-received", "/api/v1/reviews", "guideToken", guideReviewList.defaults, replies, 5);

  // The busiest guide's public profile: the first page of reviews and page 10.
  add({ id: "public.mentor-profile", group: "Public pages", kind: "public", label: "Mentor profile (busiest guide)", path: `/mentor/${context.busyGuideId}`, auth: "none" });
  add({ id: "public.mentor-profile.reviews-10", group: "Public pages", kind: "public", label: "Mentor profile, reviews page 10", path: withQuery(`/mentor/${context.busyGuideId}`, { reviewsPage: 10 }), auth: "none" });

  add({ id: "public.blog", group: "Public pages", kind: "public", label: "/blog", path: "/blog", auth: "none" });
  add({ id: "public.success-stories", group: "Public pages", kind: "public", label: "/success-stories", path: "/success-stories", auth: "none" });
  for (const path of ["/", "/faq", "/resources", "/platform", "/become-mentor", "/contact"]) {
    add({ id: `public.${path === "/" ? "home" : path.slice(1)}`, group: "Public pages", kind: "public", label: path, path, auth: "none" });
  }
  // Find a Mentor (/search): the public page with its facets, sorts and keyword search (ids "mentor-search.*").
  for (const [slug, label, params] of mentorSearchVariants()) {
    add({ id: `mentor-search.${slug}`, group: "Find a Mentor", kind: "search", label, path: withQuery("/search", params), auth: "none" });
  }
  // And the yardstick again at the end, to show drift over the run.
  add({ id: "static.unauthorized-end", group: "static", kind: "static", label: "/unauthorized again (end of run)", path: "/unauthorized", auth: "none" });
  return cases;
}

/** The sponsor's paged lists (routes/sponsor), with the rows each holds in the scale database. */
function sponsorLists(rows: NonNullable<Context["sponsor"]>) {
  return [
    {
      // An amount is the ledger's search: "40" ($40.00, either way) and one with cents.
      key: "ledger",
      title: "Ledger",
      screen: "/sponsor/ledger",
      rows: rows.ledger,
      defaults: sponsorLedgerListDefaults as ListDefaults<string>,
      filters: [...each("kind", LEDGER_KINDS.map((kind) => kind.value)), ...dateRanges(), ...dateRanges({ kind: "session" }), { kind: "funding", sort: "amount", order: "desc" }],
      search: { short: "40", long: "$1,250.00" },
    },
    {
      key: "pastors",
      title: "Pastors",
      screen: "/sponsor/pastors",
      rows: rows.pastors,
      defaults: sponsorPastorListDefaults as ListDefaults<string>,
      filters: [...each("status", PASTOR_STATUSES.map((status) => status.value)), { status: "joined", sort: "budgetUsed", order: "desc" }],
      search: { short: "an", long: "johnson" },
    },
    {
      key: "invites",
      title: "Invitations",
      screen: "/sponsor/invites",
      rows: rows.invites,
      defaults: sponsorInviteListDefaults as ListDefaults<string>,
      filters: each("status", INVITE_STATUSES.map((status) => status.value)),
      search: { short: "an", long: "example" },
    },
  ];
}

/** Find a Mentor's cases: the default view, a deep page, each sort both ways, each facet, keywords and a combination. */
function mentorSearchVariants(): Array<[slug: string, label: string, params: Params]> {
  const variants: Array<[string, string, Params]> = [
    ["default", "default (best rated first, 12 a page)", {}],
    ["deep-page", "page 300", { page: 300 }],
  ];
  for (const sort of SORTS) {
    if (!sort.ordered) continue;
    for (const order of ["asc", "desc"] as const) variants.push([`sort-${sort.value}-${order}`, `sort ${sort.value} ${order}`, { sort: sort.value, order }]);
  }
  variants.push(
    ["filter-category", "category Youth Ministry", { category: "Youth Ministry" }],
    ["filter-specialty", "specialty churchPlanting", { specialty: "churchPlanting" }],
    ["filter-language", "language Spanish", { language: "Spanish" }],
    ["filter-price", "price $50 – $99", { price: "50-99" }],
    ["filter-pwyw", "pay what you want", { pwyw: 1 }],
    ...FREE_WITHIN_DAYS.map((days): [string, string, Params] => [`filter-free-${days}`, `free in the next ${days} days`, { free: days }]),
    ["filter-rating", "rating 4.5 and up", { rating: 4.5 }],
    ["search-short", 'keyword "jo" (short)', { q: "jo" }],
    ["search-long", 'keyword "youth ministry leadership"', { q: "youth ministry leadership" }],
    ["search-common", 'keyword "church" (matches most), by relevance', { q: "church" }],
    ["search-none", `keyword "${NO_MATCH}" (no match)`, { q: NO_MATCH }],
    ["combined", "keyword, category, language, price, free in 30 days, rating 4, by soonest free time", {
      q: "pastor", category: "Senior Pastors", language: "English", price: "100-149", free: 30, rating: 4, sort: "next-free",
    }],
  );
  return variants;
}
