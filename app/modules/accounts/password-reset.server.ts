import { prisma, transaction } from "#app/lib/db.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { fieldError } from "#app/lib/http.server.ts";
import { defineJob, enqueue, runJobsSoon } from "#app/lib/jobs.server.ts";
import { mailLayout, sendMail } from "#app/lib/mail.server.ts";
import { hashPassword } from "#app/lib/password.server.ts";
import type { Role } from "#app/lib/roles.ts";
import { endSessionsOf } from "#app/lib/session.server.ts";
import { codeGuesses, countCodeRequest } from "./limits.server.ts";
import { accountMessages, type ResetPasswordInput } from "./schema.ts";
import { queueSecurityMail } from "./security-mail.server.ts";
import type { Requester } from "./sign-up.server.ts";
import { CODE_TTL_MINUTES, consumeCode, dropCodes, issueCode, type CodeCheck } from "./verification.server.ts";

/**
 * The link in the reset mail: step 2 of /reset-password with the address and the code filled in. Built from APP_URL,
 * never from the request's Host header, so a forged Host cannot send someone's code to another site.
 */
export const resetLink = (email: string, code: string) => siteUrl(`/reset-password?${new URLSearchParams({ email, code })}`);

/** The job that sends a reset code once the request has been answered (see requestPasswordReset). */
export const RESET_MAIL_JOB = "accounts.reset-mail";

/**
 * Step 1 of /reset-password. Counted per address and client whether or not an account exists (so neither the
 * answer nor the limit tells them apart). The request only queues the mail: whether the address has an account is
 * looked up after the answer, so the answer does the same work, in the same time, for any address.
 */
export async function requestPasswordReset(email: string, { clientAddress }: Requester): Promise<void> {
  await countCodeRequest(email, clientAddress);
  await enqueue(RESET_MAIL_JOB, { email });
  runJobsSoon();
}

/** A live (not deleted) account gets a code and a link; any other address, nothing. */
defineJob(RESET_MAIL_JOB, async (payload) => {
  const email = String(payload.email);
  const person = await prisma.user.findFirst({ where: { email, isDeleted: false }, select: { id: true } });
  if (!person) return;
  const code = await issueCode("reset-password", email);
  const link = resetLink(email, code);
  const paragraphs = [
    "We received a request to reset the password of your Ministry Mentors account.",
    `Your code is ${code}. Enter it on the reset page, or open this link to choose a new password:`,
    link,
    `The code works once and expires in ${CODE_TTL_MINUTES} minutes. If you did not ask for this, you can ignore this message: your password has not changed.`,
  ];
  await sendMail({
    to: email,
    subject: "Reset your Ministry Mentors password",
    text: paragraphs.join("\n\n"),
    html: mailLayout({ paragraphs, code }),
    logLine: `password reset code ${code} (${link})`,
  });
});

const codeMessages: Record<Exclude<CodeCheck, "ok">, string> = {
  wrong: accountMessages.resetWrongCode,
  expired: accountMessages.resetExpiredCode,
  "too-many-tries": accountMessages.resetTooManyTries,
};

/**
 * Step 2: the code (15 minutes, once, 5 tries) sets a new password. Every session of the person ends, the
 * address counts as verified: the code proved they own it (a mentee's account is then verified too), and it is told
 * of the change (security mail).
 * Returns the person's role, for the sign-in page to send them to.
 */
export async function resetPassword({ email, code, password }: ResetPasswordInput, clientAddress: string | null): Promise<{ role: Role }> {
  const keys = { account: email, address: clientAddress };
  await codeGuesses.assertAllowed(keys);
  const check = await consumeCode("reset-password", email, code);
  if (check === "wrong") await codeGuesses.recordFailure(keys);
  if (check !== "ok") throw fieldError(400, "code", codeMessages[check]);
  const person = await prisma.user.findFirst({ where: { email, isDeleted: false }, select: { id: true, role: true, emailVerifiedAt: true } });
  if (!person) throw fieldError(400, "code", accountMessages.resetExpiredCode);
  const hash = await hashPassword(password);
  await transaction(async (tx) => {
    await tx.password.upsert({ where: { userId: person.id }, create: { userId: person.id, hash }, update: { hash } });
    await tx.user.update({
      where: { id: person.id },
      data: { emailVerifiedAt: person.emailVerifiedAt ?? new Date(), ...(person.role === "user" ? { isVerified: true } : {}) },
    });
    await queueSecurityMail(person.id, "password-reset", { within: tx, clientAddress });
  });
  runJobsSoon();
  await endSessionsOf(person.id);
  await dropCodes(email);
  return { role: person.role as Role };
}
