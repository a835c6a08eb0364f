import { faker } from "@faker-js/faker";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { verifyPassword } from "#app/lib/password.server.ts";
import { createSession } from "#app/lib/session.server.ts";
import { cookiesFrom, createPerson, send, signIn } from "#tests/app.ts";
import { expectConsoleError } from "#tests/setup/console.ts";

const addUser = "/admin/dashboard/add-User";
const editUser = (id: number) => `/admin/dashboard/edit-User/${id}`;
const userList = "/admin/dashboard/user-management/user";
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
const uid = () => faker.string.alpha(8).toLowerCase();

/** A red toast with this title, rendered in the page (not only present in the serialized action data). */
const errorToast = (title: string) => new RegExp(`data-variant="destructive"[^>]*>[\\s\\S]{0,300}>${title}<`);

type Fields = Record<string, string | string[] | File>;

/** A form post as a browser sends it: urlencoded, or multipart when a file is in it. */
function submit(path: string, fields: Fields, cookie: string, { multipart = false } = {}) {
  const entries = Object.entries(fields).flatMap(([key, value]) => (Array.isArray(value) ? value.map((v) => [key, v] as const) : [[key, value] as const]));
  let body: FormData | URLSearchParams;
  if (multipart || entries.some(([, value]) => value instanceof File)) {
    const form = new FormData();
    for (const [key, value] of entries) form.append(key, value);
    body = form;
  } else {
    body = new URLSearchParams(entries as [string, string][]);
  }
  return send(path, { method: "POST", body, cookie, headers: { Origin: "http://localhost" } });
}

/** The page a redirect goes to, with the toast its cookie carries. */
async function follow(response: Response, cookie: string) {
  expect(response.status).toBe(302);
  return text(await send(response.headers.get("Location")!, { cookie: cookiesFrom(response, cookie) }));
}

const png = async (color = "#4338ca") =>
  new File([new Uint8Array(await sharp({ create: { width: 16, height: 16, channels: 3, background: color } }).png().toBuffer())], "me.png", { type: "image/png" });
const fakePng = () => new File(["this is not an image at all"], "me.png", { type: "image/png" });
const textFile = () => new File(["plain words"], "notes.txt", { type: "text/plain" });
const emptyFileInput = () => new File([], "", { type: "application/octet-stream" });

const validUser = (overrides: Fields = {}): Fields => ({
  name: "Ruth Okafor",
  email: `ruth.${uid()}@test.example`,
  password: "Str0ng!Pass",
  confirmPassword: "Str0ng!Pass",
  title: "Youth Pastor",
  organisation: "Harbor Light Church",
  education: "B.A. in Theology",
  bio: "I lead a youth group of forty students.",
  experience: "Six years as a volunteer.",
  challenges: "Volunteers burn out every spring.",
  specialties: ["youthMinistry", "smallGroups"],
  ...overrides,
});

let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  admin = await signIn("admin");
});

