import { HttpError } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { listFaqs } from "#app/modules/faqs/faqs.server.ts";
import { faqList } from "#app/modules/faqs/schema.ts";
import { listResources } from "#app/modules/resources/resources.server.ts";
import { resourceList } from "#app/modules/resources/schema.ts";
import { listGuides } from "#app/modules/guides/guides.server.ts";
import { guideList } from "#app/modules/guides/schema.ts";
import { userList } from "#app/modules/users/schema.ts";
import { listUsers } from "#app/modules/users/users.server.ts";
import { listGuideRequests } from "#app/modules/guide-requests/guide-requests.server.ts";
import { DEFAULT_REQUEST_STATUS, guideRequestList } from "#app/modules/guide-requests/schema.ts";
import { listReviews } from "#app/modules/reviews/reviews.server.ts";
import { reviewList } from "#app/modules/reviews/schema.ts";
import { listQueries } from "#app/modules/queries/queries.server.ts";
import { queryList } from "#app/modules/queries/schema.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { BULK_LIMIT, tooManyRows, type BulkList } from "#app/modules/bulk/texts.ts";

/** Where each list that takes bulk changes lives, and every id its URL's state shows (filters and search). */
const lists: Record<BulkList, { path: string; ids: (params: URLSearchParams, actor: SessionUser) => Promise<number[]> }> = {
  users: {
    path: adminLinks.users,
    ids: async (params) => {
      const { state, filters } = parseList(userList, params);
      return (await listUsers({ ...state, page: 1, limit: BULK_LIMIT + 1 }, filters)).data.map((row) => row.id);
    },
  },
  guides: {
    path: adminLinks.guides,
    ids: async (params) => {
      const { state, filters } = parseList(guideList, params);
      return (await listGuides({ ...state, page: 1, limit: BULK_LIMIT + 1 }, filters)).data.map((row) => row.id);
    },
  },
  faqs: {
    path: adminLinks.faqs,
    ids: async (params) => {
      const { state, filters } = parseList(faqList, params);
      return (await listFaqs({ ...state, page: 1, limit: BULK_LIMIT + 1 }, filters)).data.map((row) => row.id);
    },
  },
  resources: {
    path: adminLinks.resources,
    ids: async (params) => {
      const { state, filters } = parseList(resourceList, params);
      return (await listResources({ ...state, page: 1, limit: BULK_LIMIT + 1 }, filters)).data.map((row) => row.id);
    },
  },
  "guide-requests": {
    path: adminLinks.guideRequests,
    ids: async (params, actor) => {
      const { state, filters } = parseList(guideRequestList, params);
      const status = filters.status ?? DEFAULT_REQUEST_STATUS;
      return (await listGuideRequests({ ...state, page: 1, limit: BULK_LIMIT + 1 }, { ...filters, status }, actor)).data.map((row) => row.id);
    },
  },
  reviews: {
    path: adminLinks.reviews,
    ids: async (params, actor) => {
      const { state, filters } = parseList(reviewList, params);
      return (await listReviews({ ...state, page: 1, limit: BULK_LIMIT + 1 }, filters, actor)).data.map((row) => row.id);
    },
  },
  "customer-queries": {
    path: adminLinks.customerQueries,
    ids: async (params, actor) => {
      const { state, filters } = parseList(queryList, params);
      return (await listQueries({ ...state, page: 1, limit: BULK_LIMIT + 1 }, actor, filters)).data.map((row) => row.id);
    },
  },
};

/** The URL parameters that open a list's one-off dialogs: no part of which rows it shows. */
const dialogParams = ["delete", "edit", "new", "query", "hide", "reject", "expanded"];

/**
 * "Select all N matching": the ids of every row the list's URL shows (its query string `query`), read again on the
 * server, in the list's order; beyond BULK_LIMIT a 400 that asks for a narrower list.
 */
export async function matchingIds(list: BulkList, query: string, actor: SessionUser) {
  const params = new URLSearchParams(query);
  for (const oneOff of ["page", "limit", ...dialogParams]) params.delete(oneOff);
  const ids = await lists[list].ids(params, actor);
  if (ids.length > BULK_LIMIT) throw new HttpError(400, tooManyRows);
  return ids;
}

/** The list's own page with the query it was showing (where a bulk change and its undo go back to). */
export function listHref(list: BulkList, query: string) {
  const search = new URLSearchParams(query);
  // The list's one-off dialogs (a delete, an FAQ's form, a query, a review to hide, a request to reject) stay closed.
  for (const oneOff of ["index", ...dialogParams]) search.delete(oneOff);
  const rest = search.toString();
  return rest ? `${lists[list].path}?${rest}` : lists[list].path;
}
