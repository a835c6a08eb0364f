import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { prisma } from "./db.server.ts";
import { env, isProduction } from "./env.server.ts";
import type { Role } from "./roles.ts";

const SESSION_DAYS = 30;
const sessionLifetimeMs = SESSION_DAYS * 24 * 60 * 60 * 1000;

/** The session cookie holds only the session token; the session itself lives in the database. */
export const sessionCookie = createCookie("mm_session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: isProduction(),
  secrets: [env().SESSION_SECRET],
  maxAge: SESSION_DAYS * 24 * 60 * 60,
});

export type SessionUser = {
  id: number;
  name: string;
  email: string;
  role: Role;
  imageId: string | null;
};

// The database keeps a hash of each token, so a copy of the database holds no usable token.
const tokenId = (token: string) => createHash("sha256").update(token).digest("base64url");

export async function createSession(userId: number, kind: "web" | "api" = "web") {
  const token = randomBytes(32).toString("base64url");
  await prisma.session.create({
    data: { id: tokenId(token), userId, kind, expiresAt: new Date(Date.now() + sessionLifetimeMs) },
  });
  return token;
}

/** The signed-in person behind a token, or null when the token is unknown, expired or the account is closed. */
export async function userForToken(token: string | null | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const session = await prisma.session.findUnique({
    where: { id: tokenId(token) },
    select: {
      expiresAt: true,
      user: { select: { id: true, name: true, email: true, role: true, imageId: true, status: true, isDeleted: true } },
    },
  });
  if (!session || session.expiresAt < new Date()) return null;
  const { user } = session;
  if (user.isDeleted || user.status !== "active") return null;
  return { id: user.id, name: user.name, email: user.email, role: user.role as Role, imageId: user.imageId };
}

export async function readSessionToken(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** The API token from `Authorization: <token>` (the spec's form) or `Authorization: Bearer <token>`. */
export function readApiToken(request: Request): string | null {
  const header = request.headers.get("Authorization")?.trim();
  if (!header) return null;
  return header.replace(/^Bearer\s+/i, "") || null;
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

export const commitSession = (token: string) => sessionCookie.serialize(token);
export const destroySessionCookie = () => sessionCookie.serialize("", { maxAge: 0 });
