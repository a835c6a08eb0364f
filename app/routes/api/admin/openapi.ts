import { z } from "zod";
import type { Operation } from "#app/lib/openapi/document.ts";
import { deleted, messageOnly, pageOf } from "#app/lib/openapi/shapes.ts";
import { adminProfile } from "#app/modules/admin-account/api-schema.ts";
import { auditRow } from "#app/modules/audit/api-schema.ts";
import { adminCancelResponse, bookingRow, problemDecisionResponse } from "#app/modules/bookings/api-schema.ts";
import { bulkOutcome, undoOutcome } from "#app/modules/bulk/api-schema.ts";
import { covenantVersion } from "#app/modules/covenant/api-schema.ts";
import { faqRow } from "#app/modules/faqs/api-schema.ts";
import { guideRequestRow, requestDecision } from "#app/modules/guide-requests/api-schema.ts";
import { guideDetails, guideListRow } from "#app/modules/guides/api-schema.ts";
import { directoryRow } from "#app/modules/messages/api-schema.ts";
import { outboxRow } from "#app/modules/outbox/api-schema.ts";
import { organisationRow } from "#app/modules/organisations/api-schema.ts";
import { mergeSchema, organisationFormSchema, organisationList } from "#app/modules/organisations/schema.ts";
import { pageSaved, savedPage } from "#app/modules/page-content/api-schema.ts";
import { paymentRow, payoutRow } from "#app/modules/payments/api-schema.ts";
import { postRow } from "#app/modules/posts/api-schema.ts";
import { publishedContentRow } from "#app/modules/published-content/api-schema.ts";
import { customerQueryRow } from "#app/modules/queries/api-schema.ts";
import { resourceRow } from "#app/modules/resources/api-schema.ts";
import { reviewRow } from "#app/modules/reviews/api-schema.ts";
import { savedView } from "#app/modules/saved-views/api-schema.ts";
import { adminStatsResponse, healthResponse, monthlyBookingsResponse } from "#app/modules/stats/api-schema.ts";
import { accountPicture, statusChanged, userDetail, userListRow } from "#app/modules/users/api-schema.ts";
import { changeOwnPasswordSchema } from "#app/modules/accounts/password-schema.ts";
import { adminProfileSchema } from "#app/modules/admin-account/schema.ts";
import { auditList } from "#app/modules/audit/schema.ts";
import { adminCancelApiSchema, problemDecisionApiSchema } from "#app/modules/bookings/dashboard-schema.ts";
import { bookingList } from "#app/modules/bookings/schema.ts";
import { bulkApiSchema } from "#app/modules/bulk/schema.ts";
import { BULK_LISTS } from "#app/modules/bulk/texts.ts";
import { publishCovenantSchema } from "#app/modules/covenant/schema.ts";
import { faqCreateSchema, faqList, faqStatusSchema, faqUpdateSchema } from "#app/modules/faqs/schema.ts";
import { guideRequestList } from "#app/modules/guide-requests/schema.ts";
import { guideCreateSchema, guideList, guideUpdateSchema } from "#app/modules/guides/schema.ts";
import { directoryList } from "#app/modules/messages/schema.ts";
import { outboxList } from "#app/modules/outbox/schema.ts";
import { pageContentUpdateSchema, slugSchema } from "#app/modules/page-content/schema.ts";
import { guidePaymentList, paymentList, payoutList } from "#app/modules/payments/schema.ts";
import { postKindSchema, postList } from "#app/modules/posts/schema.ts";
import { publishedContentList } from "#app/modules/published-content/schema.ts";
import { answerSchema, queryList } from "#app/modules/queries/schema.ts";
import { resourceCreateSchema, resourceList, resourcePatchSchema } from "#app/modules/resources/schema.ts";
import { profileReviewList, reviewList } from "#app/modules/reviews/schema.ts";
import { renameViewSchema, saveViewSchema } from "#app/modules/saved-views/schema.ts";
import { healthPeriodSchema } from "#app/modules/stats/schema.ts";
import { createUserSchema, updateUserSchema, userList } from "#app/modules/users/schema.ts";

/*
 * /api/admin (SPEC §7 and the console's JSON twins): every call but the two public reads needs an administrator's
 * token from POST /api/auth/login. One entry per route and method.
 */

const admin = { admin: true } as const;
const picture = z.object({ imageUrl: z.file().describe("The picture (JPEG, PNG, WebP or GIF)") });

