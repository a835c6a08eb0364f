import { createHash } from "node:crypto";
import { isUniqueViolation, prisma } from "#app/lib/db.server.ts";
import { HttpError, jsonError } from "#app/lib/http.server.ts";
import { defineRetention } from "#app/lib/retention.server.ts";
import type { TokenHolder } from "./access-tokens.server.ts";

// Writes to /api/v1 take an Idempotency-Key header: the first answer to a key is kept for a day and given again to a
// repeat of the same request, so a client that retries after a lost answer books, cancels or pays once.

const KEPT_MS = 24 * 3_600_000;
const KEY = /^[\x21-\x7e]{1,200}$/;

export const IDEMPOTENCY_MESSAGES = {
  badKey: "Idempotency-Key must be 1 to 200 visible characters",
  otherRequest: "This Idempotency-Key was already used for a different request",
  inProgress: "A request with this Idempotency-Key is still being answered. Try again in a moment.",
} as const;

const fingerprintOf = (request: Request, body: string) =>
  createHash("sha256").update(`${request.method} ${new URL(request.url).pathname}\n${body}`).digest("base64url");

/**
 * Runs `work` once per Idempotency-Key of this token (or every time without one). Its answer, a refusal included, is
 * kept and replayed (with `Idempotent-Replayed: true`); a repeat while the first is still running is a 409; the same
 * key with another method, path or body is a 422. An unexpected failure keeps nothing, so the client may retry.
 */
export async function once(holder: TokenHolder, request: Request, work: () => Promise<Response>): Promise<Response> {
  const key = request.headers.get("Idempotency-Key");
  if (key === null) return work();
  if (!KEY.test(key)) throw new HttpError(400, IDEMPOTENCY_MESSAGES.badKey);
  const fingerprint = fingerprintOf(request, await request.clone().text());
  const now = Date.now();
  await prisma.idempotentRequest.deleteMany({ where: { tokenId: holder.tokenId, createdAt: { lt: new Date(now - KEPT_MS) } } });

  let id: number;
  try {
    ({ id } = await prisma.idempotentRequest.create({ data: { tokenId: holder.tokenId, key, fingerprint }, select: { id: true } }));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const first = await prisma.idempotentRequest.findUnique({ where: { tokenId_key: { tokenId: holder.tokenId, key } } });
    if (!first) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress, { "Retry-After": "1" });
    if (first.fingerprint !== fingerprint) throw new HttpError(422, IDEMPOTENCY_MESSAGES.otherRequest);
    if (first.status === null) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress, { "Retry-After": "1" });
    return new Response(first.body, { status: first.status, headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true" } });
  }

  let response: Response;
  try {
    response = await work();
  } catch (error) {
    if (!(error instanceof HttpError)) {
      await prisma.idempotentRequest.delete({ where: { id } });
      throw error;
    }
    response = jsonError(error.status, error.message, error.headers, error.errors);
  }
  await prisma.idempotentRequest.update({ where: { id }, data: { status: response.status, body: await response.clone().text() } });
  return response;
}

// Every token's answers older than a day are removed within the hour, not only when that token writes again.
defineRetention("IdempotentRequest", (now, limit) => prisma.idempotentRequest.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - KEPT_MS) } }, limit }));
