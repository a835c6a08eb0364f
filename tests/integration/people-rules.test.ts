/**
 * One rule for names, phone numbers, titles and passwords (lib/person-fields.ts, lib/phone.ts,
 * lib/password-rules.ts), through every door that takes them: sign-up, the guide application, the console's user and
 * guide forms and their API, the mentee's and the guide's own profiles, the admin's own profile and password, and
 * Settings. Real names and numbers are accepted and kept in one form; the console's messages stay SPEC §5's words.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { verifyPassword } from "#app/lib/password.server.ts";
import { PASSWORD_RULE_TEXT } from "#app/lib/password-rules.ts";
import { createPerson, send, signIn, TEST_PASSWORD } from "#tests/app.ts";
import { sendQueuedMail } from "#tests/mocks/mail.ts";

const NAMES = ["Mary O'Connor", "Mary-Ann Smith", "Rev. John Smith", "John Smith Jr.", "José Núñez", "Zoë Brontë"];
const TITLE = "Senior Pastor (retired)";
const PASSWORD = "Grace#2026";

const tag = () => randomBytes(4).toString("hex");
let clients = 0;
const client = () => `203.0.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

/** HTML as a person reads it. */
const text = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

function post(path: string, fields: Record<string, string | string[]>, { cookie, clientAddress }: { cookie?: string; clientAddress?: string } = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return send(path, { method: "POST", body, cookie, clientAddress: clientAddress ?? client(), headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" } });
}

const api = (path: string, token: string, method: string, body: unknown) =>
  send(`/api/admin/${path}`, { method, token, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** The guide form's own fields as a browser sends them. */
const guideFields = (name: string, overrides: Record<string, string> = {}) => ({
  name,
  phone: "(503) 555-0147",
  title: TITLE,
  organisation: "St. Mary's & St. John's (Anglican)",
  experience: "12",
  category: "Senior Pastors",
  "education[0]": "M.Div., Fuller Seminary (2004)",
  "languages[0]": "English",
  "expertise[0]": "Church planting",
  specialties: "leadership",
  bio: "Pastor for 20 years; married to Ruth! Ask me about rural churches?",
  ...overrides,
});

const application = (name: string, overrides: Record<string, string> = {}) => ({
  ...guideFields(name),
  email: `apply.${tag()}@rules.test`,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  howToServe: "I would love to walk with pastors in their first five years of ministry.",
  price: "60",
  "references[0]": "Rev. Ana Díaz, Senior Pastor, Hope Church",
  "references[1]": "Dr. Paul Kim, District Superintendent",
  terms: "on",
  ...overrides,
});

const userFields = (name: string, overrides: Record<string, string> = {}) => ({
  name,
  title: TITLE,
  organisation: "St. Mary's & St. John's (Anglican)",
  education: "M.Div.",
  bio: "Serving a rural church.",
  ...overrides,
});

async function approvedGuide() {
  const guide = await signIn("guide");
  await prisma.guideProfile.create({ data: { userId: guide.person.id, hourlyRateCents: 5000 } });
  return guide;
}

describe("names, titles and passwords people really have are accepted everywhere", () => {
  test.each(NAMES)("%s applies as a guide with a title in brackets, a local phone number and a password with #", async (name) => {
    const fields = application(name);
    const response = await post("/guide-application", fields);
    expect(response.status, await response.clone().text().then((page) => page.match(/role="alert"[^>]*>[\s\S]{0,300}/)?.[0] ?? "")).toBe(302);
    const user = await prisma.user.findUniqueOrThrow({ where: { email: fields.email }, include: { guideProfile: true, password: true } });
    expect(user).toMatchObject({ name, title: TITLE, organisation: "St. Mary's & St. John's (Anglican)" });
    expect(user.guideProfile?.phone).toBe("+15035550147");
    expect(JSON.parse(user.guideProfile!.education)).toEqual(["M.Div., Fuller Seminary (2004)"]);
    expect(await verifyPassword(PASSWORD, user.password!.hash)).toBe(true);
  });

  test.each(NAMES)("%s signs up with a title in brackets and a password with #", async (name) => {
    const email = `signup.${tag()}@rules.test`;
    const response = await post("/signup", { ...userFields(name), email, password: PASSWORD, confirmPassword: PASSWORD, terms: "on" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/verify-email");
    await sendQueuedMail();
    expect(await prisma.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ name, title: TITLE });
  });

  test("a name typed with extra spaces or decomposed accents is kept tidy (one space, composed accents)", async () => {
    const admin = await signIn("admin");
    const email = `tidy.${tag()}@rules.test`;
    const response = await api("create-user", admin.token, "POST", { ...userFields("  Zoe\u0308   Bronte\u0308 "), email, password: PASSWORD, confirmPassword: PASSWORD });
    expect(response.status).toBe(201);
    expect((await prisma.user.findUniqueOrThrow({ where: { email } })).name).toBe("Zoë Brontë");
  });

  test("the console's user form and its API, and the mentee's own profile", async () => {
    const admin = await signIn("admin");
    for (const name of NAMES) {
      const email = `user.${tag()}@rules.test`;
      const created = await post("/admin/dashboard/add-User", { ...userFields(name), email, password: PASSWORD, confirmPassword: PASSWORD }, { cookie: admin.cookie });
      expect(created.status, name).toBe(302);
      expect(await prisma.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ name, title: TITLE });
      const apiEmail = `api.${tag()}@rules.test`;
      const viaApi = await api("create-user", admin.token, "POST", { ...userFields(name), email: apiEmail, password: PASSWORD, confirmPassword: PASSWORD });
      expect(viaApi.status, name).toBe(201);
    }
    const mentee = await signIn("user");
    for (const name of NAMES) {
      const saved = await post("/user-dashboard/profile", userFields(name), { cookie: mentee.cookie });
      expect(saved.status, name).toBe(302);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: mentee.person.id } })).name).toBe(name);
    }
  });

  test("the console's guide form and its API, the guide's own profile and the admin's own profile", async () => {
    const admin = await signIn("admin");
    const guide = await approvedGuide();
    for (const name of NAMES) {
      const email = `guide.${tag()}@rules.test`;
      const created = await post("/admin/dashboard/add-Guide", { ...guideFields(name), email, password: PASSWORD, confirmPassword: PASSWORD }, { cookie: admin.cookie });
      expect(created.status, name).toBe(302);
      const stored = await prisma.user.findUniqueOrThrow({ where: { email }, include: { guideProfile: true } });
      expect(stored).toMatchObject({ name, title: TITLE });
      expect(stored.guideProfile?.phone).toBe("+15035550147");

      const viaApi = await api("create-mentor", admin.token, "POST", {
        ...guideFields(name, { phone: "+44 20 7946 0958" }),
        email: `api.${tag()}@rules.test`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        education: ["M.Div. (2004)"],
        languages: ["English"],
        expertise: ["Preaching"],
        specialties: ["leadership"],
      });
      expect(viaApi.status, name).toBe(201);
      expect((await viaApi.json()).guide.phone).toBe("+442079460958");

      expect((await post("/mentor-dashboard/profile", guideFields(name), { cookie: guide.cookie })).status, name).toBe(302);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.person.id } })).name).toBe(name);

      expect((await post("/admin/dashboard/myprofile", { name, email: admin.person.email }, { cookie: admin.cookie })).status, name).toBe(302);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: admin.person.id } })).name).toBe(name);
    }
  });

  test("a password with # is accepted by Settings, the admin's Change Password and both APIs' forms", async () => {
    for (const role of ["user", "guide"] as const) {
      const person = role === "guide" ? await approvedGuide() : await signIn("user");
      const area = role === "guide" ? "/mentor-dashboard" : "/user-dashboard";
      const changed = await post(`${area}/settings`, { intent: "password", currentPassword: TEST_PASSWORD, password: PASSWORD, confirmPassword: PASSWORD }, { cookie: person.cookie });
      expect(changed.status, role).toBe(302);
      const stored = await prisma.password.findUniqueOrThrow({ where: { userId: person.person.id } });
      expect(await verifyPassword(PASSWORD, stored.hash)).toBe(true);
    }
    const admin = await signIn("admin");
    const changed = await post("/admin/dashboard/change-password", { currentPassword: TEST_PASSWORD, password: PASSWORD, confirmPassword: PASSWORD }, { cookie: admin.cookie });
    expect(changed.status).toBe(302);
  });
});

