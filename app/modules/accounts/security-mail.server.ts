import { prisma, type Transaction } from "#app/lib/db.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { defineJob, enqueue } from "#app/lib/jobs.server.ts";
import { authLinks } from "#app/lib/links.ts";
import { mailLayout, sendMail } from "#app/lib/mail.server.ts";
import { momentIn } from "#app/modules/bookings/session-time.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";

/**
 * Security mail: a change to how a person signs in (their password, two-factor sign-in, recovery codes) is told to
 * the account's address at once, so that whoever's account was taken over learns of it. Always sent, whatever the
 * person's notification settings; a deleted account gets nothing.
 */
export const SECURITY_MAIL_JOB = "accounts.security-mail";

export type SecurityEvent = "password-changed" | "password-reset" | "password-set-by-admin" | "two-factor-on" | "two-factor-off" | "recovery-codes";

/**
 * Queues the mail about `event` for the person (`clientAddress`: where the change came from, when known). Pass the
 * change's transaction as `within`, so the mail exists only if the change commits; the caller then calls
 * runJobsSoon() after the commit, so the change never waits on the mail server.
 */
export function queueSecurityMail(userId: number, event: SecurityEvent, { within, clientAddress = null }: { within: Transaction; clientAddress?: string | null }) {
  return enqueue(SECURITY_MAIL_JOB, { userId, event, at: new Date().toISOString(), clientAddress }, { within });
}

type Facts = { email: string; when: string };

/** What each change says: its subject, its opening, and what to do if it was not the person. */
const texts: Record<SecurityEvent, (facts: Facts) => { subject: string; opening: string; notYou: string }> = {
  "password-changed": ({ email, when }) => ({
    subject: "Your Ministry Mentors password was changed",
    opening: `The password of your Ministry Mentors account (${email}) was changed on ${when}. Every other device signed in to your account was signed out.`,
    notYou: "If it was not you, someone else knows your password. Choose a new one at once with a code sent to this address:",
  }),
  "password-reset": ({ email, when }) => ({
    subject: "Your Ministry Mentors password was changed",
    opening: `The password of your Ministry Mentors account (${email}) was reset with a code we sent to this address, on ${when}. You were signed out everywhere: sign in with the new password.`,
    notYou: "If it was not you, someone else can read your e-mail. Secure your e-mail account first, then choose a new password with a code sent to this address:",
  }),
  "password-set-by-admin": ({ email, when }) => ({
    subject: "An administrator changed your Ministry Mentors password",
    opening: `An administrator changed the password of your Ministry Mentors account (${email}) on ${when}. You were signed out everywhere: sign in with the password the administrator gives you.`,
    notYou: "If you did not ask for this, you can choose your own password with a code sent to this address:",
  }),
  "two-factor-on": ({ email, when }) => ({
    subject: "Two-factor sign-in was turned on for your Ministry Mentors account",
    opening: `Two-factor sign-in was turned on for your Ministry Mentors account (${email}) on ${when}. From now on, signing in asks for a code from your authenticator app after your password.`,
    notYou: "If it was not you, someone else knows your password and has tied your account to their own app. Choose a new password at once with a code sent to this address:",
  }),
  "two-factor-off": ({ email, when }) => ({
    subject: "Two-factor sign-in was turned off for your Ministry Mentors account",
    opening: `Two-factor sign-in was turned off for your Ministry Mentors account (${email}) on ${when}. Signing in now asks only for your password, and your recovery codes no longer work.`,
    notYou: "If it was not you, someone else knows your password and one of your codes. Choose a new password at once with a code sent to this address, then turn two-factor sign-in back on in Settings:",
  }),
  "recovery-codes": ({ email, when }) => ({
    subject: "New recovery codes were made for your Ministry Mentors account",
    opening: `New recovery codes for two-factor sign-in were made for your Ministry Mentors account (${email}) on ${when}. The codes you had before no longer work.`,
    notYou: "If it was not you, someone else knows your password and one of your codes. Choose a new password at once with a code sent to this address:",
  }),
};

/** The mail about one change: the time in the person's own zone, where the change came from, and what to do if it was not them. */
defineJob(SECURITY_MAIL_JOB, async (payload) => {
  const event = String(payload.event);
  if (!Object.hasOwn(texts, event)) throw new Error(`Unknown security mail "${event}"`);
  const person = await prisma.user.findUnique({ where: { id: Number(payload.userId) }, select: { name: true, email: true, timeZone: true, isDeleted: true } });
  if (!person || person.isDeleted) return;
  const { supportEmail } = await getPlatformSettings();
  const when = momentIn(new Date(String(payload.at)), person.timeZone);
  const { subject, opening, notYou } = texts[event as SecurityEvent]({ email: person.email, when });
  // An administrator's change is not the person's own: neither the administrator's address nor "if this was you" fits.
  const byAdmin = event === "password-set-by-admin";
  const from = typeof payload.clientAddress === "string" && !byAdmin ? payload.clientAddress : null;
  const paragraphs = [
    `Hello ${person.name},`,
    opening,
    ...(from ? [`The change came from the IP address ${from}.`] : []),
    ...(byAdmin ? [] : ["If this was you, there is nothing more to do."]),
    notYou,
    siteUrl(authLinks.resetPassword),
    `If you need help, write to us at ${supportEmail}.`,
  ];
  await sendMail({ to: person.email, subject, text: paragraphs.join("\n\n"), html: mailLayout({ paragraphs }) });
});
