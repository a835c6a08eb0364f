import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { twoFactorMessages } from "#app/modules/two-factor/messages.ts";
import { openSecret } from "#app/modules/two-factor/secret-box.server.ts";
import { currentCode } from "#app/modules/two-factor/totp.ts";
import { regenerateRecoveryCodes } from "#app/modules/two-factor/two-factor.server.ts";
import { actorOf, cookiesFrom, createPerson, postForm, send, signIn, TEST_PASSWORD } from "#tests/app.ts";
import { lastCodeTo, sendQueuedMail } from "#tests/mocks/mail.ts";
import { freshCode, signInWithCode, turnOnTwoFactor } from "#tests/two-factor.ts";

/** A page's text as read: no tags, nor the markers React leaves between pieces of text. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, "");
const json = (body: unknown) => JSON.stringify(body);
const apiLogin = (body: Record<string, string>) => send("/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: json(body) });
/** The secret as the setup page shows it for typing (groups of four), without the spaces. */
const secretOnPage = (html: string) => /data-testid="two-factor-secret"[^>]*>([^<]+)</.exec(html)?.[1].replace(/\s+/g, "") ?? "";
const recoveryCodesOn = (html: string) => [...html.matchAll(/>([0-9a-z]{5}-[0-9a-z]{5})</g)].map((match) => match[1]);
/** A 6-digit code that is not the current one (nor the ones either side). */
const wrongCodeFor = (secret: string) => {
  const near = [-1, 0, 1].map((offset) => currentCode(secret, Date.now() + offset * 30_000));
  for (let n = 0; ; n += 1) {
    const guess = String(n).padStart(6, "0");
    if (!near.includes(guess)) return guess;
  }
};

describe("an administrator without a second factor", () => {
  test("is sent to the setup after the password and reaches nothing of the console or the admin API until it is done", async () => {
    const admin = await createPerson("admin");
    const password = await postForm("/admin/login", { email: admin.email, password: TEST_PASSWORD, redirectTo: "/admin/dashboard/UserManagement" });
    expect(password.status).toBe(302);
    expect(password.headers.get("Location")).toBe("/login/two-factor/setup?redirectTo=%2Fadmin%2Fdashboard%2FUserManagement");
    const pending = cookiesFrom(password);
    expect(await prisma.session.findMany({ where: { userId: admin.id }, select: { kind: true } })).toEqual([{ kind: "pending" }]);

    for (const path of ["/admin/dashboard", "/admin/dashboard/UserManagement", "/admin/dashboard/two-factor"]) {
      const page = await send(path, { cookie: pending });
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    // The API gives no token before the setup.
    const api = await apiLogin({ email: admin.email, password: TEST_PASSWORD });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ message: twoFactorMessages.setupNeeded });
    expect(await prisma.session.count({ where: { userId: admin.id, kind: { not: "pending" } } })).toBe(0);

    const setup = await send("/login/two-factor/setup?redirectTo=%2Fadmin%2Fdashboard%2FUserManagement", { cookie: pending });
    expect(setup.status).toBe(200);
    const html = await setup.text();
    expect(html).toContain("Set up two-factor sign-in");
    expect(html).toContain('src="data:image/svg+xml;base64,');
    const secret = secretOnPage(html);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Reloading shows the same secret (the app may already have it).
    expect(secretOnPage(await (await send("/login/two-factor/setup", { cookie: pending })).text())).toBe(secret);

    const wrong = await postForm("/login/two-factor/setup", { intent: "confirm", code: wrongCodeFor(secret) }, pending);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(twoFactorMessages.wrongSetupCode.replaceAll("'", "&#x27;"));

    const confirmed = await postForm("/login/two-factor/setup", { intent: "confirm", code: currentCode(secret), redirectTo: "/admin/dashboard/UserManagement" }, pending);
    expect(confirmed.status).toBe(200);
    const codes = recoveryCodesOn(await confirmed.text());
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const cookie = cookiesFrom(confirmed, pending);
    expect(await prisma.session.findMany({ where: { userId: admin.id }, select: { kind: true } })).toEqual([{ kind: "web" }]);
    expect((await send("/admin/dashboard/UserManagement", { cookie })).status).toBe(200);

    // Kept encrypted, and the recovery codes as hashes.
    const row = await prisma.twoFactor.findUniqueOrThrow({ where: { userId: admin.id } });
    expect(row.enabledAt).not.toBeNull();
    expect(row.secret).not.toContain(secret);
    expect(openSecret(row.secret)).toBe(secret);
    const hashes = await prisma.recoveryCode.findMany({ where: { userId: admin.id }, select: { hash: true } });
    expect(hashes).toHaveLength(10);
    for (const { hash } of hashes) expect(codes).not.toContain(hash);
  });

  test("cannot turn it off, and makes new recovery codes with a code", async () => {
    const { person, cookie } = await signIn("admin");
    const secret = await turnOnTwoFactor(person.id);
    const off = await postForm("/admin/dashboard/two-factor", { intent: "turn-off", currentPassword: TEST_PASSWORD, code: await freshCode(person.id, secret) }, cookie);
    expect(off.status).toBe(400);
    expect(await off.text()).toContain(twoFactorMessages.requiredForAdmins);
    expect(await prisma.twoFactor.count({ where: { userId: person.id } })).toBe(1);

    const fresh = await postForm("/admin/dashboard/two-factor", { intent: "regenerate", code: await freshCode(person.id, secret) }, cookie);
    expect(fresh.status).toBe(200);
    expect(recoveryCodesOn(await fresh.text())).toHaveLength(10);
  });
});

