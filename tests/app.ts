import path from "node:path";
import { pathToFileURL } from "node:url";
import { faker } from "@faker-js/faker";
import { prisma } from "#app/lib/db.server.ts";
import { hashPassword } from "#app/lib/password.server.ts";
import { commitSession, createSession, type SessionUser } from "#app/lib/session.server.ts";
import type { Role } from "#app/lib/roles.ts";

type Handler = (request: Request, client?: { address: string } | null) => Promise<Response>;
let handler: Handler | undefined;

/**
 * Sends a real Request through the built app as the production server does: the edge (body limits, security
 * headers), middleware, loaders, actions and rendering included. `clientAddress` is the caller's IP address.
 */
export async function send(pathOrUrl: string, init: RequestInit & { cookie?: string; token?: string; clientAddress?: string } = {}) {
  if (!handler) {
    const server = (await import(pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href)) as { handle: Handler };
    handler = server.handle;
  }
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.token) headers.set("Authorization", init.token);
  const url = new URL(pathOrUrl, "http://localhost");
  const { clientAddress, ...requestInit } = init;
  return handler(new Request(url, { ...requestInit, headers, redirect: "manual" }), clientAddress ? { address: clientAddress } : null);
}

/** A form POST as a browser without JavaScript sends it. */
/** A form POST as a browser without JavaScript sends it (from `clientAddress`, where a test needs one of its own). */
/** `fields` as pairs where a name comes more than once (several checkboxes of one name). */
export function postForm(pathname: string, fields: Record<string, string> | Array<[string, string]>, cookie?: string, clientAddress?: string) {
  return send(pathname, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    cookie,
    clientAddress,
  });
}

export const TEST_PASSWORD = "Passw0rd!";
let passwordHash: Promise<string> | undefined;

export async function createPerson(
  role: Role = "user",
  data: Partial<{ name: string; email: string; organisation: string; status: string; isVerified: boolean; emailVerifiedAt: Date | null }> = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return prisma.user.create({
    data: {
      role,
      name: data.name ?? faker.person.fullName(),
      email: data.email ?? `${faker.string.alphanumeric(10).toLowerCase()}@test.example`,
      organisation: data.organisation ?? "Test Fellowship",
      status: data.status ?? "active",
      isVerified: data.isVerified ?? true,
      emailVerifiedAt: data.emailVerifiedAt === undefined ? new Date() : data.emailVerifiedAt,
      password: { create: { hash: await passwordHash } },
    },
  });
}

/** A person as the signed-in actor a domain function is called as. */
export const actorOf = (person: Awaited<ReturnType<typeof createPerson>>): SessionUser => ({
  id: person.id,
  name: person.name,
  email: person.email,
  role: person.role as SessionUser["role"],
  imageId: person.imageId,
});

/** Signs a person in by writing two sessions: a browser one (the cookie) and an API one (the token). */
export async function signIn(role: Role = "admin") {
  const person = await createPerson(role);
  const cookie = (await commitSession(await createSession(person.id, "web"))).split(";")[0];
  const token = await createSession(person.id, "api");
  return { person, token, cookie };
}

/** The cookies a response sets, as one Cookie header for the next request. */
export function cookiesFrom(response: Response, previous = "") {
  const jar = new Map(previous.split("; ").filter(Boolean).map((pair) => pair.split("=", 2) as [string, string]));
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [name, value] = pair.split("=", 2);
    jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}
