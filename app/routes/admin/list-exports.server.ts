import { csvResponse, dollars, type CsvColumn } from "#app/lib/csv.server.ts";
import { notFound, parseOr400 } from "#app/lib/http.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { requireAccount } from "#app/modules/accounts/accounts.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { fieldLabel } from "#app/modules/audit/audit-changes.tsx";
import { eachAudit, recordExport } from "#app/modules/audit/audit.server.ts";
import { auditList } from "#app/modules/audit/schema.ts";
import { auditActionLabels, auditKindLabels, type AuditRow, type AuditValue } from "#app/modules/audit/types.ts";
import { eachBooking, type BookingRow } from "#app/modules/bookings/bookings.server.ts";
import { bookingList, bookingPaymentBadge, profileBookingList } from "#app/modules/bookings/schema.ts";
import { BOOKING_STATUS_LABELS, type BookingStatus } from "#app/modules/bookings/status.ts";
import { eachFaq, type FaqRow } from "#app/modules/faqs/faqs.server.ts";
import { faqList } from "#app/modules/faqs/schema.ts";
import { faqTypeLabels } from "#app/modules/faqs/types.ts";
import { eachGuideRequest, type GuideRequestRow } from "#app/modules/guide-requests/guide-requests.server.ts";
import { guideRequestList, guideRequestStatusLabels } from "#app/modules/guide-requests/schema.ts";
import { eachGuide, type GuideListRow } from "#app/modules/guides/guides.server.ts";
import { guideList } from "#app/modules/guides/schema.ts";
import { eachDirectoryPerson, type DirectoryRow } from "#app/modules/messages/messages.server.ts";
import { directoryList } from "#app/modules/messages/schema.ts";
import { kindLabel } from "#app/modules/organisations/options.ts";
import { eachOrganisation, type OrganisationRow } from "#app/modules/organisations/organisations.server.ts";
import { organisationList } from "#app/modules/organisations/schema.ts";
import { eachOutboxMail, type OutboxRow } from "#app/modules/outbox/outbox.server.ts";
import { outboxList } from "#app/modules/outbox/schema.ts";
import { eachPayout, type PayoutRow } from "#app/modules/payments/payout-list.server.ts";
import { eachPayment, type PaymentRow } from "#app/modules/payments/payments.server.ts";
import { PAYOUT_STATUS_LABELS } from "#app/modules/payments/payout-status.ts";
import { guidePaymentList, paymentList, paymentStatusLabel, payoutList, userPaymentList } from "#app/modules/payments/schema.ts";
import { eachPost, type PostRow } from "#app/modules/posts/posts.server.ts";
import { postKindSchema, postList, type PostKind } from "#app/modules/posts/schema.ts";
import { eachPublishedContent, type PublishedContentRow } from "#app/modules/published-content/published-content.server.ts";
import { publishedContentList } from "#app/modules/published-content/schema.ts";
import { eachQuery, type CustomerQueryRow } from "#app/modules/queries/queries.server.ts";
import { queryList } from "#app/modules/queries/schema.ts";
import { eachResource, type ResourceRow } from "#app/modules/resources/resources.server.ts";
import { resourceList } from "#app/modules/resources/schema.ts";
import { resourceTypeLabels } from "#app/modules/resources/types.ts";
import { eachReview, type ReviewRow } from "#app/modules/reviews/reviews.server.ts";
import { profileReviewList, reviewList } from "#app/modules/reviews/schema.ts";
import { filteredPeople } from "#app/modules/users/people-filters.server.ts";
import { userList } from "#app/modules/users/schema.ts";
import { eachUser, type UserListRow } from "#app/modules/users/users.server.ts";

/*
 * The CSV export of every console list and profile tab: one column definition per list (the screen's columns, a
 * header and a value each), read for the screen's "Export CSV" (/admin/dashboard/export/<list>[/<id>]) and for the
 * list's API twin asked for text/csv, so both answer the same rows. The URL's parameters are the screen's (or the
 * API's), read by the list's definition as its pages are: the export is the whole filtered, sorted, searched list.
 */

type Rows<Row> = (params: URLSearchParams, admin: SessionUser, id: number | undefined) => Promise<AsyncIterable<Row>>;
type ListExport = {
  /** The CSV's columns (tests map a list's JSON pages through them). */
  columns: readonly CsvColumn<never>[];
  csv: (params: URLSearchParams, admin: SessionUser, id?: number) => Promise<Response>;
};

function listExport<Row>(file: string, columns: readonly CsvColumn<Row>[], rows: Rows<Row>): ListExport {
  return {
    columns: columns as readonly CsvColumn<never>[],
    async csv(params, admin, id) {
      requireAdmin(admin);
      const response = await csvResponse(file, columns, await rows(params, admin, id));
      await recordExport(admin, file, params, id);
      return response;
    },
  };
}

