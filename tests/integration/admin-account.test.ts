import { faker } from "@faker-js/faker";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { cookiesFrom, createPerson, postForm, send, signIn, TEST_PASSWORD } from "#tests/app.ts";
import { lastMailTo } from "#tests/mocks/mail.ts";

const STRONG_RULE = "Password must contain at least one lowercase letter, one uppercase letter, one number, one special character, and be at least 8 characters long";
const json = (body: unknown) => JSON.stringify(body);
const png = async () =>
  new File([new Uint8Array(await sharp({ create: { width: 12, height: 12, channels: 3, background: "#16a34a" } }).png().toBuffer())], "me.png", { type: "image/png" });
const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
const cookieFor = async (sessionToken: string) => (await commitSession(sessionToken)).split(";")[0];
const uniqueEmail = () => `${faker.string.alphanumeric(10).toLowerCase()}@test.example`;

/** A red toast with this title, rendered in the page (not only present in the serialized action data). */
const errorToast = (title: string) => new RegExp(`data-variant="destructive"[^>]*>[\\s\\S]{0,300}>${title}<`);

async function landing(response: Response, cookie: string) {
  expect(response.status).toBe(302);
  return html(await send(response.headers.get("Location")!, { cookie: cookiesFrom(response, cookie) }));
}

function postMultipart(path: string, fields: Record<string, string | File>, cookie: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return send(path, { method: "POST", body: form, cookie, headers: { Origin: "http://localhost" } });
}