describe("Create User form", () => {
  test("shows the title, every field, the 16 specialties and Cancel/Submit", async () => {
    const response = await send(addUser, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = await text(response);
    expect(html).toContain("<title>Create User · Ministry Mentors</title>");
    expect(html).toMatch(/<h1[^>]*>Create User<\/h1>/);
    for (const label of ["Full name", "Email", "Password", "Confirm Password", "Job title", "Church or organisation", "Education", "Bio", "Experience", "Share Your Journey", "Profile picture"]) {
      expect(html).toMatch(new RegExp(`<label[^>]*>${label}</label>`));
    }
    for (const label of ["Leadership", "Church Growth", "Strategic Planning", "Discipleship", "Worship Planning", "Youth Ministry", "Children's Ministry", "Small Groups", "Missions", "Evangelism", "Church Planting", "Pastoral Care", "Administration", "Finance", "Technology", "Communications"]) {
      expect(html).toContain(label);
    }
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*value="childrensMinistry"/);
    expect(html).toMatch(/<a[^>]*href="\/admin\/dashboard\/user-management\/user"[^>]*>Cancel<\/a>/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Submit<\/button>/);
    expect(html).toMatch(/<form[^>]*id="create-user"[^>]*encType="multipart\/form-data"/i);
  });

  test("an empty form gets every required-field message, without JavaScript", async () => {
    const response = await submit(addUser, { name: "", email: "", password: "", confirmPassword: "", title: "", organisation: "", education: "", bio: "" }, admin.cookie);
    expect(response.status).toBe(400);
    const html = await text(response);
    for (const message of [
      "Name is required.",
      "Email is required.",
      "Job title is required.",
      "Organization is required.",
      "Education is required.",
      "Bio is required.",
      "Password is required.",
    ]) {
      expect(html).toContain(message);
    }
  });

  test.each([
    ["a name with digits", { name: "Ruth 2" }, "name", "Please enter a valid name without numbers or special characters."],
    ["a name with special characters", { name: "Ruth@Okafor" }, "name", "Please enter a valid name without numbers or special characters."],
    ["an e-mail without a domain", { email: "ruth@" }, "email", "Please enter a valid email address."],
    ["a short password", { password: "Ab1!", confirmPassword: "Ab1!" }, "password", "Password must be at least 8 characters and include one capital letter."],
    ["a password without a capital", { password: "abcdefg1!", confirmPassword: "abcdefg1!" }, "password", "Password must be at least 8 characters and include one capital letter."],
    ["a password without a lowercase letter", { password: "ABCDEFG1!", confirmPassword: "ABCDEFG1!" }, "password", "Password must include at least one lowercase letter."],
    ["a password without a number", { password: "Abcdefgh!", confirmPassword: "Abcdefgh!" }, "password", "Password must include at least one number."],
    ["a password without a special character", { password: "Abcdefgh1", confirmPassword: "Abcdefgh1" }, "password", "Password must include at least one special character."],
    ["a password whose only symbol is outside !@#$%^&*?", { password: "Abcdefgh1.", confirmPassword: "Abcdefgh1." }, "password", "Password must include at least one special character."],
    ["a confirmation that differs", { confirmPassword: "Str0ng!Pass2" }, "confirmPassword", "Passwords do not match."],
    ["a confirmation with no password", { password: "", confirmPassword: "Str0ng!Pass" }, "confirmPassword", "Please enter a password first."],
  ])("%s is refused with its message, and what was typed is kept", async (_case, overrides, field, message) => {
    const fields = validUser(overrides as Fields);
    const response = await submit(addUser, fields, admin.cookie);
    expect(response.status).toBe(400);
    const html = await text(response);
    expect(html).toMatch(new RegExp(`id="[^"]*-${field}-error"[^>]*>(?:(?!</ul>).)*${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "s"));
    expect(html).toContain(`value="${fields.organisation}"`);
    expect(html).not.toContain("Str0ng!Pass");
    expect(await prisma.user.count({ where: { email: String(fields.email) } })).toBe(0);
  });

  test("an image field with a file that is not an image is refused before anything is saved", async () => {
    const fields = validUser({ image: textFile() });
    const response = await submit(addUser, fields, admin.cookie);
    expect(response.status).toBe(400);
    expect(await text(response)).toContain("Please select a valid image file.");
    expect(await prisma.user.count({ where: { email: String(fields.email) } })).toBe(0);
  });

  test("a valid form creates the user with a hashed password, specialties and the picture, then goes to the list with 'User created'", async () => {
    const fields = validUser({ image: await png() });
    const response = await submit(addUser, fields, admin.cookie);
    expect(response.headers.get("Location")).toBe(userList);
    const page = await follow(response, admin.cookie);
    expect(page).toContain("User created");

    const user = await prisma.user.findUniqueOrThrow({ where: { email: String(fields.email) }, include: { password: true, specialties: true, image: true } });
    expect(user).toMatchObject({ role: "user", name: "Ruth Okafor", title: "Youth Pastor", organisation: "Harbor Light Church", challenges: "Volunteers burn out every spring.", status: "active", isDeleted: false });
    expect(user.specialties.map((s) => s.code).sort()).toEqual(["smallGroups", "youthMinistry"]);
    expect(await verifyPassword("Str0ng!Pass", user.password!.hash)).toBe(true);
    expect(user.image?.contentType).toBe("image/webp");
  });

  test("with no picture chosen (an empty file input) the user is created without one", async () => {
    const fields = validUser({ image: emptyFileInput(), specialties: [] });
    const response = await submit(addUser, fields, admin.cookie);
    expect(response.headers.get("Location")).toBe(userList);
    const user = await prisma.user.findUniqueOrThrow({ where: { email: String(fields.email) }, include: { specialties: true } });
    expect(user.imageId).toBeNull();
    expect(user.specialties).toEqual([]);
  });

  test("a picture that only claims to be an image is not stored, and the user is still created (the failure is logged)", async () => {
    expectConsoleError(/Profile picture of new user \d+ was not stored:[\s\S]*The file must be an image/);
    const fields = validUser({ image: fakePng() });
    const response = await submit(addUser, fields, admin.cookie);
    expect(response.headers.get("Location")).toBe(userList);
    const user = await prisma.user.findUniqueOrThrow({ where: { email: String(fields.email) } });
    expect(user.imageId).toBeNull();
  });

  test("an e-mail already in use keeps the form and shows 'Creation Failed' with the server's message", async () => {
    const existing = await createPerson("guide");
    const fields = validUser({ email: existing.email.toUpperCase(), name: "Second Person" });
    const response = await submit(addUser, fields, admin.cookie, { multipart: true });
    // a save the domain refused answers like any failed form: 400, the message beside the e-mail, the
    // typed values kept (the password never), and the 'Creation Failed' toast in this same page
    expect(response.status).toBe(400);
    const html = await text(response);
    expect(html).toMatch(/id="[^"]*email-error"[^>]*>[\s\S]{0,200}A user with this email already exists/);
    expect(html).toContain('value="Second Person"');
    expect(html).not.toContain('value="Str0ng!Pass"');
    expect(html).toMatch(errorToast("Creation Failed"));
    expect(response.headers.get("Set-Cookie") ?? "").not.toMatch(/mm_toast=/);
    expect(await prisma.user.count({ where: { email: existing.email } })).toBe(1);
  });

  test("only administrators reach the form", async () => {
    const { cookie } = await signIn("user");
    const response = await submit(addUser, validUser(), cookie);
    expect(response.headers.get("Location")).toBe("/user-dashboard");
    expect((await send(addUser)).headers.get("Location")).toMatch(/^\/admin\/login/);
  });
});

describe("Edit User form", () => {
  async function mentee() {
    const person = await createPerson("user", { name: "Naomi Adeyemi", organisation: `Old Church ${uid()}` });
    await prisma.user.update({
      where: { id: person.id },
      data: { title: "Elder", education: "M.Div.", bio: "Serving for years.", experience: "Ten years.", challenges: "Growing pains.", specialties: { create: [{ code: "finance" }] } },
    });
    return person;
  }

  test("shows the person's values, the e-mail read-only, the picture and Cancel/Update", async () => {
    const person = await mentee();
    const response = await send(editUser(person.id), { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = await text(response);
    expect(html).toContain("<title>Edit User · Ministry Mentors</title>");
    expect(html).toMatch(/<h1[^>]*>Edit User<\/h1>/);
    expect(html).toMatch(new RegExp(`<input[^>]*readOnly=""[^>]*value="${person.email}"`));
    expect(html).not.toMatch(/name="email"/);
    expect(html).toContain(`value="${person.organisation}"`);
    expect(html).toContain("Serving for years.");
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="finance"/);
    expect(html).not.toMatch(/<input[^>]*checked=""[^>]*value="missions"/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Update<\/button>/);
    expect(html).toMatch(/<a[^>]*href="\/admin\/dashboard\/user-management\/user"[^>]*>Cancel<\/a>/);
    expect(html).toContain('name="intent" value="image"');
    expect(html).toContain("Upload picture");
  });

  test("saving a new organisation goes to the list with 'User updated successfully.' and the list shows it", async () => {
    const person = await mentee();
    const hashBefore = (await prisma.password.findUniqueOrThrow({ where: { userId: person.id } })).hash;
    const organisation = `New Dawn Church ${uid()}`;
    const response = await submit(
      editUser(person.id),
      { name: "Naomi Adeyemi", title: "Elder", organisation, education: "M.Div.", bio: "Serving for years.", experience: "", challenges: "Growing pains.", specialties: ["finance", "missions"], password: "", confirmPassword: "" },
      admin.cookie,
    );
    expect(response.headers.get("Location")).toBe(userList);
    const page = await follow(response, admin.cookie);
    expect(page).toContain("Success");
    expect(page).toContain("User updated successfully.");
    const saved = await prisma.user.findUniqueOrThrow({ where: { id: person.id }, include: { specialties: true, password: true } });
    expect(saved.organisation).toBe(organisation);
    expect(saved.experience).toBeNull();
    expect(saved.email).toBe(person.email);
    expect(saved.specialties.map((s) => s.code).sort()).toEqual(["finance", "missions"]);
    expect(saved.password?.hash).toBe(hashBefore);
    const list = await text(await send(`${userList}?search=${encodeURIComponent(organisation)}`, { cookie: admin.cookie }));
    expect(list).toContain(organisation);
  });

  test("an e-mail sent with the edit is ignored", async () => {
    const person = await mentee();
    await submit(editUser(person.id), { name: "Naomi Adeyemi", email: "changed@test.example", title: "Elder", organisation: "X Church", education: "M.Div.", bio: "B" }, admin.cookie);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).email).toBe(person.email);
  });

  test("the edit runs the same rules: messages, an optional password with its policy, 'Please enter a password first.'", async () => {
    const person = await mentee();
    const base = { name: "Naomi Adeyemi", title: "Elder", organisation: "X Church", education: "M.Div.", bio: "B" };
    const blank = await text(await submit(editUser(person.id), { name: "N4omi", title: "", organisation: "", education: "", bio: "" }, admin.cookie));
    for (const message of ["Please enter a valid name without numbers or special characters.", "Job title is required.", "Organization is required.", "Education is required.", "Bio is required."]) {
      expect(blank).toContain(message);
    }
    expect(blank).not.toContain("Password is required.");
    const weak = await text(await submit(editUser(person.id), { ...base, password: "weakpass", confirmPassword: "weakpass" }, admin.cookie));
    expect(weak).toContain("Password must be at least 8 characters and include one capital letter.");
    const first = await text(await submit(editUser(person.id), { ...base, confirmPassword: "Str0ng!Pass" }, admin.cookie));
    expect(first).toContain("Please enter a password first.");
    const differ = await text(await submit(editUser(person.id), { ...base, password: "Str0ng!Pass", confirmPassword: "Other!Pass1" }, admin.cookie));
    expect(differ).toContain("Passwords do not match.");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).organisation).toBe(person.organisation);
  });

  test("a new password replaces the old one and signs the person out", async () => {
    const person = await mentee();
    await createSession(person.id);
    const response = await submit(
      editUser(person.id),
      { name: "Naomi Adeyemi", title: "Elder", organisation: "X Church", education: "M.Div.", bio: "B", password: "N3w!Password", confirmPassword: "N3w!Password" },
      admin.cookie,
    );
    expect(response.headers.get("Location")).toBe(userList);
    const hash = (await prisma.password.findUniqueOrThrow({ where: { userId: person.id } })).hash;
    expect(await verifyPassword("N3w!Password", hash)).toBe(true);
    expect(await prisma.session.count({ where: { userId: person.id } })).toBe(0);
  });

  test("picking a picture uploads it at once: 'Profile Picture/Image Updated', and the old one is removed", async () => {
    const person = await mentee();
    const first = await submit(editUser(person.id), { intent: "image", image: await png("#ff0000") }, admin.cookie);
    expect(first.headers.get("Location")).toBe(editUser(person.id));
    expect(await follow(first, admin.cookie)).toContain("Profile Picture/Image Updated");
    const firstId = (await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).imageId!;
    expect(firstId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    await submit(editUser(person.id), { intent: "image", image: await png("#00ff00") }, admin.cookie);
    const secondId = (await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).imageId!;
    expect(secondId).not.toBe(firstId);
    expect(await prisma.upload.count({ where: { id: firstId } })).toBe(0);
    const image = await send(`/images/${secondId}`);
    expect(image.headers.get("Content-Type")).toBe("image/webp");
    expect(image.headers.get("Cache-Control")).toContain("max-age=31536000");
  });

  test.each([
    ["a text file", textFile, "Please select a valid image file."],
    ["a text file named .png", fakePng, "The file must be an image"],
  ])("%s as the picture is refused with 'Update Failed'", async (_case, file, message) => {
    const person = await mentee();
    const response = await submit(editUser(person.id), { intent: "image", image: file() }, admin.cookie);
    const page = await follow(response, admin.cookie);
    expect(page).toContain("Update Failed");
    expect(page).toContain(message);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).imageId).toBeNull();
  });

  test("an unknown, deleted or non-user id shows 'User not found'", async () => {
    const guide = await createPerson("guide");
    const deleted = await createPerson("user");
    await prisma.user.update({ where: { id: deleted.id }, data: { isDeleted: true } });
    for (const id of [99_999_999, guide.id, deleted.id]) {
      const response = await send(editUser(id), { cookie: admin.cookie });
      expect(response.status).toBe(404);
      expect(await text(response)).toContain("User not found");
    }
    const save = await submit(editUser(deleted.id), { name: "Naomi Adeyemi", title: "Elder", organisation: "X", education: "M", bio: "B" }, admin.cookie);
    expect(save.headers.get("Location")).toBe(userList);
    const page = await follow(save, admin.cookie);
    expect(page).toContain("Update Failed");
    expect(page).toContain("User not found");
    const bad = await send("/admin/dashboard/edit-User/abc", { cookie: admin.cookie });
    expect(bad.status).toBe(404);
    expect(await text(bad)).toContain("User not found");
  });
});

describe("User API", () => {
  const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

  test("POST /api/admin/create-user answers 201 with the user, and specialties may come as a JSON string", async () => {
    const email = `api.${uid()}@test.example`;
    const response = await send("/api/admin/create-user", {
      method: "POST",
      token: admin.token,
      ...json({ ...validUser({ email }), userType: "user", specialties: '["leadership","finance"]' }),
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.user).toMatchObject({ email, name: "Ruth Okafor", userType: "user", specialties: ["finance", "leadership"], imageUrl: "/images/default" });
    expect(body.user.id).toBeGreaterThan(0);
    expect(body.user.password).toBeUndefined();
  });

  test("create-user refuses bad input with the form's messages, a taken e-mail with 409, and answers only admins", async () => {
    const bad = await send("/api/admin/create-user", { method: "POST", token: admin.token, ...json(validUser({ name: "R2D2" })) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      message: "Please enter a valid name without numbers or special characters.",
      errors: { name: ["Please enter a valid name without numbers or special characters."] },
    });
    const weak = await send("/api/admin/create-user", { method: "POST", token: admin.token, ...json(validUser({ password: "password1!", confirmPassword: "password1!" })) });
    expect((await weak.json()).message).toBe("Password must be at least 8 characters and include one capital letter.");
    const malformed = await send("/api/admin/create-user", { method: "POST", token: admin.token, body: "{nope", headers: { "Content-Type": "application/json" } });
    expect(malformed.status).toBe(400);

    const existing = await createPerson("user");
    const taken = await send("/api/admin/create-user", { method: "POST", token: admin.token, ...json(validUser({ email: existing.email })) });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: "A user with this email already exists" });

    expect((await send("/api/admin/create-user", { method: "POST", ...json(validUser()) })).status).toBe(401);
    const user = await signIn("user");
    expect((await send("/api/admin/create-user", { method: "POST", token: user.token, ...json(validUser()) })).status).toBe(403);
    expect((await send("/api/admin/create-user", { token: admin.token })).status).toBe(405);
  });

  test("GET get-user-by-id answers {user}; 404 for unknown ids, 400 for bad ones", async () => {
    const person = await createPerson("user");
    const response = await send(`/api/admin/get-user-by-id/${person.id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({ id: person.id, email: person.email, userType: "user", status: "active" });
    const missing = await send("/api/admin/get-user-by-id/99999999", { token: admin.token });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "User not found" });
    expect((await send("/api/admin/get-user-by-id/x1", { token: admin.token })).status).toBe(400);
    expect((await send(`/api/admin/get-user-by-id/${person.id}`)).status).toBe(401);
  });

  test("PUT update-user-by-id updates everything but the e-mail; 400 with the form's messages; 404", async () => {
    const person = await createPerson("user");
    const response = await send(`/api/admin/update-user-by-id/${person.id}`, {
      method: "PUT",
      token: admin.token,
      ...json({ name: "Grace Mensah", email: "new@test.example", title: "Deacon", organisation: "Bethel", education: "B.A.", bio: "Hello", specialties: ["missions"], experience: "Some", challenges: "Many" }),
    });
    expect(response.status).toBe(200);
    const { user } = await response.json();
    expect(user).toMatchObject({ id: person.id, name: "Grace Mensah", email: person.email, organisation: "Bethel", specialties: ["missions"], challenges: "Many" });

    const bad = await send(`/api/admin/update-user-by-id/${person.id}`, { method: "PUT", token: admin.token, ...json({ name: "Grace", title: "", organisation: "B", education: "B", bio: "B" }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Job title is required.", errors: { title: ["Job title is required."] } });
    const confirmOnly = await send(`/api/admin/update-user-by-id/${person.id}`, {
      method: "PUT",
      token: admin.token,
      ...json({ name: "Grace", title: "T", organisation: "B", education: "B", bio: "B", confirmPassword: "Str0ng!Pass" }),
    });
    expect(await confirmOnly.json()).toEqual({ message: "Please enter a password first.", errors: { confirmPassword: ["Please enter a password first."] } });
    const missing = await send("/api/admin/update-user-by-id/99999999", { method: "PUT", token: admin.token, ...json({ name: "Grace", title: "T", organisation: "B", education: "B", bio: "B" }) });
    expect(missing.status).toBe(404);
    expect((await send(`/api/admin/update-user-by-id/${person.id}`, { method: "POST", token: admin.token, ...json({}) })).status).toBe(405);
  });

  test("PUT update-user-profile-picture takes imageUrl or file; 400 without a file, 413 too large, 415 not an image, 404 unknown user", async () => {
    const person = await createPerson("user");
    const put = (id: number, field: string, file: File | null) => {
      const body = new FormData();
      if (file) body.append(field, file);
      else body.append("other", "x");
      return send(`/api/admin/update-user-profile-picture/${id}`, { method: "PUT", token: admin.token, body });
    };
    const ok = await put(person.id, "imageUrl", await png());
    expect(ok.status).toBe(200);
    const { user } = await ok.json();
    expect(user.imageUrl).toBe(`/images/${user.imageId}`);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).imageId).toBe(user.imageId);
    expect((await put(person.id, "file", await png("#000000"))).status).toBe(200);

    expect((await put(person.id, "imageUrl", null)).status).toBe(400);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 10)], "big.png", { type: "image/png" });
    expect((await put(person.id, "imageUrl", big)).status).toBe(413);
    const notImage = await put(person.id, "imageUrl", fakePng());
    expect(notImage.status).toBe(415);
    expect((await notImage.json()).message).toMatch(/must be an image/);
    expect((await put(99_999_999, "imageUrl", await png())).status).toBe(404);
    const notMultipart = await send(`/api/admin/update-user-profile-picture/${person.id}`, { method: "PUT", token: admin.token, ...json({ imageUrl: "x" }) });
    expect(notMultipart.status).toBe(400);
    const user2 = await signIn("guide");
    expect((await send(`/api/admin/update-user-profile-picture/${person.id}`, { method: "PUT", token: user2.token, body: new FormData() })).status).toBe(403);
  });
});
