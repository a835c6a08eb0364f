import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { SECURITY_MAIL_JOB } from "#app/modules/accounts/security-mail.server.ts";
import { momentIn } from "#app/modules/bookings/session-time.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { currentCode } from "#app/modules/two-factor/totp.ts";
import { cookiesFrom, createPerson, postForm, send, signIn, TEST_PASSWORD } from "#tests/app.ts";
import { lastCodeTo, mailTo, sendQueuedMail } from "#tests/mocks/mail.ts";
import { guideInput } from "#tests/support/guide-input.ts";
import { freshCode, turnOnTwoFactor } from "#tests/two-factor.ts";

/**
 * Security mail (accounts/security-mail.server.ts): a change to how a person signs in (their password, by themselves,
 * by a reset or by an administrator; two-factor sign-in on or off; new recovery codes) is told to the account's
 * address once, whatever the person's notification settings, with the time in their zone, where it came from and what
 * to do if it was not them. An attempt that fails sends nothing.
 */

const NEW_PASSWORD = "N3w-Pass!";
const ZONE = "America/Chicago";
let counter = 0;
const uniqueClient = () => `203.0.113.${(++counter % 250) + 1}`;

/** A form POST from a client address, as the browser without JavaScript sends it. */
const post = (path: string, fields: Record<string, string>, { cookie, clientAddress }: { cookie?: string; clientAddress?: string } = {}) => postForm(path, fields, cookie, clientAddress);

/** A person who chose in-app notifications only, in Chicago: security mail reaches them all the same. */
async function quietPerson(personId: number) {
  await prisma.user.update({ where: { id: personId }, data: { timeZone: ZONE, communication: "in_app", notifications: false } });
}

/** The security mail to `email` with `subject`: exactly one, and no other security mail to that address. */
async function onlySecurityMail(email: string, subject: string) {
  const mails = (await mailTo(email)).filter((mail) => mail.subject !== "Reset your Ministry Mentors password");
  expect(mails.map((mail) => mail.subject)).toEqual([subject]);
  return mails[0];
}

/** The moments a change made between `from` and now may name, in the person's zone (a minute may turn meanwhile). */
const momentsSince = (from: Date) => [momentIn(from, ZONE), momentIn(new Date(), ZONE)];

/** Checks the parts every security mail has: the greeting, the time in the person's zone, the reset link and support. */
async function expectSecurityFacts(mail: { text: string; html: string }, person: { name: string }, from: Date) {
  expect(mail.text).toContain(`Hello ${person.name},`);
  expect(momentsSince(from).some((moment) => mail.text.includes(`on ${moment}.`)), mail.text).toBe(true);
  expect(mail.text).toContain("Central Time (America/Chicago)");
  expect(mail.text).toContain(siteUrl("/reset-password"));
  expect(mail.html).toContain(`href="${siteUrl("/reset-password")}"`);
  expect(mail.text).toContain(`write to us at ${(await getPlatformSettings()).supportEmail}`);
}

const PASSWORD_CHANGED = "Your Ministry Mentors password was changed";