export const adminOperations: Operation[] = [
  // Organisations
  { method: "get", path: "/api/admin/organisations", tag: "Organisations", summary: "List organisations", access: admin, query: organisationList, responses: { 200: pageOf(organisationRow) }, errors: [400], csv: true },
  { method: "post", path: "/api/admin/organisations", tag: "Organisations", summary: "Create an organisation", description: "A name another organisation has (case and spacing aside) is a 409.", access: admin, body: { schema: organisationFormSchema, type: "json" }, responses: { 201: z.object({ data: organisationRow }) }, errors: [400, 409] },
  { method: "get", path: "/api/admin/organisations/{id}", tag: "Organisations", summary: "Get an organisation", access: admin, responses: { 200: z.object({ data: organisationRow }) }, errors: [400, 404] },
  { method: "put", path: "/api/admin/organisations/{id}", tag: "Organisations", summary: "Edit an organisation", description: "A new name is written on every member's records; a name another organisation has is a 409 (merge them instead).", access: admin, body: { schema: organisationFormSchema, type: "json" }, responses: { 200: z.object({ data: organisationRow }) }, errors: [400, 404, 409] },
  { method: "post", path: "/api/admin/organisations/{id}/merge", tag: "Organisations", summary: "Merge an organisation into another", description: "Organisation {id}'s members move to `intoId` and {id} is removed. Into itself is a 400; a sponsoring organisation is never merged away (409).", access: admin, body: { schema: mergeSchema, type: "json" }, responses: { 200: z.object({ data: organisationRow }) }, errors: [400, 404, 409] },
  // People
  { method: "get", path: "/api/admin/get-user-list", tag: "Users", summary: "List mentees", access: admin, query: userList, responses: { 200: pageOf(userListRow) }, errors: [400], csv: true },
  { method: "get", path: "/api/admin/get-user-by-id/{id}", tag: "Users", summary: "Get a mentee", access: admin, responses: { 200: z.object({ user: userDetail }) }, errors: [400, 404] },
  { method: "post", path: "/api/admin/create-user", tag: "Users", summary: "Create a mentee", access: admin, body: { schema: createUserSchema, type: "json" }, responses: { 201: z.object({ message: z.string(), user: userDetail }) }, errors: [400, 409] },
  { method: "put", path: "/api/admin/update-user-by-id/{id}", tag: "Users", summary: "Update a mentee", description: "The e-mail is not part of an update.", access: admin, body: { schema: updateUserSchema, type: "json" }, responses: { 200: z.object({ message: z.string(), user: userDetail }) }, errors: [400, 404] },
  { method: "delete", path: "/api/admin/delete-user-by-id/{id}", tag: "Users", summary: "Delete a mentee", description: "A soft delete that keeps the person's history.", access: admin, responses: { 200: deleted }, errors: [400, 404] },
  { method: "put", path: "/api/admin/update-user-profile-picture/{id}", tag: "Users", summary: "Set a mentee's picture", access: admin, body: { schema: picture, type: "multipart" }, responses: { 200: z.object({ message: z.string(), user: accountPicture }) }, errors: [400, 404, 413, 415] },
  {
    method: "patch",
    path: "/api/admin/{accountType}/{id}/status/{action}",
    tag: "Users",
    summary: "Activate or deactivate an account",
    access: admin,
    params: { accountType: z.enum(["user", "guide"]), action: z.enum(["active", "inactive"]) },
    responses: { 200: statusChanged },
    errors: [400, 404],
  },
  { method: "get", path: "/api/admin/user-guide/list", tag: "Users", summary: "List people (guides or mentees)", access: admin, query: directoryList, responses: { 200: pageOf(directoryRow) }, errors: [400], csv: true },
  // Guides
  { method: "get", path: "/api/admin/get-mentor-list", tag: "Guides", summary: "List guides", access: admin, query: guideList, responses: { 200: pageOf(guideListRow) }, errors: [400], csv: true },
  { method: "get", path: "/api/admin/get-mentor-by-id/{id}", tag: "Guides", summary: "Get a guide", access: admin, responses: { 200: z.object({ user: guideDetails }) }, errors: [400, 404] },
  { method: "post", path: "/api/admin/create-mentor", tag: "Guides", summary: "Create a guide", access: admin, body: { schema: guideCreateSchema, type: "json" }, responses: { 201: z.object({ message: z.string(), guide: guideDetails }) }, errors: [400, 409] },
  { method: "put", path: "/api/admin/update-mentor-by-id/{id}", tag: "Guides", summary: "Update a guide", access: admin, body: { schema: guideUpdateSchema, type: "json" }, responses: { 200: z.object({ message: z.string(), guide: guideDetails }) }, errors: [400, 404, 409] },
  { method: "delete", path: "/api/admin/delete-mentor-by-id/{id}", tag: "Guides", summary: "Delete a guide", description: "A soft delete that keeps the guide's history.", access: admin, responses: { 200: deleted }, errors: [400, 404] },
  { method: "put", path: "/api/admin/update-guide-profile-picture/{id}", tag: "Guides", summary: "Set a guide's picture", access: admin, body: { schema: picture, type: "multipart" }, responses: { 200: accountPicture.extend({ message: z.string() }) }, errors: [400, 404, 413, 415] },
  { method: "get", path: "/api/admin/get-mentor-request-list", tag: "Guides", summary: "List guide requests", description: "Pending by default; `status` lists decided ones too.", access: admin, query: guideRequestList, responses: { 200: pageOf(guideRequestRow) }, errors: [400], csv: true },
  {
    method: "patch",
    path: "/api/admin/mentor-request-update/{guideId}/{actionId}",
    tag: "Guides",
    summary: "Approve or reject a guide request",
    description: "actionId 1 approves, 2 rejects with `declineReason`.",
    access: admin,
    params: { actionId: z.enum(["1", "2"]) },
    body: { schema: z.object({ declineReason: z.string().max(1000).optional() }), type: "json", optional: true },
    responses: { 200: z.object({ message: z.string(), request: requestDecision }) },
    errors: [400, 404, 409],
  },
  { method: "get", path: "/api/admin/guide-published-content/all/{guideId}", tag: "Guides", summary: "List a guide's published content", access: admin, query: publishedContentList, responses: { 200: pageOf(publishedContentRow) }, errors: [400, 404], csv: true },
  // Bookings and money
  { method: "get", path: "/api/admin/get-allbookings", tag: "Bookings", summary: "List bookings", access: admin, query: bookingList, responses: { 200: pageOf(bookingRow, "bookings") }, errors: [400, 404], csv: true },
  { method: "get", path: "/api/admin/get-booking/{bookingId}", tag: "Bookings", summary: "Get a booking", access: admin, responses: { 200: z.object({ booking: bookingRow }) }, errors: [400, 404] },
  {
    method: "post",
    path: "/api/admin/cancel-booking/{bookingId}",
    tag: "Bookings",
    summary: "Cancel a booking",
    description: "Refunds what was paid in full and tells both people.",
    access: admin,
    body: { schema: adminCancelApiSchema, type: "json", optional: true },
    responses: { 200: adminCancelResponse },
    errors: [400, 404, 409],
  },
  {
    method: "post",
    path: "/api/admin/problem-decision/{bookingId}",
    tag: "Bookings",
    summary: "Settle a reported problem",
    access: admin,
    body: { schema: problemDecisionApiSchema, type: "json" },
    responses: { 200: problemDecisionResponse },
    errors: [400, 404, 409],
  },
  { method: "get", path: "/api/admin/getall/payments", tag: "Payments", summary: "List payments", access: admin, query: paymentList, responses: { 200: pageOf(paymentRow) }, errors: [400, 404], csv: true },
  {
    method: "get",
    path: "/api/admin/transactions/{party}/{id}",
    tag: "Payments",
    summary: "List one guide's or mentee's payments",
    access: admin,
    params: { party: z.enum(["guide", "user"]) },
    query: guidePaymentList,
    responses: { 200: pageOf(paymentRow, "payments") },
    errors: [400, 404],
    csv: true,
  },
  { method: "get", path: "/api/admin/payouts", tag: "Payments", summary: "List payouts", access: admin, query: payoutList, responses: { 200: pageOf(payoutRow) }, errors: [400, 404], csv: true },
  // Reviews
  { method: "get", path: "/api/admin/all/reviews", tag: "Reviews", summary: "List reviews", access: admin, query: reviewList, responses: { 200: pageOf(reviewRow) }, errors: [400, 404], csv: true },
  { method: "get", path: "/api/admin/guides/reviews/{id}", tag: "Reviews", summary: "List reviews a guide received", access: admin, query: profileReviewList, responses: { 200: pageOf(reviewRow) }, errors: [400, 404], csv: true },
  { method: "get", path: "/api/admin/users/reviews/{id}", tag: "Reviews", summary: "List reviews a mentee wrote", access: admin, query: profileReviewList, responses: { 200: pageOf(reviewRow) }, errors: [400, 404], csv: true },
  // Customer queries
  { method: "get", path: "/api/admin/get-all-queries", tag: "Customer queries", summary: "List customer queries", access: admin, query: queryList, responses: { 200: pageOf(customerQueryRow) }, errors: [400], csv: true },
  { method: "put", path: "/api/admin/answer/{id}", tag: "Customer queries", summary: "Answer a customer query", access: admin, body: { schema: answerSchema, type: "json" }, responses: { 200: z.object({ message: z.string(), query: customerQueryRow }) }, errors: [400, 404] },
  { method: "delete", path: "/api/admin/delete-query/{id}", tag: "Customer queries", summary: "Delete a customer query", access: admin, responses: { 200: deleted }, errors: [400, 404] },
  // FAQs
  { method: "get", path: "/api/admin/faq/all", tag: "FAQs", summary: "List FAQs", access: admin, query: faqList, responses: { 200: pageOf(faqRow).extend({ status: z.literal(true) }) }, errors: [400], csv: true },
  { method: "post", path: "/api/admin/faq/create", tag: "FAQs", summary: "Create an FAQ", access: admin, body: { schema: faqCreateSchema, type: "json" }, responses: { 201: z.object({ status: z.literal(true), message: z.string(), data: faqRow }) }, errors: [400] },
  { method: "patch", path: "/api/admin/faq/update/{id}", tag: "FAQs", summary: "Update an FAQ", access: admin, body: { schema: faqUpdateSchema, type: "json" }, responses: { 200: z.object({ status: z.literal(true), message: z.string(), data: faqRow }) }, errors: [400, 404] },
  { method: "patch", path: "/api/admin/faq/{id}/status", tag: "FAQs", summary: "Activate or deactivate an FAQ", access: admin, body: { schema: faqStatusSchema, type: "json" }, responses: { 200: z.object({ status: z.literal(true), message: z.string(), data: faqRow }) }, errors: [400, 404] },
  { method: "delete", path: "/api/admin/faq/delete/{id}", tag: "FAQs", summary: "Delete an FAQ", access: admin, responses: { 200: deleted.extend({ status: z.literal(true) }) }, errors: [400, 404] },
  // Resources
  { method: "get", path: "/api/admin/resources", tag: "Resources", summary: "List resources (public)", description: "The content library of the /resources page; no token (SPEC §6).", access: { public: true }, query: resourceList, responses: { 200: pageOf(resourceRow) }, errors: [400] },
  { method: "get", path: "/api/admin/resources/all", tag: "Resources", summary: "List resources", access: admin, query: resourceList, responses: { 200: pageOf(resourceRow) }, errors: [400], csv: true },
  { method: "post", path: "/api/admin/resources/Create", tag: "Resources", summary: "Create a resource", access: admin, body: { schema: resourceCreateSchema, type: "multipart" }, responses: { 201: z.object({ message: z.string(), data: resourceRow }) }, errors: [400, 413] },
  { method: "get", path: "/api/admin/resources/{id}", tag: "Resources", summary: "Get a resource", access: admin, responses: { 200: z.object({ data: resourceRow }) }, errors: [400, 404] },
  { method: "patch", path: "/api/admin/resources/{id}", tag: "Resources", summary: "Update a resource", description: "Fields left out stay as they are.", access: admin, body: { schema: resourcePatchSchema, type: "multipart" }, responses: { 200: z.object({ message: z.string(), data: resourceRow }) }, errors: [400, 404, 413] },
  { method: "delete", path: "/api/admin/resources/{id}", tag: "Resources", summary: "Delete a resource", access: admin, responses: { 200: deleted }, errors: [400, 404] },
  // Pages and content
  {
    method: "get",
    path: "/api/admin/home-content/all",
    tag: "Page content",
    summary: "Read page content (public)",
    description: "With `slug`, that page's content; without, every page. No token (SPEC §6).",
    access: { public: true },
    query: z.object({ slug: slugSchema.optional() }),
    responses: { 200: z.object({ data: z.union([savedPage, z.array(savedPage)]) }) },
    errors: [400],
  },
  { method: "put", path: "/api/admin/home-content/quotes", tag: "Page content", summary: "Save page content", description: "Used for the home, platform and become-a-guide pages.", access: admin, body: { schema: pageContentUpdateSchema, type: "json" }, responses: { 200: z.object({ message: z.string(), data: pageSaved }) }, errors: [400] },
  {
    method: "get",
    path: "/api/admin/posts",
    tag: "Page content",
    summary: "List blog posts or success stories",
    access: admin,
    query: [postList, z.object({ kind: postKindSchema.default("blog") })],
    responses: { 200: pageOf(postRow) },
    errors: [400],
    csv: true,
  },
  { method: "get", path: "/api/admin/covenant", tag: "Page content", summary: "Read the covenant's versions", access: admin, responses: { 200: z.object({ data: z.object({ current: covenantVersion.nullable(), versions: z.array(covenantVersion) }) }) } },
  { method: "post", path: "/api/admin/covenant", tag: "Page content", summary: "Publish the covenant's next version", access: admin, body: { schema: publishCovenantSchema, type: "json" }, responses: { 201: z.object({ message: z.string(), data: covenantVersion }) }, errors: [400] },
  // Dashboard
  { method: "get", path: "/api/admin/dashboard/Stats", tag: "Dashboard", summary: "Marketplace figures", access: admin, responses: { 200: adminStatsResponse } },
  { method: "get", path: "/api/admin/dashboard/montlyBookingStats", tag: "Dashboard", summary: "Bookings per month", description: "The last 12 months (the spec's spelling of the path).", access: admin, responses: { 200: monthlyBookingsResponse } },
  { method: "get", path: "/api/admin/dashboard/health", tag: "Dashboard", summary: "Marketplace health", description: "Days of the admin's zone, both included; the last 7 days without them.", access: admin, query: healthPeriodSchema, responses: { 200: healthResponse }, errors: [400] },
  // The admin's own account
  { method: "get", path: "/api/admin/get-admin-profile", tag: "Admin account", summary: "Get my profile", access: admin, responses: { 200: z.object({ user: adminProfile }) } },
  { method: "put", path: "/api/admin/update-admin-profile", tag: "Admin account", summary: "Update my profile", access: admin, body: { schema: adminProfileSchema, type: "json" }, responses: { 200: z.object({ message: z.string(), user: adminProfile }) }, errors: [400, 409] },
  { method: "put", path: "/api/admin/update-admin-profile-picture", tag: "Admin account", summary: "Set my picture", access: admin, body: { schema: picture, type: "multipart" }, responses: { 200: z.object({ message: z.string(), user: adminProfile }) }, errors: [400, 413, 415] },
  { method: "put", path: "/api/admin/change-password", tag: "Admin account", summary: "Change my password", description: "Every other session of the admin ends; the token making the call stays valid.", access: admin, body: { schema: changeOwnPasswordSchema, type: "json" }, responses: { 200: messageOnly }, errors: [400] },
  // Console tools
  { method: "get", path: "/api/admin/outbox", tag: "Console", summary: "List kept e-mail", access: admin, query: outboxList, responses: { 200: pageOf(outboxRow) }, errors: [400], csv: true },
  { method: "get", path: "/api/admin/audit-log", tag: "Console", summary: "List the audit log", access: admin, query: auditList, responses: { 200: pageOf(auditRow) }, errors: [400], csv: true },
  { method: "get", path: "/api/admin/saved-views", tag: "Console", summary: "List my saved views", access: admin, responses: { 200: z.object({ data: z.array(savedView) }) } },
  { method: "post", path: "/api/admin/saved-views", tag: "Console", summary: "Save a view", access: admin, body: { schema: saveViewSchema, type: "json" }, responses: { 201: z.object({ message: z.string(), data: savedView }) }, errors: [400, 409] },
  { method: "get", path: "/api/admin/saved-views/{id}", tag: "Console", summary: "Get a saved view", access: admin, responses: { 200: z.object({ data: savedView }) }, errors: [400, 404] },
  { method: "patch", path: "/api/admin/saved-views/{id}", tag: "Console", summary: "Rename a saved view", access: admin, body: { schema: renameViewSchema.omit({ id: true }), type: "json" }, responses: { 200: z.object({ message: z.string(), data: savedView }) }, errors: [400, 404, 409] },
  { method: "delete", path: "/api/admin/saved-views/{id}", tag: "Console", summary: "Delete a saved view", access: admin, responses: { 200: deleted }, errors: [400, 404] },
  {
    method: "post",
    path: "/api/admin/bulk/{list}",
    tag: "Console",
    summary: "Change many records at once",
    description: "`ids`, or `query` (the list's URL query) for every match; `reason` with reject and hide. Answers the counts and the undo token (null when the change cannot be undone).",
    access: admin,
    params: { list: z.enum(BULK_LISTS) },
    body: { schema: bulkApiSchema, type: "json" },
    responses: { 200: bulkOutcome },
    errors: [400, 404],
  },
  { method: "post", path: "/api/admin/bulk/undo/{token}", tag: "Console", summary: "Undo a bulk change", description: "Within 10 seconds of the change, by the admin who made it.", access: admin, params: { token: z.string() }, responses: { 200: undoOutcome }, errors: [404, 409] },
];
