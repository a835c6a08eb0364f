import { randomBytes } from "node:crypto";
import QRCode from "qrcode";
import { prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { fieldError, HttpError } from "#app/lib/http.server.ts";
import { runJobsSoon } from "#app/lib/jobs.server.ts";
import { secondFactorAttempts } from "#app/lib/rate-limit.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { checkCurrentPassword } from "#app/modules/accounts/own-password.server.ts";
import { queueSecurityMail } from "#app/modules/accounts/security-mail.server.ts";
import { sponsorAdminships } from "#app/modules/sponsorship/sponsorship.server.ts";
import { RECOVERY_CODE_COUNT, twoFactorMessages } from "./messages.ts";
import { openSecret, recoveryCodeHash, sealSecret } from "./secret-box.server.ts";
import { newSecret, TOTP_PERIOD_MS, totpOf } from "./totp.ts";

type Person = Pick<SessionUser, "id" | "email" | "role">;

/** The 30-second step a 6-digit code belongs to (this one, the one before or after, for clocks a little off), or null. */
function stepOf(secret: string, code: string) {
  if (!/^\d{6}$/.test(code)) return null;
  const now = Date.now();
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / TOTP_PERIOD_MS) + delta;
}

export type TwoFactorState = { enabled: boolean; recoveryCodesLeft: number };

export async function twoFactorState(userId: number): Promise<TwoFactorState> {
  const [row, recoveryCodesLeft] = await Promise.all([
    prisma.twoFactor.findUnique({ where: { userId }, select: { enabledAt: true } }),
    prisma.recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  return { enabled: Boolean(row?.enabledAt), recoveryCodesLeft };
}

/** What the sign-in asks after a right password: nothing more, the code, or (an administrator without it) the setup. */
export async function secondStepFor(person: Pick<SessionUser, "id" | "role">): Promise<"none" | "code" | "setup"> {
  const { enabled } = await twoFactorState(person.id);
  if (enabled) return "code";
  return person.role === "admin" ? "setup" : "none";
}

export type Setup = { secret: string; uri: string; qrCode: string };

/**
 * The setup a person sees until they confirm it: a new secret the first time, the same one on every later visit
 * (a reload or a second tab shows the code the app already has). 409 once two-factor sign-in is on.
 */
export async function pendingSetup(person: Person): Promise<Setup> {
  const fresh = newSecret();
  const row = await prisma.twoFactor.upsert({ where: { userId: person.id }, create: { userId: person.id, secret: sealSecret(fresh) }, update: {} });
  if (row.enabledAt) throw new HttpError(409, twoFactorMessages.alreadyOn);
  const secret = openSecret(row.secret);
  const uri = totpOf(secret, person.email).toString();
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/** Ten new one-time codes (`xxxxx-xxxxx`), replacing any the person had; only their hashes are kept. */
async function replaceRecoveryCodes(tx: Transaction, userId: number) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(8).readBigUInt64BE().toString(36).padStart(10, "0").slice(-10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: codes.map((code) => ({ userId, hash: recoveryCodeHash(code) })) });
  return codes;
}

/**
 * Confirms the setup with the app's first code: two-factor sign-in is on, the recovery codes are returned (shown
 * once), and the account's address is told (security mail).
 */
export async function confirmSetup(person: Person, code: string, clientAddress: string | null) {
  const row = await prisma.twoFactor.findUnique({ where: { userId: person.id } });
  if (!row) throw new HttpError(409, twoFactorMessages.notOn);
  if (row.enabledAt) throw new HttpError(409, twoFactorMessages.alreadyOn);
  const step = stepOf(openSecret(row.secret), code);
  if (step === null) throw fieldError(400, "code", twoFactorMessages.wrongSetupCode);
  const codes = await transaction(async (tx) => {
    const { count } = await tx.twoFactor.updateMany({ where: { userId: person.id, enabledAt: null }, data: { enabledAt: new Date(), lastStep: step } });
    if (count === 0) throw new HttpError(409, twoFactorMessages.alreadyOn);
    await queueSecurityMail(person.id, "two-factor-on", { within: tx, clientAddress });
    return replaceRecoveryCodes(tx, person.id);
  });
  runJobsSoon();
  return codes;
}

/**
 * Whether `code` is the person's current authenticator code or one of their unused recovery codes; using it
 * spends it (a code's step, or the recovery code, can never be used again). Each check is one conditional write,
 * so of two requests with the same code only one passes.
 */
async function spendCode(userId: number, code: string) {
  const row = await prisma.twoFactor.findUnique({ where: { userId }, select: { secret: true, enabledAt: true } });
  if (!row?.enabledAt) return false;
  if (/^\d{6}$/.test(code)) {
    const step = stepOf(openSecret(row.secret), code);
    if (step === null) return false;
    const { count } = await prisma.twoFactor.updateMany({ where: { userId, lastStep: { lt: step } }, data: { lastStep: step } });
    return count === 1;
  }
  const { count } = await prisma.recoveryCode.updateMany({ where: { userId, hash: recoveryCodeHash(code), usedAt: null }, data: { usedAt: new Date() } });
  return count === 1;
}

/**
 * Checks a second factor within the limit on wrong codes (5 per account, 20 per client address, per 15 minutes):
 * 429 once used up, 401 on the `code` field for a wrong or used code.
 */
export async function checkSecondFactor(person: Pick<SessionUser, "id" | "email">, code: string, clientAddress: string | null) {
  const keys = { account: person.email, address: clientAddress };
  await secondFactorAttempts.assertAllowed(keys);
  if (!(await spendCode(person.id, code))) {
    await secondFactorAttempts.recordFailure(keys);
    throw fieldError(401, "code", twoFactorMessages.wrongCode);
  }
  await secondFactorAttempts.clear(keys);
}

/** New recovery codes for a person with two-factor sign-in, after a current code; the old ones stop working (security mail). */
export async function regenerateRecoveryCodes(person: Person, code: string, clientAddress: string | null) {
  const { enabled } = await twoFactorState(person.id);
  if (!enabled) throw new HttpError(409, twoFactorMessages.notOn);
  await checkSecondFactor(person, code, clientAddress);
  const codes = await transaction(async (tx) => {
    await queueSecurityMail(person.id, "recovery-codes", { within: tx, clientAddress });
    return replaceRecoveryCodes(tx, person.id);
  });
  runJobsSoon();
  return codes;
}

/**
 * Turns two-factor sign-in off, with the password and a current code. Never for an administrator, nor for a sponsor
 * admin while they run a sponsorship (403): both can see and move what others rely on. The account's address is
 * told (security mail).
 */
export async function turnOffTwoFactor(person: SessionUser, input: { currentPassword: string; code: string }, clientAddress: string | null) {
  if (person.role === "admin") throw new HttpError(403, twoFactorMessages.requiredForAdmins);
  if ((await sponsorAdminships(person.id)).length) throw new HttpError(403, twoFactorMessages.requiredForSponsors);
  const { enabled } = await twoFactorState(person.id);
  if (!enabled) throw new HttpError(409, twoFactorMessages.notOn);
  await checkCurrentPassword(person, input.currentPassword);
  await checkSecondFactor(person, input.code, clientAddress);
  await transaction(async (tx) => {
    await tx.recoveryCode.deleteMany({ where: { userId: person.id } });
    await tx.twoFactor.deleteMany({ where: { userId: person.id } });
    await queueSecurityMail(person.id, "two-factor-off", { within: tx, clientAddress });
  });
  runJobsSoon();
}
