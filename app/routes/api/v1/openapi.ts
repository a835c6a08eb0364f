import type { Operation } from "#app/lib/openapi/document.ts";
import { meResponse } from "#app/modules/access-tokens/api-schema.ts";
import { z } from "zod";
import { GUIDE_CHANGES, MENTEE_CHANGES } from "#app/routes/dashboard/bookings-screen.server.ts";
import { upcomingBookingList } from "#app/modules/bookings/dashboard-schema.ts";
import { searchResponse } from "#app/modules/mentor-search/api-schema.ts";
import { searchSchema } from "#app/modules/mentor-search/schema.ts";
import { conversationResponse, conversationsResponse, messageSentResponse } from "#app/modules/messages/api-schema.ts";
import { conversationPageSchema, sendMessageSchema, threadList } from "#app/modules/messages/schema.ts";
import { availabilityResponse, overrideCreatedResponse, overridesResponse, pricingResponse } from "#app/modules/schedule/api-schema.ts";
import { availabilityApiSchema, overrideSchema, pricingApiSchema } from "#app/modules/schedule/schema.ts";
import { bookableWeekResponse, bookingChangeBody, bookingChangeResponse, bookingCreatedResponse, dashboardBookingsResponse } from "#app/modules/bookings/api-schema.ts";
import { bookingApiSchema, freeTimesQuery } from "#app/modules/bookings/booking-schema.ts";
import { mentorProfileQuery, mentorProfileResponse } from "#app/modules/mentor-profile/api-schema.ts";
import { deleted, pageOf } from "#app/lib/openapi/shapes.ts";
import { menteePaymentRow, receiptResponse } from "#app/modules/payments/api-schema.ts";
import { menteePaymentList } from "#app/modules/payments/mentee-payments.ts";
import { replyBody, replyResponse, reviewBody, reviewFormResponse, reviewRow } from "#app/modules/reviews/api-schema.ts";
import { guideReviewList } from "#app/modules/reviews/schema.ts";

const IDEMPOTENT = "Takes an `Idempotency-Key` header: a repeat of the same request with the same key answers the first answer (`Idempotent-Replayed: true`); the key with another request is a 422.";
const GUIDES_ONLY = "A guide's own; another person's token is refused with 403.";
/** The widest bounds the console allows: the platform's own (GET /api/v1/availability answers them in `limits`) are checked. */
const DOCUMENTED_LIMITS = { minimumNoticeHours: 0, maxAdvanceDays: 365 };

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
  {
    method: "get",
    path: "/api/v1/conversations",
    tag: "Marketplace",
    summary: "List my conversations",
    description:
      "The holder's conversations as their Messages screen lists them, most recent first, each with the other person, the latest message and how many of theirs are unread; searched by the other person's name or organisation. `contacts` are the people the holder may start a conversation with (a booking between them, nothing written yet).",
    access: { personal: "messages" },
    query: threadList,
    responses: { 200: conversationsResponse },
    errors: [400],
  },
  {
    method: "get",
    path: "/api/v1/conversations/{id}/messages",
    tag: "Marketplace",
    summary: "Read a conversation",
    description:
      "The conversation with person `id`, as Messages opens it: up to 50 messages, oldest first, ending before `before` (a message id) or at the newest. Reading marks their messages read. Someone the holder has no conversation with, and no booking that lets them start one, is a 404.",
    access: { personal: "messages" },
    query: conversationPageSchema,
    responses: { 200: conversationResponse },
    errors: [400, 404],
  },
  {
    method: "post",
    path: "/api/v1/conversations/{id}/messages",
    tag: "Marketplace",
    summary: "Send a message",
    description: `Sends a message to person \`id\` with the screen's rules: a mentee and a guide once they share a booking; the support team's conversations once it wrote first; not while either has blocked the other (403 saying why). The first message starts the conversation. Attachments are not part of messages. ${IDEMPOTENT}`,
    access: { personal: "messages" },
    body: { schema: sendMessageSchema.pick({ body: true }), type: "json" },
    responses: { 201: messageSentResponse },
    errors: [400, 404, 409, 422],
  },
  {
    method: "get",
    path: "/api/v1/availability",
    tag: "Marketplace",
    summary: "Read my weekly hours and booking rules",
    description: `The guide's weekly hours (in their time zone), lengths offered, buffer, notice, booking window, pause, request review and meeting link, as the Availability screen shows them; the platform's bounds; and the next free times they give. ${GUIDES_ONLY}`,
    access: { personal: "schedule" },
    responses: { 200: availabilityResponse },
  },
  {
    method: "put",
    path: "/api/v1/availability",
    tag: "Marketplace",
    summary: "Set my weekly hours and booking rules",
    description: `Replaces the weekly hours and booking rules with the Availability form's rules and messages (what is left out takes its empty value; \`meetingUrl\` null clears it). Notice and booking window are held to the platform's bounds (\`limits\` of the answer). The date overrides stay as they are. Answers the new state. ${GUIDES_ONLY} ${IDEMPOTENT}`,
    access: { personal: "schedule" },
    body: { schema: availabilityApiSchema(DOCUMENTED_LIMITS), type: "json" },
    responses: { 200: availabilityResponse },
    errors: [400, 409, 422],
  },
  {
    method: "get",
    path: "/api/v1/availability/overrides",
    tag: "Marketplace",
    summary: "List my date overrides",
    description: `The guide's date overrides from today on, soonest first: a date's own hours, or a day off. ${GUIDES_ONLY}`,
    access: { personal: "schedule" },
    responses: { 200: overridesResponse },
  },
  {
    method: "post",
    path: "/api/v1/availability/overrides",
    tag: "Marketplace",
    summary: "Add a date override",
    description: `One date's own hours ({date, start, end}) in place of its weekly hours, or a day off ({date}), with the Availability form's rules and messages: a date from today on, at most 100 of them, hours that do not overlap the date's other hours. ${GUIDES_ONLY} ${IDEMPOTENT}`,
    access: { personal: "schedule" },
    body: { schema: overrideSchema, type: "json" },
    responses: { 201: overrideCreatedResponse },
    errors: [400, 409, 422],
  },
  {
    method: "delete",
    path: "/api/v1/availability/overrides/{id}",
    tag: "Marketplace",
    summary: "Remove a date override",
    description: `Removes one of the guide's date overrides; another guide's is a 404. ${GUIDES_ONLY} ${IDEMPOTENT}`,
    access: { personal: "schedule" },
    responses: { 200: deleted },
    errors: [400, 404, 409, 422],
  },
  {
    method: "get",
    path: "/api/v1/pricing",
    tag: "Marketplace",
    summary: "Read my prices",
    description: `The price of each length offered, pay what you want (suggested and least amounts) and the free introductory session, as the Pricing screen shows them; money in cents. ${GUIDES_ONLY}`,
    access: { personal: "schedule" },
    responses: { 200: pricingResponse },
  },
  {
    method: "put",
    path: "/api/v1/pricing",
    tag: "Marketplace",
    summary: "Set my prices",
    description: `Replaces the prices with the Pricing form's rules (money in cents): a price for each length offered, or under pay what you want a suggested amount and a least one not above it; a free introductory session of 15 or 30 minutes, or none. Lengths are chosen with the availability: a price for a length not offered is ignored. Answers the new prices. ${GUIDES_ONLY} ${IDEMPOTENT}`,
    access: { personal: "schedule" },
    body: { schema: pricingApiSchema, type: "json" },
    responses: { 200: pricingResponse },
    errors: [400, 409, 422],
  },
];
