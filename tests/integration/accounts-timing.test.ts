/**
 * Sign-up, password reset and "Send a new code" answer an address that has an account exactly as one that has none,
 * so neither their answer nor its timing tells who has an account.
 *
 * First, the work: a request writes the same rows whatever the address (rate-limit counters and one queued job); the
 * account, the code and the mail come after the answer. This is exact, so it holds on any machine. Before the mail
 * was queued, a reset wrote a code and a mail only for a known address, and a sign-up an account only for a new one.
 *
 * Then the clock: 80 pairs of requests, alternating which goes first, each from its own client address (so no limit
 * answers instead). The median of the paired differences must be under 15% of the median answer, and neither kind
 * of address may be the slower one in more than 75% of pairs. With the same work on both sides the median paired
 * difference stayed within 10% on this two-core machine at a load average of 8-12; the old reset answered a known
 * address in 1.5-2 times an unknown one's (a paired difference of 18-55%, slower in 68-93% of pairs), which fails it.
 * The old sign-up's difference (the account made in the request, about 5 ms of 20-25) shows on the clock only on a
 * quiet machine (-12 to -19%); under such load it drowns, and the rows above catch it. TIMING_PAIRS=n sets the
 * pairs, TIMING_REPORT=1 prints the figures.
 */
import { faker } from "@faker-js/faker";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createPerson, send } from "#tests/app.ts";
import { mailTo, sendQueuedMail } from "#tests/mocks/mail.ts";

const PAIRS = Number(process.env.TIMING_PAIRS ?? 80);
const WARM_UP = 6;
const SIGN_UP = { name: "Lydia Purple", password: "Tr1nity-Chapel!", confirmPassword: "Tr1nity-Chapel!", title: "Pastor", organisation: "Thyatira Fellowship", terms: "on" };

