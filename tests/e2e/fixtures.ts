// Playwright fixtures for the browser tests. Import { test, expect } from here, not from @playwright/test.
//
// - signIn(role): a new person of that role with a browser session, written straight into the server's
//   database by the app's own Prisma client and session module (tests/e2e/database.ts), and the session cookie,
//   signed by the app's own cookie, added to the browser context. No typing into the sign-in form
//   (auth.spec / foundation.spec keep one test that does), and no shared demo account to collide on.
// - createPerson(role, data): a person without a session, for tests that change or delete someone.
// - consoleErrors (automatic): a console error or an uncaught exception in any page fails the test;
//   consoleErrors.expect(pattern) lets a message through for a test that means to provoke it.
//   Chromium's "Failed to load resource: … status of 4xx" lines are not counted: a form answered with
//   400 (validation) or 401 (wrong password) is the app working, and the test asserts what the page shows.
//   A 5xx is counted.
// - signInAs(email, context?): a session for someone who already exists (the seeded demo accounts), in the test's
//   browser context or another one (a second person in the same test: browser.newContext()).
import { randomBytes } from "node:crypto";
import { test as base, expect, type BrowserContext } from "@playwright/test";
import { commitSession, createSession, e2eDb as client, type E2eDb } from "./database.ts";

export { expect };

export type Role = "user" | "guide" | "admin";
export type Person = { id: number; role: Role; name: string; email: string; organisation: string };
export type SignedIn = Person & { cookie: string; apiToken: string };
type PersonData = Partial<{ name: string; email: string; organisation: string; title: string; bio: string; education: string; status: "active" | "inactive"; timeZone: string }>;

async function insertPerson(db: E2eDb, role: Role, data: PersonData = {}): Promise<Person> {
  const tag = randomBytes(5).toString("hex");
  // Letters only in the name: list searches and sorting treat digits specially.
  const letters = tag.replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]);
  const person = {
    role,
    name: data.name ?? `Test ${role[0].toUpperCase()}${role.slice(1)} ${letters}`,
    email: data.email ?? `${role}.${tag}@e2e.test`,
    organisation: data.organisation ?? "E2E Fellowship",
  };
  const { id } = await db.user.create({
    data: {
      ...person,
      title: data.title ?? "Associate Pastor",
      bio: data.bio ?? "Written by a browser test.",
      education: data.education ?? "M.Div.",
      status: data.status ?? "active",
      timeZone: data.timeZone ?? "UTC",
      isVerified: true,
      emailVerifiedAt: new Date(),
    },
    select: { id: true },
  });
  return { id, ...person };
}

/** A browser session and an API token for the person, as the app signs someone in, with the cookie set in `context`. */
async function signInto(context: BrowserContext, baseURL: string, person: Person): Promise<SignedIn> {
  const cookie = (await commitSession(await createSession(person.id, "web"))).split(";")[0];
  const apiToken = await createSession(person.id, "api");
  const [name, ...value] = cookie.split("=");
  // Cookies belong to the host, not the port: the session reaches every app server of a cluster run.
  await context.addCookies([{ name, value: value.join("="), url: baseURL }]);
  return { ...person, cookie, apiToken };
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
  { e2eDb: E2eDb }
>({
  // The app's Prisma client on the server's database, SQLite or PostgreSQL (tests/e2e/database.ts): one per worker.
  e2eDb: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, provide) => {
      await provide(client);
      await client.$disconnect();
    },
    { scope: "worker" },
  ],

  createPerson: async ({ e2eDb }, provide) => {
    await provide(async (role = "user", data) => insertPerson(e2eDb, role, data));
  },

  signIn: async ({ e2eDb, context, baseURL }, provide) => {
    await provide(async (role = "admin", data) => signInto(context, baseURL!, await insertPerson(e2eDb, role, data)));
  },

  signInAs: async ({ e2eDb, context, baseURL }, provide) => {
    await provide(async (email, into = context) => {
      const row = await e2eDb.user.findUnique({ where: { email }, select: { id: true, role: true, name: true, organisation: true } });
      if (!row) throw new Error(`No person with the e-mail ${email} in the e2e database`);
      return signInto(into, baseURL!, { ...row, role: row.role as Role, email, organisation: row.organisation ?? "" });
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
