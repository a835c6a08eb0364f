// The e-mail mock. The app sends mail with nodemailer (app/lib/mail.server.ts); SMTP is not HTTP, so msw
// cannot see it, and the app already has a local sink: with SMTP_URL unset (always in tests) every
// message is kept in the OutboxMail table instead of being sent. These helpers read that outbox from the
// test's own database (each worker has one, reset before each test file).
//
// Should the app move to an HTTP e-mail API (Postmark, Resend, SES over HTTPS…), add an msw handler for
// it beside tests/mocks/stripe.ts that pushes into the same shape, and keep these helpers as the API.
import { prisma } from "#app/lib/db.server.ts";
import { runDueJobs } from "#app/lib/jobs.server.ts";
import { RESET_MAIL_JOB } from "#app/modules/accounts/password-reset.server.ts";
import { SECURITY_MAIL_JOB } from "#app/modules/accounts/security-mail.server.ts";
import { SIGN_UP_JOB } from "#app/modules/accounts/sign-up.server.ts";

export type SentMail = { to: string; subject: string; text: string; html: string };

/**
 * Does the work requests queued to follow their answer (a sign-up's account, and the mail of sign-up, password reset,
 * a new code and a change to how a person signs in), as the server's job worker does a moment after the answer. Every helper below does it first, so a
 * test reads the outbox as a person would find their mailbox.
 */
export async function sendQueuedMail() {
  while (await runDueJobs(new Date(), 100, [SIGN_UP_JOB, RESET_MAIL_JOB, SECURITY_MAIL_JOB]));
}

/** Every message in the outbox, oldest first. */
export async function outbox(): Promise<SentMail[]> {
  await sendQueuedMail();
  return prisma.outboxMail.findMany({ orderBy: { id: "asc" }, select: { to: true, subject: true, text: true, html: true } });
}

/** The messages sent to one address (case-insensitive), oldest first. */
export async function mailTo(to: string) {
  return (await outbox()).filter((mail) => mail.to === to.toLowerCase());
}

/** The newest message to `to`; throws, listing what is there, when there is none. */
export async function lastMailTo(to: string) {
  const mail = (await mailTo(to)).at(-1);
  if (mail) return mail;
  const all = await outbox();
  throw new Error(`No e-mail to ${to}; the outbox holds: ${all.map((each) => `${each.to}: ${each.subject}`).join("; ") || "nothing"}`);
}

/** The 6-digit code in the newest message to `to`. */
export async function lastCodeTo(to: string) {
  const { text } = await lastMailTo(to);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`The last e-mail to ${to} holds no 6-digit code:\n${text}`);
  return code;
}

export async function clearOutbox() {
  await sendQueuedMail();
  await prisma.outboxMail.deleteMany();
}
