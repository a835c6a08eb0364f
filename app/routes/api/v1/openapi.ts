import type { Operation } from "#app/lib/openapi/document.ts";
import { meResponse } from "#app/modules/access-tokens/api-schema.ts";
import { dashboardBookingsResponse } from "#app/modules/bookings/api-schema.ts";
import { upcomingBookingList } from "#app/modules/bookings/dashboard-schema.ts";
import { searchResponse } from "#app/modules/mentor-search/api-schema.ts";
import { searchSchema } from "#app/modules/mentor-search/schema.ts";

/** /api/v1: the marketplace API for a mentee's or guide's own programs (personal access tokens). One entry per route. */
export const v1Operations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/me",
    tag: "Marketplace",
    summary: "Who the token acts as",
    description: "The token's person and the scopes it holds.",
    access: { personal: "read" },
    responses: { 200: meResponse },
  },
  {
    method: "get",
    path: "/api/v1/mentors",
    tag: "Marketplace",
    summary: "Search mentors",
    description: "Find a Mentor: live guides by keyword and facets, with each facet's counts. The parameters are those of /search.",
    access: { personal: "read" },
    query: searchSchema,
    responses: { 200: searchResponse },
    errors: [400],
  },
  {
    method: "get",
    path: "/api/v1/bookings",
    tag: "Marketplace",
    summary: "List my bookings",
    description:
      "The holder's bookings as their dashboard lists them, one tab at a time: `tab=upcoming` (soonest first), `past` (latest first) or, for a guide, `requests`. Each booking names the changes its holder may make now.",
    access: { personal: "read" },
    query: upcomingBookingList,
    responses: { 200: dashboardBookingsResponse },
    errors: [400],
  },
];