/** A profile tab's person, who must exist with that role (as the tab's API twin answers 404 otherwise). */
async function ownerId(role: "user" | "guide", id: number | undefined) {
  if (id === undefined) throw notFound("Not found");
  await requireAccount(role, id);
  return id;
}
const mentee = async (id: number | undefined) => ({ userId: await ownerId("user", id) });
const guide = async (id: number | undefined) => ({ guideId: await ownerId("guide", id) });

const yesNo = (value: boolean) => (value ? "Yes" : "No");

const personColumns = <Row extends { name: string; email: string; organisation: string | null; status: string }>(): CsvColumn<Row>[] => [
  { header: "Name", value: (row) => row.name },
  { header: "Email", value: (row) => row.email },
  { header: "Organisation", value: (row) => row.organisation },
];

const userColumns: CsvColumn<UserListRow>[] = [...personColumns<UserListRow>(), { header: "Verified", value: (row) => yesNo(row.isVerified) }, { header: "Status", value: (row) => row.status }];

const guideColumns: CsvColumn<GuideListRow>[] = [
  { header: "Name", value: (row) => row.name },
  { header: "Email", value: (row) => row.email },
  { header: "Category", value: (row) => row.category },
  { header: "Organisation", value: (row) => row.organisation },
  { header: "Verified", value: (row) => (row.isVerified ? "Approved" : row.requestStatus === "rejected" ? "Rejected" : "Pending") },
  { header: "Status", value: (row) => row.status },
];

const organisationColumns: CsvColumn<OrganisationRow>[] = [
  { header: "Name", value: (row) => row.name },
  { header: "Kind", value: (row) => kindLabel(row.kind) },
  { header: "City", value: (row) => row.city },
  { header: "Country", value: (row) => row.country },
  { header: "Members", value: (row) => row.memberCount },
  { header: "Added (UTC)", value: (row) => row.createdAt },
];

const guideRequestColumns: CsvColumn<GuideRequestRow>[] = [
  { header: "Name", value: (row) => row.name },
  { header: "Email", value: (row) => row.email },
  { header: "Organisation", value: (row) => row.organisation },
  { header: "Category", value: (row) => row.category },
  { header: "Requested (UTC)", value: (row) => row.requestedAt },
  { header: "Decision", value: (row) => guideRequestStatusLabels[row.status] },
  { header: "Decided (UTC)", value: (row) => row.decidedAt },
];

const bookingColumns: CsvColumn<BookingRow>[] = [
  { header: "Booking ID", value: (row) => row.id },
  { header: "Topic", value: (row) => row.topic },
  { header: "Status", value: (row) => BOOKING_STATUS_LABELS[row.status as BookingStatus] ?? row.status },
  { header: "User", value: (row) => row.user.name },
  { header: "User email", value: (row) => row.user.email },
  { header: "Guide", value: (row) => row.guide.name },
  { header: "Guide email", value: (row) => row.guide.email },
  { header: "Session date (UTC)", value: (row) => row.slot?.startsAt },
  { header: "Minutes", value: (row) => row.slot?.durationMinutes },
  { header: "Rate ($)", value: (row) => dollars(row.rateCents) },
  { header: "Payment Status", value: (row) => bookingPaymentBadge(row.rateCents, row.paymentStatus).label },
  { header: "Created (UTC)", value: (row) => row.createdAt },
];

const paymentColumns: CsvColumn<PaymentRow>[] = [
  { header: "ID", value: (row) => row.id },
  { header: "Booking ID", value: (row) => row.bookingId },
  { header: "User", value: (row) => row.userName },
  { header: "User email", value: (row) => row.userEmail },
  { header: "Guide", value: (row) => row.guideName },
  { header: "Guide email", value: (row) => row.guideEmail },
  { header: "Amount ($)", value: (row) => dollars(row.amountCents) },
  { header: "Refunded ($)", value: (row) => dollars(row.refundedCents) },
  { header: "Currency", value: (row) => row.currency.toUpperCase() },
  { header: "Status", value: (row) => paymentStatusLabel(row.status).label },
  { header: "Paid at (UTC)", value: (row) => row.paidAt },
];

const payoutColumns: CsvColumn<PayoutRow>[] = [
  { header: "Session", value: (row) => row.bookingId },
  { header: "Topic", value: (row) => row.topic },
  { header: "Guide", value: (row) => row.guideName },
  { header: "Guide email", value: (row) => row.guideEmail },
  { header: "Amount ($)", value: (row) => dollars(row.amountCents) },
  { header: "Reversed ($)", value: (row) => dollars(row.reversedCents) },
  { header: "Status", value: (row) => PAYOUT_STATUS_LABELS[row.status].label },
  { header: "Releases (UTC)", value: (row) => row.releaseAt },
  { header: "Paid out (UTC)", value: (row) => row.paidAt },
  { header: "Transfer", value: (row) => row.transferId },
  { header: "Paid by mentee (UTC)", value: (row) => row.createdAt },
];