describe("admin profile API", () => {
  test("GET /api/admin/get-admin-profile answers the signed-in admin", async () => {
    const { token, person } = await signIn("admin");
    const response = await send("/api/admin/get-admin-profile", { token });
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({ id: person.id, name: person.name, email: person.email, role: "admin", imageUrl: "/images/default" });
    expect((await send("/api/admin/get-admin-profile")).status).toBe(401);
    expect((await send("/api/admin/get-admin-profile", { token: (await signIn("user")).token })).status).toBe(403);
  });

  test("PUT /api/admin/update-admin-profile changes name and e-mail; e-mail must be free", async () => {
    const { token, person } = await signIn("admin");
    const email = uniqueEmail();
    // a new e-mail needs the current password; a name alone does not
    const noPassword = await send("/api/admin/update-admin-profile", { method: "PUT", token, body: json({ name: "Grace O'Neil-Park", email }) });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toEqual({ message: "Current password is required", errors: { currentPassword: ["Current password is required"] } });
    const wrongPassword = await send("/api/admin/update-admin-profile", { method: "PUT", token, body: json({ name: "Grace O'Neil-Park", email, currentPassword: "Wrong-1!" }) });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.json()).toEqual({ message: "Current password is incorrect", errors: { currentPassword: ["Current password is incorrect"] } });
    expect(await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ name: person.name, email: person.email });
    const nameOnly = await send("/api/admin/update-admin-profile", { method: "PUT", token, body: json({ name: "Grace Only", email: person.email }) });
    expect(nameOnly.status).toBe(200);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ name: "Grace Only", email: person.email });

    const response = await send("/api/admin/update-admin-profile", {
      method: "PUT",
      token,
      body: json({ name: "Grace O'Neil-Park", email: email.toUpperCase(), currentPassword: TEST_PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({ name: "Grace O'Neil-Park", email });
    expect(await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ name: "Grace O'Neil-Park", email });

    const other = await createPerson("user");
    const taken = await send("/api/admin/update-admin-profile", { method: "PUT", token, body: json({ name: "Grace", email: other.email, currentPassword: TEST_PASSWORD }) });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ message: "A user with this email already exists" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).email).toBe(email);

    const cases: Array<[unknown, string]> = [
      [{ name: "G", email }, "Name must be 2-50 characters, letters, spaces, apostrophes, or hyphens only"],
      [{ name: "Grace 2", email }, "Name must be 2-50 characters, letters, spaces, apostrophes, or hyphens only"],
      [{ name: " ", email }, "Name is required"],
      [{ name: "Grace", email: "not-an-email" }, "Invalid email format"],
      [{ name: "Grace", email: "" }, "Email is required"],
    ];
    for (const [body, message] of cases) {
      const bad = await send("/api/admin/update-admin-profile", { method: "PUT", token, body: json(body) });
      expect(bad.status).toBe(400);
      const field = "email" in (body as object) && message.includes("mail") ? "email" : "name";
      expect(await bad.json()).toEqual({ message, errors: { [field]: [message] } });
    }
    const longPassword = await send("/api/admin/update-admin-profile", { method: "PUT", token, body: json({ name: "Grace", email: uniqueEmail(), currentPassword: "x".repeat(129) }) });
    expect(longPassword.status).toBe(400);
    expect((await longPassword.json()).errors).toHaveProperty("currentPassword");
    expect((await send("/api/admin/update-admin-profile", { method: "PUT", body: json({ name: "X y", email }) })).status).toBe(401);
    expect((await send("/api/admin/update-admin-profile", { method: "PUT", token: (await signIn("guide")).token, body: json({ name: "X y", email }) })).status).toBe(403);
    expect((await send("/api/admin/update-admin-profile", { method: "POST", token, body: json({}) })).status).toBe(405);
  });

  test("PUT /api/admin/update-admin-profile-picture stores the picture from field imageUrl", async () => {
    const { token, person } = await signIn("admin");
    const put = (fields: Record<string, string | File>, auth = token) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      return send("/api/admin/update-admin-profile-picture", { method: "PUT", token: auth, body: form });
    };
    const first = await put({ imageUrl: await png() });
    expect(first.status).toBe(200);
    const { user } = await first.json();
    expect(user.imageUrl).toBe(`/images/${user.imageId}`);
    expect((await send(user.imageUrl)).headers.get("Content-Type")).toBe("image/webp");
    const second = (await (await put({ imageUrl: await png() })).json()).user;
    expect(second.imageId).not.toBe(user.imageId);
    expect(await prisma.upload.count({ where: { id: user.imageId } })).toBe(0);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).imageId).toBe(second.imageId);

    expect((await put({ imageUrl: new File(["text"], "a.png", { type: "image/png" }) })).status).toBe(415);
    const none = await put({ other: "x" });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ message: "Please choose an image file." });
    expect((await put({ imageUrl: await png() }, "")).status).toBe(401);
    expect((await put({ imageUrl: await png() }, (await signIn("user")).token)).status).toBe(403);
  });

  test("PUT /api/admin/change-password checks the current password, the rules, and ends the other sessions", async () => {
    const { token, person } = await signIn("admin");
    const otherSession = await createSession(person.id, "api");
    expect((await send("/api/admin/get-admin-profile", { token: otherSession })).status).toBe(200);
    const put = (body: unknown) => send("/api/admin/change-password", { method: "PUT", token, body: json(body) });
    const cases: Array<[unknown, RegExp]> = [
      [{ password: "N3w-Pass!", confirmPassword: "N3w-Pass!" }, /Current password is required$/],
      [{ currentPassword: "Wrong-1!", password: "N3w-Pass!", confirmPassword: "N3w-Pass!" }, /^Current password is incorrect$/],
      [{ currentPassword: TEST_PASSWORD, password: "weakpass", confirmPassword: "weakpass" }, new RegExp(`^${STRONG_RULE}$`)],
      [{ currentPassword: TEST_PASSWORD, password: "", confirmPassword: "" }, /^Password is required$/],
      [{ currentPassword: TEST_PASSWORD, password: "N3w-Pass!", confirmPassword: "" }, /^Confirm password is required$/],
      [{ currentPassword: TEST_PASSWORD, password: "N3w-Pass!", confirmPassword: "N3w-Pass?" }, /^Passwords do not match$/],
      [{ currentPassword: TEST_PASSWORD, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, /^New password must be different from the current password$/],
      [{ currentPassword: TEST_PASSWORD, password: `Aa1!${"x".repeat(125)}`, confirmPassword: `Aa1!${"x".repeat(125)}` }, /128/],
    ];
    for (const [body, message] of cases) {
      const response = await put(body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(message);
    }
    // signIn made a browser session and an API one; otherSession is a second API token
    expect(await prisma.session.count({ where: { userId: person.id, kind: "web" } })).toBe(1);
    expect(await prisma.session.count({ where: { userId: person.id, kind: "api" } })).toBe(2);

    const response = await put({ currentPassword: TEST_PASSWORD, password: "N3w-Pass!", confirmPassword: "N3w-Pass!" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Password changed successfully" });
    expect((await send("/api/admin/get-admin-profile", { token })).status).toBe(200);
    expect((await send("/api/admin/get-admin-profile", { token: otherSession })).status).toBe(401);
    // only the API session that made the change is left: the browser session and the other token ended
    expect(await prisma.session.count({ where: { userId: person.id } })).toBe(1);
    expect(await prisma.session.count({ where: { userId: person.id, kind: "api" } })).toBe(1);
    // The new password passes (on to the two-factor setup this administrator has not done yet).
    const signInWithNew = await postForm("/admin/login", { email: person.email, password: "N3w-Pass!" });
    expect(signInWithNew.headers.get("Location")).toBe("/login/two-factor/setup");

    expect((await send("/api/admin/change-password", { method: "PUT", body: json({}) })).status).toBe(401);
    expect((await send("/api/admin/change-password", { method: "PUT", token: (await signIn("guide")).token, body: json({}) })).status).toBe(403);
  });
});

describe("My Profile screen", () => {
  test("shows the account, saves name and e-mail with 'Profile Updated', refuses a taken e-mail", async () => {
    const { cookie, person } = await signIn("admin");
    const page = await html(await send("/admin/dashboard/myprofile", { cookie }));
    expect(page).toContain("<title>My Profile · Ministry Mentors</title>");
    expect(page).toContain(`value="${person.email}"`);

    const email = uniqueEmail();
    expect(page).toMatch(/<label[^>]*>Current password<\/label>/);
    const noPassword = await postForm("/admin/dashboard/myprofile", { intent: "profile", name: "Grace Admin", email }, cookie);
    expect(noPassword.status).toBe(400);
    const noPasswordHtml = await html(noPassword);
    expect(noPasswordHtml).toContain("<li>Current password is required</li>");
    expect(noPasswordHtml).toContain(`value="${email}"`);
    const wrongPassword = await postForm("/admin/dashboard/myprofile", { intent: "profile", name: "Grace Admin", email, currentPassword: "Wrong-pass1!" }, cookie);
    expect(wrongPassword.status).toBe(400);
    const wrongHtml = await html(wrongPassword);
    expect(wrongHtml).toContain("<li>Current password is incorrect</li>");
    expect(wrongHtml).not.toContain('value="Wrong-pass1!"');
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).email).toBe(person.email);

    const nameOnly = await landing(await postForm("/admin/dashboard/myprofile", { intent: "profile", name: "Grace Renamed", email: person.email }, cookie), cookie);
    expect(nameOnly).toContain("Profile Updated");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).name).toBe("Grace Renamed");

    const saved = await landing(await postForm("/admin/dashboard/myprofile", { intent: "profile", name: "Grace Admin", email, currentPassword: TEST_PASSWORD }, cookie), cookie);
    expect(saved).toContain("Profile Updated");
    expect(saved).toContain(`value="${email}"`);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ name: "Grace Admin", email });

    const invalid = await postForm("/admin/dashboard/myprofile", { intent: "profile", name: "G", email: "nope" }, cookie);
    expect(invalid.status).toBe(400);
    const invalidHtml = await html(invalid);
    expect(invalidHtml).toContain("<li>Name must be 2-50 characters, letters, spaces, apostrophes, or hyphens only</li>");
    expect(invalidHtml).toContain("<li>Invalid email format</li>");

    const other = await createPerson("guide");
    const taken = await postForm("/admin/dashboard/myprofile", { intent: "profile", name: "Grace Admin", email: other.email, currentPassword: TEST_PASSWORD }, cookie);
    // refused by the domain (409 in the API): the form answers 400, the message beside the e-mail, and the toast on this page
    expect(taken.status).toBe(400);
    const takenHtml = await html(taken);
    expect(takenHtml).toMatch(/id="admin-profile-email-error"[^>]*>[\s\S]{0,200}<li>A user with this email already exists<\/li>/);
    expect(takenHtml).toMatch(errorToast("Update Failed"));
    expect(takenHtml).toContain(`value="${other.email}"`);
    expect(takenHtml).not.toContain(`value="${TEST_PASSWORD}"`);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).email).toBe(email);
  });

  test("uploads a picture with 'Profile Picture/Image Updated'; a bad file shows 'Update Failed'", async () => {
    const { cookie, person } = await signIn("admin");
    const done = await landing(await postMultipart("/admin/dashboard/myprofile", { intent: "picture", imageUrl: await png() }, cookie), cookie);
    expect(done).toContain("Profile Picture/Image Updated");
    const { imageId } = await prisma.user.findUniqueOrThrow({ where: { id: person.id } });
    expect(imageId).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(done).toContain(`/images/${imageId}`);

    const notImage = await postMultipart("/admin/dashboard/myprofile", { intent: "picture", imageUrl: new File(["x"], "a.txt", { type: "text/plain" }) }, cookie);
    expect(notImage.status).toBe(400);
    expect(await html(notImage)).toContain("<li>Please select a valid image file.</li>");
    const brokenResponse = await postMultipart("/admin/dashboard/myprofile", { intent: "picture", imageUrl: new File(["x"], "a.png", { type: "image/png" }) }, cookie);
    expect(brokenResponse.status).toBe(400);
    const broken = await html(brokenResponse);
    expect(broken).toMatch(errorToast("Update Failed"));
    expect(broken).toContain("The file must be an image");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).imageId).toBe(imageId);
  });
});

