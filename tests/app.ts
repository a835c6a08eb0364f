import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { faker } from "@faker-js/faker";
import { prisma } from "#app/lib/db.server.ts";
import { hashPassword } from "#app/lib/password.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import type { Role } from "#app/lib/roles.ts";

let handler: ((request: Request) => Promise<Response>) | undefined;

/** Sends a real Request through the built app: middleware, loaders, actions and rendering included. */
export async function send(pathOrUrl: string, init: RequestInit & { cookie?: string; token?: string } = {}) {
  if (!handler) {
    const build = (await import(pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href)) as ServerBuild;
    handler = createRequestHandler(build, "production");
  }
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.token) headers.set("Authorization", init.token);
  const url = new URL(pathOrUrl, "http://localhost");
  return handler(new Request(url, { ...init, headers, redirect: "manual" }));
}

/** A form POST as a browser without JavaScript sends it. */
export function postForm(pathname: string, fields: Record<string, string>, cookie?: string) {
  return send(pathname, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    cookie,
  });
}

export const TEST_PASSWORD = "Passw0rd!";
let passwordHash: Promise<string> | undefined;

export async function createPerson(role: Role = "user", data: Partial<{ name: string; email: string; organisation: string; status: string; isVerified: boolean }> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return prisma.user.create({
    data: {
      role,
      name: data.name ?? faker.person.fullName(),
      email: data.email ?? `${faker.string.alphanumeric(10).toLowerCase()}@test.example`,
      organisation: data.organisation ?? "Test Fellowship",
      status: data.status ?? "active",
      isVerified: data.isVerified ?? true,
      password: { create: { hash: await passwordHash } },
    },
  });
}

/** Signs a person in by writing a session, and returns the browser cookie and the API token. */
export async function signIn(role: Role = "admin") {
  const person = await createPerson(role);
  const token = await createSession(person.id);
  const cookie = (await commitSession(token)).split(";")[0];
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
