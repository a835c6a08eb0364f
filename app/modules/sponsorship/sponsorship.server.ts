import { createHash, randomBytes } from "node:crypto";
import type Stripe from "stripe";
import { Prisma } from "#app/generated/prisma/client.ts";
import { lockWithin, prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/format.ts";
import { fieldError, HttpError, notFound } from "#app/lib/http.server.ts";
import { defineJob, enqueue, runJobsSoon } from "#app/lib/jobs.server.ts";
import { mailLayout, sendMail } from "#app/lib/mail.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { orderBy, pageOf, withinDays, type Condition, type ListQuery } from "#app/lib/list.server.ts";
import { caseless, containsAny, matching, nullable } from "#app/lib/search/dialect.server.ts";
import { SHORT_TERM } from "#app/lib/search/port.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { momentIn } from "#app/modules/bookings/session-time.ts";
import { recordAudit, recordOpened } from "#app/modules/audit/audit.server.ts";
import { organisationNameKey, tidyOrganisationName } from "#app/modules/organisations/organisation-name.ts";
import { setMembership } from "#app/modules/organisations/organisations.server.ts";
import { guidesByIds, liveGuidesNamed } from "#app/modules/guides/guide-names.server.ts";
import { recordStripeEvent, refuseStripeEvent } from "#app/modules/payments/event-ledger.server.ts";
import { PLATFORM_NAME } from "#app/modules/payments/mentee-payments.server.ts";
import { recordSponsorPayment, refundSponsorPayment } from "#app/modules/payments/sponsor-payments.server.ts";
import { isStripeTestMode, stripe } from "#app/modules/payments/stripe.server.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { lowBalanceLine, periodLabel, periodStart, SPONSOR_MESSAGES as M, type BudgetPeriod } from "./messages.ts";
import { fundingReceiptPath, PREVIEW_ROWS, sponsorInviteListDefaults, sponsorLedgerListDefaults, sponsorPastorListDefaults, type SponsorInviteSort, type SponsorLedgerSort, type SponsorPastorSort } from "./lists.ts";
import { canRunSponsor, sponsorViewOfLedgerEntry, sponsorViewOfPastor, type CoverFact, type LedgerEntryView, type PastorView } from "./policy.ts";
import type { SponsorLedgerFilters, SponsorRules } from "./schema.ts";

/**
 * Sponsored mentoring: an organisation's balance (funded by card through Stripe Checkout), the rules of what it
 * covers, its invitations, the pastors who joined, and the part of each booking it pays (a SponsorCover).
 *
 * Money moves only in conditional updates inside the transaction that records why: a funding credits the balance
 * once (its status moves pending → paid once, and its ledger row is unique per funding); a covered session takes its
 * part with `balanceCents >= covered` and the pastor's period spend with `spentCents <= budget - covered`, so however
 * many bookings run at once, the balance and each budget hold; a cover is given back once (its status moves
 * active → returned once). When a cover takes the balance below its low line, the admins are told once
 * (`lowBalanceMailedAt`, set by a conditional update in the cover's transaction) until a funding lifts it back.
 */

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
const PERIODS_SHOWN = 8;

// ─── Who runs a sponsor ───

/** The organisations `actor` is a sponsor admin of (the header's "Sponsor" link, the /sponsor guard). */
export async function sponsorAdminships(actorId: number) {
  const rows = await prisma.sponsorAdmin.findMany({ where: { userId: actorId }, select: { organisationId: true, account: { select: { organisation: { select: { name: true } } } } }, orderBy: { organisationId: "asc" } });
  return rows.map((row) => ({ id: row.organisationId, name: row.account.organisation.name }));
}

/** The sponsor `actor` runs (the first, or the one chosen): anyone who runs none is a 404. */
export async function requireSponsorAdmin(actor: SessionUser, organisationId?: number) {
  const admins = await prisma.sponsorAdmin.findMany({ where: { userId: actor.id, ...(organisationId ? { organisationId } : {}) }, select: { organisationId: true, userId: true }, orderBy: { organisationId: "asc" }, take: 1 });
  const first = admins[0];
  if (!first || !canRunSponsor(actor, admins.map((admin) => admin.userId))) throw notFound(M.notSponsorAdmin);
  return first.organisationId;
}

/** The console: makes a member the sponsor admin of their organisation, or no longer (one audit row). */
export async function setSponsorAdmin(actor: SessionUser, userId: number, make: boolean) {
  if (actor.role !== "admin") throw notFound("Not found");
  const person = await prisma.user.findUnique({ where: { id: userId }, select: { id: true, name: true, role: true, organisationId: true, organisation: true, isDeleted: true } });
  if (!person || person.isDeleted || person.role === "admin") throw notFound("This person could not be found.");
  if (!person.organisationId) throw new HttpError(409, M.notMember);
  const organisationId = person.organisationId;
  await transaction(async (tx) => {
    const was = await tx.sponsorAdmin.findUnique({ where: { organisationId_userId: { organisationId, userId } }, select: { userId: true } });
    if (Boolean(was) === make) return;
    if (make) {
      await tx.sponsorAccount.upsert({ where: { organisationId }, create: { organisationId }, update: {} });
      await tx.sponsorAdmin.create({ data: { organisationId, userId } });
    } else {
      await tx.sponsorAdmin.delete({ where: { organisationId_userId: { organisationId, userId } } });
    }
    await recordAudit(tx, actor, {
      kind: person.role === "guide" ? "guide" : "user",
      id: person.id,
      label: person.name,
      action: "update",
      before: { sponsorAdminOf: was ? person.organisation : null },
      after: { sponsorAdminOf: make ? person.organisation : null },
    });
  });
}

/** A console profile's line: the person's organisation and whether they run its sponsorship. */
export async function sponsorAdminStatus(userId: number) {
  const person = await prisma.user.findUnique({ where: { id: userId }, select: { organisationId: true, organisation: true } });
  if (!person?.organisationId) return null;
  const admin = await prisma.sponsorAdmin.findUnique({ where: { organisationId_userId: { organisationId: person.organisationId, userId } }, select: { userId: true } });
  return { organisation: person.organisation ?? "", isAdmin: Boolean(admin) };
}

/**
 * "Sponsor your pastors": a person founds a NEW organisation and becomes its sponsor admin (and, having none, its
 * member). A name already taken is refused: an existing organisation's sponsor admin is made only by the console.
 */
export async function foundSponsor(actor: SessionUser, input: { name: string; kind: string; city: string | null; country: string | null }) {
  const nameKey = organisationNameKey(input.name);
  if (await prisma.organisation.findUnique({ where: { nameKey }, select: { id: true } })) throw fieldError(409, "name", M.nameTaken);
  return transaction(async (tx) => {
    const organisation = await tx.organisation.create({ data: { name: tidyOrganisationName(input.name), nameKey, kind: input.kind, city: input.city, country: input.country }, select: { id: true, name: true } });
    await tx.sponsorAccount.create({ data: { organisationId: organisation.id } });
    await tx.sponsorAdmin.create({ data: { organisationId: organisation.id, userId: actor.id } });
    const me = await tx.user.findUniqueOrThrow({ where: { id: actor.id }, select: { organisationId: true } });
    if (!me.organisationId) await setMembership(tx, actor.id, organisation.name);
    return organisation;
  });
}

// ─── Funding ───

/** Where Checkout sends the sponsor back. */
export const fundingReturnPath = (fundingId: number) => `/sponsor?funded=${fundingId}`;
export const FUNDING_CANCEL_PATH = "/sponsor/fund?checkout=cancelled";

/** Starts a funding of the balance: a pending SponsorFunding and a Checkout Session for it. Returns where to pay. */
export async function startFunding(actor: SessionUser, organisationId: number, amountCents: number, now = new Date()) {
  await requireSponsorAdmin(actor, organisationId);
  const organisation = await prisma.organisation.findUniqueOrThrow({ where: { id: organisationId }, select: { name: true } });
  const funding = await prisma.sponsorFunding.create({ data: { organisationId, createdById: actor.id, amountCents }, select: { id: true } });
  const session = await stripe().checkout.sessions.create(
    {
      mode: "payment",
      client_reference_id: `sponsor-funding-${funding.id}`,
      customer_email: actor.email,
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: amountCents, product_data: { name: `Mentoring fund of ${organisation.name}` } } }],
      metadata: { sponsorFundingId: String(funding.id) },
      payment_intent_data: { metadata: { sponsorFundingId: String(funding.id) } },
      success_url: siteUrl(fundingReturnPath(funding.id)),
      cancel_url: siteUrl(FUNDING_CANCEL_PATH),
      expires_at: Math.floor(now.getTime() / 1000) + 60 * 60,
    },
    { idempotencyKey: `sponsor-funding:${funding.id}` },
  );
  if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL`);
  await prisma.sponsorFunding.update({ where: { id: funding.id }, data: { stripeCheckoutSessionId: session.id } });
  return { url: session.url, fundingId: funding.id };
}

/** A test-mode Checkout Session of a funding, as the local checkout page shows it: its sponsor's admins only. */
export async function testFundingCheckout(sessionId: string, actor: SessionUser) {
  if (!isStripeTestMode()) return null;
  const funding = await prisma.sponsorFunding.findUnique({
    where: { stripeCheckoutSessionId: sessionId },
    select: { id: true, organisationId: true, amountCents: true, status: true, account: { select: { organisation: { select: { name: true } } } } },
  });
  if (!funding) return null;
  await requireSponsorAdmin(actor, funding.organisationId);
  return { sessionId, fundingId: funding.id, amountCents: funding.amountCents, organisation: funding.account.organisation.name, successUrl: fundingReturnPath(funding.id), cancelUrl: FUNDING_CANCEL_PATH };
}

const FUNDING_PAID = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);
const FUNDING_FAILED = new Set(["checkout.session.expired", "checkout.session.async_payment_failed"]);

/** True for a verified Stripe event about a funding (bookings' webhook handler passes these here). */
export const isFundingEvent = (event: Stripe.Event) => Boolean((event.data.object as { metadata?: Record<string, string> | null }).metadata?.sponsorFundingId);

/**
 * A verified event of a funding's Checkout: paid credits the balance once (the funding moves pending → paid in one
 * conditional update, its ledger row is unique per funding, and the event id is recorded in the same transaction);
 * expired or failed marks it failed. Everything else about a funding is recorded and ignored.
 */
export async function applyFundingEvent(event: Stripe.Event) {
  const session = event.data.object as Stripe.Checkout.Session;
  const isSession = FUNDING_PAID.has(event.type) || FUNDING_FAILED.has(event.type);
  const funding = isSession ? await prisma.sponsorFunding.findUnique({ where: { stripeCheckoutSessionId: session.id }, select: { id: true, organisationId: true, amountCents: true } }) : null;
  if (!funding) return recordStripeEvent(event, {}, { outcome: "ignored", detail: "A sponsor funding event this app does not act on" });
  if (FUNDING_FAILED.has(event.type)) {
    return recordStripeEvent(event, {}, async (tx) => {
      const changed = await tx.sponsorFunding.updateMany({ where: { id: funding.id, status: "pending" }, data: { status: "failed" } });
      return changed.count ? { outcome: "applied", detail: `Funding #${funding.id} not paid` } : { outcome: "ignored", detail: `Funding #${funding.id} already settled` };
    });
  }
  if (session.payment_status !== "paid") return recordStripeEvent(event, {}, { outcome: "ignored", detail: `Payment status ${session.payment_status}` });
  const problems = [
    session.metadata?.sponsorFundingId !== String(funding.id) && `metadata.sponsorFundingId is not funding #${funding.id}`,
    session.amount_total !== funding.amountCents && `amount ${session.amount_total} does not match the expected ${funding.amountCents}`,
    session.currency?.toLowerCase() !== "usd" && `currency ${session.currency} is not usd`,
  ].filter(Boolean);
  if (problems.length) return refuseStripeEvent(event, {}, `${problems.join("; ")}. The funding was not credited.`);
  const now = new Date();
  return recordStripeEvent(event, {}, async (tx) => {
    const changed = await tx.sponsorFunding.updateMany({ where: { id: funding.id, status: { in: ["pending", "failed"] } }, data: { status: "paid", paidAt: now } });
    if (changed.count !== 1) return { outcome: "ignored", detail: `Funding #${funding.id} already credited` };
    await tx.sponsorAccount.update({ where: { organisationId: funding.organisationId }, data: { balanceCents: { increment: funding.amountCents } } });
    await tx.sponsorLedgerEntry.create({ data: { organisationId: funding.organisationId, kind: "funding", amountCents: funding.amountCents, fundingId: funding.id, createdAt: now } });
    await clearLowBalance(tx, funding.organisationId);
    return { outcome: "applied", detail: `Funding #${funding.id}: ${formatMoney(funding.amountCents)} credited`, after: [() => sendFundingReceipt(funding.id)] };
  });
}

