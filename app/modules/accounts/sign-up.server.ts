import { ACCOUNT_INACTIVE } from "#app/lib/auth.server.ts";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { env } from "#app/lib/env.server.ts";
import { fieldError, HttpError } from "#app/lib/http.server.ts";
import { defineJob, enqueue, runJobsSoon } from "#app/lib/jobs.server.ts";
import { mailLayout, sendMail } from "#app/lib/mail.server.ts";
import { hashPassword } from "#app/lib/password.server.ts";
import type { Role } from "#app/lib/roles.ts";
import { termsAccepted } from "#app/modules/policies/policies.ts";
import { codeGuesses, countCodeRequest, signUpAttempts } from "./limits.server.ts";
import { accountMessages, type SignUpInput } from "./schema.ts";
import { CODE_TTL_MINUTES, consumeCode, issueCode, type CodeCheck } from "./verification.server.ts";
import { setMembership } from "#app/modules/organisations/organisations.server.ts";

/**
 * Public accounts: sign-up of a mentee, the e-mail verification every new account (mentee or guide applicant)
 * goes through, and the reminder an unverified person gets when they try to sign in.
 */

/** Who is asking, for the limits: the client's IP address (null when unknown). */
export type Requester = { clientAddress: string | null };

/**
 * Sends a fresh 6-digit code that proves the person owns `email` (it replaces any earlier one). The person enters
 * it on /verify-email?email=…. Used by sign-up, by sign-in for an unverified account, by "Send a new code" and by
 * the guide application (`next`: what happens after, in a paragraph of its own). Never call it inside transaction().
 */
export async function sendVerificationCode(email: string, { next }: { next?: string } = {}): Promise<void> {
  const code = await issueCode("verify-email", email);
  const paragraphs = [
    "Welcome to Ministry Mentors.",
    `Enter this code on the verification page to confirm your e-mail address: ${code}`,
    `The code works once and expires in ${CODE_TTL_MINUTES} minutes. If you did not create an account, you can ignore this message.`,
    ...(next ? [next] : []),
  ];
  await sendMail({
    to: email,
    subject: "Your Ministry Mentors verification code",
    text: paragraphs.join("\n\n"),
    html: mailLayout({ paragraphs, code }),
    logLine: `verification code ${code}`,
  });
}

/**
 * The mail an address gets when someone tries to sign up (or apply as a guide) with it again: no account is made,
 * and nothing is revealed on screen. `origin` is the site's public address (APP_URL), never a request's Host.
 */
export async function sendAlreadyRegisteredMail(email: string, origin: string, closed: boolean) {
  const paragraphs = closed
    ? [
        "Someone (perhaps you) tried to create a Ministry Mentors account with this e-mail address. It belonged to an account that has been closed, so no new account was made.",
        "To use this address again, contact our support team:",
        `${origin}/support`,
        "If it was not you, you can ignore this message.",
      ]
    : [
        "Someone (perhaps you) tried to create a Ministry Mentors account with this e-mail address, but it already has an account, so no new one was made.",
        "If it was you, sign in:",
        `${origin}/login`,
        "Forgotten your password? Reset it here:",
        `${origin}/reset-password?${new URLSearchParams({ email })}`,
        "If it was not you, you can ignore this message: nothing has changed.",
      ];
  await sendMail({
    to: email,
    subject: "Someone tried to create an account with your address",
    text: paragraphs.join("\n\n"),
    html: mailLayout({ paragraphs }),
    logLine: "someone tried to sign up with this address again",
  });
}

/**
 * The work sign-up and "Send a new code" leave to follow their answer, so that the answer does the same work, in the
 * same time, for any address; what the address gets is decided here. Payloads:
 * "sign-up": make the account unless the address has one, then go on as "created" or "in-use";
 * "created": the new account's code; "in-use": the "someone tried" mail; "new-code": a fresh code if the address
 * still waits for verification.
 */
export const SIGN_UP_JOB = "accounts.sign-up";
/** The account to make, and when its person accepted the Terms (the request's time, not the job's). */
type NewAccount = Pick<SignUpInput, "email" | "name" | "title" | "organisation" | "education" | "bio" | "timeZone"> & { termsAcceptedAt: string };
type SignUpWork = { mail: "sign-up"; account: NewAccount; hash: string } | { mail: "created" | "in-use" | "new-code"; email: string };

async function queueSignUpWork(payload: SignUpWork) {
  await enqueue(SIGN_UP_JOB, payload);
  runJobsSoon();
}

