import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env.server.ts";

export type Mail = { to: string; subject: string; text: string };

let transport: Transporter | undefined;

/**
 * With SMTP_URL set, mail goes out through that server. Without it (development, tests, the demo)
 * nothing leaves the machine: each message is written as a JSON file into OUTBOX_DIR.
 */
function transporter() {
  const { SMTP_URL } = env();
  transport ??= SMTP_URL ? nodemailer.createTransport(SMTP_URL) : nodemailer.createTransport({ jsonTransport: true });
  return transport;
}

/** Sends one plain-text e-mail from MAIL_FROM; returns the outbox file when it was written locally. */
export async function sendMail({ to, subject, text }: Mail): Promise<{ file: string | null }> {
  const { MAIL_FROM, SMTP_URL, OUTBOX_DIR } = env();
  const info = await transporter().sendMail({ from: MAIL_FROM, to, subject, text });
  if (SMTP_URL) return { file: null };
  const dir = path.resolve(OUTBOX_DIR);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.json`);
  await writeFile(file, typeof info.message === "string" ? info.message : JSON.stringify({ from: MAIL_FROM, to, subject, text }));
  return { file };
}