/**
 * A funding's receipt (/sponsor/fundings/:id/receipt), for the sponsor admins of its organisation only: anyone else's,
 * and a funding not paid, is a 404. The treasurer prints it for the church's books.
 */
export async function getFundingReceipt(actor: SessionUser, fundingId: number) {
  const missing = () => notFound("Receipt not found");
  const funding = await prisma.sponsorFunding.findUnique({
    where: { id: fundingId },
    select: { id: true, organisationId: true, amountCents: true, status: true, paidAt: true, createdById: true, stripeCheckoutSessionId: true, account: { select: { organisation: { select: { name: true, city: true, country: true } } } } },
  });
  if (!funding || funding.status !== "paid" || !funding.paidAt) throw missing();
  await requireSponsorAdmin(actor, funding.organisationId);
  const [payer, settings, reader] = await Promise.all([
    prisma.user.findUnique({ where: { id: funding.createdById }, select: { name: true, email: true } }),
    getPlatformSettings(),
    timeZoneOf(actor.id),
  ]);
  const { organisation } = funding.account;
  return {
    reference: funding.stripeCheckoutSessionId ?? `MM-F-${String(funding.id).padStart(6, "0")}`,
    amountCents: funding.amountCents,
    paidAt: funding.paidAt.toISOString(),
    organisation: { name: organisation.name, place: [organisation.city, organisation.country].filter(Boolean).join(", ") },
    payer,
    platform: { name: PLATFORM_NAME, supportEmail: settings.supportEmail },
    timeZone: reader,
  };
}