let client = 0;
/** A form POST from a client address of its own, timed until its answer has arrived whole. */
async function timedPost(path: string, fields: Record<string, string>) {
  client += 1;
  const started = performance.now();
  const response = await send(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    clientAddress: `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
  });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  expect(response.status, `${path} answered ${response.status}`).toBe(302);
  return { ms, location: response.headers.get("Location") };
}

const newAddress = () => `${faker.string.alphanumeric(12).toLowerCase()}@test.example`;

/** The rows of every table a request about an address could write. */
const TABLES = ["User", "Password", "Session", "Verification", "OutboxMail", "Job", "RateLimit"];
async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = Number((await prisma.$queryRawUnsafe<Array<{ n: unknown }>>(`SELECT COUNT(*) AS n FROM "${table}"`))[0].n);
  return counts;
}

/** What a request wrote, table by table (before any queued work runs). */
async function writesOf(request: () => Promise<unknown>) {
  const before = await rowCounts();
  await request();
  const after = await rowCounts();
  return Object.fromEntries(TABLES.map((table) => [table, after[table] - before[table]]));
}

describe("a request writes the same rows whether or not the address has an account", () => {
  test("password reset, sign-up and a new code", async () => {
    await sendQueuedMail();
    const requests = {
      "Reset your Ministry Mentors password": (email: string) => timedPost("/reset-password", { intent: "request", email }),
      "Someone tried to create an account with your address": (email: string) => timedPost("/signup", { ...SIGN_UP, email }),
      "Your Ministry Mentors verification code": (email: string) => timedPost("/verify-email", { intent: "resend", email }),
    };
    for (const [mail, request] of Object.entries(requests)) {
      // An account still waiting for verification, so that a new code is due to it too.
      const known = await createPerson("user", { emailVerifiedAt: null, isVerified: false });
      const unknown = newAddress();
      const forKnown = await writesOf(() => request(known.email));
      const forUnknown = await writesOf(() => request(unknown));
      expect(forKnown, mail).toEqual(forUnknown);
      // Nothing but the limits' counters and the queued job.
      expect(forKnown, mail).toMatchObject({ User: 0, Password: 0, Session: 0, Verification: 0, OutboxMail: 0, Job: 1 });
      // The queued work then does what was asked: the account's address gets its mail.
      expect((await mailTo(known.email)).map((sent) => sent.subject), mail).toEqual([mail]);
      // A new address is signed up (and gets its code); a reset or a new code for it sends nothing.
      const signingUp = mail === "Someone tried to create an account with your address";
      expect((await mailTo(unknown)).map((sent) => sent.subject), mail).toEqual(signingUp ? ["Your Ministry Mentors verification code"] : []);
    }
  });
});

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  return sorted[below] + (sorted[Math.min(below + 1, sorted.length - 1)] - sorted[below]) * (at - below);
};
const median = (values: number[]) => quantile(values, 0.5);

async function somePeople(count: number) {
  const people = [];
  for (let index = 0; index < count; index += 1) people.push(await createPerson("user"));
  return people;
}

type Timed = (index: number) => Promise<{ ms: number; location: string | null }>;

/** Pairs of (known, unknown), the first of each pair alternating, after a few unmeasured ones; judged as above. */
async function expectAnsweredAlike(known: Timed, unknown: Timed) {
  const pairs: Array<{ known: number; unknown: number }> = [];
  for (let index = 0; index < WARM_UP + PAIRS; index += 1) {
    let a, b;
    if (index % 2) {
      b = await unknown(index);
      a = await known(index);
    } else {
      a = await known(index);
      b = await unknown(index);
    }
    // Both answers lead to the same next step, whatever the address.
    expect(a.location?.replace(/email=[^&]+/, "")).toBe(b.location?.replace(/email=[^&]+/, ""));
    if (index >= WARM_UP) pairs.push({ known: a.ms, unknown: b.ms });
  }
  const knownTimes = pairs.map((pair) => pair.known);
  const unknownTimes = pairs.map((pair) => pair.unknown);
  const gap = median(pairs.map((pair) => pair.known - pair.unknown)) / median([...knownTimes, ...unknownTimes]);
  const knownSlower = pairs.filter((pair) => pair.known > pair.unknown).length / pairs.length;
  const figures = `median known ${median(knownTimes).toFixed(2)} ms, unknown ${median(unknownTimes).toFixed(2)} ms, median paired difference ${(gap * 100).toFixed(1)}% of the median answer, known slower in ${(knownSlower * 100).toFixed(0)}% of ${pairs.length} pairs`;
  if (process.env.TIMING_REPORT) console.log(figures);
  expect(Math.abs(gap), figures).toBeLessThan(0.15);
  expect(knownSlower, figures).toBeGreaterThan(0.25);
  expect(knownSlower, figures).toBeLessThan(0.75);
}

describe("and answers in the same time", () => {
  test("password reset: a live account's address and an unknown one", { timeout: 120_000 }, async () => {
    const people = await somePeople(WARM_UP + PAIRS);
    await expectAnsweredAlike(
      (index) => timedPost("/reset-password", { intent: "request", email: people[index].email }),
      () => timedPost("/reset-password", { intent: "request", email: newAddress() }),
    );
    // The mail still goes out, after the answer: a code to the account, nothing to an unknown address.
    expect((await mailTo(people[0].email)).map((mail) => mail.subject)).toEqual(["Reset your Ministry Mentors password"]);
  });

  test("sign-up: an address already in use and a new one", { timeout: 180_000 }, async () => {
    const people = await somePeople(WARM_UP + PAIRS);
    const fresh: string[] = [];
    await expectAnsweredAlike(
      (index) => timedPost("/signup", { ...SIGN_UP, email: people[index].email }),
      (index) => timedPost("/signup", { ...SIGN_UP, email: (fresh[index] = newAddress()) }),
    );
    expect((await mailTo(people[0].email)).map((mail) => mail.subject)).toEqual(["Someone tried to create an account with your address"]);
    expect((await mailTo(fresh[0])).map((mail) => mail.subject)).toEqual(["Your Ministry Mentors verification code"]);
  });
});
