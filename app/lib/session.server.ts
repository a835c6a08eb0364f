import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { prisma } from "./db.server.ts";
import { Prisma } from "#app/generated/prisma/client.ts";
import { column, queryRows } from "./sql.server.ts";
import { env, isProduction } from "./env.server.ts";
import { defineRetention } from "./retention.server.ts";
import type { Role } from "./roles.ts";

/** The cookie outlives no session: the longest a user's or guide's session may last. */
export const sessionCookie = createCookie("mm_session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: isProduction(),
  secrets: [env().SESSION_SECRET],
  maxAge: env().SESSION_MAX_HOURS * 60 * 60,
});

/**
 * A browser session (the cookie) or an API token (the Authorization header): neither works as the other. A "pending"
 * session (in the cookie too) only says the password was right for someone whose second factor is still to come:
 * it signs nobody in, and the two-factor step replaces it with a "web" one.
 */
export type SessionKind = "web" | "api" | "pending";

/** How long the two-factor step may take after the password. */
const PENDING_MS = 10 * 60_000;

/** How long a person's sessions last: the administrator's are shorter, as the console can change everything. */
function lifetimesFor(role: string) {
  const settings = env();
  const [idleMinutes, maxHours] =
    role === "admin" ? [settings.ADMIN_SESSION_IDLE_MINUTES, settings.ADMIN_SESSION_MAX_HOURS] : [settings.SESSION_IDLE_MINUTES, settings.SESSION_MAX_HOURS];
  return { idleMs: idleMinutes * 60_000, maxMs: maxHours * 3_600_000 };
}

/** A session's last-seen time is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export type SessionUser = {
  id: number;
  name: string;
  email: string;
  role: Role;
  imageId: string | null;
  /** The person's dark mode setting: the root puts the `dark` class on <html> for them. */
  darkMode?: boolean;
  /** A mentee's e-mail is verified; a guide is approved by an administrator (the guide dashboard opens only then). */
  isVerified?: boolean;
  /** The zone the person reads times in (Settings), as stored; `knownTimeZone` makes it usable. */
  timeZone?: string;
  /** The door this request came through: a browser session ("screen") or an API token ("api"); the audit log records it. */
  door?: "screen" | "api";
};

// The database keeps a hash of each token, so a copy of the database holds no usable token.
const tokenId = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Starts a session of the given kind; its absolute end depends on the person's role. Returns the token. */
export async function createSession(userId: number, kind: SessionKind = "web") {
  const { role } = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { role: true } });
  const token = randomBytes(32).toString("base64url");
  await prisma.session.create({
    data: { id: tokenId(token), userId, kind, expiresAt: new Date(Date.now() + (kind === "pending" ? PENDING_MS : lifetimesFor(role).maxMs)) },
  });
  return token;
}

/**
 * The signed-in person behind a token of the given kind, or null when the token is unknown, of the other kind,
 * past its absolute end or idle for too long, or the account is closed. An ended session is removed.
 */
export async function userForToken(token: string | null | undefined, kind: SessionKind): Promise<SessionUser | null> {
  if (!token) return null;
  const id = tokenId(token);
  // Every signed-in request reads this: one raw statement (no per-call ORM query compilation).
  const [session] = await queryRows(
    sessionRow,
    Prisma.sql`
    SELECT s.kind, s."expiresAt", s."lastSeenAt", u.id, u.name, u.email, u.role, u."imageId", u."darkMode", u."isVerified", u."timeZone", u.status, u."isDeleted"
    FROM "Session" s JOIN "User" u ON u.id = s."userId" WHERE s.id = ${id}`,
  );
  if (!session || session.kind !== kind) return null;
  const now = Date.now();
  const lastSeenAt = session.lastSeenAt.getTime();
  if (session.expiresAt.getTime() <= now || lastSeenAt + lifetimesFor(session.role).idleMs <= now) {
    await prisma.session.deleteMany({ where: { id } });
    return null;
  }
  if (session.isDeleted || session.status !== "active") return null;
  if (now - lastSeenAt > TOUCH_INTERVAL_MS) {
    // One conditional write a minute at most, however many requests arrive together.
    await prisma.session.updateMany({ where: { id, lastSeenAt: { lt: new Date(now - TOUCH_INTERVAL_MS) } }, data: { lastSeenAt: new Date(now) } });
  }
  return {
    id: session.id,
    name: session.name,
    email: session.email,
    role: session.role as Role,
    imageId: session.imageId,
    darkMode: session.darkMode,
    isVerified: session.isVerified,
    timeZone: session.timeZone,
    door: kind === "api" ? "api" : "screen",
  };
}