describe("signing in with two-factor sign-in on", () => {
  test("the code is asked after the password; a wrong code is refused; the right one signs in", async () => {
    const admin = await createPerson("admin");
    const secret = await turnOnTwoFactor(admin.id);
    const password = await postForm("/admin/login", { email: admin.email, password: TEST_PASSWORD });
    expect(password.headers.get("Location")).toBe("/login/two-factor");
    const pending = cookiesFrom(password);
    expect((await send("/admin/dashboard", { cookie: pending })).status).toBe(302);
    const page = await send("/login/two-factor", { cookie: pending });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Two-factor sign-in");

    const wrong = await postForm("/login/two-factor", { code: wrongCodeFor(secret) }, pending);
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("That code is not right");
    const right = await postForm("/login/two-factor", { code: await freshCode(admin.id, secret) }, pending);
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/admin/dashboard");
    expect((await send("/admin/dashboard", { cookie: cookiesFrom(right, pending) })).status).toBe(200);
    expect(await prisma.session.findMany({ where: { userId: admin.id }, select: { kind: true } })).toEqual([{ kind: "web" }]);
    // Without a pending session the step sends people to sign in.
    expect((await send("/login/two-factor")).headers.get("Location")).toBe("/login");
  });

  test("five wrong codes lock the account's code step for 15 minutes, on the form and the API", async () => {
    const admin = await createPerson("admin");
    const secret = await turnOnTwoFactor(admin.id);
    const pending = cookiesFrom(await postForm("/admin/login", { email: admin.email, password: TEST_PASSWORD }));
    for (let i = 0; i < 4; i += 1) expect((await postForm("/login/two-factor", { code: wrongCodeFor(secret) }, pending)).status).toBe(401);
    const apiWrong = await apiLogin({ email: admin.email, password: TEST_PASSWORD, code: wrongCodeFor(secret) });
    expect(apiWrong.status).toBe(401);
    expect((await apiWrong.json()).message).toBe(twoFactorMessages.wrongCode);

    const locked = await postForm("/login/two-factor", { code: await freshCode(admin.id, secret) }, pending);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(await locked.text()).toContain("Too many attempts. Please try again in 15 minutes.");
    expect((await apiLogin({ email: admin.email, password: TEST_PASSWORD, code: await freshCode(admin.id, secret) })).status).toBe(429);
    expect(await prisma.session.count({ where: { userId: admin.id, kind: { not: "pending" } } })).toBe(0);
  });

  test("a code is accepted once: the same code again is refused", async () => {
    const guide = await createPerson("guide");
    const secret = await turnOnTwoFactor(guide.id);
    const code = await freshCode(guide.id, secret);
    const first = cookiesFrom(await postForm("/login", { email: guide.email, password: TEST_PASSWORD }));
    expect((await postForm("/login/two-factor", { code }, first)).status).toBe(302);
    const second = cookiesFrom(await postForm("/login", { email: guide.email, password: TEST_PASSWORD }));
    const replay = await postForm("/login/two-factor", { code }, second);
    expect(replay.status).toBe(401);
    expect((await apiLogin({ email: guide.email, password: TEST_PASSWORD, code })).status).toBe(401);
  });

  test("a recovery code works once in place of a code", async () => {
    const user = await createPerson("user");
    const secret = await turnOnTwoFactor(user.id);
    const [recovery] = await regenerateRecoveryCodes(actorOf(user), await freshCode(user.id, secret), null);
    const first = cookiesFrom(await postForm("/login", { email: user.email, password: TEST_PASSWORD }));
    const signedIn = await postForm("/login/two-factor", { code: ` ${recovery.toUpperCase()} ` }, first);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/user-dashboard");
    const again = cookiesFrom(await postForm("/login", { email: user.email, password: TEST_PASSWORD }));
    expect((await postForm("/login/two-factor", { code: recovery }, again)).status).toBe(401);
    expect(await prisma.recoveryCode.count({ where: { userId: user.id, usedAt: null } })).toBe(9);
  });

  test("the API login needs the code: without it 401 saying so, with it a token", async () => {
    const admin = await createPerson("admin");
    const secret = await turnOnTwoFactor(admin.id);
    const without = await apiLogin({ email: admin.email, password: TEST_PASSWORD });
    expect(without.status).toBe(401);
    expect(await without.json()).toEqual({ message: twoFactorMessages.codeNeeded });
    const login = await apiLogin({ email: admin.email, password: TEST_PASSWORD, code: await freshCode(admin.id, secret) });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect((await send("/api/admin/get-user-list", { token })).status).toBe(200);
    // A person without two-factor sign-in signs in with the password alone, as before.
    const user = await createPerson("user");
    expect((await apiLogin({ email: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  test("an e-mail code is no second factor: verifying an address still leads to the code step", async () => {
    const guide = await createPerson("guide", { isVerified: false, emailVerifiedAt: null });
    await turnOnTwoFactor(guide.id);
    const password = await postForm("/login", { email: guide.email, password: TEST_PASSWORD });
    expect(password.headers.get("Location")).toMatch(/^\/verify-email\?/);
    await sendQueuedMail();
    const verified = await postForm("/verify-email", { intent: "verify", email: guide.email, code: await lastCodeTo(guide.email) });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("Location")).toBe("/login/two-factor");
    expect(await prisma.session.findMany({ where: { userId: guide.id }, select: { kind: true } })).toEqual([{ kind: "pending" }]);
  });

  test("the form keeps where the person was going", async () => {
    const admin = await createPerson("admin");
    const secret = await turnOnTwoFactor(admin.id);
    const { step, response } = await signInWithCode(admin, secret, { redirectTo: "/admin/dashboard/faqs" });
    expect(step).toBe("/login/two-factor?redirectTo=%2Fadmin%2Fdashboard%2Ffaqs");
    expect(response.headers.get("Location")).toBe("/admin/dashboard/faqs");
  });
});

describe("a mentee's Settings", () => {
  test("turns two-factor sign-in on, and off only with the password and a current code", async () => {
    const { person, cookie } = await signIn("user");
    const settings = await send("/user-dashboard/settings", { cookie });
    expect(await settings.text()).toContain("Turn on two-factor sign-in");

    const page = await send("/user-dashboard/settings/two-factor", { cookie });
    expect(page.status).toBe(200);
    const secret = secretOnPage(await page.text());
    const on = await postForm("/user-dashboard/settings/two-factor", { intent: "confirm", code: currentCode(secret) }, cookie);
    expect(on.status).toBe(200);
    expect(recoveryCodesOn(await on.text())).toHaveLength(10);
    expect(textOf(await (await send("/user-dashboard/settings", { cookie })).text())).toContain("On. 10 unused recovery codes left.");
    const stored = await prisma.twoFactor.findUniqueOrThrow({ where: { userId: person.id } });
    expect(stored.secret).not.toContain(secret);

    const wrongPassword = await postForm("/user-dashboard/settings/two-factor", { intent: "turn-off", currentPassword: "Not-it-1!", code: await freshCode(person.id, secret) }, cookie);
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.text()).toContain("Current password is incorrect");
    const wrongCode = await postForm("/user-dashboard/settings/two-factor", { intent: "turn-off", currentPassword: TEST_PASSWORD, code: wrongCodeFor(secret) }, cookie);
    expect(wrongCode.status).toBe(400);
    expect(await prisma.twoFactor.count({ where: { userId: person.id } })).toBe(1);

    const off = await postForm("/user-dashboard/settings/two-factor", { intent: "turn-off", currentPassword: TEST_PASSWORD, code: await freshCode(person.id, secret) }, cookie);
    expect(off.status).toBe(302);
    expect(off.headers.get("Location")).toBe("/user-dashboard/settings");
    expect(await prisma.twoFactor.count({ where: { userId: person.id } })).toBe(0);
    expect(await prisma.recoveryCode.count({ where: { userId: person.id } })).toBe(0);
    // Off: the password alone signs in again.
    expect((await postForm("/login", { email: person.email, password: TEST_PASSWORD })).headers.get("Location")).toBe("/user-dashboard");
  });
});