describe("one password rule, one hint", () => {
  test("every new-password field shows the same hint, naming the same special characters", async () => {
    expect(PASSWORD_RULE_TEXT).toBe("At least 8 characters, with a capital letter, a lowercase letter, a number and one of ! @ # $ % ^ & * ?");
    const admin = await signIn("admin");
    const mentee = await signIn("user");
    const guide = await approvedGuide();
    const pages: Array<[string, string | undefined]> = [
      ["/signup", undefined],
      ["/guide-application", undefined],
      ["/reset-password?email=someone%40rules.test&sent=1", undefined],
      ["/admin/dashboard/add-User", admin.cookie],
      ["/admin/dashboard/add-Guide", admin.cookie],
      ["/admin/dashboard/change-password", admin.cookie],
      ["/user-dashboard/settings", mentee.cookie],
      ["/mentor-dashboard/settings", guide.cookie],
    ];
    for (const [path, cookie] of pages) {
      const page = await text(await send(path, { cookie }));
      expect(page, path).toContain(PASSWORD_RULE_TEXT);
      expect(page, path).not.toContain("@$!%*?&");
    }
  });

  test("the same password is refused the same way everywhere: a symbol outside the list is no special character", async () => {
    const weak = "Grace.2026";
    const admin = await signIn("admin");
    const userForm = await text(await post("/admin/dashboard/add-User", { ...userFields("Ruth Okafor"), email: `w.${tag()}@rules.test`, password: weak, confirmPassword: weak }, { cookie: admin.cookie }));
    expect(userForm).toContain("Password must include at least one special character.");
    const guideForm = await text(await post("/admin/dashboard/add-Guide", { ...guideFields("Ruth Okafor"), email: `w.${tag()}@rules.test`, password: weak, confirmPassword: weak }, { cookie: admin.cookie }));
    expect(guideForm).toContain("Password must contain at least one lowercase letter, one uppercase letter, one number, one special character, and be at least 8 characters long");
    const applied = await text(await post("/guide-application", application("Ruth Okafor", { password: weak, confirmPassword: weak })));
    expect(applied).toContain("Password must contain at least one lowercase letter, one uppercase letter, one number, one special character, and be at least 8 characters long");
  });
});