async function sendFundingReceipt(fundingId: number) {
  const funding = await prisma.sponsorFunding.findUniqueOrThrow({ where: { id: fundingId }, select: { id: true, amountCents: true, paidAt: true, createdById: true, stripeCheckoutSessionId: true, account: { select: { balanceCents: true, organisation: { select: { name: true } } } } } });
  const payer = await prisma.user.findUnique({ where: { id: funding.createdById }, select: { name: true, email: true, timeZone: true } });
  if (!payer) return;
  const amount = formatMoney(funding.amountCents);
  const paragraphs = [
    `Hello ${payer.name},`,
    `Thank you. We received ${amount} for the mentoring fund of ${funding.account.organisation.name}. It is on the balance now, ready to cover your pastors' sessions under the rules you set.`,
    [
      `Amount paid: ${amount}`,
      "Paid with: card",
      `Paid on: ${momentIn(funding.paidAt ?? new Date(), payer.timeZone)}`,
      ...(funding.stripeCheckoutSessionId ? [`Stripe reference: ${funding.stripeCheckoutSessionId}`] : []),
      `Balance now: ${formatMoney(funding.account.balanceCents)}`,
    ].join("\n"),
    "This receipt, to print or save for your records:",
    siteUrl(fundingReceiptPath(funding.id)),
  ];
  await sendMail({ to: payer.email, subject: `Receipt: ${amount} for ${funding.account.organisation.name}'s mentoring fund`, text: paragraphs.join("\n\n"), logLine: `funding receipt #${funding.id}` });
}

// ─── A balance running low ───

export const LOW_BALANCE_JOB = "sponsorship.low-balance";

