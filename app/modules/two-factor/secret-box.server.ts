import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { env } from "#app/lib/env.server.ts";

// Authenticator secrets are kept encrypted (AES-256-GCM) under a key derived from TOTP_KEY, so a copy of the
// database alone makes no codes; recovery codes are kept as keyed hashes under another key derived from it.

const derive = (purpose: string, material = env().TOTP_KEY) => Buffer.from(hkdfSync("sha256", material, "ministry-mentors", purpose, 32));

/** `v1.<iv>.<ciphertext>.<tag>`, each base64url. */
export function sealSecret(plain: string, material?: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derive("totp-secret", material), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, body, cipher.getAuthTag()].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

export function openSecret(sealed: string, material?: string) {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !body || !tag) throw new Error("Unreadable two-factor secret");
  const decipher = createDecipheriv("aes-256-gcm", derive("totp-secret", material), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

export const recoveryCodeHash = (code: string) => createHmac("sha256", derive("recovery-code")).update(code.toLowerCase()).digest("base64url");