const sessionRow = {
  kind: column.text,
  expiresAt: column.date,
  lastSeenAt: column.date,
  id: column.int,
  name: column.text,
  email: column.text,
  role: column.text,
  imageId: column.nullableText,
  darkMode: column.bool,
  isVerified: column.bool,
  timeZone: column.text,
  status: column.text,
  isDeleted: column.bool,
};

/**
 * The session token a request's Cookie header carries, or null. Checking the cookie's signature (WebCrypto, with the
 * key imported each time) costs more than the rest of finding who is asking, so a header seen lately is answered from
 * memory: the secret is fixed for the process, so a header's answer never changes (the session it names is still
 * looked up on every request). First in, first out, so a flood of new headers only pushes old ones out.
 */
export async function readSessionToken(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const known = recentCookies.get(header);
  if (known !== undefined) return known;
  const value = await sessionCookie.parse(header);
  const token = typeof value === "string" ? value : null;
  if (recentCookies.size >= RECENT_COOKIES) recentCookies.delete(recentCookies.keys().next().value!);
  recentCookies.set(header, token);
  return token;
}

const recentCookies = new Map<string, string | null>();
const RECENT_COOKIES = 1000;

/** The API token from `Authorization: <token>` (the spec's form) or `Authorization: Bearer <token>`. */
export function readApiToken(request: Request): string | null {
  const header = request.headers.get("Authorization")?.trim();
  if (!header) return null;
  return header.replace(/^Bearer\s+/i, "") || null;
}

/**
 * Which of `tokens` still name a session that has not reached its absolute end, without counting as activity: the
 * live streams of a process (lib/live.server.ts) re-check theirs together, and one ends when its person signs out.
 */
export async function openSessionTokens(tokens: string[]): Promise<Set<string>> {
  const open = new Set<string>();
  const now = Date.now();
  // 5,000 ids a statement: well within either engine's limit on parameters.
  for (let start = 0; start < tokens.length; start += 5000) {
    const byId = new Map(tokens.slice(start, start + 5000).map((token) => [tokenId(token), token]));
    const rows = await queryRows(
      { id: column.text, expiresAt: column.date },
      Prisma.sql`SELECT id, "expiresAt" FROM "Session" WHERE id IN (${Prisma.join([...byId.keys()])})`,
    );
    for (const row of rows) if (row.expiresAt.getTime() > now) open.add(byId.get(row.id)!);
  }
  return open;
}

export async function endSession(token: string | null) {
  if (token) await prisma.session.deleteMany({ where: { id: tokenId(token) } });
}

/** Ends every session of a person (deactivation, deletion, password change), optionally keeping one. */
export async function endSessionsOf(userId: number, { except }: { except?: string } = {}) {
  await prisma.session.deleteMany({
    where: { userId, ...(except ? { id: { not: tokenId(except) } } : {}) },
  });
}

// A session past its absolute end is removed within the hour, whether or not anyone presents it again.
defineRetention("Session", (now, limit) => prisma.session.deleteMany({ where: { expiresAt: { lt: now } }, limit }));

export const commitSession = (token: string) => sessionCookie.serialize(token);
export const destroySessionCookie = () => sessionCookie.serialize("", { maxAge: 0 });