describe("phone numbers: typed as people write them, kept in E.164, shown formatted", () => {
  test("a US number without a country code and a UK number are stored in E.164 and shown as people read them", async () => {
    const admin = await signIn("admin");
    const guide = await approvedGuide();
    const saved = await post("/mentor-dashboard/profile", guideFields("Ruth Okafor", { phone: "+44 20 7946 0958" }), { cookie: guide.cookie });
    expect(saved.status).toBe(302);
    expect((await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.person.id } })).phone).toBe("+442079460958");
    // The guide's own form and the console's profile and edit form show it formatted.
    expect(await text(await send("/mentor-dashboard/profile", { cookie: guide.cookie }))).toContain('value="+44 20 7946 0958"');
    expect(await text(await send(`/admin/dashboard/viewAddGuide/${guide.person.id}`, { cookie: admin.cookie }))).toContain("+44 20 7946 0958");

    await post("/mentor-dashboard/profile", guideFields("Ruth Okafor", { phone: "503.555.0147 ext. 12" }), { cookie: guide.cookie });
    expect((await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.person.id } })).phone).toBe("+15035550147;ext=12");
    expect(await text(await send(`/admin/dashboard/editGuide/${guide.person.id}`, { cookie: admin.cookie }))).toContain('value="(503) 555-0147 ext. 12"');
  });

  test("a number stored before, which does not read as a real number, is shown as it was stored; a new save asks for a real one", async () => {
    const admin = await signIn("admin");
    const guide = await approvedGuide();
    await prisma.guideProfile.update({ where: { userId: guide.person.id }, data: { phone: "+1 555-123-4567" } });
    expect(await text(await send(`/admin/dashboard/viewAddGuide/${guide.person.id}`, { cookie: admin.cookie }))).toContain("+1 555-123-4567");
    const page = await text(await send("/mentor-dashboard/profile", { cookie: guide.cookie }));
    expect(page).toContain('value="+1 555-123-4567"');
    const refused = await post("/mentor-dashboard/profile", guideFields("Ruth Okafor", { phone: "+1 555-123-4567" }), { cookie: guide.cookie });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("Invalid phone number format (e.g., +1234567890 or 123-456-7890)");
    expect((await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.person.id } })).phone).toBe("+1 555-123-4567");
  });

  test("the API answers the guide form's exact messages for a missing or unreadable number", async () => {
    const admin = await signIn("admin");
    const guide = await createPerson("guide");
    await prisma.guideProfile.create({ data: { userId: guide.id, phone: "+15035550147" } });
    const base = { ...guideFields("Ruth Okafor"), email: guide.email, education: ["M.Div."], languages: ["English"], expertise: ["Preaching"], specialties: ["leadership"] };
    const missing = await api(`update-mentor-by-id/${guide.id}`, admin.token, "PUT", { ...base, phone: "" });
    expect(await missing.json()).toEqual({ message: "Phone number is required", errors: { phone: ["Phone number is required"] } });
    const unreadable = await api(`update-mentor-by-id/${guide.id}`, admin.token, "PUT", { ...base, phone: "call me" });
    expect(unreadable.status).toBe(400);
    expect(await unreadable.json()).toEqual({
      message: "Invalid phone number format (e.g., +1234567890 or 123-456-7890)",
      errors: { phone: ["Invalid phone number format (e.g., +1234567890 or 123-456-7890)"] },
    });
  });
});