const reviewColumns: CsvColumn<ReviewRow>[] = [
  { header: "ID", value: (row) => row.id },
  { header: "Booking ID", value: (row) => row.bookingId },
  { header: "Reviewer", value: (row) => row.userName },
  { header: "Guide", value: (row) => row.guideName },
  { header: "Rating", value: (row) => row.rating },
  { header: "Review", value: (row) => row.content },
  { header: "Mentor reply", value: (row) => row.mentorResponse },
  { header: "Hidden (UTC)", value: (row) => row.hiddenAt },
  { header: "Hidden because", value: (row) => row.hiddenReason },
  { header: "Written (UTC)", value: (row) => row.createdAt },
];

const queryColumns: CsvColumn<CustomerQueryRow>[] = [
  { header: "Name", value: (row) => row.name },
  { header: "Email", value: (row) => row.email },
  { header: "Subject", value: (row) => row.subject },
  { header: "Message", value: (row) => row.message },
  { header: "Received (UTC)", value: (row) => row.createdAt },
  { header: "Status", value: (row) => row.status },
  { header: "Answer", value: (row) => row.answer },
  { header: "Answered (UTC)", value: (row) => row.answeredAt },
];

const faqColumns: CsvColumn<FaqRow>[] = [
  { header: "Question", value: (row) => row.question },
  { header: "Answer", value: (row) => row.answer },
  { header: "Type", value: (row) => faqTypeLabels[row.type] },
  { header: "Status", value: (row) => (row.is_active ? "Active" : "Inactive") },
  { header: "Created (UTC)", value: (row) => row.createdAt },
];

const resourceColumns: CsvColumn<ResourceRow>[] = [
  { header: "Title", value: (row) => row.title },
  { header: "Description", value: (row) => row.description },
  { header: "Type", value: (row) => resourceTypeLabels[row.type] },
  { header: "Link / File", value: (row) => row.link ?? row.fileName },
  { header: "Created (UTC)", value: (row) => row.createdAt },
];

const postColumns: CsvColumn<PostRow>[] = [
  { header: "Title", value: (row) => row.title },
  { header: "Author", value: (row) => row.author },
  { header: "Status", value: (row) => ({ draft: "Draft", scheduled: "Scheduled", published: "Published" })[row.state] },
  { header: "Published (UTC)", value: (row) => row.publishedAt },
  { header: "Updated (UTC)", value: (row) => row.updatedAt },
];

const directoryColumns: CsvColumn<DirectoryRow>[] = [...personColumns<DirectoryRow>(), { header: "Role", value: (row) => row.role }, { header: "Status", value: (row) => row.status }];

const shownValue = (value: AuditValue) => (value === null || value === "" ? "(empty)" : String(value));
const auditColumns: CsvColumn<AuditRow>[] = [
  { header: "When (UTC)", value: (row) => row.createdAt },
  { header: "Person", value: (row) => row.actorName },
  { header: "Door", value: (row) => (row.door === "api" ? "API" : "Screen") },
  { header: "Record", value: (row) => auditKindLabels[row.recordKind] },
  { header: "Record ID", value: (row) => row.recordId },
  { header: "Label", value: (row) => row.recordLabel },
  { header: "Action", value: (row) => auditActionLabels[row.action] },
  {
    header: "Before and after",
    value: (row) => Object.entries(row.changes).map(([field, { before, after }]) => `${fieldLabel(field)}: ${shownValue(before)} → ${shownValue(after)}`).join("; "),
  },
];

const outboxColumns: CsvColumn<OutboxRow>[] = [
  { header: "Recipient", value: (row) => row.to },
  { header: "Subject", value: (row) => row.subject },
  { header: "Written (UTC)", value: (row) => row.createdAt },
];

const contentColumns: CsvColumn<PublishedContentRow>[] = [
  { header: "Title", value: (row) => row.title },
  { header: "Type", value: (row) => row.type },
  { header: "URL", value: (row) => row.url },
  { header: "Description", value: (row) => row.description },
  { header: "Published (UTC)", value: (row) => row.publishedDate },
];

const posts = (kind: PostKind, file: string) =>
  listExport(file, postColumns, async (params, admin) => {
    const { state, filters } = parseList(postList, params);
    return eachPost(kind, state, filters, admin);
  });

