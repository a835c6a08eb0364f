import Stripe from "stripe";
import { isUniqueViolation, prisma } from "#app/lib/db.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import { mentorLinks } from "#app/lib/links.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isStripeTestMode, stripe } from "./stripe.server.ts";
import { recordStripeEvent } from "./event-ledger.server.ts";
import type { PayoutAccountStatus } from "./payout-status.ts";
import { releaseDuePayouts } from "./payouts.server.ts";
import { finishTestOnboarding, stripeTestObject } from "./stripe-test-mode.server.ts";
import { logError } from "#app/lib/logger.server.ts";

/**
 * A guide's payouts account: a Stripe Connect Express account, which Stripe onboards (identity, bank account) on its
 * own pages and then pays out to the guide's bank. We keep its id and its state as Stripe's account.updated events
 * tell it (PayoutAccount); transfers go to it only while it is active.
 */

export const CONNECT_MESSAGES = {
  guidesOnly: "Only mentors have payouts.",
  unavailable: (message: string) => `Stripe could not start the payouts setup: ${message}`,
} as const;

export type PayoutAccountView = { status: PayoutAccountStatus; requirements: string[]; updatedAt: string | null };

/** What Stripe's account says, as the state Billing shows. */
export function accountStatusOf(account: Pick<Stripe.Account, "payouts_enabled" | "details_submitted" | "capabilities">): Exclude<PayoutAccountStatus, "not_connected"> {
  if (account.payouts_enabled && account.capabilities?.transfers === "active") return "active";
  return account.details_submitted ? "restricted" : "details_needed";
}

const requirementsOf = (account: Pick<Stripe.Account, "requirements">) => {
  const due = [...(account.requirements?.past_due ?? []), ...(account.requirements?.currently_due ?? [])];
  return due.length ? [...new Set(due)].join(", ") : null;
};

/** The guide's payouts account as Billing shows it. */
export async function payoutAccountOf(guideId: number): Promise<PayoutAccountView> {
  const account = await prisma.payoutAccount.findUnique({ where: { guideId }, select: { status: true, requirements: true, updatedAt: true } });
  if (!account) return { status: "not_connected", requirements: [], updatedAt: null };
  return { status: account.status as PayoutAccountStatus, requirements: account.requirements?.split(", ") ?? [], updatedAt: account.updatedAt.toISOString() };
}

function requireGuide(actor: SessionUser) {
  if (actor.role !== "guide") throw new HttpError(403, CONNECT_MESSAGES.guidesOnly);
}

/** Billing's return and retry addresses for Stripe's onboarding (absolute, from APP_URL, as Stripe requires). */
const onboardingReturn = (result: "return" | "refresh") => siteUrl(`${mentorLinks.billing}?payouts=${result}`);

/**
 * Starts (or continues) the guide's payouts setup: their Express account, made once (an idempotency key per guide,
 * and the table's key if two requests race), and a fresh onboarding link to send them to. In test mode the link is
 * the app's own onboarding page.
 */
export async function startPayoutOnboarding(actor: SessionUser): Promise<{ url: string }> {
  requireGuide(actor);
  try {
    const accountId = await ensureAccount(actor);
    const link = await stripe().accountLinks.create({ account: accountId, type: "account_onboarding", return_url: onboardingReturn("return"), refresh_url: onboardingReturn("refresh") });
    return { url: link.url };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new HttpError(409, CONNECT_MESSAGES.unavailable(error.message));
    throw error;
  }
}

