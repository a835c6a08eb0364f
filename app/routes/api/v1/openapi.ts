import type { Operation } from "#app/lib/openapi/document.ts";
import { meResponse } from "#app/modules/access-tokens/api-schema.ts";
import { bookableWeekResponse, bookingChangeBody, bookingChangeResponse, bookingCreatedResponse, dashboardBookingsResponse } from "#app/modules/bookings/api-schema.ts";
import { bookingApiSchema, freeTimesQuery } from "#app/modules/bookings/booking-schema.ts";
import { z } from "zod";
import { GUIDE_CHANGES, MENTEE_CHANGES } from "#app/routes/dashboard/bookings-screen.server.ts";
import { upcomingBookingList } from "#app/modules/bookings/dashboard-schema.ts";
import { searchResponse } from "#app/modules/mentor-search/api-schema.ts";
import { searchSchema } from "#app/modules/mentor-search/schema.ts";
import { mentorProfileQuery, mentorProfileResponse } from "#app/modules/mentor-profile/api-schema.ts";
import { pageOf } from "#app/lib/openapi/shapes.ts";
import { menteePaymentRow, receiptResponse } from "#app/modules/payments/api-schema.ts";
import { menteePaymentList } from "#app/modules/payments/mentee-payments.ts";
import { replyBody, replyResponse, reviewBody, reviewFormResponse, reviewRow } from "#app/modules/reviews/api-schema.ts";
import { guideReviewList } from "#app/modules/reviews/schema.ts";

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
    path: "/api/v1/mentors/{id}",
    tag: "Marketplace",
    summary: "A mentor's profile",
    description: "A live mentor's public profile as their page shows it: a page of their reviews (`reviewsPage`, 5 a page, newest first), their rating, lengths and prices, and their next free times. Anyone who is not a live mentor is a 404.",
    access: { personal: "read" },
    query: mentorProfileQuery,
    responses: { 200: mentorProfileResponse },
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/api/v1/mentors/{id}/times",
    tag: "Marketplace",
    summary: "A mentor's free times",
    description:
      "What the booking dialog shows: the lengths the mentor offers (the free introduction first, while the holder may have it) and one week of free times of the chosen length, grouped by day in the holder's time zone, with the weeks before and after. Book one with POST /api/v1/bookings.",
    access: { personal: "read" },
    query: freeTimesQuery,
    responses: { 200: bookableWeekResponse },
    errors: [400, 404],
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
  {
    method: "post",
    path: "/api/v1/bookings",
    tag: "Marketplace",
    summary: "Book a session",
    description:
      "A mentee books one of a mentor's free times, as the booking dialog does. A paid session is held until paid: send the person to `checkoutUrl` (Stripe Checkout). Takes an `Idempotency-Key` header: a repeat of the same request with the same key answers the first answer (`Idempotent-Replayed: true`); the key with another request is a 422.",
    access: { personal: "book" },
    body: { schema: bookingApiSchema, type: "json" },
    responses: { 201: bookingCreatedResponse },
    errors: [400, 404, 409, 422],
  },
  {
    method: "post",
    path: "/api/v1/bookings/{id}/{change}",
    tag: "Marketplace",
    summary: "Change a booking",
    description:
      "One change its holder's bookings screen offers. A mentee (scope `book`): cancel {reason?}, reschedule {startsAt}, report {kind, details}, accept-proposal, decline-proposal. A guide (scope `schedule`): accept {covenantVersion?}, decline {reason?}, cancel {reason?}, complete, noShow, propose {startsAt, note?}, answer-problem {reply}, accept-covenant {covenantVersion}. Another person's booking is a 404; a change its state refuses, a 409. Takes an `Idempotency-Key` header.",
    access: { personal: ["book", "schedule"] },
    params: { change: z.enum([...new Set([...MENTEE_CHANGES, ...GUIDE_CHANGES])] as [string, ...string[]]) },
    body: { schema: bookingChangeBody, type: "json", optional: true },
    responses: { 200: bookingChangeResponse },
    errors: [400, 404, 409, 422],
  },
  {
    method: "get",
    path: "/api/v1/bookings/{id}/review",
    tag: "Marketplace",
    summary: "My review of a session",
    description: "A mentee's review of their session, if any, and what they may do now: write it (`create`, once the session is completed), change it (`update`, for 14 days after writing it), or only read it. Another person's booking is a 404.",
    access: { personal: "read" },
    responses: { 200: reviewFormResponse },
    errors: [400, 404],
  },
  {
    method: "post",
    path: "/api/v1/bookings/{id}/review",
    tag: "Marketplace",
    summary: "Review a session",
    description: "A mentee reviews their completed session, once. Answers the review as GET does. A session not completed yet, or reviewed already, is a 409. Takes an `Idempotency-Key` header.",
    access: { personal: "book" },
    body: { schema: reviewBody, type: "json" },
    responses: { 201: reviewFormResponse },
    errors: [400, 404, 409, 422],
  },
  {
    method: "patch",
    path: "/api/v1/bookings/{id}/review",
    tag: "Marketplace",
    summary: "Change my review",
    description: "A mentee changes their review within 14 days of writing it (not once hidden by the team): a 409 after. Takes an `Idempotency-Key` header.",
    access: { personal: "book" },
    body: { schema: reviewBody, type: "json" },
    responses: { 200: reviewFormResponse },
    errors: [400, 404, 409, 422],
  },
  {
    method: "get",
    path: "/api/v1/payments",
    tag: "Marketplace",
    summary: "List my payments",
    description: "The payments a mentee made, as their Payments screen lists them: newest first, searched by mentor or topic. Only mentees have a payment history here (a guide's token: 403).",
    access: { personal: "read" },
    query: menteePaymentList,
    responses: { 200: pageOf(menteePaymentRow, "payments") },
    errors: [400],
  },
  {
    method: "get",
    path: "/api/v1/payments/{id}/receipt",
    tag: "Marketplace",
    summary: "A payment's receipt",
    description: "The receipt of one of the mentee's payments, as data (the screen prints the same). Another person's payment is a 404.",
    access: { personal: "read" },
    responses: { 200: receiptResponse },
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/api/v1/reviews",
    tag: "Marketplace",
    summary: "List my reviews",
    description: "A guide's reviews received, or a mentee's reviews written, newest first; `reply=awaiting` those without the guide's reply yet.",
    access: { personal: "read" },
    query: guideReviewList,
    responses: { 200: pageOf(reviewRow, "reviews") },
    errors: [400],
  },
  {
    method: "post",
    path: "/api/v1/reviews/{id}/reply",
    tag: "Marketplace",
    summary: "Reply to a review",
    description: "A guide replies under a review about them, once (a second reply is a 409); the reply shows on their public profile. Anyone else's review is a 404. Takes an `Idempotency-Key` header.",
    access: { personal: "schedule" },
    body: { schema: replyBody, type: "json" },
    responses: { 200: replyResponse },
    errors: [400, 404, 409, 422],
  },
];
