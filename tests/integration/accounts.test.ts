/**
 * Public accounts: sign-up, e-mail verification, sign-in outcomes and password reset, through the built app's
 * real doors (forms without JavaScript and the JSON API), against the real database and its outbox.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { ACCOUNT_INACTIVE, INVALID_CREDENTIALS } from "#app/lib/auth.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { verifyPassword } from "#app/lib/password.server.ts";
import { createSession } from "#app/lib/session.server.ts";
import { accountMessages } from "#app/modules/accounts/schema.ts";
import { sendVerificationCode } from "#app/modules/accounts/sign-up.server.ts";
import { userFormMessages } from "#app/modules/users/schema.ts";
import { cookiesFrom, createPerson, postForm, send, signIn, TEST_PASSWORD } from "#tests/app.ts";
import { lastCodeTo, lastMailTo, mailTo, sendQueuedMail } from "#tests/mocks/mail.ts";

const NEW_PASSWORD = "Fresh-Start9!";

/** A fresh address and a fresh client address per test, so limits and mail of one test never touch another. */
const uniqueEmail = (tag = "person") => `${tag}.${randomBytes(4).toString("hex")}@accounts.test`;
let addressCounter = 0;
const uniqueClient = () => `198.51.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

/** A form POST from a client address, as the browser without JavaScript sends it. */
const post = (path: string, fields: Record<string, string>, { cookie, clientAddress }: { cookie?: string; clientAddress?: string } = {}) => postForm(path, fields, cookie, clientAddress);

function postJson(path: string, body: unknown) {
  return send(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

/** The page's HTML with React's text separators and entities undone, for plain-text assertions. */
const html = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

const signUpFields = (email: string, overrides: Record<string, string> = {}) => ({
  name: "Grace Hopper",
  email,
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  title: "Associate Pastor",
  organisation: "Hope Church",
  terms: "on",
  ...overrides,
});

const verifyPath = (email: string) => `/verify-email?${new URLSearchParams({ email })}`;

async function signUp(email: string, overrides: Record<string, string> = {}, clientAddress = uniqueClient()) {
  return post("/signup", signUpFields(email, overrides), { clientAddress });
}

/** The page a redirect leads to, opened with the cookies it set (shows its toast). */
async function follow(response: Response, previous = "") {
  const cookie = cookiesFrom(response, previous);
  return { cookie, page: await send(response.headers.get("Location")!, { cookie }) };
}

describe("sign-up", () => {
  test("the form asks for the account, the terms, and links back to sign in, keeping redirectTo", async () => {
    const page = await html(await send("/signup?redirectTo=%2Fsearch%3Fq%3Dyouth"));
    for (const label of ["Full name", "Email", "Password", "Confirm password", "Job title", "Church or organisation", "Education", "Bio"]) {
      expect(page).toContain(label);
    }
    expect(page).toContain('href="/terms-of-service"');
    expect(page).toContain('href="/privacy-policy"');
    expect(page).toContain("Already have an account?");
    expect(page).toContain('href="/login?redirectTo=%2Fsearch%3Fq%3Dyouth"');
    expect(page).toContain('name="redirectTo" value="/search?q=youth"');
  });

  test("every required field says what it needs, and what was typed is kept (but not the password)", async () => {
    const response = await post("/signup", { name: "R2-D2", email: "not-an-address", password: "", confirmPassword: "", title: "", organisation: " " });
    expect(response.status).toBe(400);
    const page = await html(response);
    for (const message of [
      userFormMessages.name,
      userFormMessages.email,
      "Password is required.",
      userFormMessages.title,
      userFormMessages.organisation,
      accountMessages.terms,
    ]) {
      expect(page).toContain(message);
    }
    expect(page).toContain('value="R2-D2"');
    expect(page).toContain('value="not-an-address"');
    expect(await prisma.user.count({ where: { email: "not-an-address" } })).toBe(0);
  });

  test("the password rules of SPEC §5 are enforced on the server, and the confirmation must match", async () => {
    const email = uniqueEmail();
    const weak = await html(await signUp(email, { password: "abcdefgh", confirmPassword: "abcdefgh" }));
    expect(weak).toContain("Password must be at least 8 characters and include one capital letter.");
    expect(weak).toContain("Password must include at least one number.");
    expect(weak).toContain("Password must include at least one special character.");

    const mismatch = await html(await signUp(email, { confirmPassword: "Other-pass1!" }));
    expect(mismatch).toContain("Passwords do not match.");

    const noPassword = await html(await signUp(email, { password: "", confirmPassword: "Something1!" }));
    expect(noPassword).toContain("Please enter a password first.");
    expect(await prisma.user.count({ where: { email } })).toBe(0);
  });

  test("a new account is an unverified mentee; a code is mailed and the person goes on to /verify-email", async () => {
    const email = uniqueEmail();
    const response = await signUp(email.toUpperCase(), { education: "M.Div.", bio: "" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(verifyPath(email));
    expect(response.headers.get("Set-Cookie") ?? "").not.toContain("mm_session=");

    // The account and its code follow the answer (queued, so the answer takes as long for an address in use).
    await sendQueuedMail();
    const user = await prisma.user.findUniqueOrThrow({ where: { email }, include: { password: true } });
    expect(user).toMatchObject({ role: "user", isVerified: false, emailVerifiedAt: null, name: "Grace Hopper", title: "Associate Pastor", organisation: "Hope Church", education: "M.Div.", bio: null, status: "active" });
    expect(await verifyPassword(TEST_PASSWORD, user.password!.hash)).toBe(true);

    const mail = await lastMailTo(email);
    expect(mail.subject).toBe("Your Ministry Mentors verification code");
    const code = await lastCodeTo(email);
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  test("redirectTo travels to /verify-email; one that leaves the site is dropped", async () => {
    const email = uniqueEmail();
    const kept = await signUp(email, { redirectTo: "/mentor/12?book=1" });
    expect(kept.headers.get("Location")).toBe(`${verifyPath(email)}&redirectTo=${encodeURIComponent("/mentor/12?book=1")}`);
    const other = uniqueEmail();
    const dropped = await signUp(other, { redirectTo: "//evil.example/x" });
    expect(dropped.headers.get("Location")).toBe(verifyPath(other));
  });

  test("an address that already has an account: the same next step, no new account, and a mail to that address", async () => {
    const existing = await createPerson("user");
    const before = await prisma.password.findUniqueOrThrow({ where: { userId: existing.id } });
    const response = await signUp(existing.email, { password: "Another-pass1!", confirmPassword: "Another-pass1!" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(verifyPath(existing.email));
    expect(await prisma.user.count({ where: { email: existing.email } })).toBe(1);
    expect((await prisma.password.findUniqueOrThrow({ where: { userId: existing.id } })).hash).toBe(before.hash);
    const mail = await lastMailTo(existing.email);
    expect(mail.subject).toBe("Someone tried to create an account with your address");
    expect(mail.text).toContain(siteUrl("/login"));
    expect(mail.text).toContain("/reset-password?email=");
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    expect(await prisma.verification.count({ where: { target: existing.email } })).toBe(0);

    const deleted = await createPerson("user");
    await prisma.user.update({ where: { id: deleted.id }, data: { isDeleted: true } });
    const again = await signUp(deleted.email);
    expect(again.headers.get("Location")).toBe(verifyPath(deleted.email));
    expect((await lastMailTo(deleted.email)).text).toContain("has been closed");
  });

  test("sign-ups are limited per client address (10 an hour) and per e-mail address (5), with 429 and Retry-After", async () => {
    const client = uniqueClient();
    for (let i = 0; i < 10; i += 1) expect((await signUp(uniqueEmail("limit"), {}, client)).status).toBe(302);
    const refused = await signUp(uniqueEmail("limit"), {}, client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await html(refused)).toContain("Too many attempts. Please try again in");

    const target = (await createPerson("user")).email;
    for (let i = 0; i < 5; i += 1) expect((await signUp(target)).status).toBe(302);
    expect((await signUp(target)).status).toBe(429);
    expect(await mailTo(target)).toHaveLength(5);
  });
});

describe("verify-email", () => {
  async function pendingMentee(redirectTo?: string) {
    const email = uniqueEmail("pending");
    await signUp(email, redirectTo ? { redirectTo } : {});
    return { email, code: await lastCodeTo(email) };
  }

  test("the page has one numeric one-time-code input, says where the code went, and offers a new code", async () => {
    const email = uniqueEmail();
    const page = await html(await send(verifyPath(email)));
    expect(page).toContain(accountMessages.codeSent);
    // Where it went is said once, in the lead.
    expect(page).toContain(email);
    expect(page.match(/we sent/gi)).toHaveLength(1);
    expect(page).toMatch(/<input[^>]*name="code"[^>]*>/);
    const input = /<input[^>]*name="code"[^>]*>/.exec(page)![0];
    expect(input).toContain('inputMode="numeric"');
    expect(input).toContain('autoComplete="one-time-code"');
    expect(page).toContain("Send a new code");
    expect(await html(await send(`${verifyPath(email)}&reason=unverified`))).toContain(accountMessages.awaitingVerification);
    // Without an address it first asks for one.
    const bare = await html(await send("/verify-email"));
    expect(bare).toContain('name="email"');
    expect(bare).not.toContain('name="code"');
  });

  test("the right code verifies the mentee, signs them in and opens their dashboard with a success toast", async () => {
    const { email, code } = await pendingMentee();
    const response = await post("/verify-email", { intent: "verify", email, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user-dashboard");
    const user = await prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user.isVerified).toBe(true);
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await prisma.session.count({ where: { userId: user.id, kind: "web" } })).toBe(1);
    const { page } = await follow(response);
    expect(page.status).toBe(200);
    const text = await html(page);
    expect(text).toContain("Email Verified");
    expect(text).toContain(user.name);
  });

  test("after verification the person goes where they were going (redirectTo)", async () => {
    const { email, code } = await pendingMentee("/search?q=youth");
    const response = await post("/verify-email", { intent: "verify", email, code, redirectTo: "/search?q=youth" });
    expect(response.headers.get("Location")).toBe("/search?q=youth");
  });

  test("a wrong code says so; the fifth wrong try ends the code, and even the right one no longer works", async () => {
    const { email, code } = await pendingMentee();
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i += 1) {
      const response = await post("/verify-email", { intent: "verify", email, code: wrong });
      expect(response.status).toBe(400);
      expect(await html(response)).toContain(accountMessages.wrongCode);
    }
    expect(await html(await post("/verify-email", { intent: "verify", email, code: wrong }))).toContain(accountMessages.tooManyTries);
    const right = await post("/verify-email", { intent: "verify", email, code });
    expect(right.status).toBe(400);
    expect(await html(right)).toContain(accountMessages.tooManyTries);
    expect((await prisma.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeNull();
  });

  test("an expired code and a used code are refused with their message; a malformed code is a 400", async () => {
    const { email, code } = await pendingMentee();
    await prisma.verification.updateMany({ where: { target: email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await html(await post("/verify-email", { intent: "verify", email, code }))).toContain(accountMessages.expiredCode);

    const second = await pendingMentee();
    expect((await post("/verify-email", { intent: "verify", email: second.email, code: second.code })).status).toBe(302);
    const reused = await post("/verify-email", { intent: "verify", email: second.email, code: second.code });
    expect(reused.status).toBe(400);
    expect(await html(reused)).toContain(accountMessages.expiredCode);

    const malformed = await post("/verify-email", { intent: "verify", email: second.email, code: "12ab" });
    expect(malformed.status).toBe(400);
    expect(await html(malformed)).toContain(accountMessages.code);
  });

  test("a new code replaces the old one; resending is limited with a clear message", async () => {
    const client = uniqueClient();
    const { email, code: first } = await pendingMentee();
    const resent = await post("/verify-email", { intent: "resend", email }, { clientAddress: client });
    expect(resent.status).toBe(302);
    expect(resent.headers.get("Location")).toBe(verifyPath(email));
    expect(await html((await follow(resent)).page)).toContain(`We sent a new code to ${email}.`);
    const second = await lastCodeTo(email);
    expect(await mailTo(email)).toHaveLength(2);
    if (second !== first) expect(await html(await post("/verify-email", { intent: "verify", email, code: first }))).toContain(accountMessages.wrongCode);

    for (let i = 0; i < 4; i += 1) expect((await post("/verify-email", { intent: "resend", email }, { clientAddress: client })).status).toBe(302);
    const limited = await post("/verify-email", { intent: "resend", email }, { clientAddress: client });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await html(limited)).toMatch(/You have asked for several codes already\. Please use the newest one, or wait \d+ minutes? before asking for another\./);
    expect(await mailTo(email)).toHaveLength(6);
    // The newest code still works.
    expect((await post("/verify-email", { intent: "verify", email, code: await lastCodeTo(email) })).status).toBe(302);
  });

  test("resending to an address that is verified or unknown answers the same and sends nothing", async () => {
    const verified = await createPerson("user");
    const unknown = uniqueEmail("nobody");
    for (const email of [verified.email, unknown]) {
      const response = await post("/verify-email", { intent: "resend", email });
      expect(response.headers.get("Location")).toBe(verifyPath(email));
      expect(await mailTo(email)).toHaveLength(0);
    }
  });

  test("a guide applicant verifies the same way (sendVerificationCode), stays unapproved and goes to /mentor-dashboard", async () => {
    const guide = await createPerson("guide", { isVerified: false, emailVerifiedAt: null });
    await sendVerificationCode(guide.email);
    const response = await post("/verify-email", { intent: "verify", email: guide.email, code: await lastCodeTo(guide.email) });
    expect(response.headers.get("Location")).toBe("/mentor-dashboard");
    const after = await prisma.user.findUniqueOrThrow({ where: { id: guide.id } });
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    expect(after.isVerified).toBe(false);
  });

  test("a deactivated account's address is verified but the person is not signed in", async () => {
    const person = await createPerson("user", { status: "inactive", isVerified: false, emailVerifiedAt: null });
    await sendVerificationCode(person.email);
    const response = await post("/verify-email", { intent: "verify", email: person.email, code: await lastCodeTo(person.email) });
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(ACCOUNT_INACTIVE);
    expect(await prisma.session.count({ where: { userId: person.id } })).toBe(0);
  });

  test("one client address guessing codes across many addresses is stopped after 30 wrong codes", async () => {
    const client = uniqueClient();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const email = uniqueEmail("guess");
      // Each address has a code, so every guess is a real wrong try.
      await prisma.verification.create({ data: { type: "verify-email", target: email, codeHash: "x", expiresAt: new Date(Date.now() + 60_000) } });
      statuses.push((await post("/verify-email", { intent: "verify", email, code: "123456" }, { clientAddress: client })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("sign-in outcomes", () => {
  test("an unverified person is not signed in: a fresh code, and on to /verify-email with the reason, keeping redirectTo", async () => {
    const person = await createPerson("user", { isVerified: false, emailVerifiedAt: null });
    const response = await post("/login", { email: person.email, password: TEST_PASSWORD, redirectTo: "/search" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${verifyPath(person.email)}&reason=unverified&redirectTo=%2Fsearch`);
    expect(response.headers.get("Set-Cookie") ?? "").not.toContain("mm_session=");
    expect(await prisma.session.count({ where: { userId: person.id } })).toBe(0);
    const code = await lastCodeTo(person.email);
    const verified = await post("/verify-email", { intent: "verify", email: person.email, code, redirectTo: "/search" });
    expect(verified.headers.get("Location")).toBe("/search");
  });

  test("an unverified person with a wrong password gets the usual message and no code", async () => {
    const person = await createPerson("user", { isVerified: false, emailVerifiedAt: null });
    const response = await post("/login", { email: person.email, password: "Wrong-pass1!" });
    expect(response.status).toBe(401);
    expect(await html(response)).toContain(INVALID_CREDENTIALS);
    expect(await mailTo(person.email)).toHaveLength(0);
  });

  test("the API answers 403 {message} for an unverified account and mails a code", async () => {
    const person = await createPerson("guide", { isVerified: false, emailVerifiedAt: null });
    const response = await postJson("/api/auth/login", { email: person.email, password: TEST_PASSWORD });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: accountMessages.awaitingVerificationApi });
    expect(await lastCodeTo(person.email)).toMatch(/^\d{6}$/);
    expect(await prisma.session.count({ where: { userId: person.id } })).toBe(0);
  });

  test("a deactivated account is told so, on the form and the API", async () => {
    const person = await createPerson("user", { status: "inactive" });
    const form = await post("/login", { email: person.email, password: TEST_PASSWORD });
    expect(form.status).toBe(401);
    expect(await html(form)).toContain(ACCOUNT_INACTIVE);
    const api = await postJson("/api/auth/login", { email: person.email, password: TEST_PASSWORD });
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ message: ACCOUNT_INACTIVE });
  });

  test("a deleted account answers exactly like an unknown one, on the form and the API", async () => {
    const deleted = await createPerson("user");
    await prisma.user.update({ where: { id: deleted.id }, data: { isDeleted: true } });
    const unknown = uniqueEmail("nobody");
    const answers = [];
    for (const email of [deleted.email, unknown]) {
      const form = await post("/login", { email, password: TEST_PASSWORD });
      const api = await postJson("/api/auth/login", { email, password: TEST_PASSWORD });
      answers.push({ form: form.status, formHasMessage: (await html(form)).includes(INVALID_CREDENTIALS), api: api.status, body: await api.json() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({ form: 401, formHasMessage: true, api: 401, body: { message: INVALID_CREDENTIALS } });
  });

  test("a deleted account takes as long as an unknown one (both verify one argon2 hash)", async () => {
    const deleted = await createPerson("user");
    await prisma.user.update({ where: { id: deleted.id }, data: { isDeleted: true } });
    const time = async (email: string) => {
      const started = performance.now();
      const response = await postJson("/api/auth/login", { email, password: TEST_PASSWORD });
      expect(response.status).toBe(401);
      return performance.now() - started;
    };
    await time(uniqueEmail("warm")); // warms the decoy hash
    // Four tries each (the account limit allows five); a new unknown address every time.
    const median = async (email: () => string) => {
      const runs = [];
      for (let i = 0; i < 4; i += 1) runs.push(await time(email()));
      return runs.sort((a, b) => a - b)[1];
    };
    const deletedMs = await median(() => deleted.email);
    const unknownMs = await median(() => uniqueEmail("nobody"));
    // Within a generous factor: a skipped argon2 verification would be an order of magnitude faster.
    expect(deletedMs / unknownMs).toBeGreaterThan(0.33);
    expect(deletedMs / unknownMs).toBeLessThan(3);
  });

  test("/login and /admin/login offer 'Forgot password?'; /login's 'Create an account' keeps redirectTo", async () => {
    for (const path of ["/login", "/admin/login"]) {
      const page = await html(await send(path));
      expect(page).toMatch(/<a[^>]*href="\/reset-password"[^>]*>\s*Forgot password\?/);
    }
    expect(await html(await send("/login?redirectTo=%2Fsearch"))).toContain('href="/signup?redirectTo=%2Fsearch"');
  });
});

describe("password reset", () => {
  const requestReset = (email: string, clientAddress?: string) => post("/reset-password", { intent: "request", email }, { clientAddress });
  const step2 = (email: string) => `/reset-password?${new URLSearchParams({ email, sent: "1" })}`;

  test("step 1 answers the same for an account, an unknown address and a deleted account; only the account gets mail", async () => {
    const person = await createPerson("user");
    const deleted = await createPerson("user");
    await prisma.user.update({ where: { id: deleted.id }, data: { isDeleted: true } });
    const unknown = uniqueEmail("nobody");
    for (const email of [person.email, unknown, deleted.email]) {
      const response = await requestReset(email);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(step2(email));
      expect(await html((await follow(response)).page)).toContain(accountMessages.resetRequested);
    }
    expect(await mailTo(unknown)).toHaveLength(0);
    expect(await mailTo(deleted.email)).toHaveLength(0);
    const mail = await lastMailTo(person.email);
    expect(mail.subject).toBe("Reset your Ministry Mentors password");
    const code = await lastCodeTo(person.email);
    const link = siteUrl(`/reset-password?${new URLSearchParams({ email: person.email, code })}`);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link.replaceAll("&", "&amp;"));
  });

  test("the mail's link is built from APP_URL, never from the request's Host", async () => {
    const person = await createPerson("user");
    const response = await send("http://evil.example/reset-password", {
      method: "POST",
      body: new URLSearchParams({ intent: "request", email: person.email }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://evil.example" },
    });
    expect(response.status).toBe(302);
    const { text } = await lastMailTo(person.email);
    expect(text).not.toContain("evil.example");
    expect(text).toContain(siteUrl("/reset-password?"));
  });

  test("the mail's link opens step 2 with the address and the code filled in; bad input is a 400 with its message", async () => {
    const person = await createPerson("user");
    await requestReset(person.email);
    const code = await lastCodeTo(person.email);
    const page = await html(await send(`/reset-password?${new URLSearchParams({ email: person.email, code })}`));
    expect(page).toMatch(new RegExp(`<input[^>]*name="code"[^>]*value="${code}"`));
    expect(page).toContain(person.email);
    expect(page).toContain("New password");

    const bad = await post(`/reset-password?${new URLSearchParams({ email: person.email })}`, { intent: "request", email: "nope" });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain(userFormMessages.email);
  });

  test("step 2 checks the password rules and the confirmation before touching the code", async () => {
    const person = await createPerson("user");
    await requestReset(person.email);
    const code = await lastCodeTo(person.email);
    const weak = await post("/reset-password", { intent: "reset", email: person.email, code, password: "short", confirmPassword: "short" });
    expect(weak.status).toBe(400);
    const text = await html(weak);
    expect(text).toContain("Password must be at least 8 characters and include one capital letter.");
    expect(text).toContain("Password must include at least one number.");
    const mismatch = await html(await post("/reset-password", { intent: "reset", email: person.email, code, password: NEW_PASSWORD, confirmPassword: "Other-pass1!" }));
    expect(mismatch).toContain("Passwords do not match.");
    // The code was not used up by those.
    expect((await post("/reset-password", { intent: "reset", email: person.email, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(302);
  });

  test("success sets the password, ends every session, verifies the address, and works once", async () => {
    const person = await createPerson("user", { isVerified: false, emailVerifiedAt: null });
    const web = await signIn("user"); // someone else's sessions stay
    await createSession(person.id, "web");
    await createSession(person.id, "api");
    await requestReset(person.email);
    const code = await lastCodeTo(person.email);
    const fields = { intent: "reset", email: person.email, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const response = await post("/reset-password", fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(await html((await follow(response)).page)).toContain("Your password has been reset. Please sign in with your new password.");

    expect(await prisma.session.count({ where: { userId: person.id } })).toBe(0);
    expect(await prisma.session.count({ where: { userId: web.person.id } })).toBe(2);
    const after = await prisma.user.findUniqueOrThrow({ where: { id: person.id } });
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    expect(after.isVerified).toBe(true);

    expect((await post("/login", { email: person.email, password: TEST_PASSWORD })).status).toBe(401);
    const signedIn = await post("/login", { email: person.email, password: NEW_PASSWORD });
    expect(signedIn.headers.get("Location")).toBe("/user-dashboard");

    const again = await post("/reset-password", { ...fields, password: "Third-pass1!", confirmPassword: "Third-pass1!" });
    expect(again.status).toBe(400);
    expect(await html(again)).toContain(accountMessages.resetExpiredCode);
  });

  test("an administrator's reset ends on /admin/login; a guide's keeps the guide unapproved", async () => {
    const admin = await createPerson("admin");
    await requestReset(admin.email);
    const response = await post("/reset-password", { intent: "reset", email: admin.email, code: await lastCodeTo(admin.email), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.headers.get("Location")).toBe("/admin/login");

    const guide = await createPerson("guide", { isVerified: false, emailVerifiedAt: null });
    await requestReset(guide.email);
    await post("/reset-password", { intent: "reset", email: guide.email, code: await lastCodeTo(guide.email), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    const after = await prisma.user.findUniqueOrThrow({ where: { id: guide.id } });
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    expect(after.isVerified).toBe(false);
  });

  test("wrong, expired and over-tried codes are refused with their messages", async () => {
    const person = await createPerson("user");
    await requestReset(person.email);
    const code = await lastCodeTo(person.email);
    const wrong = code === "000000" ? "111111" : "000000";
    const attempt = (given: string) => post("/reset-password", { intent: "reset", email: person.email, code: given, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    for (let i = 0; i < 4; i += 1) expect(await html(await attempt(wrong))).toContain(accountMessages.resetWrongCode);
    expect(await html(await attempt(wrong))).toContain(accountMessages.resetTooManyTries);
    expect(await html(await attempt(code))).toContain(accountMessages.resetTooManyTries);

    await requestReset(person.email);
    await sendQueuedMail();
    await prisma.verification.updateMany({ where: { target: person.email, type: "reset-password" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await html(await attempt(await lastCodeTo(person.email)))).toContain(accountMessages.resetExpiredCode);
    const user = await prisma.user.findUniqueOrThrow({ where: { id: person.id }, include: { password: true } });
    expect(await verifyPassword(TEST_PASSWORD, user.password!.hash)).toBe(true);
  });

  test("requests are limited per address whether or not it has an account, with a clear 429", async () => {
    const person = await createPerson("user");
    const unknown = uniqueEmail("nobody");
    for (const email of [person.email, unknown]) {
      for (let i = 0; i < 5; i += 1) expect((await requestReset(email)).status).toBe(302);
      const limited = await requestReset(email);
      expect(limited.status).toBe(429);
      expect(await html(limited)).toContain("You have asked for several codes already.");
    }
    expect(await mailTo(person.email)).toHaveLength(5);
  });

  test("a signed-in person may reset too, and is signed out by it", async () => {
    const { person, cookie } = await signIn("user");
    expect((await send("/reset-password", { cookie })).status).toBe(200);
    await post("/reset-password", { intent: "request", email: person.email }, { cookie });
    const response = await post(
      "/reset-password",
      { intent: "reset", email: person.email, code: await lastCodeTo(person.email), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { cookie },
    );
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.getSetCookie().some((header) => header.startsWith("mm_session=;"))).toBe(true);
    expect((await send("/user-dashboard", { cookie })).headers.get("Location")).toMatch(/^\/login/);
  });
});