/** The balance below which the sponsor's fund is running low (messages.ts: lowBalanceLine), from its rules and last funding. */
async function lowBalanceLineOf(db: Transaction | typeof prisma, organisationId: number, budget: { budgetCents: number; period: BudgetPeriod }) {
  const last = await db.sponsorFunding.findFirst({ where: { organisationId, status: "paid" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { amountCents: true } });
  return lowBalanceLine(budget.budgetCents, budget.period, last?.amountCents ?? null);
}

/**
 * In a cover's transaction, after it took its part: the first cover that leaves the balance below the low line marks
 * the account (one conditional update, so of two bookings at once one does) and queues each admin's e-mail, which
 * goes once this commits. Later covers below the line find it marked and say nothing.
 */
async function markLowBalance(tx: Transaction, organisationId: number, lineCents: number, now: Date) {
  const crossed = await tx.sponsorAccount.updateMany({ where: { organisationId, lowBalanceMailedAt: null, balanceCents: { lt: lineCents } }, data: { lowBalanceMailedAt: now } });
  if (crossed.count !== 1) return;
  const admins = await tx.sponsorAdmin.findMany({ where: { organisationId }, select: { userId: true } });
  for (const admin of admins) await enqueue(LOW_BALANCE_JOB, { organisationId, userId: admin.userId }, { within: tx });
  runJobsSoon(250);
}

/** In a funding's transaction, after it was credited: a balance back at or above the low line may run low (and be told) again. */
async function clearLowBalance(tx: Transaction, organisationId: number) {
  const account = await tx.sponsorAccount.findUniqueOrThrow({ where: { organisationId }, select: { budgetCents: true, budgetPeriod: true, lowBalanceMailedAt: true } });
  if (!account.lowBalanceMailedAt) return;
  const line = await lowBalanceLineOf(tx, organisationId, { budgetCents: account.budgetCents, period: account.budgetPeriod as BudgetPeriod });
  await tx.sponsorAccount.updateMany({ where: { organisationId, balanceCents: { gte: line.cents } }, data: { lowBalanceMailedAt: null } });
}

/** An admin's e-mail: what is left, why that is low (or that it is empty), and where to add funds. */
async function sendLowBalanceMail(organisationId: number, userId: number) {
  const [account, admin] = await Promise.all([
    prisma.sponsorAccount.findUnique({ where: { organisationId }, select: { balanceCents: true, budgetCents: true, budgetPeriod: true, lowBalanceMailedAt: true, organisation: { select: { name: true } } } }),
    prisma.sponsorAdmin.findUnique({ where: { organisationId_userId: { organisationId, userId } }, select: { user: { select: { name: true, email: true, isDeleted: true } } } }),
  ]);
  // Funded again before this ran, or no longer one of its admins: nothing to tell.
  if (!account?.lowBalanceMailedAt || !admin || admin.user.isDeleted) return;
  const name = account.organisation.name;
  const left = formatMoney(account.balanceCents);
  const empty = account.balanceCents <= 0;
  const line = await lowBalanceLineOf(prisma, organisationId, { budgetCents: account.budgetCents, period: account.budgetPeriod as BudgetPeriod });
  const subject = empty ? `${name}'s mentoring fund is empty: pastors now pay in full` : `${name}'s mentoring fund is running low: ${left} left`;
  const situation = empty
    ? `${name}'s mentoring fund is empty. Until it is funded again, your pastors pay for their sessions in full.`
    : `${name}'s mentoring fund is running low: ${left} left. That is less than ${line.text}, so your pastors' next sessions may soon be covered only in part, or not at all.`;
  const paragraphs = [`Hello ${admin.user.name},`, situation, "Add funds:", siteUrl("/sponsor/fund"), "We write once each time the balance falls this low."];
  await sendMail({ to: admin.user.email, subject, text: paragraphs.join("\n\n"), html: mailLayout({ paragraphs }), logLine: `low balance of sponsor #${organisationId}` });
}

defineJob(LOW_BALANCE_JOB, (payload) => sendLowBalanceMail(Number(payload.organisationId), Number(payload.userId)));

// ─── Rules ───

/**
 * The rules a sponsor admin saves. The guides covered are the ones kept ticked and the one added by name or profile
 * address, which must name exactly one live guide.
 */
export async function saveRules(actor: SessionUser, organisationId: number, rules: SponsorRules) {
  await requireSponsorAdmin(actor, organisationId);
  const guideIds = [...new Set([...rules.guideIds, ...(rules.addGuide ? [await guideToAdd(rules.addGuide)] : [])])];
  if ((await guidesByIds(guideIds)).length !== guideIds.length) throw fieldError(400, "guideIds", M.guideUnknown);
  await prisma.sponsorAccount.update({
    where: { organisationId },
    data: {
      budgetCents: rules.budget,
      budgetPeriod: rules.budgetPeriod,
      ceilingCents: rules.ceiling,
      copayPercent: rules.copayPercent,
      categories: rules.categories.join("\n"),
      guideIds: guideIds.join(","),
    },
  });
}

async function guideToAdd(typed: string) {
  const [guide, another] = await liveGuidesNamed(typed);
  if (!guide) throw fieldError(400, "addGuide", M.guideNotFound);
  if (another) throw fieldError(400, "addGuide", M.guideNameShared);
  return guide.id;
}

const listOf = (text: string) => text.split(/[\n,]/).map((part) => part.trim()).filter(Boolean);

// ─── Invitations ───

export const inviteLink = (token: string) => siteUrl(`/sponsor/join/${token}`);

/** An invitation by e-mail (the link is mailed) or a shareable link. The token is shown once; its hash is kept. */
export async function createInvite(actor: SessionUser, organisationId: number, email: string | null) {
  await requireSponsorAdmin(actor, organisationId);
  const token = randomBytes(24).toString("base64url");
  const organisation = await prisma.organisation.findUniqueOrThrow({ where: { id: organisationId }, select: { name: true } });
  const invite = await prisma.sponsorInvite.create({ data: { organisationId, tokenHash: sha256(token), email: email?.toLowerCase() ?? null, createdById: actor.id }, select: { id: true } });
  const link = inviteLink(token);
  if (email) {
    await sendMail({
      to: email,
      subject: `${organisation.name} would like to sponsor your mentoring`,
      text: [
        "Hello,",
        `${actor.name} invites you, on behalf of ${organisation.name}, to have your mentoring sessions on Ministry Mentors paid for in part or in full.`,
        "Before you join, the page shows exactly what they will see (how many sessions were covered and the amounts) and what they never see (your topics, notes, messages, reviews or when you meet). You join only if you accept.",
        link,
      ].join("\n\n"),
      logLine: `sponsor invitation #${invite.id}`,
    });
  }
  return { id: invite.id, link };
}

export async function revokeInvite(actor: SessionUser, organisationId: number, inviteId: number, now = new Date()) {
  await requireSponsorAdmin(actor, organisationId);
  const changed = await prisma.sponsorInvite.updateMany({ where: { id: inviteId, organisationId, revokedAt: null }, data: { revokedAt: now } });
  if (!changed.count) throw notFound("This invitation could not be found.");
}

/** The invitation a link opens (anyone signed in may read whose it is); a revoked or unknown one is a 404. */
export async function inviteByToken(token: string, actor: SessionUser) {
  const invite = await prisma.sponsorInvite.findUnique({ where: { tokenHash: sha256(token) }, select: { id: true, organisationId: true, email: true, revokedAt: true, account: { select: { organisation: { select: { name: true } } } } } });
  if (!invite || invite.revokedAt) throw notFound(M.inviteUnknown);
  // An invitation sent to one address is that person's: signed in with another, they are told so (not "not valid").
  if (invite.email && invite.email !== actor.email.toLowerCase()) throw notFound(M.inviteOtherAddress);
  const current = await activeSponsorship(actor.id);
  return { id: invite.id, organisationId: invite.organisationId, organisation: invite.account.organisation.name, current };
}

/** The pastor accepts: they join (again), with their choice about their guides' names. */
export async function acceptInvite(actor: SessionUser, token: string, showGuides: boolean, now = new Date()) {
  if (actor.role !== "user") throw notFound(M.inviteUnknown);
  const invite = await inviteByToken(token, actor);
  if (invite.current && invite.current.organisationId !== invite.organisationId) throw new HttpError(409, M.alreadyJoinedOther(invite.current.organisation));
  await transaction(async (tx) => {
    await lockWithin(tx, "sponsor-pastor", actor.id);
    await tx.sponsoredPastor.upsert({
      where: { organisationId_userId: { organisationId: invite.organisationId, userId: actor.id } },
      create: { organisationId: invite.organisationId, userId: actor.id, showGuides, joinedAt: now },
      update: { showGuides, leftAt: null, joinedAt: now },
    });
  });
  return invite;
}

/** Leaving is one click: from now nothing new is covered or shown. */
export async function leaveSponsorship(actor: SessionUser, now = new Date()) {
  const changed = await prisma.sponsoredPastor.updateMany({ where: { userId: actor.id, leftAt: null }, data: { leftAt: now, showGuides: false } });
  if (!changed.count) throw new HttpError(409, M.notJoined);
}

/** The pastor's own sponsorship, for Settings and the booking dialog: whose, their choice, their budget left. */
export async function activeSponsorship(userId: number, now = new Date()) {
  const row = await prisma.sponsoredPastor.findFirst({
    where: { userId, leftAt: null },
    select: { organisationId: true, showGuides: true, account: { select: { budgetCents: true, budgetPeriod: true, organisation: { select: { name: true } } } } },
  });
  if (!row) return null;
  const period = row.account.budgetPeriod as BudgetPeriod;
  const spent = await prisma.sponsorPeriodSpend.findUnique({ where: { organisationId_pastorId_period_periodStart: { organisationId: row.organisationId, pastorId: userId, period, periodStart: periodStart(now, period) } }, select: { spentCents: true } });
  return {
    organisationId: row.organisationId,
    organisation: row.account.organisation.name,
    showGuides: row.showGuides,
    budgetLeftCents: Math.max(0, row.account.budgetCents - (spent?.spentCents ?? 0)),
    period,
  };
}

// ─── Covering a booking ───

export type CoverQuote = { organisationId: number; organisation: string; coveredCents: number; payCents: number; period: BudgetPeriod; periodStart: Date; budgetCents: number };

/**
 * What the pastor's sponsor covers of a session at `priceCents` with this guide, now: min(price × (100 − co-pay)%,
 * balance, budget left), when the price is within the ceiling and the guide (or their category) is covered; null when
 * nothing is.
 */
async function quoteWithin(tx: Transaction | typeof prisma, pastorId: number, guideId: number, priceCents: number, now: Date): Promise<CoverQuote | null> {
  if (priceCents <= 0) return null;
  const pastor = await tx.sponsoredPastor.findFirst({ where: { userId: pastorId, leftAt: null }, select: { organisationId: true } });
  if (!pastor) return null;
  const account = await tx.sponsorAccount.findUniqueOrThrow({ where: { organisationId: pastor.organisationId }, select: { balanceCents: true, budgetCents: true, budgetPeriod: true, ceilingCents: true, copayPercent: true, categories: true, guideIds: true, organisation: { select: { name: true } } } });
  if (account.ceilingCents !== null && priceCents > account.ceilingCents) return null;
  const categories = listOf(account.categories);
  const guides = listOf(account.guideIds).map(Number);
  if (categories.length || guides.length) {
    const profile = await tx.guideProfile.findUnique({ where: { userId: guideId }, select: { category: true } });
    if (!guides.includes(guideId) && !(profile?.category && categories.includes(profile.category))) return null;
  }
  const period = account.budgetPeriod as BudgetPeriod;
  const start = periodStart(now, period);
  const spent = await tx.sponsorPeriodSpend.findUnique({ where: { organisationId_pastorId_period_periodStart: { organisationId: pastor.organisationId, pastorId, period, periodStart: start } }, select: { spentCents: true } });
  const share = Math.floor((priceCents * (100 - account.copayPercent)) / 100);
  const coveredCents = Math.max(0, Math.min(share, account.balanceCents, account.budgetCents - (spent?.spentCents ?? 0)));
  if (coveredCents <= 0) return null;
  return { organisationId: pastor.organisationId, organisation: account.organisation.name, coveredCents, payCents: priceCents - coveredCents, period, periodStart: start, budgetCents: account.budgetCents };
}

/** The booking dialog's offer: "<Org> covers $X, you pay $Y", or null. */
export function sponsorQuote(pastorId: number, guideId: number, priceCents: number, now = new Date()) {
  // A read outside any transaction (the booking's own transaction reads it again before taking the money).
  return quoteWithin(prisma, pastorId, guideId, priceCents, now);
}

/**
 * Inside the booking's transaction: takes the covered part from the balance and the pastor's budget. The pastor saw
 * `expectedCents` in the dialog; if the sponsor now covers another amount (the balance or the budget moved), the
 * booking is refused (409) so nobody pays what they did not agree to. The balance and the period spend move by
 * conditional updates, so simultaneous bookings never take more than either holds (a loser gets the same 409).
 * The covered part is also one of the booking's payments (source "sponsor"): paid now when it covers the whole price
 * (the payout opens at `feePercent`), else when the pastor's share is paid. Returns the covered cents.
 */
export async function reserveCover(
  tx: Transaction,
  booking: { id: number; pastorId: number; guideId: number; priceCents: number; feePercent: number },
  expectedCents: number | undefined,
  now: Date,
) {
  // One pastor's bookings take their budget one at a time (PostgreSQL; SQLite writes one at a time anyway).
  await lockWithin(tx, "sponsor-pastor", booking.pastorId);
  const quote = await quoteWithin(tx, booking.pastorId, booking.guideId, booking.priceCents, now);
  const refuse = () => fieldError(409, "sponsorship", M.changed(quote?.coveredCents ?? 0));
  if (!quote || (expectedCents !== undefined && quote.coveredCents !== expectedCents)) throw refuse();
  const { organisationId, coveredCents, period, periodStart: start } = quote;
  // Read before the balance is taken, so the account's row is held no longer than it must be.
  const low = await lowBalanceLineOf(tx, organisationId, { budgetCents: quote.budgetCents, period });
  const taken = await tx.sponsorAccount.updateMany({ where: { organisationId, balanceCents: { gte: coveredCents } }, data: { balanceCents: { decrement: coveredCents } } });
  if (taken.count !== 1) throw refuse();
  const key = { organisationId, pastorId: booking.pastorId, period, periodStart: start };
  await tx.sponsorPeriodSpend.upsert({ where: { organisationId_pastorId_period_periodStart: key }, create: key, update: {} });
  const spent = await tx.sponsorPeriodSpend.updateMany({ where: { ...key, spentCents: { lte: quote.budgetCents - coveredCents } }, data: { spentCents: { increment: coveredCents } } });
  if (spent.count !== 1) throw refuse();
  const cover = await tx.sponsorCover.create({ data: { bookingId: booking.id, organisationId, pastorId: booking.pastorId, coveredCents, period, periodStart: start, createdAt: now }, select: { id: true } });
  const totalKey = { organisationId, period, periodStart: start };
  await tx.sponsorPeriodTotal.upsert({ where: { organisationId_period_periodStart: totalKey }, create: totalKey, update: {} });
  await tx.sponsorPeriodTotal.updateMany({ where: totalKey, data: { sessions: { increment: coveredCents > 0 ? 1 : 0 }, coveredCents: { increment: coveredCents } } });
  await tx.sponsorLedgerEntry.create({ data: { organisationId, kind: "session", amountCents: -coveredCents, coverId: cover.id, createdAt: now } });
  await markLowBalance(tx, organisationId, low.cents, now);
  const paid = coveredCents >= booking.priceCents;
  await recordSponsorPayment(tx, { id: booking.id, userId: booking.pastorId, guideId: booking.guideId }, coveredCents, { paid, feePercent: booking.feePercent }, now);
  return coveredCents;
}

/** The covered part of a booking (0 for a booking paid privately): what Checkout does not charge the pastor. */
export async function coveredCentsOf(tx: Transaction | typeof prisma, bookingId: number) {
  const cover = await (tx as Transaction).sponsorCover.findUnique({ where: { bookingId }, select: { coveredCents: true } });
  return cover?.coveredCents ?? 0;
}

/** A booking's covered part and the organisation that pays it, or null: what the pastor's Checkout tells them. */
export async function coverOf(bookingId: number) {
  const cover = await prisma.sponsorCover.findUnique({ where: { bookingId }, select: { coveredCents: true, account: { select: { organisation: { select: { name: true } } } } } });
  return cover && { coveredCents: cover.coveredCents, organisation: cover.account.organisation.name };
}

/** The covered parts of a pastor's own bookings, by booking id (active covers only): what the pastor did not pay. */
export async function coveredCentsOfBookings(pastorId: number, bookingIds: number[]): Promise<Record<number, number>> {
  if (bookingIds.length === 0) return {};
  const covers = await prisma.sponsorCover.findMany({ where: { pastorId, bookingId: { in: bookingIds }, status: "active" }, select: { bookingId: true, coveredCents: true } });
  return Object.fromEntries(covers.map((cover) => [cover.bookingId, cover.coveredCents]));
}

/**
 * Gives back `share` of a booking's covered part, once: a percent (when the booking ends unpaid, its hold ran out,
 * its Checkout expired or was given up, or is cancelled with a refund: the percent of the refund policy) or exact
 * cents (a problem's decision). The cover moves active → returned in one conditional update, so a second
 * cancellation, event or sweep gives nothing back again. The sponsor's payment of the booking is refunded by as much
 * in the same transaction, and so the guide's payout carries less. Returns what came back, and the payout to reverse
 * after the commit (reverseForRefunds) when it had been sent already.
 */
export async function returnCover(tx: Transaction, bookingId: number, share: number | { cents: number }, now: Date): Promise<{ backCents: number; reversePayoutId: number | null }> {
  const nothing = { backCents: 0, reversePayoutId: null };
  const cover = await tx.sponsorCover.findUnique({ where: { bookingId }, select: { id: true, organisationId: true, pastorId: true, coveredCents: true, period: true, periodStart: true, status: true } });
  if (!cover || cover.status !== "active") return nothing;
  const back = typeof share === "number" ? Math.floor((cover.coveredCents * Math.max(0, Math.min(100, share))) / 100) : Math.max(0, Math.min(cover.coveredCents, share.cents));
  const changed = await tx.sponsorCover.updateMany({ where: { id: cover.id, status: "active" }, data: { status: "returned", returnedCents: back } });
  if (changed.count !== 1 || back <= 0) return nothing;
  await tx.sponsorAccount.update({ where: { organisationId: cover.organisationId }, data: { balanceCents: { increment: back } } });
  await tx.sponsorPeriodSpend.updateMany({ where: { organisationId: cover.organisationId, pastorId: cover.pastorId, period: cover.period, periodStart: cover.periodStart }, data: { spentCents: { decrement: back } } });
  // A session given back in full is no longer one the sponsor paid for.
  await tx.sponsorPeriodTotal.updateMany({
    where: { organisationId: cover.organisationId, period: cover.period, periodStart: cover.periodStart },
    data: { coveredCents: { decrement: back }, ...(back === cover.coveredCents ? { sessions: { decrement: 1 } } : {}) },
  });
  await tx.sponsorLedgerEntry.create({ data: { organisationId: cover.organisationId, kind: "returned", amountCents: back, coverId: cover.id, createdAt: now } });
  return { backCents: back, reversePayoutId: await refundSponsorPayment(tx, bookingId, back, now) };
}

// ─── The sponsor's dashboard and lists ───

/** What the sponsor's pages read of covers: amounts, the guide's name and the period; never a topic, note or time. */
async function coverFacts(organisationId: number, pastorIds: number[], period: BudgetPeriod): Promise<Map<number, CoverFact[]>> {
  if (!pastorIds.length) return new Map();
  // One statement for the page's pastors (their (organisationId, pastorId, …) index), not one per relation.
  const rows = await queryRows(
    { pastorId: column.int, coveredCents: column.int, returnedCents: column.int, createdAt: column.date, guideName: column.text },
    Prisma.sql`SELECT c."pastorId", c."coveredCents", c."returnedCents", c."createdAt", g.name AS "guideName"
      FROM "SponsorCover" c JOIN "Booking" b ON b.id = c."bookingId" JOIN "User" g ON g.id = b."guideId"
      WHERE c."organisationId" = ${organisationId} AND c."pastorId" IN (${Prisma.join(pastorIds)})`,
  );
  const byPastor = new Map<number, CoverFact[]>();
  for (const row of rows) {
    const facts = byPastor.get(row.pastorId) ?? [];
    facts.push({ coveredCents: row.coveredCents, returnedCents: row.returnedCents, guideName: row.guideName, periodStart: periodStart(row.createdAt, period) });
    byPastor.set(row.pastorId, facts);
  }
  return byPastor;
}

type PastorFacts = { userId: number; name: string; showGuides: boolean; joinedAt: Date; leftAt: Date | null; spentCents: number };
type Budget = { period: BudgetPeriod; budgetCents: number };

/** Pastors as the sponsor sees them: each shaped by the policy from their covers' totals. */
async function viewsOf(organisationId: number, { period, budgetCents }: Budget, pastors: PastorFacts[]) {
  const facts = await coverFacts(organisationId, pastors.map((pastor) => pastor.userId), period);
  return pastors.map((pastor) =>
    sponsorViewOfPastor({ id: pastor.userId, name: pastor.name, showGuides: pastor.showGuides, joinedAt: pastor.joinedAt, leftAt: pastor.leftAt }, facts.get(pastor.userId) ?? [], {
      period,
      budgetCents,
      spentThisPeriodCents: pastor.spentCents,
    }),
  );
}

async function budgetOf(organisationId: number): Promise<Budget & { organisation: { id: number; name: string } }> {
  const account = await prisma.sponsorAccount.findUniqueOrThrow({ where: { organisationId }, select: { budgetCents: true, budgetPeriod: true, organisation: { select: { id: true, name: true } } } });
  return { period: account.budgetPeriod as BudgetPeriod, budgetCents: account.budgetCents, organisation: account.organisation };
}

const pastorColumns = { id: column.int, userId: column.int, name: column.text, showGuides: column.bool, joinedAt: column.date, leftAt: column.nullableDate, spentCents: column.int };

/**
 * The sponsor's pastors: one organisation's (a few thousand at most), with what
 * each used of the current period's budget (their SponsorPeriodSpend row). The person (their name) and the spend are
 * joined only where the search, the order or a page reads them: counting a few thousand pastors from their own
 * (organisationId, …) index takes 0.2 ms, with each one's person looked up 3–9 ms.
 */
function pastorsQuery(organisationId: number, period: BudgetPeriod, state: ListState<SponsorPastorSort>, filters: { status?: string }, now: Date): ListQuery<typeof pastorColumns> {
  const pastors = Prisma.sql`"SponsoredPastor" sp`;
  const person = Prisma.sql`JOIN "User" u ON u.id = sp."userId"`;
  const spend = Prisma.sql`LEFT JOIN "SponsorPeriodSpend" s ON s."organisationId" = sp."organisationId" AND s."pastorId" = sp."userId" AND s.period = ${period} AND s."periodStart" = ${periodStart(now, period)}`;
  const names = { column: Prisma.sql`sp."userId"`, index: "personNames" } as const;
  const indexed = state.search.length >= SHORT_TERM;
  // By name, people are read in their name index's order, keeping this sponsor's pastors: Grace Church's first page of
  // 3,935 among 105,000 people after a few hundred of them (1.7 ms of SQL → 0.2); at most 1,000 pastors (a small
  // sponsor, a search's matches) look each one's person up and sort them (`sparse`).
  const personFirst = { first: Prisma.sql`"User" u`, on: Prisma.sql`u.id = sp."userId"`, sparse: true as const };
  const orderJoins = state.sort === "budgetUsed" ? spend : state.sort === "name" ? personFirst : null;
  const where: Condition[] = [Prisma.sql`sp."organisationId" = ${organisationId}`];
  if (filters.status) where.push(filters.status === "joined" ? Prisma.sql`sp."leftAt" IS NULL` : Prisma.sql`sp."leftAt" IS NOT NULL`);
  // Names only ("personNames"): a sponsor never learns a pastor's e-mail address from its search. A term of 3+
  // characters is counted from the index of names, each match's pastor looked up ("johnson" among Grace Church's 3,935
  // pastors: 1.3 ms → 0.01); a shorter one, which no index answers anywhere in a name, is tested on each pastor's
  // person by id.
  if (state.search && !indexed) where.push(matching(names.column, names.index, state.search));
  const sortColumns: Record<SponsorPastorSort, Prisma.Sql> = { name: caseless(Prisma.sql`u.name`), joined: Prisma.sql`sp."joinedAt"`, budgetUsed: Prisma.sql`COALESCE(s."spentCents", 0)` };
  const select = Prisma.sql`sp.id, sp."userId", u.name, sp."showGuides", sp."joinedAt", sp."leftAt", COALESCE(s."spentCents", 0) AS "spentCents"`;
  return {
    from: pastors,
    id: Prisma.sql`sp.id`,
    where,
    ...(indexed ? { search: [names] } : {}),
    orderBy: orderBy(sortColumns[state.sort], state.order, Prisma.sql`sp.id`),
    ...(orderJoins ? { orderJoins } : {}),
    rows: { columns: pastorColumns, select, from: Prisma.sql`${pastors} ${person} ${spend}` },
  };
}

async function pastorPage(organisationId: number, budget: Budget, state: ListState<SponsorPastorSort>, filters: { status?: string }, now: Date): Promise<ListResult<PastorView>> {
  const { rows, meta } = await pageOf(pastorsQuery(organisationId, budget.period, state, filters, now), state);
  return { data: await viewsOf(organisationId, budget, rows), meta };
}

/** A page of the sponsor's pastors (/sponsor/pastors): searched by name, sorted by name, joining or budget used. */
export async function listSponsorPastors(actor: SessionUser, state: ListState<SponsorPastorSort>, filters: { status?: string } = {}, now = new Date()) {
  const organisationId = await requireSponsorAdmin(actor);
  const { organisation, ...budget } = await budgetOf(organisationId);
  return { organisation, period: budget.period, ...(await pastorPage(organisationId, budget, state, filters, now)) };
}

const ledgerColumns = { id: column.int, kind: column.text, amountCents: column.int, createdAt: column.date, fundingId: column.nullableInt };

/** The ledger of one organisation: each sort and the kind filter read their (organisationId, …) index. */
async function ledgerQuery(organisationId: number, actor: SessionUser, state: ListState<SponsorLedgerSort>, filters: SponsorLedgerFilters): Promise<ListQuery<typeof ledgerColumns>> {
  const from = Prisma.sql`"SponsorLedgerEntry" l`;
  const where: Condition[] = [Prisma.sql`l."organisationId" = ${organisationId}`];
  if (filters.kind) where.push(Prisma.sql`l.kind = ${filters.kind}`);
  if (state.search) {
    // The ledger holds amounts only: a search is an amount in dollars ("40", "$1,250.50"), either way the money moved.
    const cents = centsOf(state.search);
    where.push(cents === null ? Prisma.sql`1 = 0` : Prisma.sql`l."amountCents" IN (${cents}, ${-cents})`);
  }
  if (filters.from || filters.to) where.push(...withinDays(Prisma.sql`l."createdAt"`, filters, await timeZoneOf(actor.id), state.sort === "date"));
  const sortColumns: Record<SponsorLedgerSort, Prisma.Sql> = { date: Prisma.sql`l."createdAt"`, amount: Prisma.sql`l."amountCents"` };
  const select = Prisma.sql`l.id, l.kind, l."amountCents", l."createdAt", l."fundingId"`;
  return { from, id: Prisma.sql`l.id`, where, orderBy: orderBy(sortColumns[state.sort], state.order, Prisma.sql`l.id`), rows: { columns: ledgerColumns, select, from } };
}

async function ledgerPage(organisationId: number, actor: SessionUser, state: ListState<SponsorLedgerSort>, filters: SponsorLedgerFilters): Promise<ListResult<LedgerEntryView>> {
  const { rows, meta } = await pageOf(await ledgerQuery(organisationId, actor, state, filters), state);
  return { data: rows.map(sponsorViewOfLedgerEntry), meta };
}

/** An amount in dollars as someone types it ("40", "$1,250.50", "-40.00"), in cents; null when it is not one. */
function centsOf(term: string) {
  const plain = term.replace(/[\s$,+-]/g, "");
  return /^\d{1,9}(\.\d{1,2})?$/.test(plain) ? Math.round(Number(plain) * 100) : null;
}

/** A page of the sponsor's ledger (/sponsor/ledger): amounts and the days money moved, by kind and days. */
export async function listSponsorLedger(actor: SessionUser, state: ListState<SponsorLedgerSort>, filters: SponsorLedgerFilters = {}) {
  const organisationId = await requireSponsorAdmin(actor);
  const [organisation, page] = await Promise.all([
    prisma.organisation.findUniqueOrThrow({ where: { id: organisationId }, select: { id: true, name: true } }),
    ledgerPage(organisationId, actor, state, filters),
  ]);
  return { organisation, ...page };
}

/**
 * What the sponsor covered per period (the current rules' month, quarter or year), from the totals of each cover's own
 * period (SponsorPeriodTotal, moved with the covers): a period the rules counted in before they changed is shown in the
 * one it falls in now (a quarter's covers, counted by month since, in the quarter's first month).
 */
async function spendingPerPeriod(organisationId: number, period: BudgetPeriod) {
  const groups = await prisma.sponsorPeriodTotal.findMany({ where: { organisationId }, select: { periodStart: true, sessions: true, coveredCents: true } });
  const totals = new Map<number, { label: string; sessions: number; coveredCents: number }>();
  for (const group of groups) {
    const start = periodStart(group.periodStart, period);
    const row = totals.get(start.getTime()) ?? { label: periodLabel(start, period), sessions: 0, coveredCents: 0 };
    row.sessions += group.sessions;
    row.coveredCents += group.coveredCents;
    totals.set(start.getTime(), row);
  }
  return [...totals.entries()].sort(([a], [b]) => b - a).slice(0, PERIODS_SHOWN).map(([, row]) => row);
}

/** The sponsor's organisation, balance and rules (the Rules and Add funds pages; the overview's head). */
export async function sponsorAccountOf(actor: SessionUser, chosen?: number) {
  const organisationId = await requireSponsorAdmin(actor, chosen);
  const account = await prisma.sponsorAccount.findUniqueOrThrow({
    where: { organisationId },
    select: { balanceCents: true, budgetCents: true, budgetPeriod: true, ceilingCents: true, copayPercent: true, categories: true, guideIds: true, organisation: { select: { id: true, name: true } } },
  });
  return {
    organisation: account.organisation,
    balanceCents: account.balanceCents,
    rules: {
      budgetCents: account.budgetCents,
      budgetPeriod: account.budgetPeriod as BudgetPeriod,
      ceilingCents: account.ceilingCents,
      copayPercent: account.copayPercent,
      categories: listOf(account.categories),
      guideIds: listOf(account.guideIds).map(Number),
    },
  };
}

export async function sponsorDashboard(actor: SessionUser, chosen: number | undefined, now = new Date()) {
  const account = await sponsorAccountOf(actor, chosen);
  const organisationId = account.organisation.id;
  const { budgetPeriod: period, budgetCents } = account.rules;
  // Short previews: the first pastors by name and the latest movements, each above a link to its whole list.
  const pastorState = { ...listStart(sponsorPastorListDefaults), limit: PREVIEW_ROWS.pastors };
  const ledgerState = { ...listStart(sponsorLedgerListDefaults), limit: PREVIEW_ROWS.ledger };
  const [periods, pastors, ledger] = await Promise.all([
    spendingPerPeriod(organisationId, period),
    pastorPage(organisationId, { period, budgetCents }, pastorState, {}, now),
    ledgerPage(organisationId, actor, ledgerState, {}),
  ]);
  return { ...account, periods, pastors, ledger };
}

/** A list's first page in its default order. */
const listStart = <S extends string>(defaults: { defaultSort: S; defaultOrder: "asc" | "desc"; defaultLimit: number }): ListState<S> => ({
  page: 1,
  limit: defaults.defaultLimit,
  search: "",
  sort: defaults.defaultSort,
  order: defaults.defaultOrder,
});

/** One pastor's sponsorship as the sponsor sees it; opening it is recorded for the pastor to read. */
export async function sponsorPastor(actor: SessionUser, pastorId: number, now = new Date()) {
  const organisationId = await requireSponsorAdmin(actor);
  const { organisation, ...budget } = await budgetOf(organisationId);
  const pastor = await prisma.sponsoredPastor.findUnique({
    where: { organisationId_userId: { organisationId, userId: pastorId } },
    select: { userId: true, showGuides: true, joinedAt: true, leftAt: true, user: { select: { name: true } } },
  });
  if (!pastor) throw notFound("This pastor could not be found.");
  const spent = await prisma.sponsorPeriodSpend.findUnique({
    where: { organisationId_pastorId_period_periodStart: { organisationId, pastorId, period: budget.period, periodStart: periodStart(now, budget.period) } },
    select: { spentCents: true },
  });
  const [view] = await viewsOf(organisationId, budget, [{ ...pastor, name: pastor.user.name, spentCents: spent?.spentCents ?? 0 }]);
  await recordOpened(actor, pastorId, "open-sponsorship");
  return { organisation: organisation.name, period: budget.period, pastor: view };
}

const inviteColumns = { id: column.int, email: column.nullableText, createdAt: column.date, revokedAt: column.nullableDate };

function invitesQuery(organisationId: number, state: ListState<SponsorInviteSort>, filters: { status?: string }): ListQuery<typeof inviteColumns> {
  const from = Prisma.sql`"SponsorInvite" i`;
  const where: Condition[] = [Prisma.sql`i."organisationId" = ${organisationId}`];
  if (filters.status) where.push(filters.status === "open" ? Prisma.sql`i."revokedAt" IS NULL` : Prisma.sql`i."revokedAt" IS NOT NULL`);
  if (state.search) where.push(containsAny([Prisma.sql`i.email`], state.search));
  const sortColumns: Record<SponsorInviteSort, Prisma.Sql> = { createdAt: Prisma.sql`i."createdAt"`, email: nullable(caseless(Prisma.sql`i.email`)) };
  const select = Prisma.sql`i.id, i.email, i."createdAt", i."revokedAt"`;
  return { from, id: Prisma.sql`i.id`, where, orderBy: orderBy(sortColumns[state.sort], state.order, Prisma.sql`i.id`), rows: { columns: inviteColumns, select, from } };
}

/** A page of the invitations the sponsor made (/sponsor/invites): searched by e-mail, open or revoked. */
export async function sponsorInvites(actor: SessionUser, state: ListState<SponsorInviteSort> = listStart(sponsorInviteListDefaults), filters: { status?: string } = {}) {
  const organisationId = await requireSponsorAdmin(actor);
  const [organisation, { rows, meta }] = await Promise.all([
    prisma.organisation.findUniqueOrThrow({ where: { id: organisationId }, select: { id: true, name: true } }),
    pageOf(invitesQuery(organisationId, state, filters), state),
  ]);
  const invites = rows.map((invite) => ({ ...invite, createdAt: invite.createdAt.toISOString(), revokedAt: invite.revokedAt?.toISOString() ?? null }));
  return { organisation, invites, meta };
}

/** The categories guides list, for the rules form's checkboxes. */
export async function guideCategories() {
  const rows = await prisma.guideProfile.findMany({ where: { category: { not: null } }, distinct: ["category"], select: { category: true }, orderBy: { category: "asc" } });
  return rows.map((row) => row.category!).filter(Boolean);
}
