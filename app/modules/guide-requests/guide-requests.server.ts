import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, nullable } from "#app/lib/search/dialect.server.ts";
import { column, type RowOf } from "#app/lib/sql.server.ts";
import { isUniqueViolation, prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import type { DayRange } from "#app/lib/date-range.ts";
import { eachRowOf, mapRows, orderBy, pageOf, withinDays, type Condition, type ListQuery } from "#app/lib/list.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { env, siteUrl } from "#app/lib/env.server.ts";
import { authLinks, mentorLinks } from "#app/lib/links.ts";
import { mailLayout, sendMail } from "#app/lib/mail.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { hashPassword } from "#app/lib/password.server.ts";
import { AttemptLimit } from "#app/lib/rate-limit.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { sendAlreadyRegisteredMail, sendVerificationCode } from "#app/modules/accounts/sign-up.server.ts";
import { APPLICATION_DECISION_TIME } from "./decision-time.ts";
import { getGuide } from "#app/modules/guides/guides.server.ts";
import { refreshGuideSearch } from "#app/modules/guides/search-fields.server.ts";
import { setMembership } from "#app/modules/organisations/organisations.server.ts";
import { termsAccepted } from "#app/modules/policies/policies.ts";
import { APPROVE, DEFAULT_REQUEST_STATUS, REJECT, type Decision, type GuideApplication, type GuideRequestSort, type GuideRequestStatusFilter } from "./schema.ts";
import { logError } from "#app/lib/logger.server.ts";

/** The public support page (named in the rejection e-mail and on the application page). */
export const SUPPORT_PATH = "/support";

export type GuideRequestRow = {
  id: number;
  guideId: number;
  name: string;
  email: string;
  organisation: string | null;
  category: string | null;
  message: string | null;
  /** The applicant's own words: how they would like to serve, and their references (guide application). */
  howToServe: string | null;
  references: string[];
  requestedAt: string;
  status: "pending" | "approved" | "rejected";
  /** When an admin decided it, by whom, and why it was declined (null while pending). */
  decidedAt: string | null;
  decidedBy: string | null;
  declineReason: string | null;
};

const sortColumns: Record<GuideRequestSort, Prisma.Sql> = {
  name: caseless(Prisma.sql`u.name`),
  email: caseless(Prisma.sql`u.email`),
  organisation: nullable(caseless(Prisma.sql`u.organisation`)),
  category: nullable(caseless(Prisma.sql`gp.category`)),
  requested: Prisma.sql`r."createdAt"`,
};

const columns = {
  id: column.int,
  guideId: column.int,
  name: column.text,
  email: column.text,
  organisation: column.nullableText,
  category: column.nullableText,
  message: column.nullableText,
  howToServe: column.nullableText,
  references: column.nullableText,
  requestedAt: column.date,
  status: column.text,
  decidedAt: column.nullableDate,
  decidedBy: column.nullableText,
  declineReason: column.nullableText,
};
const select = Prisma.sql`r.id, r."guideId", u.name, u.email, u.organisation, gp.category, r.message, r."howToServe", gp."references",
  r."createdAt" AS "requestedAt", r.status, r."decidedAt", d.name AS "decidedBy", r."declineReason"`;
const profileJoin = Prisma.sql`LEFT JOIN "GuideProfile" gp ON gp."userId" = u.id`;
const rowsFrom = Prisma.sql`"GuideRequest" r JOIN "User" u ON u.id = r."guideId" ${profileJoin} LEFT JOIN "User" d ON d.id = r."decidedById"`;

const decisionOf = (status: string): GuideRequestRow["status"] => (status === "approved" || status === "rejected" ? status : "pending");

/** A JSON array of strings (GuideProfile's list columns); anything else reads as empty. */
export function stringList(json: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** Which requests a list shows (r, its guide u): those of guides still on the platform, of one status or all. */
export function guideRequestConditions(status: GuideRequestStatusFilter) {
  const where = [Prisma.sql`u.id = r."guideId"`, Prisma.sql`u.role = 'guide'`, Prisma.sql`u."isDeleted" = FALSE`];
  return status === "all" ? where : [Prisma.sql`r.status = ${status}`, ...where];
}

/**
 * Guide-join requests of guides still on the platform, searched, sorted and paged in SQL: the pending ones (the
 * default), the approved or rejected ones with their decision, or all of them; optionally those submitted on the days
 * `from` to `to` of the actor's zone.
 */
export async function listGuideRequests(state: ListState<GuideRequestSort>, filters: GuideRequestFilters, actor: SessionUser): Promise<ListResult<GuideRequestRow>> {
  const { rows, meta } = await pageOf(await guideRequestsQuery(state, filters, actor), state);
  return { data: rows.map(toGuideRequestRow), meta };
}

/** Every guide request of the list, in its order (its CSV export). */
export const eachGuideRequest = async (state: ListState<GuideRequestSort>, filters: GuideRequestFilters, actor: SessionUser) =>
  mapRows(eachRowOf(await guideRequestsQuery(state, filters, actor), state), toGuideRequestRow);

type GuideRequestFilters = { status?: GuideRequestStatusFilter } & DayRange;

function toGuideRequestRow(row: RowOf<typeof columns>): GuideRequestRow {
  return {
    ...row,
    references: stringList(row.references),
    requestedAt: row.requestedAt.toISOString(),
    status: decisionOf(row.status),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

async function guideRequestsQuery(
  state: ListState<GuideRequestSort>,
  { status = DEFAULT_REQUEST_STATUS, ...range }: GuideRequestFilters,
  actor: SessionUser,
): Promise<ListQuery<typeof columns>> {
  requireAdmin(actor);
  const where: Condition[] = guideRequestConditions(status);
  if (range.from || range.to) where.push(...withinDays(Prisma.sql`r."createdAt"`, range, await timeZoneOf(actor.id), state.sort === "requested"));
  return {
    // Sorted by when they were made, the requests are read in that index's order and each one's guide looked up (a
    // CROSS JOIN keeps that order on SQLite, which would otherwise sort every request of the guides it reads first).
    from: state.sort === "requested" ? Prisma.sql`"GuideRequest" r CROSS JOIN "User" u` : Prisma.sql`"GuideRequest" r, "User" u`,
    id: Prisma.sql`r.id`,
    where,
    search: [{ column: Prisma.sql`r."guideId"`, index: "people" }],
    few: true,
    orderBy: orderBy(sortColumns[state.sort], state.order, Prisma.sql`r.id`),
    orderJoins: state.sort === "category" ? profileJoin : undefined,
    rows: { columns, select, from: rowsFrom },
  };
}

/** The guide whose pending request the reject dialog is about, or null when there is none. */
export function findPendingRequestGuide(guideId: number) {
  return prisma.user.findFirst({
    where: { id: guideId, role: "guide", isDeleted: false, guideRequests: { some: { status: "pending" } } },
    select: { id: true, name: true },
  });
}

/**
 * The e-mail that tells an applicant the admin's decision, with a text and an HTML part. Links are absolute,
 * from APP_URL (the site's configured origin, never the Host header of whoever made the request).
 */
export function decisionMail(guide: { name: string; email: string }, decision: Pick<Decision, "actionId" | "declineReason">) {
  const signIn = siteUrl(authLinks.login);
  if (decision.actionId === APPROVE) {
    const paragraphs = [
      `Hello ${guide.name},`,
      "Good news: your application to mentor on Ministry Mentors has been approved. Your profile is now public, and pastors can find you and book sessions with you.",
      "Sign in to set your availability and complete your profile:",
      signIn,
      "Thank you for serving other leaders.",
      "The Ministry Mentors team",
    ];
    return { to: guide.email, subject: "Your guide application has been approved", text: paragraphs.join("\n\n"), html: mailLayout({ paragraphs }) };
  }
  const paragraphs = [
    `Hello ${guide.name},`,
    "Thank you for applying to mentor on Ministry Mentors. After reviewing your application we are not able to approve it at this time.",
    `Reason: ${decision.declineReason ?? ""}`,
    "You are welcome to apply again once this has been addressed: sign in to see your application and send it again.",
    siteUrl(mentorLinks.application),
    "Questions? Our support team is glad to help:",
    siteUrl(SUPPORT_PATH),
    "The Ministry Mentors team",
  ];
  return { to: guide.email, subject: "Your guide application was not approved", text: paragraphs.join("\n\n"), html: mailLayout({ paragraphs }) };
}

/** A decision as one request's rule takes it: approve, or reject with the reason the guide is told. */
export type RequestDecision = { approve: true } | { approve: false; declineReason: string };

/** What one decided request changed (its audit's before and after), for a bulk change's count. */
export type DecisionRecord = { id: number; guideId: number; label: string; before: Record<string, unknown>; after: Record<string, unknown> };

/**
 * Decides one pending guide request inside `tx` and audits it: approval verifies the guide (they become bookable),
 * rejection keeps the reason. Null, and nothing written, when the request is not pending (decided already, by another
 * admin a moment ago too: one conditional update) or its guide has left. The e-mail goes after the commit
 * (`sendDecisionMails`).
 */
export async function decideGuideRequestIn(tx: Transaction, actor: SessionUser, requestId: number, decision: RequestDecision, decidedAt = new Date()): Promise<DecisionRecord | null> {
  requireAdmin(actor);
  const request = await tx.guideRequest.findFirst({
    where: { id: requestId, status: "pending", guide: { role: "guide", isDeleted: false } },
    select: { guideId: true, guide: { select: { name: true, isVerified: true } } },
  });
  if (!request) return null;
  const { count } = await tx.guideRequest.updateMany({
    where: { id: requestId, status: "pending" },
    data: decision.approve
      ? { status: "approved", decidedById: actor.id, decidedAt }
      : { status: "rejected", decidedById: actor.id, decidedAt, declineReason: decision.declineReason },
  });
  if (count === 0) return null;
  await tx.user.update({ where: { id: request.guideId }, data: { isVerified: decision.approve } });
  await refreshGuideSearch(tx, [request.guideId]);
  const before = { status: "pending", isVerified: request.guide.isVerified };
  const after = decision.approve
    ? { status: "approved", isVerified: true }
    : { status: "rejected", isVerified: false, declineReason: decision.declineReason };
  await recordAudit(tx, actor, { kind: "guide", id: request.guideId, label: request.guide.name, action: decision.approve ? "approve" : "reject", before, after });
  return { id: requestId, guideId: request.guideId, label: request.guide.name, before, after };
}

/**
 * The decision e-mail of each of `requestIds` (decided, committed): the guide learns the outcome, and a rejection's
 * reason. A mail that cannot be sent is logged; the decision stands and the mail can be re-sent by hand.
 */
export async function sendDecisionMails(requestIds: number[]) {
  if (requestIds.length === 0) return;
  const requests = await prisma.guideRequest.findMany({
    where: { id: { in: requestIds }, status: { in: ["approved", "rejected"] } },
    select: { status: true, declineReason: true, guide: { select: { id: true, name: true, email: true } } },
    orderBy: { id: "asc" },
  });
  for (const request of requests) {
    try {
      await sendMail(decisionMail(request.guide, { actionId: request.status === "approved" ? APPROVE : REJECT, declineReason: request.declineReason }));
    } catch (error) {
      logError(error, { personId: request.guide.id }, `Could not send the guide-request decision e-mail to guide #${request.guide.id}`);
    }
  }
}

/**
 * Approves (action 1) or rejects (action 2, with a reason) a guide's pending join request: the request's own rule
 * (`decideGuideRequestIn`), in a transaction of its own; then the guide is told by e-mail.
 */
export async function decideGuideRequest(decision: Decision, actor: SessionUser) {
  requireAdmin(actor);
  const guide = await prisma.user.findFirst({ where: { id: decision.guideId, role: "guide", isDeleted: false }, select: { id: true } });
  if (!guide) throw notFound("Guide not found");
  const approved = decision.actionId === APPROVE;
  const decidedAt = new Date();
  const record = await transaction(async (tx) => {
    const pending = await tx.guideRequest.findFirst({ where: { guideId: guide.id, status: "pending" }, orderBy: { id: "desc" }, select: { id: true } });
    const decided = pending && (await decideGuideRequestIn(tx, actor, pending.id, approved ? { approve: true } : { approve: false, declineReason: decision.declineReason ?? "" }, decidedAt));
    if (!decided) {
      const any = await tx.guideRequest.count({ where: { guideId: guide.id } });
      throw any ? new HttpError(409, "This request has already been decided") : notFound("No pending request for this guide");
    }
    return decided;
  });
  await sendDecisionMails([record.id]);
  return { guideId: guide.id, status: approved ? ("approved" as const) : ("rejected" as const), declineReason: decision.declineReason, decidedAt: decidedAt.toISOString() };
}

// ─── The guide application ──────────────────────────────────────────────────────────────────

/**
 * Applications per client address (and per e-mail address): each one creates an account and sends a code,
 * so a script cannot fill the console with requests or someone's inbox with codes.
 */
export const applicationAttempts = new AttemptLimit("guide-application", { perAccount: 3, perAddress: 5, windowMinutes: 60 });

class AddressInUse extends Error {}

/**
 * A pastor applies to mentor. In one transaction: the guide account (not approved, e-mail not yet proved,
 * active), its profile, specialties and languages, and a pending request with their own words; then (outside
 * it) the code that proves the address. An address already in use is answered exactly as sign-up answers it,
 * so the form reveals no more than sign-up does. Returns the address to verify.
 */
export async function submitGuideApplication(input: GuideApplication, { clientAddress }: { clientAddress: string | null }) {
  const keys = { account: input.email, address: clientAddress };
  await applicationAttempts.assertAllowed(keys);
  await applicationAttempts.recordFailure(keys);
  const hash = await hashPassword(input.password);
  try {
    await transaction(async (tx) => {
      const user = await tx.user
        .create({
          data: {
            role: "guide",
            name: input.name,
            email: input.email,
            title: input.title,
            bio: input.bio,
            timeZone: input.timeZone,
            status: "active",
            isVerified: false,
            emailVerifiedAt: null,
            ...termsAccepted(),
            password: { create: { hash } },
          },
          select: { id: true },
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? new AddressInUse() : error;
        });
      const profile = await tx.guideProfile.create({
        data: {
          userId: user.id,
          phone: input.phone,
          experienceYears: input.experience,
          category: input.category,
          recentSuccess: input.recentSuccess,
          videoUrl: input.videoUrl,
          payWhatYouWant: input.payWhatYouWant,
          hourlyRateCents: input.hourlyRateCents,
          education: JSON.stringify(input.education),
          expertise: JSON.stringify(input.expertise),
          references: JSON.stringify(input.references),
        },
        select: { id: true },
      });
      await tx.guideLanguage.createMany({ data: input.languages.map((language, position) => ({ guideProfileId: profile.id, language, position })) });
      await tx.userSpecialty.createMany({ data: input.specialties.map((code) => ({ userId: user.id, code })) });
      await tx.guideRequest.create({ data: { guideId: user.id, status: "pending", howToServe: input.howToServe } });
      await setMembership(tx, user.id, input.organisation);
      await refreshGuideSearch(tx, [user.id]);
    });
  } catch (error) {
    if (!(error instanceof AddressInUse)) throw error;
    // As sign-up answers it: the address's owner gets a short mail, the applicant the same answer as anyone.
    const existing = await prisma.user.findUnique({ where: { email: input.email }, select: { isDeleted: true } });
    await sendAlreadyRegisteredMail(input.email, env().APP_URL, existing?.isDeleted ?? false);
    return { email: input.email };
  }
  try {
    await sendVerificationCode(input.email, { next: `Once your address is confirmed, our team reviews your application and usually decides within ${APPLICATION_DECISION_TIME}. We write to you either way.` });
  } catch (error) {
    // The application stands; /verify-email sends a new code on request.
    logError(error, {}, "Could not send the verification code of a guide application");
  }
  return { email: input.email };
}

export type ApplicationStatus = "pending" | "rejected" | "approved";

/** Where the signed-in guide's application stands, with what they submitted (their own record only). */
export async function guideApplicationOf(actor: SessionUser) {
  if (actor.role !== "guide") throw notFound("Application not found");
  const [guide, request] = await Promise.all([
    getGuide(actor.id, actor),
    prisma.guideRequest.findFirst({
      where: { guideId: actor.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { status: true, createdAt: true, decidedAt: true, declineReason: true, howToServe: true },
    }),
  ]);
  const status: ApplicationStatus = guide.isVerified ? "approved" : request?.status === "rejected" ? "rejected" : "pending";
  return {
    status,
    submittedAt: (request?.createdAt ?? new Date(guide.createdAt)).toISOString(),
    decidedAt: request?.decidedAt?.toISOString() ?? null,
    declineReason: status === "rejected" ? (request?.declineReason ?? null) : null,
    howToServe: request?.howToServe ?? null,
    guide,
  };
}

/** A rejected applicant sends their application again: a new pending request the admin sees in the console. */
export async function reapplyAsGuide(actor: SessionUser, { howToServe }: { howToServe: string }) {
  if (actor.role !== "guide") throw notFound("Application not found");
  await transaction(async (tx) => {
    const [guide, latest] = await Promise.all([
      tx.user.findUnique({ where: { id: actor.id }, select: { isVerified: true } }),
      tx.guideRequest.findFirst({ where: { guideId: actor.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { status: true } }),
    ]);
    if (!guide || guide.isVerified || latest?.status !== "rejected") {
      throw new HttpError(409, "Your application is already approved or waiting for review");
    }
    await tx.guideRequest.create({ data: { guideId: actor.id, status: "pending", howToServe } });
  });
}
