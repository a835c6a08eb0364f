import nodemailer, { type Transporter } from "nodemailer";
import { prisma } from "./db.server.ts";
import { env } from "./env.server.ts";
import { logger } from "./logger.server.ts";

/**
 * One e-mail: a plain-text part (always) and an HTML part. Build both with `mailLayout` so every message
 * looks the same. `logLine` is what the server log shows when there is no SMTP server (for instance
 * "verification code 123456"), so a person trying the demo can finish a flow without a mailbox.
 */
export type Mail = { to: string; subject: string; text: string; html?: string; logLine?: string; icalEvent?: CalendarInvite };

/**
 * A calendar invitation sent with a message (nodemailer's `icalEvent`: an alternative text/calendar part that mail
 * clients show as an invitation with Accept/Decline): `content` is the .ics text (see bookings/calendar.server.ts).
 */
export type CalendarInvite = { filename: string; method: "REQUEST" | "CANCEL" | "PUBLISH"; content: string };

/**
 * How the outbox keeps an invitation: OutboxMail has only text and html, so the .ics follows the text part
 * after this line (the console's Outbox and the tests read it there).
 */
export const ATTACHMENT_NOTE = "--- Attached calendar invitation:";

let transport: Transporter | undefined;

/**
 * With SMTP_URL set, mail goes out through that server. Without it (development, tests, the demo) nothing
 * leaves the machine: nodemailer still builds the message, and it is kept in the OutboxMail table, which
 * every app server shares and the admin reads in the console (Outbox).
 */
function transporter() {
  const { SMTP_URL } = env();
  transport ??= SMTP_URL ? nodemailer.createTransport(SMTP_URL) : nodemailer.createTransport({ jsonTransport: true });
  return transport;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

const LINK_STYLE = "color:#4338ca;text-decoration:underline";

/** Escapes a paragraph and makes each URL in it a link (a trailing full stop or comma stays text). */
const withLinks = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]*[^\s<.,;:!?)]/g, (url) => `<a href="${url}" style="${LINK_STYLE}">${url}</a>`);

/**
 * The HTML part of a message from its plain-text paragraphs (blank-line separated), in the product's simple
 * branded frame. Text is escaped; every URL becomes a link, and a line that is only a URL a larger one to tap;
 * long addresses wrap rather than widen a phone's screen; `code` is shown large.
 */
export function mailLayout({ paragraphs, code }: { paragraphs: string[]; code?: string }) {
  const body = paragraphs
    .map((paragraph) => {
      const html = withLinks(paragraph).replace(/\n/g, "<br>");
      return /^https?:\/\/\S+$/.test(paragraph) ? `<p style="margin:0 0 16px;font-size:17px;line-height:1.5">${html}</p>` : `<p style="margin:0 0 16px">${html}</p>`;
    })
    .join("");
  const codeBlock = code
    ? `<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:8px 0 24px">${escapeHtml(code)}</p>`
    : "";
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5"><div style="max-width:560px;margin:0 auto;padding:32px 20px;overflow-wrap:anywhere;word-break:break-word"><p style="font-weight:700;color:#4338ca;margin:0 0 24px">Ministry Mentors</p>${codeBlock}${body}</div></body></html>`;
}

/** Sends one e-mail from MAIL_FROM, with a text and an HTML part. Never call it inside transaction(). */
export async function sendMail({ to, subject, text, html, logLine, icalEvent }: Mail): Promise<void> {
  const { MAIL_FROM, SMTP_URL } = env();
  const htmlPart = html ?? mailLayout({ paragraphs: text.split(/\n{2,}/) });
  await transporter().sendMail({ from: MAIL_FROM, to, subject, text, html: htmlPart, ...(icalEvent ? { icalEvent } : {}) });
  if (SMTP_URL) return;
  const kept = icalEvent ? `${text}\n\n${ATTACHMENT_NOTE} ${icalEvent.filename} (text/calendar; method=${icalEvent.method}) ---\n${icalEvent.content}` : text;
  await prisma.outboxMail.create({ data: { to: to.toLowerCase(), subject, text: kept, html: htmlPart } });
  if (logLine) logger.info({ to }, `mail: ${logLine} (SMTP_URL is unset: the message is in the console's Outbox)`);
}