describe("the messages say what is wrong, in SPEC §5's words where SPEC gives them", () => {
  test("the guide form: name, phone, title and password messages, word for word", async () => {
    const admin = await signIn("admin");
    const email = `m.${tag()}@rules.test`;
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: "" }, "Name is required"],
      [{ name: "R2-D2" }, "Name must be 2-50 characters, letters, spaces, apostrophes, or hyphens only"],
      [{ name: "J" }, "Name must be 2-50 characters, letters, spaces, apostrophes, or hyphens only"],
      [{ phone: "" }, "Phone number is required"],
      [{ phone: "12ab34" }, "Invalid phone number format (e.g., +1234567890 or 123-456-7890)"],
      [{ title: "" }, "Title is required"],
      [{ title: "Pastor <b>" }, "Invalid title format"],
      [{ organisation: "Hope = Church" }, "Invalid organisation format"],
      [{ password: "", confirmPassword: "" }, "Password is required"],
    ];
    for (const [overrides, message] of cases) {
      const response = await post("/admin/dashboard/add-Guide", { ...guideFields("Ruth Okafor"), email, password: PASSWORD, confirmPassword: PASSWORD, ...overrides }, { cookie: admin.cookie });
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(await text(response), JSON.stringify(overrides)).toContain(message);
    }
    expect(await prisma.user.count({ where: { email } })).toBe(0);
  });

  test("the user form: an empty name is required, a name with digits is SPEC's sentence", async () => {
    const admin = await signIn("admin");
    const empty = await text(await post("/admin/dashboard/add-User", { ...userFields(""), email: "", password: PASSWORD, confirmPassword: PASSWORD }, { cookie: admin.cookie }));
    expect(empty).toContain("Name is required.");
    expect(empty).toContain("Email is required.");
    expect(empty).not.toContain("Please enter a valid name without numbers or special characters.");
    expect(empty).not.toContain("Please enter a valid email address.");
    const digits = await text(await post("/admin/dashboard/add-User", { ...userFields("Ruth 2"), email: "ruth@", password: PASSWORD, confirmPassword: PASSWORD }, { cookie: admin.cookie }));
    expect(digits).toContain("Please enter a valid name without numbers or special characters.");
    expect(digits).toContain("Please enter a valid email address.");
    const tooLong = await text(await post("/admin/dashboard/add-User", { ...userFields("A".repeat(51)), email: `l.${tag()}@rules.test`, password: PASSWORD, confirmPassword: PASSWORD }, { cookie: admin.cookie }));
    expect(tooLong).toContain("Name must be between 2 and 50 characters.");
    // Sign-up and the mentee's profile say the same.
    const signUp = await text(await post("/signup", { ...userFields(""), email: "", password: PASSWORD, confirmPassword: PASSWORD, terms: "on" }));
    expect(signUp).toContain("Name is required.");
    expect(signUp).toContain("Email is required.");
  });
});