defineJob(SIGN_UP_JOB, async (payload, job) => {
  let work = payload as SignUpWork;
  if (work.mail === "sign-up") {
    const { account, hash } = work;
    // The account, unless the address has one, and the job's row rewritten to keep only the mail still to send (what
    // a retry sends): the password's hash is needed only until the account holds it.
    work = await transaction(async (tx) => {
      const taken = await tx.user.findUnique({ where: { email: account.email }, select: { id: true } });
      if (!taken) {
        const created = await tx.user.create({
          data: {
            role: "user",
            email: account.email,
            name: account.name,
            title: account.title,
            education: account.education,
            bio: account.bio,
            timeZone: account.timeZone,
            isVerified: false,
            emailVerifiedAt: null,
            // The form required accepting the Terms: which version, and when, are kept with the account.
            ...termsAccepted(new Date(account.termsAcceptedAt)),
            password: { create: { hash } },
          },
          select: { id: true },
        });
        await setMembership(tx, created.id, account.organisation);
      }
      const next: SignUpWork = { email: account.email, mail: taken ? "in-use" : "created" };
      await tx.job.update({ where: { id: job.id }, data: { payload: JSON.stringify(next) } });
      return next;
    });
  }
  const { email, mail } = work;
  if (mail === "created") return sendVerificationCode(email);
  if (mail === "new-code") return (await awaitsVerification(email)) ? sendVerificationCode(email) : undefined;
  const existing = await prisma.user.findUnique({ where: { email }, select: { isDeleted: true } });
  await sendAlreadyRegisteredMail(email, env().APP_URL, existing?.isDeleted ?? false);
});

/**
 * Sign-up of a mentee: the account is made, and its code sent, just after the answer. For an address that already
 * has an account the person is not told so: that address gets a short mail instead, and the answer is the same (go
 * and enter the code), in the same time: the request hashes the password and queues the work whatever the address,
 * and looks nothing up. Limited per address and per client (429).
 */
export async function signUp(input: SignUpInput, { clientAddress }: Requester): Promise<void> {
  const keys = { account: input.email, address: clientAddress };
  await signUpAttempts.assertAllowed(keys);
  await signUpAttempts.recordFailure(keys);
  const hash = await hashPassword(input.password);
  const { email, name, title, organisation, education, bio, timeZone } = input;
  await queueSignUpWork({ mail: "sign-up", account: { email, name, title, organisation, education, bio, timeZone, termsAcceptedAt: new Date().toISOString() }, hash });
}

/**
 * "Send a new code" on /verify-email: limited (429 with a clear message). A code goes out only when the address
 * belongs to a live account still waiting for verification, which the queued job decides: the answer is the same
 * either way, in the same time.
 */
export async function resendVerificationCode(email: string, clientAddress: string | null): Promise<void> {
  await countCodeRequest(email, clientAddress);
  await queueSignUpWork({ email, mail: "new-code" });
}

async function awaitsVerification(email: string) {
  const person = await prisma.user.findFirst({ where: { email, isDeleted: false, emailVerifiedAt: null }, select: { id: true } });
  return Boolean(person);
}

/**
 * Sign-in of a person who never verified their address: a fresh code, unless they have asked for too many lately
 * (then the newest one they have still works). Never fails the sign-in answer.
 */
export async function remindToVerify(email: string, clientAddress: string | null): Promise<void> {
  try {
    await countCodeRequest(email, clientAddress);
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return;
    throw error;
  }
  await sendVerificationCode(email);
}

const codeMessages: Record<Exclude<CodeCheck, "ok">, string> = {
  wrong: accountMessages.wrongCode,
  expired: accountMessages.expiredCode,
  "too-many-tries": accountMessages.tooManyTries,
};

/**
 * Checks a verification code and marks the address verified (a mentee's account is then verified too; a guide
 * still waits for an admin's approval). Returns the person to sign in. A wrong, expired, used-up or over-tried code
 * is a 400 about the code field; too many wrong codes from one client is a 429; a deactivated account a 403.
 */
export async function verifyEmail(email: string, code: string, clientAddress: string | null): Promise<{ id: number; role: Role }> {
  const keys = { account: email, address: clientAddress };
  await codeGuesses.assertAllowed(keys);
  const check = await consumeCode("verify-email", email, code);
  if (check === "wrong") await codeGuesses.recordFailure(keys);
  if (check !== "ok") throw fieldError(400, "code", codeMessages[check]);
  const person = await prisma.user.findFirst({ where: { email, isDeleted: false }, select: { id: true, role: true, status: true, emailVerifiedAt: true } });
  // A code for an account closed since it was sent proves nothing useful.
  if (!person) throw fieldError(400, "code", accountMessages.expiredCode);
  await prisma.user.update({
    where: { id: person.id },
    data: { emailVerifiedAt: person.emailVerifiedAt ?? new Date(), ...(person.role === "user" ? { isVerified: true } : {}) },
  });
  if (person.status !== "active") throw new HttpError(403, ACCOUNT_INACTIVE);
  return { id: person.id, role: person.role as Role };
}