/** Every exportable list by the name its export URL carries. */
export const listExports = {
  users: listExport("users", userColumns, async (params) => {
    const { state, filters } = parseList(userList, params);
    return eachUser(state, filters);
  }),
  guides: listExport("guides", guideColumns, async (params) => {
    const { state, filters } = parseList(guideList, params);
    return eachGuide(state, filters);
  }),
  organisations: listExport("organisations", organisationColumns, async (params, admin) => {
    const { state, filters } = parseList(organisationList, params);
    return eachOrganisation(state, filters, admin);
  }),
  "guide-requests": listExport("guide-requests", guideRequestColumns, async (params, admin) => {
    const { state, filters } = parseList(guideRequestList, params);
    return eachGuideRequest(state, filters, admin);
  }),
  bookings: listExport("bookings", bookingColumns, async (params, admin) => {
    const { state, filters } = parseList(bookingList, params);
    await filteredPeople(filters);
    return eachBooking(state, filters, admin);
  }),
  payments: listExport("payments", paymentColumns, async (params, admin) => {
    const { state, filters } = parseList(paymentList, params);
    await filteredPeople(filters);
    return eachPayment(state, filters, admin);
  }),
  payouts: listExport("payouts", payoutColumns, async (params, admin) => {
    const { state, filters } = parseList(payoutList, params);
    await filteredPeople(filters);
    return eachPayout(state, filters, admin);
  }),
  reviews: listExport("reviews", reviewColumns, async (params, admin) => {
    const { state, filters } = parseList(reviewList, params);
    await filteredPeople(filters);
    return eachReview(state, filters, admin);
  }),
  "customer-queries": listExport("customer-queries", queryColumns, async (params, admin) => {
    const { state, filters } = parseList(queryList, params);
    return eachQuery(state, admin, filters);
  }),
  faqs: listExport("faqs", faqColumns, async (params) => {
    const { state, filters } = parseList(faqList, params);
    return eachFaq(state, filters);
  }),
  resources: listExport("resources", resourceColumns, async (params) => {
    const { state, filters } = parseList(resourceList, params);
    return eachResource(state, filters);
  }),
  blog: posts("blog", "blog-posts"),
  "success-stories": posts("story", "success-stories"),
  "people-directory": listExport("people-directory", directoryColumns, async (params) => {
    const { state, filters } = parseList(directoryList, params);
    return eachDirectoryPerson(state, filters.filter);
  }),
  "audit-log": listExport("audit-log", auditColumns, async (params, admin) => {
    const { state, filters } = parseList(auditList, params);
    return eachAudit(state, filters, admin);
  }),
  outbox: listExport("outbox", outboxColumns, async (params, admin) => eachOutboxMail(parseList(outboxList, params).state, admin)),
  "user-payments": listExport("user-payments", paymentColumns, async (params, admin, id) => {
    const { state, filters } = parseList(userPaymentList, params);
    return eachPayment(state, { ...filters, ...(await mentee(id)) }, admin);
  }),
  "user-reviews": listExport("user-reviews", reviewColumns, async (params, admin, id) => {
    const { state, filters } = parseList(profileReviewList, params);
    return eachReview(state, { ...filters, ...(await mentee(id)) }, admin);
  }),
  "user-bookings": listExport("user-bookings", bookingColumns, async (params, admin, id) => {
    const { state, filters } = parseList(profileBookingList, params);
    return eachBooking(state, { ...filters, ...(await mentee(id)) }, admin);
  }),
  "guide-payments": listExport("guide-payments", paymentColumns, async (params, admin, id) => {
    const { state, filters } = parseList(guidePaymentList, params);
    return eachPayment(state, { ...filters, ...(await guide(id)) }, admin);
  }),
  "guide-reviews": listExport("guide-reviews", reviewColumns, async (params, admin, id) => {
    const { state, filters } = parseList(profileReviewList, params);
    return eachReview(state, { ...filters, ...(await guide(id)) }, admin);
  }),
  "guide-bookings": listExport("guide-bookings", bookingColumns, async (params, admin, id) => {
    const { state, filters } = parseList(profileBookingList, params);
    return eachBooking(state, { ...filters, ...(await guide(id)) }, admin);
  }),
  "guide-content": listExport("guide-content", contentColumns, async (params, admin, id) => {
    const { state } = parseList(publishedContentList, params);
    return eachPublishedContent(state, await guide(id), admin);
  }),
} satisfies Record<string, ListExport>;

export type ListExportName = keyof typeof listExports;

/** The list an export URL names (`users`, `guide-bookings`…), or 404. */
export function listExportNamed(name: string | undefined): ListExport {
  if (name && Object.hasOwn(listExports, name)) return listExports[name as ListExportName];
  throw notFound("Not found");
}

/** The posts API's kind parameter, for its CSV answer (blog or story). */
export const postsExportOf = (params: URLSearchParams) => (parseOr400(postKindSchema, params.get("kind") || "blog", "kind") === "story" ? listExports["success-stories"] : listExports.blog);
