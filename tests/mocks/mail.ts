// The e-mail mock. The app sends mail with nodemailer (app/lib/mail.server.ts); SMTP is not HTTP, so msw
// cannot see it, and the app already has a local sink: with SMTP_URL unset (always in tests) every
// message is written as one JSON file into OUTBOX_DIR instead of being sent. These helpers read that
// outbox. The Vitest setup points OUTBOX_DIR at a folder per worker and empties it before each test
// file; the browser tests' server writes to <TEST_DATA_DIR>/outbox.
//
// Should the app move to an HTTP e-mail API (Postmark, Resend, SES over HTTPS…), add an msw handler for
// it beside tests/mocks/stripe.ts that pushes into the same shape, and keep these helpers as the API.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

export type SentMail = { from: string; to: string[]; subject: string; text: string; file: string };

type Address = { address: string; name?: string } | string;
const address = (value: Address) => (typeof value === "string" ? value : value.address);

/** The outbox folder: OUTBOX_DIR as the app reads it (relative paths from the working directory). */
export const outboxDir = (dir = process.env.OUTBOX_DIR ?? "./outbox") => path.resolve(dir);

/** Every message in the outbox, oldest first. */
export function outbox(dir = outboxDir()): SentMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const mail = JSON.parse(readFileSync(file, "utf8")) as { from: Address; to: Address | Address[]; subject: string; text: string };
      return { from: address(mail.from), to: [mail.to].flat().map(address), subject: mail.subject, text: mail.text, file };
    });
}

/** The messages sent to one address (case-insensitive), oldest first. */
export const mailTo = (to: string, dir = outboxDir()) => outbox(dir).filter((mail) => mail.to.some((each) => each.toLowerCase() === to.toLowerCase()));

/** The newest message to `to`; throws, listing what is there, when there is none. */
export function lastMailTo(to: string, dir = outboxDir()) {
  const mail = mailTo(to, dir).at(-1);
  if (!mail) throw new Error(`No e-mail to ${to} in ${dir}; the outbox holds: ${outbox(dir).map((each) => `${each.to.join(", ")}: ${each.subject}`).join("; ") || "nothing"}`);
  return mail;
}

export function clearOutbox(dir = outboxDir()) {
  rmSync(dir, { recursive: true, force: true });
}
