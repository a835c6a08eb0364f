// Playwright fixtures for the browser tests. Import { test, expect } from here, not from @playwright/test.
//
// - signIn(role): a new person of that role with a browser session, written straight into the server's
//   database, and the session cookie added to the browser context. No typing into the sign-in form
//   (auth.spec / foundation.spec keep one test that does), and no shared demo account to collide on.
// - createPerson(role, data): a person without a session, for tests that change or delete someone.
// - consoleErrors (automatic): a console error or an uncaught exception in any page fails the test;
//   consoleErrors.expect(pattern) lets a message through for a test that means to provoke it.
//   Chromium's "Failed to load resource: … status of 4xx" lines are not counted: a form answered with
//   400 (validation) or 401 (wrong password) is the app working, and the test asserts what the page shows.
//   A 5xx is counted.
// - signInAs(email, context?): a session for someone who already exists (the seeded demo accounts), in the test's
//   browser context or another one (a second person in the same test: browser.newContext()).
import { createHash, randomBytes } from "node:crypto";
import { test as base, expect, type BrowserContext } from "@playwright/test";
import { createCookie } from "react-router";
import { openE2eDatabase, type E2eDatabase } from "./database.ts";

export { expect };

/** Must match SESSION_SECRET in tests/setup/e2e-server.mjs. */
const SESSION_SECRET = process.env.E2E_SESSION_SECRET ?? "e2e-session-secret";
// As app/lib/session.server.ts: the cookie holds the token signed with the secret, the database the token's sha256.
const sessionCookie = createCookie("mm_session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [SESSION_SECRET] });
const tokenId = (token: string) => createHash("sha256").update(token).digest("base64url");

export type Role = "user" | "guide" | "admin";
export type Person = { id: number; role: Role; name: string; email: string; organisation: string };
export type SignedIn = Person & { cookie: string; apiToken: string };
type PersonData = Partial<{ name: string; email: string; organisation: string; title: string; bio: string; education: string; status: "active" | "inactive"; timeZone: string }>;

async function insertPerson(db: E2eDatabase, role: Role, data: PersonData = {}): Promise<Person> {
  const tag = randomBytes(5).toString("hex");
  // Letters only in the name: list searches and sorting treat digits specially.
  const letters = tag.replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]);
  const person = {
    role,
    name: data.name ?? `Test ${role[0].toUpperCase()}${role.slice(1)} ${letters}`,
    email: data.email ?? `${role}.${tag}@e2e.test`,
    organisation: data.organisation ?? "E2E Fellowship",
  };
  const now = new Date();
  const id = await db.insert("User", {
    ...person,
    title: data.title ?? "Associate Pastor",
    bio: data.bio ?? "Written by a browser test.",
    education: data.education ?? "M.Div.",
    status: data.status ?? "active",
    timeZone: data.timeZone ?? "UTC",
    isVerified: true,
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return { id, ...person };
}

async function insertSession(db: E2eDatabase, userId: number, kind: "web" | "api") {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await db.insert<string>("Session", {
    id: tokenId(token),
    userId,
    kind,
    expiresAt: new Date(now.getTime() + 12 * 60 * 60 * 1000),
    lastSeenAt: now,
    createdAt: now,
  });
  return token;
}

type ConsoleErrors = {
  /** The current test means to cause a console error or page error matching `pattern`; it must come. */
  expect(pattern: RegExp | string): void;
};

export const test = base.extend<
  {
    consoleErrors: ConsoleErrors;
    createPerson: (role?: Role, data?: PersonData) => Promise<Person>;
    signIn: (role?: Role, data?: PersonData) => Promise<SignedIn>;
    signInAs: (email: string, context?: BrowserContext) => Promise<SignedIn>;
  },
  { e2eDb: E2eDatabase }
>({
  // One connection per worker to the database the server uses, SQLite or PostgreSQL (tests/e2e/database.ts).
  e2eDb: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, provide) => {
      const db = await openE2eDatabase();
      await provide(db);
      await db.close();
    },
    { scope: "worker" },
  ],

  createPerson: async ({ e2eDb }, provide) => {
    await provide(async (role = "user", data) => insertPerson(e2eDb, role, data));
  },

  signIn: async ({ e2eDb, context, baseURL }, provide) => {
    await provide(async (role = "admin", data) => {
      const person = await insertPerson(e2eDb, role, data);
      const token = await insertSession(e2eDb, person.id, "web");
      const apiToken = await insertSession(e2eDb, person.id, "api");
      const cookie = (await sessionCookie.serialize(token)).split(";")[0];
      await context.addCookies([{ name: "mm_session", value: cookie.slice("mm_session=".length), url: baseURL! }]);
      return { ...person, cookie, apiToken };
    });
  },

  signInAs: async ({ e2eDb, context, baseURL }, provide) => {
    await provide(async (email, into = context) => {
      const row = await e2eDb.latest("User", { email });
      if (!row) throw new Error(`No person with the e-mail ${email} in the e2e database`);
      const person: Person = { id: Number(row.id), role: row.role as Role, name: String(row.name), email, organisation: String(row.organisation ?? "") };
      const token = await insertSession(e2eDb, person.id, "web");
      const apiToken = await insertSession(e2eDb, person.id, "api");
      const cookie = (await sessionCookie.serialize(token)).split(";")[0];
      // Cookies belong to the host, not the port: the session reaches every app server of a cluster run.
      await into.addCookies([{ name: "mm_session", value: cookie.slice("mm_session=".length), url: baseURL! }]);
      return { ...person, cookie, apiToken };
    });
  },

  consoleErrors: [
    async ({ context }, provide) => {
      const logged: string[] = [];
      const expected: Array<{ pattern: RegExp | string; seen: boolean }> = [];
      // Not the page's errors: 4xx answers a test asks for, and the outbox's mail frame refusing script (it runs with
      // every permission off; Chromium says so when anything, Playwright's own frame probes included, tries).
      const ignored = [/^Failed to load resource: the server responded with a status of 4\d\d\b/, /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/];
      context.on("console", (message) => {
        if (message.type() !== "error" || ignored.some((pattern) => pattern.test(message.text()))) return;
        logged.push(`console.error: ${message.text()}${message.location().url ? ` (${message.location().url})` : ""}`);
      });
      context.on("weberror", (error) => logged.push(`uncaught in the page: ${error.error().stack ?? error.error().message}`));
      await provide({ expect: (pattern) => void expected.push({ pattern, seen: false }) });

      const problems = logged.filter((entry) => {
        const match = expected.find(({ pattern }) => (typeof pattern === "string" ? entry.includes(pattern) : pattern.test(entry)));
        if (match) match.seen = true;
        return !match;
      });
      for (const { pattern, seen } of expected) if (!seen) problems.push(`expected a console error matching ${String(pattern)}, none came`);
      if (problems.length) {
        throw new Error(`The page logged errors:\n${problems.join("\n")}\n(consoleErrors.expect(pattern) when the test means to cause one.)`);
      }
    },
    { auto: true },
  ],
});
