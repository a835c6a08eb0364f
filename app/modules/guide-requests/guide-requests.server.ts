import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, nullable } from "#app/lib/sql.server.ts";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { isoOf, orderBy, pageOf } from "#app/lib/list.server.ts";
import { sendMail } from "#app/lib/mail.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { peopleSearch } from "#app/modules/accounts/search.server.ts";
import { APPROVE, type Decision, type GuideRequestSort } from "./schema.ts";

export type GuideRequestRow = {
  id: number;
  guideId: number;
  name: string;
  email: string;
  organisation: string | null;
  category: string | null;
  message: string | null;
  requestedAt: string;
};

const sortColumns: Record<GuideRequestSort, Prisma.Sql> = {
  name: caseless(Prisma.sql`u.name`),
  email: caseless(Prisma.sql`u.email`),
  organisation: nullable(caseless(Prisma.sql`u.organisation`)),
  category: nullable(caseless(Prisma.sql`gp.category`)),
  requested: Prisma.sql`r."createdAt"`,
};

type RawRequestRow = Omit<GuideRequestRow, "id" | "guideId" | "requestedAt"> & { id: bigint | number; guideId: bigint | number; requestedAt: unknown };

/** Pending guide-join requests of guides still on the platform, searched, sorted and paged in SQL. */
export async function listGuideRequests(state: ListState<GuideRequestSort>): Promise<ListResult<GuideRequestRow>> {
  const where = [Prisma.sql`r.status = 'pending'`, Prisma.sql`u.role = 'guide'`, Prisma.sql`u."isDeleted" = FALSE`];
  if (state.search) where.push(peopleSearch(state.search));
  const { rows, meta } = await pageOf<RawRequestRow>({
    searched: Boolean(state.search),
    select: Prisma.sql`r.id, r."guideId", u.name, u.email, u.organisation, gp.category, r.message, r."createdAt" AS "requestedAt"`,
    from: Prisma.sql`"GuideRequest" r JOIN "User" u ON u.id = r."guideId" LEFT JOIN "GuideProfile" gp ON gp."userId" = u.id`,
    where,
    orderBy: orderBy(sortColumns[state.sort], state.order, Prisma.sql`r.id`),
    page: state.page,
    limit: state.limit,
  });
  return {
    data: rows.map((row) => ({ ...row, id: Number(row.id), guideId: Number(row.guideId), requestedAt: isoOf(row.requestedAt) ?? "" })),
    meta,
  };
}

/** The guide whose pending request the reject dialog is about, or null when there is none. */
export function findPendingRequestGuide(guideId: number) {
  return prisma.user.findFirst({
    where: { id: guideId, role: "guide", isDeleted: false, guideRequests: { some: { status: "pending" } } },
    select: { id: true, name: true },
  });
}

function decisionMail(guide: { name: string; email: string }, decision: Decision) {
  if (decision.actionId === APPROVE) {
    return {
      to: guide.email,
      subject: "Your guide application has been approved",
      text: `Hello ${guide.name},\n\nGood news: your application to mentor on Ministry Mentors has been approved. Your profile is now visible and pastors can book sessions with you.\n\nThank you for serving other leaders.\n\nThe Ministry Mentors team`,
    };
  }
  return {
    to: guide.email,
    subject: "Your guide application was not approved",
    text: `Hello ${guide.name},\n\nThank you for applying to mentor on Ministry Mentors. After reviewing your application we are not able to approve it at this time.\n\nReason: ${decision.declineReason}\n\nYou are welcome to apply again once this has been addressed.\n\nThe Ministry Mentors team`,
  };
}

/**
 * Approves (action 1) or rejects (action 2, with a reason) a guide's pending join request. Only a pending
 * request can be decided: one conditional update, so two admins deciding at once cannot both win.
 * Approval verifies the guide (they become bookable); either way the guide is told by e-mail.
 */
export async function decideGuideRequest(decision: Decision, actor: SessionUser) {
  requireAdmin(actor);
  const guide = await prisma.user.findFirst({
    where: { id: decision.guideId, role: "guide", isDeleted: false },
    select: { id: true, name: true, email: true },
  });
  if (!guide) throw notFound("Guide not found");
  const approved = decision.actionId === APPROVE;
  const decidedAt = new Date();
  await transaction(async (tx) => {
    const { count } = await tx.guideRequest.updateMany({
      where: { guideId: guide.id, status: "pending" },
      data: approved
        ? { status: "approved", decidedById: actor.id, decidedAt }
        : { status: "rejected", decidedById: actor.id, decidedAt, declineReason: decision.declineReason },
    });
    if (count === 0) {
      const decided = await tx.guideRequest.count({ where: { guideId: guide.id } });
      throw decided ? new HttpError(409, "This request has already been decided") : notFound("No pending request for this guide");
    }
    await tx.user.update({ where: { id: guide.id }, data: { isVerified: approved } });
  });
  try {
    await sendMail(decisionMail(guide, decision));
  } catch (error) {
    // The decision stands; the mail can be re-sent by hand. Say so in the log.
    console.error(`Could not send the guide-request e-mail to ${guide.email}`, error);
  }
  return { guideId: guide.id, status: approved ? ("approved" as const) : ("rejected" as const), declineReason: decision.declineReason, decidedAt: decidedAt.toISOString() };
}