describe("a person changes their own password", () => {
  const screens = [
    { label: "a mentee's Settings", role: "user", path: "/user-dashboard/settings", fields: { intent: "password" } },
    { label: "a guide's Settings", role: "guide", path: "/mentor-dashboard/settings", fields: { intent: "password" } },
    { label: "the admin's Change Password", role: "admin", path: "/admin/dashboard/change-password", fields: {} },
  ] as const;

  test.each(screens)("$label: a wrong current password sends nothing; the change is told once, after the answer", async ({ role, path, fields }) => {
    const { person, cookie } = await signIn(role);
    await quietPerson(person.id);
    const clientAddress = uniqueClient();
    const wrong = await post(path, { ...fields, currentPassword: "Wrong-pass1!", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { cookie, clientAddress });
    expect(wrong.status).toBe(400);
    expect(await mailTo(person.email)).toEqual([]);

    const from = new Date();
    const changed = await post(path, { ...fields, currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { cookie, clientAddress });
    expect(changed.status).toBe(302);
    // The answer does not wait on the mail: it is a job, sent by the worker once the change has committed.
    expect(await prisma.outboxMail.count({ where: { to: person.email } })).toBe(0);
    expect(await prisma.job.count({ where: { kind: SECURITY_MAIL_JOB, doneAt: null, payload: { contains: `"userId":${person.id},` } } })).toBe(1);

    const mail = await onlySecurityMail(person.email, PASSWORD_CHANGED);
    expect(mail.text).toContain(`The password of your Ministry Mentors account (${person.email}) was changed on `);
    expect(mail.text).toContain(`The change came from the IP address ${clientAddress}.`);
    expect(mail.text).toContain("If this was you, there is nothing more to do.");
    expect(mail.text).toContain("If it was not you, someone else knows your password.");
    await expectSecurityFacts(mail, person, from);
    // Sent once: running the worker again sends nothing more.
    await sendQueuedMail();
    expect(await mailTo(person.email)).toHaveLength(1);
  });

  test("the admin's change through the API is told too", async () => {
    const { person, token } = await signIn("admin");
    const response = await send("/api/admin/change-password", {
      method: "PUT",
      token,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    });
    expect(response.status).toBe(200);
    await onlySecurityMail(person.email, PASSWORD_CHANGED);
  });
});

describe("a password reset", () => {
  test("a wrong code sends nothing; the reset is told to the address once", async () => {
    const person = await createPerson("user");
    await quietPerson(person.id);
    const clientAddress = uniqueClient();
    await post("/reset-password", { intent: "request", email: person.email }, { clientAddress });
    const code = await lastCodeTo(person.email);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const reset = { intent: "reset", email: person.email, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await post("/reset-password", { ...reset, code: wrongCode }, { clientAddress })).status).toBe(400);
    expect((await mailTo(person.email)).map((mail) => mail.subject)).toEqual(["Reset your Ministry Mentors password"]);

    const from = new Date();
    expect((await post("/reset-password", { ...reset, code }, { clientAddress })).status).toBe(302);
    const mail = await onlySecurityMail(person.email, PASSWORD_CHANGED);
    expect(mail.text).toContain(`The password of your Ministry Mentors account (${person.email}) was reset with a code we sent to this address, on `);
    expect(mail.text).toContain(`The change came from the IP address ${clientAddress}.`);
    expect(mail.text).toContain("If it was not you, someone else can read your e-mail.");
    await expectSecurityFacts(mail, person, from);
  });
});

describe("an administrator sets another person's password", () => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    admin = await signIn("admin");
  });
  const SUBJECT = "An administrator changed your Ministry Mentors password";

  test("a mentee's Edit User: an edit without a password sends nothing; a new password is told once", async () => {
    const person = await createPerson("user");
    await quietPerson(person.id);
    const profile = { name: "Naomi Adeyemi", title: "Elder", organisation: "X Church", education: "M.Div.", bio: "B" };
    const clientAddress = uniqueClient();
    const edit = (fields: Record<string, string>) => post(`/admin/dashboard/edit-User/${person.id}`, fields, { cookie: admin.cookie, clientAddress });
    expect((await edit({ ...profile, password: "", confirmPassword: "" })).status).toBe(302);
    expect((await edit({ ...profile, password: "weakpass", confirmPassword: "weakpass" })).status).toBe(400);
    expect(await mailTo(person.email)).toEqual([]);

    const from = new Date();
    expect((await edit({ ...profile, password: "N3w!Password", confirmPassword: "N3w!Password" })).status).toBe(302);
    const mail = await onlySecurityMail(person.email, SUBJECT);
    expect(mail.text).toContain(`An administrator changed the password of your Ministry Mentors account (${person.email}) on `);
    expect(mail.text).toContain("If you did not ask for this, you can choose your own password");
    // The administrator's own address and "if this was you" say nothing to the person.
    expect(mail.text).not.toContain(clientAddress);
    expect(mail.text).not.toContain("If this was you");
    await expectSecurityFacts(mail, { name: "Naomi Adeyemi" }, from);
    expect(await mailTo(admin.person.email)).toEqual([]);
  });

  test("a guide's password through the API is told to the guide once", async () => {
    const guide = guideInput();
    const api = (path: string, method: string, body: unknown) =>
      send(`/api/admin/${path}`, { method, token: admin.token, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const created = await api("create-mentor", "POST", guide);
    expect(created.status).toBe(201);
    const { id } = await prisma.user.findUniqueOrThrow({ where: { email: guide.email }, select: { id: true } });
    expect((await api(`update-mentor-by-id/${id}`, "PUT", { ...guide, password: "", confirmPassword: "" })).status).toBe(200);
    expect(await mailTo(guide.email)).toEqual([]);
    expect((await api(`update-mentor-by-id/${id}`, "PUT", { ...guide, password: "N3w!Password", confirmPassword: "N3w!Password" })).status).toBe(200);
    const mail = await onlySecurityMail(guide.email, SUBJECT);
    expect(mail.text).toContain(`Hello ${guide.name},`);
  });
});