describe("Change Password screen", () => {
  test("messages for each rule; a wrong current password; success keeps this session and ends the others", async () => {
    const { cookie, person, token } = await signIn("admin");
    const otherSession = await createSession(person.id, "web");
    const path = "/admin/dashboard/change-password";
    expect((await send(path, { cookie: await cookieFor(otherSession) })).status).toBe(200);
    expect((await send("/api/admin/get-admin-profile", { token })).status).toBe(200);
    const invalid = await postForm(path, { currentPassword: "", password: "short", confirmPassword: "other" }, cookie);
    expect(invalid.status).toBe(400);
    const invalidHtml = await html(invalid);
    expect(invalidHtml).toContain("<li>Current password is required</li>");
    expect(invalidHtml).toContain(`<li>${STRONG_RULE}</li>`);
    expect(invalidHtml).toContain("<li>Passwords do not match</li>");
    expect(invalidHtml).not.toContain('value="short"');

    const wrong = await postForm(path, { currentPassword: "Wrong-pass1!", password: "N3w-Pass!", confirmPassword: "N3w-Pass!" }, cookie);
    expect(wrong.status).toBe(400);
    const wrongHtml = await html(wrong);
    expect(wrongHtml).toMatch(/id="change-password-currentPassword-error"[^>]*>[\s\S]{0,200}<li>Current password is incorrect<\/li>/);
    expect(wrongHtml).toMatch(errorToast("Update Failed"));
    expect(wrongHtml).not.toContain('value="N3w-Pass!"');
    expect(wrongHtml).not.toContain('value="Wrong-pass1!"');

    const same = await postForm(path, { currentPassword: TEST_PASSWORD, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, cookie);
    expect(same.status).toBe(400);
    expect(await html(same)).toContain("<li>New password must be different from the current password</li>");

    const done = await landing(await postForm(path, { currentPassword: TEST_PASSWORD, password: "N3w-Pass!", confirmPassword: "N3w-Pass!" }, cookie), cookie);
    expect(done).toContain("Password Changed");
    // only this browser session is left: the other browser session and the API token ended
    const sessions = await prisma.session.findMany({ where: { userId: person.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0].kind).toBe("web");
    expect((await send("/admin/dashboard/change-password", { cookie })).status).toBe(200);
    expect((await send("/admin/dashboard/change-password", { cookie: await cookieFor(otherSession) })).status).toBe(302);
    expect((await send("/api/admin/get-admin-profile", { token })).status).toBe(401);
  });
});

describe("Settings screen", () => {
  test("validates, saves with 'Settings Updated', and the values are used (getPlatformSettings, /contact)", async () => {
    const { cookie } = await signIn("admin");
    const path = "/admin/dashboard/settings";
    expect(await html(await send(path, { cookie }))).toContain("Support email");
    const invalid = await postForm(
      path,
      { supportEmail: "help", platformFeePercent: "60", minimumNoticeHours: "-1", cancellationWindowHours: "1.5", lateCancellationRefundPercent: "101", holdMinutes: "2", maxAdvanceDays: "0", disputeWindowHours: "-2", requestExpiryHours: "0", autoCompleteHours: "x", maxHoldsPerGuide: "0", maxHoldsPerMentee: "51" },
      cookie,
    );
    expect(invalid.status).toBe(400);
    const invalidHtml = await html(invalid);
    expect(invalidHtml).toContain("<li>Invalid email format</li>");
    expect(invalidHtml).toContain("<li>Enter a whole number between 0 and 50</li>");
    expect(invalidHtml).toContain("<li>Enter a whole number of hours between 0 and 720</li>");
    expect(invalidHtml).toContain("<li>Enter a whole number between 0 and 100</li>");
    expect(invalidHtml).toContain("<li>Enter a whole number of minutes between 5 and 120</li>");
    expect(invalidHtml).toContain("<li>Enter a whole number of days between 1 and 365</li>");
    expect(invalidHtml).toContain("<li>Enter a whole number of hours between 1 and 720</li>");
    expect(invalidHtml).toContain("<li>Enter a whole number between 1 and 20</li>");
    expect(invalidHtml).toContain("<li>Enter a whole number between 1 and 50</li>");
    const missing = await html(await postForm(path, { supportEmail: "", platformFeePercent: "", minimumNoticeHours: "2", cancellationWindowHours: "2" }, cookie));
    expect(missing).toContain("<li>Support email is required</li>");

    const email = uniqueEmail();
    const saved = await landing(
      await postForm(
        path,
        { supportEmail: email, platformFeePercent: "15", minimumNoticeHours: "48", cancellationWindowHours: "12", lateCancellationRefundPercent: "25", holdMinutes: "20", maxAdvanceDays: "120", disputeWindowHours: "0", requestExpiryHours: "12", autoCompleteHours: "6", maxHoldsPerGuide: "1", maxHoldsPerMentee: "4" },
        cookie,
      ),
      cookie,
    );
    expect(saved).toContain("Settings Updated");
    expect(saved).toContain(`value="${email}"`);
    expect(await getPlatformSettings()).toMatchObject({
      supportEmail: email,
      platformFeePercent: 15,
      minimumNoticeHours: 48,
      cancellationWindowHours: 12,
      lateCancellationRefundPercent: 25,
      holdMinutes: 20,
      maxAdvanceDays: 120,
      disputeWindowHours: 0,
      requestExpiryHours: 12,
      autoCompleteHours: 6,
      maxHoldsPerGuide: 1,
      maxHoldsPerMentee: 4,
    });
    expect(await prisma.platformSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({ supportEmail: email, platformFeePercent: 15 });
    expect(await html(await send("/contact"))).toContain(`mailto:${email}`);
  });

  test("the support address is SUPPORT_EMAIL until an admin sets another, and saving it unchanged keeps it a default", async () => {
    const fields = { platformFeePercent: "10", minimumNoticeHours: "24", cancellationWindowHours: "24", lateCancellationRefundPercent: "50", holdMinutes: "15", maxAdvanceDays: "90", disputeWindowHours: "48", requestExpiryHours: "48", autoCompleteHours: "24", maxHoldsPerGuide: "2", maxHoldsPerMentee: "3" };
    await prisma.platformSettings.deleteMany();
    // No settings saved (SUPPORT_EMAIL is unset here): the default address, on the pages and in the e-mails.
    expect((await getPlatformSettings()).supportEmail).toBe("support@ministrymentors.org");
    expect(await html(await send("/contact"))).toContain("mailto:support@ministrymentors.org");
    expect(await html(await send("/support"))).toContain("mailto:support@ministrymentors.org");
    const visitor = uniqueEmail();
    const asked = await send("/support", {
      method: "POST",
      body: new URLSearchParams({ name: "Ruth Alvarez", email: visitor, subject: "Our staff", message: "Can three of us join one session?" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    });
    expect(asked.status).toBe(302);
    expect((await lastMailTo(visitor)).text).toContain("write to support@ministrymentors.org.");
    const { cookie } = await signIn("admin");
    const path = "/admin/dashboard/settings";
    expect(await html(await send(path, { cookie }))).toContain('value="support@ministrymentors.org"');

    // Saved as the form showed it: still the server's default (null), not a copy of it.
    expect((await postForm(path, { ...fields, supportEmail: "support@ministrymentors.org", platformFeePercent: "12" }, cookie)).status).toBe(302);
    expect(await prisma.platformSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({ supportEmail: null, platformFeePercent: 12 });
    expect((await getPlatformSettings()).supportEmail).toBe("support@ministrymentors.org");

    // Another address is the operator's own, and is what people read.
    const email = uniqueEmail();
    expect((await postForm(path, { ...fields, supportEmail: email }, cookie)).status).toBe(302);
    expect(await prisma.platformSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({ supportEmail: email });
    expect(await html(await send("/contact"))).toContain(`mailto:${email}`);
  });

  test("people who are not admins cannot change settings or the admin account", async () => {
    const { cookie } = await signIn("guide");
    const before = await getPlatformSettings();
    const response = await postForm("/admin/dashboard/settings", { supportEmail: "x@test.example", platformFeePercent: "50", minimumNoticeHours: "1", cancellationWindowHours: "1" }, cookie);
    expect(response.headers.get("Location")).toBe("/mentor-dashboard");
    expect((await getPlatformSettings()).supportEmail).toBe(before.supportEmail);
    expect((await postForm("/admin/dashboard/change-password", { currentPassword: TEST_PASSWORD, password: "N3w-Pass!", confirmPassword: "N3w-Pass!" }, cookie)).headers.get("Location")).toBe("/mentor-dashboard");
  });
});
