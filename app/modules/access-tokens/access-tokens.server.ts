import { createHash, randomBytes } from "node:crypto";
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { prisma } from "#app/lib/db.server.ts";
import { env } from "#app/lib/env.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import { rateLimitStore } from "#app/lib/rate-limit.server.ts";
import type { Role } from "#app/lib/roles.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { requireTokenOwner } from "./policy.ts";
import { TOKEN_MESSAGES, type TokenScope } from "./scopes.ts";
import type { NewTokenInput } from "./schema.ts";

// Personal access tokens: how a mentee's or guide's own programs (a church website, a script, a calendar tool) use
// /api/v1 as them, within the scopes they chose. A token is shown once; only its hash is kept.

const PREFIX = "mmp_";
const MOST_ACTIVE = 20;
/** A token's last use is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

export type AccessTokenView = {
  id: number;
  name: string;
  scopes: TokenScope[];
  hint: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  expired: boolean;
};

const viewSelect = { id: true, name: true, scopes: true, hint: true, createdAt: true, expiresAt: true, lastUsedAt: true } as const;

function toView(row: { id: number; name: string; scopes: string; hint: string; createdAt: Date; expiresAt: Date | null; lastUsedAt: Date | null }, now: Date): AccessTokenView {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.split(" ") as TokenScope[],
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt <= now,
  };
}

/** The actor's tokens not revoked, newest first (expired ones stay listed, marked, until revoked). */
export async function accessTokensOf(actor: SessionUser, now = new Date()): Promise<AccessTokenView[]> {
  if (actor.role !== "user" && actor.role !== "guide") return [];
  const rows = await prisma.accessToken.findMany({ where: { userId: actor.id, revokedAt: null }, orderBy: { createdAt: "desc" }, select: viewSelect });
  return rows.map((row) => toView(row, now));
}

/** Makes a token; the answer holds the token itself, the only time it is ever shown. */
export async function createAccessToken(actor: SessionUser, input: NewTokenInput, now = new Date()) {
  requireTokenOwner(actor);
  const active = await prisma.accessToken.count({ where: { userId: actor.id, revokedAt: null } });
  if (active >= MOST_ACTIVE) throw new HttpError(409, TOKEN_MESSAGES.tooMany);
  const token = `${PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await prisma.accessToken.create({
    data: {
      userId: actor.id,
      name: input.name,
      scopes: input.scopes.join(" "),
      tokenHash: hashOf(token),
      hint: token.slice(-4),
      expiresAt: input.lifetime > 0 ? new Date(now.getTime() + input.lifetime * 86_400_000) : null,
    },
    select: viewSelect,
  });
  return { token, view: toView(row, now) };
}

/** Revokes one of the actor's tokens at once; another person's token is the same 404 as a missing one. */
export async function revokeAccessToken(actor: SessionUser, tokenId: number, now = new Date()) {
  requireTokenOwner(actor);
  const revoked = await prisma.accessToken.updateMany({ where: { id: tokenId, userId: actor.id, revokedAt: null }, data: { revokedAt: now } });
  if (revoked.count === 0) throw notFound(TOKEN_MESSAGES.notFound);
}

export type TokenHolder = { user: SessionUser; scopes: TokenScope[]; tokenId: number };

/**
 * The person and scopes behind `Authorization: Bearer mmp_…`, or a 401: unknown, revoked or expired tokens, and
 * accounts that are closed, all alike.
 */
export async function holderOfToken(token: string | null, now = new Date()): Promise<TokenHolder> {
  if (!token) throw new HttpError(401, TOKEN_MESSAGES.missing);
  const row = token.startsWith(PREFIX)
    ? await prisma.accessToken.findUnique({
        where: { tokenHash: hashOf(token) },
        select: {
          id: true, scopes: true, expiresAt: true, revokedAt: true, lastUsedAt: true,
          user: { select: { id: true, name: true, email: true, role: true, imageId: true, darkMode: true, isVerified: true, timeZone: true, status: true, isDeleted: true } },
        },
      })
    : null;
  const { user } = row ?? {};
  if (!row || !user || row.revokedAt || (row.expiresAt && row.expiresAt <= now) || user.isDeleted || user.status !== "active" || (user.role !== "user" && user.role !== "guide")) {
    throw new HttpError(401, TOKEN_MESSAGES.invalid);
  }
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await prisma.accessToken.updateMany({ where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - TOUCH_INTERVAL_MS) } }] }, data: { lastUsedAt: now } });
  }
  return {
    tokenId: row.id,
    scopes: row.scopes.split(" ") as TokenScope[],
    user: {
      id: user.id, name: user.name, email: user.email, role: user.role as Role, imageId: user.imageId,
      darkMode: user.darkMode, isVerified: user.isVerified, timeZone: user.timeZone, door: "api",
    },
  };
}

let limiter: RateLimiterPrisma | undefined;

/** Counts the request against its token's budget per minute (shared by every app server); over it, 429 with Retry-After. */
export async function countTokenRequest(holder: TokenHolder) {
  limiter ??= new RateLimiterPrisma({ ...rateLimitStore, keyPrefix: "api-token", points: env().API_RATE_PER_MINUTE, duration: 60 });
  try {
    const state = await limiter.consume(String(holder.tokenId));
    return { limit: env().API_RATE_PER_MINUTE, remaining: state.remainingPoints };
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    throw new HttpError(429, TOKEN_MESSAGES.rateLimited, { "Retry-After": String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))) });
  }
}