describe("two-factor sign-in", () => {
  const page = "/user-dashboard/settings/two-factor";
  const secretOnPage = (html: string) => /data-testid="two-factor-secret"[^>]*>([^<]+)</.exec(html)?.[1].replace(/\s+/g, "") ?? "";
  /** A 6-digit code that is none of the ones the app accepts now. */
  const wrongCodeFor = (secret: string) => {
    const near = [-1, 0, 1].map((offset) => currentCode(secret, Date.now() + offset * 30_000));
    return ["000000", "111111", "222222", "333333"].find((guess) => !near.includes(guess))!;
  };

  test("turned on in Settings: a wrong code sends nothing; the right one is told once", async () => {
    const { person, cookie } = await signIn("user");
    await quietPerson(person.id);
    const secret = secretOnPage(await (await send(page, { cookie })).text());
    const clientAddress = uniqueClient();
    expect((await post(page, { intent: "confirm", code: wrongCodeFor(secret) }, { cookie, clientAddress })).status).toBe(400);
    expect(await mailTo(person.email)).toEqual([]);

    const from = new Date();
    expect((await post(page, { intent: "confirm", code: currentCode(secret) }, { cookie, clientAddress })).status).toBe(200);
    const mail = await onlySecurityMail(person.email, "Two-factor sign-in was turned on for your Ministry Mentors account");
    expect(mail.text).toContain(`Two-factor sign-in was turned on for your Ministry Mentors account (${person.email}) on `);
    expect(mail.text).toContain(`The change came from the IP address ${clientAddress}.`);
    await expectSecurityFacts(mail, person, from);
  });

  test("an administrator's setup at sign-in is told too", async () => {
    const admin = await createPerson("admin");
    const password = await post("/admin/login", { email: admin.email, password: TEST_PASSWORD });
    const pending = cookiesFrom(password);
    const secret = secretOnPage(await (await send("/login/two-factor/setup", { cookie: pending })).text());
    expect((await post("/login/two-factor/setup", { intent: "confirm", code: currentCode(secret) }, { cookie: pending })).status).toBe(200);
    await onlySecurityMail(admin.email, "Two-factor sign-in was turned on for your Ministry Mentors account");
  });

  test("new recovery codes: a wrong code sends nothing; new codes are told once", async () => {
    const { person, cookie } = await signIn("user");
    await quietPerson(person.id);
    const secret = await turnOnTwoFactor(person.id);
    expect((await post(page, { intent: "regenerate", code: wrongCodeFor(secret) }, { cookie })).status).toBe(400);
    expect(await mailTo(person.email)).toEqual([]);

    const from = new Date();
    expect((await post(page, { intent: "regenerate", code: await freshCode(person.id, secret) }, { cookie })).status).toBe(200);
    const mail = await onlySecurityMail(person.email, "New recovery codes were made for your Ministry Mentors account");
    expect(mail.text).toContain("The codes you had before no longer work.");
    // No client address known: the mail says nothing of one.
    expect(mail.text).not.toContain("IP address");
    await expectSecurityFacts(mail, person, from);
  });

  test("turned off: a wrong password or code sends nothing; turning it off is told once", async () => {
    const { person, cookie } = await signIn("user");
    await quietPerson(person.id);
    const secret = await turnOnTwoFactor(person.id);
    const clientAddress = uniqueClient();
    const turnOff = (currentPassword: string, code: string) => post(page, { intent: "turn-off", currentPassword, code }, { cookie, clientAddress });
    expect((await turnOff("Not-it-1!", await freshCode(person.id, secret))).status).toBe(400);
    expect((await turnOff(TEST_PASSWORD, wrongCodeFor(secret))).status).toBe(400);
    expect(await mailTo(person.email)).toEqual([]);

    const from = new Date();
    expect((await turnOff(TEST_PASSWORD, await freshCode(person.id, secret))).status).toBe(302);
    const mail = await onlySecurityMail(person.email, "Two-factor sign-in was turned off for your Ministry Mentors account");
    expect(mail.text).toContain("Signing in now asks only for your password, and your recovery codes no longer work.");
    expect(mail.text).toContain("then turn two-factor sign-in back on in Settings");
    await expectSecurityFacts(mail, person, from);
  });

  test("a deleted account gets no security mail", async () => {
    const { person, cookie } = await signIn("user");
    const secret = await turnOnTwoFactor(person.id);
    expect((await post(page, { intent: "regenerate", code: await freshCode(person.id, secret) }, { cookie })).status).toBe(200);
    await prisma.user.update({ where: { id: person.id }, data: { isDeleted: true } });
    expect(await mailTo(person.email)).toEqual([]);
  });
});
