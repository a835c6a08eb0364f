import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { prisma } from "#app/lib/db.server.ts";
import { env } from "#app/lib/env.server.ts";
import { defineRetention } from "#app/lib/retention.server.ts";

/** What a one-time code proves: that a person owns an address (verify-email) or may set a new password. */
export type CodePurpose = "verify-email" | "reset-password";

export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_TRIES = 5;

// Only a keyed hash is stored: a leaked table row does not give the code away, and six digits cannot be
// brute-forced offline without the server's secret.
const hashCode = (purpose: CodePurpose, target: string, code: string) =>
  createHmac("sha256", env().SESSION_SECRET).update(`${purpose}:${target}:${code}`).digest("hex");

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * A new 6-digit code for `purpose` and the address, valid for CODE_TTL_MINUTES; it replaces any earlier one
 * (and its count of wrong tries). Returns the code to send; nothing else ever sees it.
 */
export async function issueCode(purpose: CodePurpose, email: string) {
  const target = normalise(email);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const codeHash = hashCode(purpose, target, code);
  const expiresAt = new Date(Date.now() + CODE_TTL_MINUTES * 60_000);
  await prisma.verification.upsert({
    where: { target_type: { target, type: purpose } },
    create: { type: purpose, target, codeHash, expiresAt },
    update: { codeHash, expiresAt, attempts: 0, createdAt: new Date() },
  });
  return code;
}

export type CodeCheck = "ok" | "wrong" | "expired" | "too-many-tries";

/**
 * Checks a code and, when right, uses it up: the delete is conditional on the stored hash, so two requests
 * with the same code cannot both succeed. A wrong code counts a try; after CODE_MAX_TRIES the code is dead
 * (a new one must be sent). A missing or expired code reads "expired".
 */
export async function consumeCode(purpose: CodePurpose, email: string, code: string): Promise<CodeCheck> {
  const target = normalise(email);
  const row = await prisma.verification.findUnique({ where: { target_type: { target, type: purpose } } });
  if (!row || row.expiresAt.getTime() <= Date.now()) return "expired";
  if (row.attempts >= CODE_MAX_TRIES) return "too-many-tries";
  const given = Buffer.from(hashCode(purpose, target, code.trim()));
  const stored = Buffer.from(row.codeHash);
  if (given.length === stored.length && timingSafeEqual(given, stored)) {
    const { count } = await prisma.verification.deleteMany({ where: { id: row.id, codeHash: row.codeHash, attempts: { lt: CODE_MAX_TRIES } } });
    return count === 1 ? "ok" : "expired";
  }
  const { count } = await prisma.verification.updateMany({
    where: { id: row.id, codeHash: row.codeHash, attempts: { lt: CODE_MAX_TRIES } },
    data: { attempts: { increment: 1 } },
  });
  return count === 1 && row.attempts + 1 < CODE_MAX_TRIES ? "wrong" : "too-many-tries";
}

/** Forgets any code for the address (after the password was set another way, or the account was deleted). */
export async function dropCodes(email: string) {
  await prisma.verification.deleteMany({ where: { target: normalise(email) } });
}

// A lapsed code is removed within the hour: checked again it would read "expired", as a missing one does.
defineRetention("Verification", (now, limit) => prisma.verification.deleteMany({ where: { expiresAt: { lt: now } }, limit }));