async function ensureAccount(actor: SessionUser) {
  const existing = await prisma.payoutAccount.findUnique({ where: { guideId: actor.id }, select: { stripeAccountId: true } });
  if (existing) return existing.stripeAccountId;
  const account = await stripe().accounts.create(
    {
      type: "express",
      country: "US",
      email: actor.email,
      business_type: "individual",
      capabilities: { transfers: { requested: true } },
      metadata: { guideId: String(actor.id) },
    },
    { idempotencyKey: `payout-account-guide-${actor.id}` },
  );
  try {
    await prisma.payoutAccount.create({ data: { guideId: actor.id, stripeAccountId: account.id, status: accountStatusOf(account), requirements: requirementsOf(account) } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return (await prisma.payoutAccount.findUniqueOrThrow({ where: { guideId: actor.id }, select: { stripeAccountId: true } })).stripeAccountId;
}

/**
 * Brings the stored state up to date with Stripe's account: from account.updated events, and when the guide comes
 * back from onboarding (the event may still be on its way). Once the account can receive transfers, the guide's
 * payouts that were waiting for it go at once.
 */
async function applyAccount(account: Stripe.Account) {
  const status = accountStatusOf(account);
  await prisma.payoutAccount.updateMany({ where: { stripeAccountId: account.id }, data: { status, requirements: requirementsOf(account) } });
  return status;
}

async function releaseWaiting(stripeAccountId: string, now = new Date()) {
  const owner = await prisma.payoutAccount.findUnique({ where: { stripeAccountId }, select: { guideId: true, status: true } });
  if (owner?.status === "active") await releaseDuePayouts(now, { guideId: owner.guideId });
}

/** account.updated: the state of a guide's account changed (onboarding finished, details needed, payouts paused). */
export async function applyAccountUpdated(event: Stripe.Event) {
  const account = event.data.object as Stripe.Account;
  return recordStripeEvent(event, {}, async (tx) => {
    const status = accountStatusOf(account);
    const changed = await tx.payoutAccount.updateMany({ where: { stripeAccountId: account.id }, data: { status, requirements: requirementsOf(account) } });
    if (changed.count !== 1) return { outcome: "ignored", detail: `No mentor has account ${account.id}` };
    return { outcome: "applied", detail: `Account ${account.id}: ${status}`, after: status === "active" ? [() => releaseWaiting(account.id)] : [] };
  });
}

/** The guide came back from Stripe's onboarding: their account's state is read now rather than waited for. */
export async function refreshPayoutAccount(actor: SessionUser) {
  requireGuide(actor);
  const stored = await prisma.payoutAccount.findUnique({ where: { guideId: actor.id }, select: { stripeAccountId: true } });
  if (!stored) return payoutAccountOf(actor.id);
  const account = await stripe().accounts.retrieve(stored.stripeAccountId).catch((error) => {
    logError(error, { personId: actor.id }, `payouts: account ${stored.stripeAccountId} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  if (account) {
    if ((await applyAccount(account)) === "active") await releaseWaiting(account.id);
  }
  return payoutAccountOf(actor.id);
}

// ─── The local test-mode onboarding page (no Stripe keys) ───

export type TestOnboarding = { accountId: string; guide: { name: string; email: string }; status: PayoutAccountStatus; returnPath: string; refreshPath: string };

/** Only the path and query of an address: the test pages send people back on the host they are using. */
const pathOf = (address: string) => {
  const url = new URL(address, "http://localhost");
  return `${url.pathname}${url.search}`;
};

/**
 * A test-mode account's onboarding page, for its guide only (anyone else, an unknown account, and every account when
 * real Stripe keys are set, is a 404). `linkId` is the account link that sent them (where to go back to).
 */
export async function getTestOnboarding(accountId: string, linkId: string | null, actor: SessionUser): Promise<TestOnboarding> {
  const missing = () => notFound("This payouts setup could not be found.");
  if (!isStripeTestMode() || !/^acct_test_\w+$/.test(accountId)) throw missing();
  const owner = await prisma.payoutAccount.findUnique({ where: { stripeAccountId: accountId }, select: { guideId: true, status: true, guide: { select: { name: true, email: true } } } });
  if (!owner || owner.guideId !== actor.id) throw missing();
  const link = linkId ? await stripeTestObject("account_link", linkId) : null;
  const usable = link && link._account === accountId;
  return {
    accountId,
    guide: owner.guide,
    status: owner.status as PayoutAccountStatus,
    returnPath: pathOf(usable ? String(link._return_url) : onboardingReturn("return")),
    refreshPath: pathOf(usable ? String(link._refresh_url) : onboardingReturn("refresh")),
  };
}

/** The guide finishes the test onboarding (or leaves it for later): the stand-in updates the account and tells us. */
export async function completeTestOnboarding(onboarding: TestOnboarding, outcome: "complete" | "later" | "restricted") {
  await finishTestOnboarding(onboarding.accountId, outcome);
  return outcome === "later" ? onboarding.refreshPath : onboarding.returnPath;
}
