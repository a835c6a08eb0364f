import { faker } from "@faker-js/faker";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { verifyPassword } from "#app/lib/password.server.ts";
import { guideRequestConditions } from "#app/modules/guide-requests/guide-requests.server.ts";
import { guideMessages as m } from "#app/modules/guides/schema.ts";
import { cookiesFrom, createPerson, postForm, send, signIn } from "#tests/app.ts";
import { mailTo } from "#tests/mocks/mail.ts";
import { expectConsoleError } from "#tests/setup/console.ts";
import { expectReadInIndexOrder } from "#tests/support/query-plans.ts";

const list = "/admin/dashboard/user-management/guide";
const addForm = "/admin/dashboard/add-Guide";
const editForm = (id: number) => `/admin/dashboard/editGuide/${id}`;
const requests = "/admin/dashboard/guide-request";

/** HTML as text a person reads: React's comment markers removed and entities decoded. */
const text = async (response: Response) =>
  (await response.text())
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");

const unique = () => faker.string.alpha({ length: 10, casing: "lower" });

/** A red toast with this title, rendered in the page (not only present in the serialized action data). */
const errorToast = (title: string) => new RegExp(`data-variant="destructive"[^>]*>[\\s\\S]{0,300}>${title}<`);

let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  admin = await signIn("admin");
});

/** A valid guide as the API takes it. */
function validGuide(overrides: Record<string, unknown> = {}) {
  const tag = unique();
  return {
    name: "Grace O'Neil-Brown",
    email: `grace.${tag}@test.example`,
    phone: "(503) 555-0147",
    password: "Str0ng!pass",
    confirmPassword: "Str0ng!pass",
    title: "Senior Pastor",
    organisation: `Hope Church ${tag}`,
    experience: 12,
    education: ["M.Div., Dallas Theological Seminary"],
    languages: ["English", "Spanish"],
    bio: "Pastored for twelve years, planted two churches.",
    specialties: ["leadership", "churchGrowth"],
    expertise: ["Church planting", "Elder boards"],
    category: "Senior Pastors",
    isToggled: true,
    accountStatus: false,
    recentSuccess: "Coached a church through its first capital campaign",
    videoUrl: "https://www.youtube.com/embed/abc123",
    references: ["Rev. Thomas Greene, Superintendent"],
    ...overrides,
  };
}

/** The same guide as a browser form sends it (list entries as name[0], name[1], …; switches as 'on'). */
function asFormFields(guide: Record<string, unknown>) {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(guide)) {
    if (value === undefined || value === null || value === false) continue;
    if (Array.isArray(value)) {
      if (key === "specialties") value.forEach((code, index) => (fields[`specialties[${index}]`] = String(code)));
      else value.forEach((entry, index) => (fields[`${key}[${index}]`] = String(entry)));
    } else fields[key] = value === true ? "on" : String(value);
  }
  return fields;
}

/** A guide in the database, with a profile and (optionally) a pending join request. */
async function makeGuide(data: { name?: string; organisation?: string; category?: string; status?: string; isVerified?: boolean; request?: "pending" | "approved" | "rejected" | null; requestedAt?: Date } = {}) {
  const person = await createPerson("guide", {
    name: data.name,
    organisation: data.organisation,
    status: data.status,
    isVerified: data.isVerified ?? data.request !== "pending",
  });
  await prisma.guideProfile.create({ data: { userId: person.id, category: data.category ?? "Youth Ministry", phone: "+15550100", experienceYears: 5 } });
  if (data.request !== null) {
    await prisma.guideRequest.create({ data: { guideId: person.id, status: data.request ?? "approved", createdAt: data.requestedAt } });
  }
  return person;
}

async function png(width = 16, height = 16) {
  return sharp({ create: { width, height, channels: 3, background: "#4f46e5" } }).png().toBuffer();
}

/** The page a redirect leads to, with the toast cookie it set. */
async function follow(response: Response, cookie = admin.cookie) {
  expect(response.status).toBe(302);
  return text(await send(response.headers.get("Location")!, { cookie: cookiesFrom(response, cookie) }));
}

const api = (pathname: string, init: RequestInit & { token?: string } = {}) =>
  send(`/api/admin/${pathname}`, { token: admin.token, ...init, headers: { "Content-Type": "application/json", ...(init.headers ?? {}) } });


// ─── Validation: every rule of SPEC §5 'Guide form', each message, through both doors ───────────

const longText = (n: number) => "a".repeat(n);
const validationCases: Array<[string, Record<string, unknown>, string, string]> = [
  ["name missing", { name: "" }, "name", m.nameRequired],
  ["name too short", { name: "A" }, "name", m.nameFormat],
  ["name with digits", { name: "R2 D2" }, "name", m.nameFormat],
  ["name too long", { name: longText(51) }, "name", m.nameFormat],
  ["email missing", { email: "" }, "email", m.emailRequired],
  ["email malformed", { email: "grace-at-example" }, "email", m.emailFormat],
  ["phone missing", { phone: "" }, "phone", m.phoneRequired],
  ["phone malformed", { phone: "12ab34" }, "phone", m.phoneFormat],
  ["phone too long", { phone: "+12345 1234567890123456" }, "phone", m.phoneFormat],
  ["experience missing", { experience: "" }, "experience", m.experienceRequired],
  ["experience above 50", { experience: 51 }, "experience", m.experienceRange],
  ["experience negative", { experience: "-1" }, "experience", m.experienceRange],
  ["experience not whole", { experience: "2.5" }, "experience", m.experienceRange],
  ["password missing", { password: "" }, "password", m.passwordRequired],
  ["password weak", { password: "password1", confirmPassword: "password1" }, "password", m.passwordStrength],
  ["password short", { password: "Ab1!", confirmPassword: "Ab1!" }, "password", m.passwordStrength],
  ["confirmation missing", { confirmPassword: "" }, "confirmPassword", m.confirmRequired],
  ["confirmation differs", { confirmPassword: "Str0ng!pasz" }, "confirmPassword", m.passwordsDiffer],
  ["title missing", { title: "" }, "title", m.titleRequired],
  ["title malformed", { title: "Pastor <b>" }, "title", m.titleFormat],
  ["title too long", { title: longText(501) }, "title", m.titleFormat],
  ["organisation missing", { organisation: "" }, "organisation", m.organisationRequired],
  ["organisation malformed", { organisation: "Hope <Glory>" }, "organisation", m.organisationFormat],
  ["bio missing", { bio: "" }, "bio", m.bioRequired],
  ["bio malformed", { bio: "Loves <b>bold</b> words" }, "bio", m.bioFormat],
  ["category missing", { category: "" }, "category", m.categoryRequired],
  ["category unknown", { category: "Bishops" }, "category", m.categoryRequired],
  ["no specialty", { specialties: [] }, "specialties", m.specialtiesRequired],
  ["no language", { languages: [] }, "languages", m.languagesRequired],
  ["only blank languages", { languages: ["  ", ""] }, "languages", m.languagesRequired],
  ["language malformed", { languages: ["English", "C++"] }, "languages", m.languageFormat],
  ["no expertise", { expertise: [] }, "expertise", m.expertiseRequired],
  ["expertise malformed", { expertise: ["Church 2.0"] }, "expertise", m.expertiseFormat],
  ["no education", { education: [] }, "education", m.educationRequired],
  ["education too short", { education: ["M"] }, "education", m.educationFormat],
  ["recent success too long", { recentSuccess: longText(201) }, "recentSuccess", m.recentSuccessFormat],
  ["reference too short", { references: ["x"] }, "references", m.referenceLength],
  ["reference too long", { references: [longText(101)] }, "references", m.referenceLength],
];

describe("guide form validation (SPEC §5)", () => {
  test.each(validationCases)("API: %s → 400 '%s'", async (_case, overrides, field, message) => {
    const response = await api("create-mentor", { method: "POST", body: JSON.stringify(validGuide(overrides)) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.errors[field]).toContain(message);
    expect(body.message).toBe(Object.values(body.errors)[0][0]);
  });

  test.each(validationCases)("form: %s → the message beside the field, nothing saved", async (_case, overrides, _field, message) => {
    const guide = validGuide(overrides);
    const response = await postForm(addForm, asFormFields(guide), admin.cookie);
    expect(response.status).toBe(400);
    expect(await text(response)).toContain(message);
    if (guide.email) expect(await prisma.user.count({ where: { email: String(guide.email).toLowerCase() } })).toBe(0);
  });

  test("every required message at once on an empty form, and what was typed is kept (passwords are not echoed)", async () => {
    const empty = await text(await postForm(addForm, {}, admin.cookie));
    for (const message of [m.nameRequired, m.emailRequired, m.phoneRequired, m.experienceRequired, m.passwordRequired, m.confirmRequired, m.titleRequired, m.organisationRequired, m.bioRequired, m.categoryRequired, m.specialtiesRequired, m.languagesRequired, m.expertiseRequired, m.educationRequired]) {
      expect(empty).toContain(message);
    }
    const typed = await text(await postForm(addForm, asFormFields(validGuide({ name: "R2", title: "Lead Pastor", password: "Secret1!x", confirmPassword: "Secret1!x" })), admin.cookie));
    expect(typed).toContain('value="R2"');
    expect(typed).toContain('value="Lead Pastor"');
    expect(typed).toContain('value="English"');
    expect(typed).toContain('value="Spanish"');
    expect(typed).toMatch(/<option value="Senior Pastors" selected/);
    expect(typed).toMatch(/<input[^>]*checked=""[^>]*value="leadership"/);
    expect(typed).not.toMatch(/<input[^>]*checked=""[^>]*value="missions"/);
    expect(typed).not.toContain("Secret1!x");
  });

  test("accepted phone formats (kept in E.164), experience bounds, blank and padded list entries", async () => {
    for (const [phone, experience, stored] of [["(503) 555-0147", 0, "+15035550147"], ["503.555.0147", 50, "+15035550147"], ["+44 20 7946 0958", "7", "+442079460958"]] as const) {
      const guide = validGuide({ phone, experience, languages: ["  English  ", "", "   "], education: [" B.A., Wheaton College ", ""] });
      const response = await api("create-mentor", { method: "POST", body: JSON.stringify(guide) });
      expect(response.status).toBe(201);
      const { guide: created } = (await response.json()) as { guide: { id: number; languages: string[]; education: string[]; experience: number; phone: string } };
      expect(created.languages).toEqual(["English"]);
      expect(created.education).toEqual(["B.A., Wheaton College"]);
      expect(created.experience).toBe(Number(experience));
      expect(created.phone).toBe(stored);
    }
  });
});

// ─── Create and edit through the form ────────────────────────────────────────────────────────────

describe("guide create/edit form", () => {
  test("the create screen: title, fields, the 16 specialties, 5 categories, switches, image picker, buttons", async () => {
    const html = await text(await send(addForm, { cookie: admin.cookie }));
    expect(html).toContain("<title>Create Guide · Ministry Mentors</title>");
    expect(html).toContain("Create Guide");
    for (const label of ["Phone Number", "Confirm Password", "Pay what you want", "Verified account", "Profile picture", "Cancel", "Submit", "Church Growth", "Children's Ministry", "Communications", "Multi-Site"]) {
      expect(html).toContain(label);
    }
    expect(html).toContain('name="phone"');
    const picker = html.match(/<input[^>]*type="file"[^>]*>/)?.[0];
    expect(picker).toContain('name="imageUrl"');
    expect(picker).toContain('accept="image/*"');
    expect(html).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(html.match(/name="specialties"/g)).toHaveLength(16);
    expect(html).toContain(`href="${list}"`);
  });

  test("create: stores the account, profile, languages, specialties, password and a pending request; toast 'Mentor Created'", async () => {
    const guide = validGuide({ email: `  New.Guide.${unique()}@Test.Example `, languages: [" English ", "", "Korean"], expertise: ["Church planting", " "] });
    const response = await postForm(addForm, asFormFields(guide), admin.cookie);
    expect(response.headers.get("Location")).toBe(list);
    const page = await follow(response);
    expect(page).toContain("Mentor Created");

    const email = String(guide.email).trim().toLowerCase();
    const user = await prisma.user.findUniqueOrThrow({
      where: { email },
      include: { guideProfile: { include: { languages: { orderBy: { position: "asc" } } } }, specialties: true, password: true, guideRequests: true },
    });
    expect(user).toMatchObject({ role: "guide", name: guide.name, title: "Senior Pastor", organisation: guide.organisation, bio: guide.bio, isVerified: false, status: "active" });
    expect(user.guideProfile).toMatchObject({ phone: "+15035550147", experienceYears: 12, category: "Senior Pastors", payWhatYouWant: true, recentSuccess: guide.recentSuccess, videoUrl: guide.videoUrl });
    expect(JSON.parse(user.guideProfile!.education)).toEqual(guide.education);
    expect(JSON.parse(user.guideProfile!.expertise)).toEqual(["Church planting"]);
    expect(JSON.parse(user.guideProfile!.references)).toEqual(guide.references);
    expect(user.guideProfile!.languages.map((row) => row.language)).toEqual(["English", "Korean"]);
    expect(user.specialties.map((row) => row.code).sort()).toEqual(["churchGrowth", "leadership"]);
    expect(user.password!.hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword("Str0ng!pass", user.password!.hash)).toBe(true);
    expect(user.guideRequests).toEqual([expect.objectContaining({ status: "pending", decidedById: null })]);
  });

  test("create with accountStatus on: verified at once, the request approved by this admin", async () => {
    const guide = validGuide({ accountStatus: true, isToggled: false });
    await follow(await postForm(addForm, asFormFields(guide), admin.cookie));
    const user = await prisma.user.findUniqueOrThrow({ where: { email: String(guide.email) }, include: { guideRequests: true, guideProfile: true } });
    expect(user.isVerified).toBe(true);
    expect(user.guideProfile!.payWhatYouWant).toBe(false);
    expect(user.guideRequests[0]).toMatchObject({ status: "approved", decidedById: admin.person.id });
    expect(user.guideRequests[0].decidedAt).toBeInstanceOf(Date);
  });

  test("create with a picture (multipart): the guide is saved, then the image is stored and linked", async () => {
    const guide = validGuide();
    const body = new FormData();
    for (const [key, value] of Object.entries(asFormFields(guide))) body.append(key, value);
    body.append("imageUrl", new File([new Uint8Array(await png())], "me.png", { type: "image/png" }));
    const response = await send(addForm, { method: "POST", body, cookie: admin.cookie });
    expect(response.headers.get("Location")).toBe(list);
    const user = await prisma.user.findUniqueOrThrow({ where: { email: String(guide.email) } });
    expect(user.imageId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const image = await send(`/images/${user.imageId}`);
    expect(image.headers.get("Content-Type")).toBe("image/webp");
    expect(await follow(response)).toContain(`/images/${user.imageId}`);
  });

  test("create with a file that is not an image: the guide is still created and the list says the picture was not saved", async () => {
    expectConsoleError(/Guide \d+ was created but the picture was not stored[\s\S]*The file must be an image/);
    const guide = validGuide();
    const body = new FormData();
    for (const [key, value] of Object.entries(asFormFields(guide))) body.append(key, value);
    body.append("imageUrl", new File(["just some text"], "fake.png", { type: "image/png" }));
    const response = await send(addForm, { method: "POST", body, cookie: admin.cookie });
    const page = await follow(response);
    expect(page).toContain("Mentor Created");
    expect(page).toContain("The picture was not saved");
    const user = await prisma.user.findUniqueOrThrow({ where: { email: String(guide.email) } });
    expect(user.imageId).toBeNull();
  });

  test("an e-mail already in use: 400 (409 from the domain), 'Creation Failed' with the server's message, field error, typed values kept", async () => {
    const existing = await createPerson("user");
    const guide = validGuide({ email: existing.email.toUpperCase() });
    const response = await postForm(addForm, asFormFields(guide), admin.cookie);
    expect(response.status).toBe(400);
    const html = await text(response);
    expect(html).toMatch(errorToast("Creation Failed"));
    expect(html).toMatch(/id="guide-create-email-error"[^>]*>[\s\S]{0,200}A user with this email already exists/);
    expect(html).toContain(`value="${existing.email.toUpperCase()}"`);
    expect(html).toContain(`value="${guide.organisation}"`);
    expect(html).not.toContain('value="Str0ng!pass"');
    expect(response.headers.get("Set-Cookie") ?? "").not.toMatch(/mm_toast=/);
    expect(await prisma.user.count({ where: { email: existing.email } })).toBe(1);
  });

  test("list entries are added and removed with buttons that work without JavaScript", async () => {
    const page = await (await send(addForm, { cookie: admin.cookie })).text();
    /** The conform intent a button submits (its value), found by its text or label. */
    const intentOf = (label: string) => {
      const button = [...page.matchAll(/<button[^>]*>[\s\S]*?<\/button>/g)].map(([html]) => html).find((html) => html.includes(label));
      expect(button).toMatch(/type="submit"/);
      return button?.match(/value="([^"]+)"/)?.[1].replaceAll("&quot;", '"');
    };
    const insert = intentOf("Add education entry");
    expect(insert).toBeTruthy();
    const added = await text(await postForm(addForm, { "__intent__": insert!, "education[0]": "M.Div., Seminary", name: "Kept Name" }, admin.cookie));
    expect(added.match(/aria-label="Education entry \d"/g)).toHaveLength(2);
    expect(added).toContain('value="M.Div., Seminary"');
    expect(added).toContain('value="Kept Name"');
    expect(added).not.toContain(m.nameFormat);

    const remove = intentOf("Remove language 1");
    expect(remove).toBeTruthy();
    const removed = await text(await postForm(addForm, { "__intent__": remove!, "languages[0]": "Latin" }, admin.cookie));
    expect(removed).not.toContain('value="Latin"');
  });

  test("edit: the screen shows the guide, saves the changes (not the switches) and says 'Mentor Updated'", async () => {
    const created = (await (await api("create-mentor", { method: "POST", body: JSON.stringify(validGuide({ isToggled: true, accountStatus: false })) })).json()) as { guide: { id: number; email: string } };
    const id = created.guide.id;
    const screen = await text(await send(editForm(id), { cookie: admin.cookie }));
    expect(screen).toContain("<title>Edit Guide · Ministry Mentors</title>");
    expect(screen).toContain("Update Guide");
    expect(screen).toContain(`value="${created.guide.email}"`);
    expect(screen).toContain('value="Spanish"');
    expect(screen).not.toContain("Pay what you want");
    expect(screen).not.toContain("Verified account");

    const { person: guideSession } = { person: created.guide };
    await prisma.session.create({ data: { id: `s-${unique()}`, userId: guideSession.id, expiresAt: new Date(Date.now() + 86_400_000) } });
    const changed = validGuide({ name: "Grace Updated", email: created.guide.email, languages: ["French"], specialties: ["missions"], experience: 30, password: "", confirmPassword: "", isToggled: false, accountStatus: true });
    const response = await postForm(editForm(id), asFormFields(changed), admin.cookie);
    expect(response.headers.get("Location")).toBe(list);
    expect(await follow(response)).toContain("Mentor Updated");
    const user = await prisma.user.findUniqueOrThrow({ where: { id }, include: { guideProfile: { include: { languages: true } }, specialties: true, password: true } });
    expect(user.name).toBe("Grace Updated");
    expect(user.isVerified).toBe(false);
    expect(user.guideProfile!.payWhatYouWant).toBe(true);
    expect(user.guideProfile!.experienceYears).toBe(30);
    expect(user.guideProfile!.languages.map((row) => row.language)).toEqual(["French"]);
    expect(user.specialties.map((row) => row.code)).toEqual(["missions"]);
    expect(await verifyPassword("Str0ng!pass", user.password!.hash)).toBe(true);
    expect(await prisma.session.count({ where: { userId: id } })).toBe(1);
  });

  test("edit: the password is checked only when entered, and then it changes it and signs the guide out", async () => {
    const guide = await makeGuide();
    const base = validGuide({ email: guide.email });
    const onlyConfirm = await text(await postForm(editForm(guide.id), asFormFields({ ...base, password: "", confirmPassword: "Abc" }), admin.cookie));
    expect(onlyConfirm).toContain(m.passwordRequired);
    const weak = await text(await postForm(editForm(guide.id), asFormFields({ ...base, password: "weak", confirmPassword: "weak" }), admin.cookie));
    expect(weak).toContain(m.passwordStrength);
    const differs = await text(await postForm(editForm(guide.id), asFormFields({ ...base, password: "New!Passw0rd", confirmPassword: "New!Passw0rdX" }), admin.cookie));
    expect(differs).toContain(m.passwordsDiffer);

    await prisma.session.create({ data: { id: `s-${unique()}`, userId: guide.id, expiresAt: new Date(Date.now() + 86_400_000) } });
    const response = await postForm(editForm(guide.id), asFormFields({ ...base, password: "New!Passw0rd", confirmPassword: "New!Passw0rd" }), admin.cookie);
    expect(response.headers.get("Location")).toBe(list);
    const stored = await prisma.password.findUniqueOrThrow({ where: { userId: guide.id } });
    expect(await verifyPassword("New!Passw0rd", stored.hash)).toBe(true);
    expect(await prisma.session.count({ where: { userId: guide.id } })).toBe(0);
  });

  test("edit: another account's e-mail is refused with 'Update Failed'; an unknown guide shows the failure", async () => {
    const guide = await makeGuide();
    const other = await createPerson("guide");
    const response = await postForm(editForm(guide.id), asFormFields(validGuide({ email: other.email, password: "", confirmPassword: "" })), admin.cookie);
    expect(response.status).toBe(400);
    const html = await text(response);
    expect(html).toMatch(errorToast("Update Failed"));
    expect(html).toMatch(new RegExp(`id="guide-edit-${guide.id}-email-error"[^>]*>[\\s\\S]{0,200}A user with this email already exists`));
    expect(html).toContain(`value="${other.email}"`);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).email).toBe(guide.email);

    const missing = await send(editForm(99_999_999), { cookie: admin.cookie });
    expect(missing.status).toBe(404);
    expect(await text(missing)).toContain("Guide not found");

    // Saving a guide deleted meanwhile: back to the list with the failure, as for users.
    const gone = await makeGuide();
    await prisma.user.update({ where: { id: gone.id }, data: { isDeleted: true } });
    const saved = await postForm(editForm(gone.id), asFormFields(validGuide({ email: gone.email, password: "", confirmPassword: "" })), admin.cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/dashboard/user-management/guide");
    expect(await follow(saved)).toContain("Guide not found");
  });

  test("edit: a picture is uploaded on its own (intent image), replaces the old one, and a text file named .png is refused", async () => {
    const guide = await makeGuide();
    const upload = async (file: File) => {
      const body = new FormData();
      body.append("intent", "image");
      body.append("imageUrl", file);
      return send(editForm(guide.id), { method: "POST", body, cookie: admin.cookie });
    };
    const first = await upload(new File([new Uint8Array(await png())], "a.png", { type: "image/png" }));
    expect(first.headers.get("Location")).toBe(editForm(guide.id));
    expect(await follow(first)).toContain("Profile Picture Updated");
    const firstId = (await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).imageId!;
    expect(firstId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    await upload(new File([new Uint8Array(await png(32, 32))], "b.png", { type: "image/png" }));
    const secondId = (await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).imageId!;
    expect(secondId).not.toBe(firstId);
    expect(await prisma.upload.count({ where: { id: firstId } })).toBe(0);

    const refused = await follow(await upload(new File(["not an image"], "evil.png", { type: "image/png" })));
    expect(refused).toContain("Update Failed");
    expect(refused).toContain("The file must be an image");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).imageId).toBe(secondId);
  });
});

// ─── The guide list ──────────────────────────────────────────────────────────────────────────────

/** Twelve guides in one organisation of their own, so each test can scope the list with a search. */
async function ministry() {
  const organisation = `Ministry ${unique()}`;
  const rows: Array<[string, string, boolean, string]> = [
    ["Aaron Zimmer", "Youth Ministry", true, "active"],
    ["bella young", "Senior Pastors", false, "active"],
    ["Caleb Xu", "Worship Pastors", true, "inactive"],
    ["Dora White", "Multi-Site", true, "active"],
    ["Eli Vance", "Children's Ministry", false, "active"],
    ["faith Underwood", "Youth Ministry", true, "active"],
    ["Gideon Tate", "Senior Pastors", true, "inactive"],
    ["Hannah Stone", "Worship Pastors", true, "active"],
    ["Isaac Reed", "Multi-Site", true, "active"],
    ["Joy Quinn", "Youth Ministry", true, "active"],
    ["Kofi Park", "Senior Pastors", true, "active"],
    ["Lydia Owens", "Worship Pastors", true, "active"],
  ];
  const guides = [];
  for (const [name, category, isVerified, status] of rows) guides.push(await makeGuide({ name, organisation, category, isVerified, status }));
  return { organisation, guides };
}

describe("guide list screen", () => {
  test("header, columns, search over the whole list and paging", async () => {
    const { organisation } = await ministry();
    const html = await text(await send(`${list}?search=${encodeURIComponent(organisation)}&limit=5`, { cookie: admin.cookie }));
    expect(html).toContain("<title>Guides · Ministry Mentors</title>");
    expect(html).toContain("Search Guides...");
    expect(html).toContain('href="/admin/dashboard/add-Guide"');
    for (const column of ["Name", "Email", "Category", "Organisation", "Verified", "Status", "Actions"]) expect(html).toContain(`>${column}`);
    expect(html).toContain("1–5 of 12");
    expect(html).toContain("Page 1 of 3");
    const order = ["Aaron Zimmer", "bella young", "Caleb Xu", "Dora White", "Eli Vance"].map((name) => html.indexOf(name));
    expect(order.every((position, i) => position > 0 && (i === 0 || position > order[i - 1]))).toBe(true);
    expect(html).not.toContain("faith Underwood");
    expect(html).toContain("Approved");
    expect(html).toContain("Pending");

    const page3 = await text(await send(`${list}?search=${encodeURIComponent(organisation)}&limit=5&page=3`, { cookie: admin.cookie }));
    expect(page3).toContain("11–12 of 12");
    expect(page3).toContain("Lydia Owens");

    const past = await send(`${list}?search=${encodeURIComponent(organisation)}&page=7`, { cookie: admin.cookie });
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).not.toContain("page=");
    expect(await text(await send(`${list}?search=zzqqxxnomatch`, { cookie: admin.cookie }))).toContain("No data found");
    // A sort the list does not have is dropped: the default order.
    expect((await send(`${list}?sort=password`, { cookie: admin.cookie })).headers.get("Location")).toBe(list);
  });

  test("sorts by every column in both directions, in SQL", async () => {
    const { organisation } = await ministry();
    const first = async (query: string) => {
      const html = await text(await send(`${list}?search=${encodeURIComponent(organisation)}&limit=5&${query}`, { cookie: admin.cookie }));
      return html.match(/<span class="whole-words font-medium text-slate-900">([^<]+)<\/span>/)?.[1];
    };
    expect(await first("sort=name&order=desc")).toBe("Lydia Owens");
    expect(await first("sort=email&order=asc")).toBeTruthy();
    expect(await first("sort=category&order=asc")).toBe("Eli Vance");
    expect(await first("sort=category&order=desc")).toBe("Joy Quinn");
    expect(await first("sort=verified&order=asc")).toBe("bella young");
    expect(await first("sort=verified&order=desc")).toBe("Lydia Owens");
    expect(await first("sort=status&order=asc")).toBe("Aaron Zimmer");
    expect(await first("sort=status&order=desc")).toBe("Gideon Tate");
    expect(await first("sort=organisation&order=asc")).toBe("Aaron Zimmer");
  });

  // Guides sorted by verification: tests/integration/sort-orders.test.ts.
  test("a page of every guide request, newest first, is read from an index in that order, not sorted", async () => {
    await expectReadInIndexOrder(
      "GuideRequest_createdAt_idx",
      Prisma.sql`SELECT r.id FROM "GuideRequest" r CROSS JOIN "User" u
        WHERE ${Prisma.join(guideRequestConditions("all"), " AND ")} ORDER BY r."createdAt" DESC, r.id DESC LIMIT 10`,
    );
  });

  test("guide requests sorted by category read each guide's category from an index, not from the profile's whole row", async () => {
    const index = "GuideProfile_userId_category_idx";
    if (dialect === "postgres") {
      expect(await prisma.$queryRaw`SELECT indexname::text FROM pg_indexes WHERE indexname = ${index}`).toHaveLength(1);
      return;
    }
    // With the planner's statistics, as the seed and every later migration leave a database (scripts/migrate.mjs).
    await prisma.$executeRawUnsafe(`ANALYZE "GuideProfile"`);
    const plan = await prisma.$queryRaw<Array<{ detail: string }>>`EXPLAIN QUERY PLAN
      SELECT r.id, gp.category FROM "GuideRequest" r JOIN "User" u ON u.id = r."guideId" LEFT JOIN "GuideProfile" gp ON gp."userId" = u.id
      ORDER BY gp.category COLLATE NOCASE, r.id LIMIT 10`;
    expect(plan.map((row) => row.detail)).toContain(`SEARCH gp USING COVERING INDEX ${index} (userId=?) LEFT-JOIN`);
  });

  test("sorted by category, in both directions, the pages hold every guide of the list once", async () => {
    const { organisation } = await ministry();
    const names = async (query: string) => {
      const body = (await (await api(`get-mentor-list?search=${encodeURIComponent(organisation)}&limit=100&${query}`, { method: "GET" })).json()) as { data: Array<{ name: string }> };
      return body.data.map((row) => row.name).sort();
    };
    const everyone = await names("sort=name&order=asc");
    expect(everyone).toHaveLength(12);
    expect(await names("sort=category&order=asc")).toEqual(everyone);
    expect(await names("sort=category&order=desc")).toEqual(everyone);
  });

  test("the status switch activates and deactivates a guide ('Action Successful')", async () => {
    const guide = await makeGuide({ name: `Switch ${unique()}` });
    await prisma.session.create({ data: { id: `s-${unique()}`, userId: guide.id, expiresAt: new Date(Date.now() + 86_400_000) } });
    const off = await postForm(list, { intent: "status", id: String(guide.id), status: "inactive" }, admin.cookie);
    const page = await follow(off);
    expect(page).toContain("Action Successful");
    expect(page).toContain("Deactivated successfully");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).status).toBe("inactive");
    expect(await prisma.session.count({ where: { userId: guide.id } })).toBe(0);
    expect(await follow(await postForm(list, { intent: "status", id: String(guide.id), status: "active" }, admin.cookie))).toContain("Activated successfully");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).status).toBe("active");

    const user = await createPerson("user");
    const wrong = await follow(await postForm(list, { intent: "status", id: String(user.id), status: "inactive" }, admin.cookie));
    expect(wrong).toContain("Action Failed");
    expect(wrong).toContain("Guide not found");
  });

  test("delete asks first, is soft, keeps bookings, payments and reviews, and says 'Mentor Deleted'", async () => {
    const name = `Leaving ${unique()}`;
    const guide = await makeGuide({ name });
    const mentee = await createPerson("user");
    const booking = await prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, topic: "Succession", rateCents: 5000, paymentStatus: "paid" } });
    const payment = await prisma.payment.create({ data: { bookingId: booking.id, userId: mentee.id, guideId: guide.id, amountCents: 5000, status: "succeeded", paidAt: new Date() } });
    const review = await prisma.review.create({ data: { bookingId: booking.id, authorId: mentee.id, guideId: guide.id, rating: 5, content: "Wise counsel" } });

    const dialog = await text(await send(`${list}?search=${encodeURIComponent(name)}&delete=${guide.id}`, { cookie: admin.cookie }));
    expect(dialog).toContain("Confirm Delete");
    expect(dialog).toContain(`Are you sure you want to delete ${name}?`);

    const response = await postForm(`${list}?search=${encodeURIComponent(name)}&delete=${guide.id}`, { intent: "delete", id: String(guide.id) }, admin.cookie);
    expect(response.headers.get("Location")).toBe(`${list}?search=${encodeURIComponent(name).replaceAll("%20", "+")}`);
    const page = await follow(response);
    expect(page).toContain("Mentor Deleted");
    expect(page).toContain("No data found");
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: guide.id } });
    expect(stored.isDeleted).toBe(true);
    expect(stored.deletedAt).toBeInstanceOf(Date);
    expect(await prisma.booking.count({ where: { id: booking.id } })).toBe(1);
    expect(await prisma.payment.count({ where: { id: payment.id } })).toBe(1);
    expect(await prisma.review.count({ where: { id: review.id } })).toBe(1);

    const again = await follow(await postForm(list, { intent: "delete", id: String(guide.id) }, admin.cookie));
    expect(again).toContain("Deletion Failed");
  });

  test("a user or guide who is not an admin cannot use the screen", async () => {
    const guide = await makeGuide();
    const { cookie } = await signIn("guide");
    const response = await postForm(list, { intent: "delete", id: String(guide.id) }, cookie);
    expect(response.headers.get("Location")).toBe("/mentor-dashboard");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).isDeleted).toBe(false);
    expect((await send(addForm)).headers.get("Location")).toMatch(/^\/admin\/login/);
  });
});

// ─── Guide requests ──────────────────────────────────────────────────────────────────────────────

describe("guide requests", () => {
  test("the screen lists pending requests only, searched, sorted and paged in SQL", async () => {
    const organisation = `Applicants ${unique()}`;
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await makeGuide({ name: "Abe Pending", organisation, category: "Multi-Site", request: "pending", requestedAt: day(3) });
    await makeGuide({ name: "Bea Pending", organisation, category: "Children's Ministry", request: "pending", requestedAt: day(1) });
    await makeGuide({ name: "Cy Pending", organisation, category: "Youth Ministry", request: "pending", requestedAt: day(2) });
    await makeGuide({ name: "Dee Approved", organisation, request: "approved" });
    await makeGuide({ name: "Eve Rejected", organisation, request: "rejected" });
    const search = encodeURIComponent(organisation);
    const html = await text(await send(`${requests}?search=${search}`, { cookie: admin.cookie }));
    expect(html).toContain("<title>Guide Requests · Ministry Mentors</title>");
    expect(html).toContain("Search Guide Requests...");
    for (const column of ["Name", "Email", "Organisation", "Category", "Requested", "Actions"]) expect(html).toContain(`>${column}`);
    expect(html).toContain("1–3 of 3");
    expect(html).not.toContain("Dee Approved");
    expect(html).not.toContain("Eve Rejected");
    expect(html).toContain("Jan 3, 2026");
    // newest request first by default
    expect(html.indexOf("Abe Pending")).toBeLessThan(html.indexOf("Cy Pending"));
    expect(html.indexOf("Cy Pending")).toBeLessThan(html.indexOf("Bea Pending"));

    const firstOf = async (query: string) => (await text(await send(`${requests}?search=${search}&limit=1&${query}`, { cookie: admin.cookie }))).match(/<td class="px-4 py-3"[^>]*><p class="whole-words font-medium text-slate-900">([^<]+)<\/p>/)?.[1];
    expect(await firstOf("sort=requested&order=asc")).toBe("Bea Pending");
    expect(await firstOf("sort=name&order=desc")).toBe("Cy Pending");
    expect(await firstOf("sort=category&order=asc")).toBe("Bea Pending");
    expect(await firstOf("sort=category&order=desc")).toBe("Cy Pending");
    expect(await firstOf("sort=email&order=asc")).toBeTruthy();
    expect(await firstOf("sort=organisation&order=asc")).toBeTruthy();
    const page2 = await text(await send(`${requests}?search=${search}&limit=2&page=2`, { cookie: admin.cookie }));
    expect(page2).toContain("3–3 of 3");
    expect(page2).toContain("Bea Pending");

    const api1 = await api(`get-mentor-request-list?search=${search}&limit=2&page=1`, { method: "GET" });
    const body = (await api1.json()) as { data: Array<{ name: string; email: string; organisation: string; category: string; requestedAt: string; guideId: number }>; meta: Record<string, number> };
    expect(body.meta).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(body.data[0]).toMatchObject({ name: "Abe Pending", organisation, category: "Multi-Site", requestedAt: "2026-01-03T00:00:00.000Z" });
  });

  test("approve from the screen: request approved by this admin, guide verified (bookable), 'Guide request Approved', mail sent", async () => {
    const guide = await makeGuide({ name: `Approve ${unique()}`, request: "pending" });
    expect(await text(await send(`${requests}?search=${encodeURIComponent(guide.name)}`, { cookie: admin.cookie }))).toContain(guide.name);
    const response = await postForm(`${requests}?search=${encodeURIComponent(guide.name)}`, { guideId: String(guide.id), actionId: "1" }, admin.cookie);
    const page = await follow(response);
    expect(page).toContain("Action Successful");
    expect(page).toContain("Guide request Approved");
    expect(page).toContain("No data found");
    const request = await prisma.guideRequest.findFirstOrThrow({ where: { guideId: guide.id } });
    expect(request).toMatchObject({ status: "approved", decidedById: admin.person.id, declineReason: null });
    expect(request.decidedAt).toBeInstanceOf(Date);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).isVerified).toBe(true);
    expect((await mailTo(guide.email))[0].subject).toMatch(/approved/);
  });

  test("reject from the screen: the dialog asks for a reason; the request is rejected and the guide told why", async () => {
    const guide = await makeGuide({ name: `Reject ${unique()}`, request: "pending" });
    const at = `${requests}?reject=${guide.id}`;
    const dialog = await text(await send(at, { cookie: admin.cookie }));
    expect(dialog).toContain("Reject Guide Request");
    expect(dialog).toContain("Reason for declining");

    const missing = await postForm(at, { guideId: String(guide.id), actionId: "2", declineReason: "   " }, admin.cookie);
    expect(missing.status).toBe(400);
    const missingHtml = await text(missing);
    expect(missingHtml).toContain("Please give a reason for declining");
    expect(missingHtml).toContain("Reject Guide Request");
    expect((await prisma.guideRequest.findFirstOrThrow({ where: { guideId: guide.id } })).status).toBe("pending");

    const reason = "Please add two references from your denomination.";
    const response = await postForm(at, { guideId: String(guide.id), actionId: "2", declineReason: ` ${reason} ` }, admin.cookie);
    expect(response.headers.get("Location")).toBe(requests);
    const page = await follow(response);
    expect(page).toContain("Guide request Rejected");
    const request = await prisma.guideRequest.findFirstOrThrow({ where: { guideId: guide.id } });
    expect(request).toMatchObject({ status: "rejected", declineReason: reason, decidedById: admin.person.id });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).isVerified).toBe(false);
    const [mail] = await mailTo(guide.email);
    expect(mail.subject).toMatch(/not approved/);
    expect(mail.text).toContain(reason);

    // The Guides list says Rejected, not Pending, for them.
    const listed = await text(await send(`${list}?search=${encodeURIComponent(guide.name)}`, { cookie: admin.cookie }));
    expect(listed).toMatch(/>Rejected<\/span>/);
    expect(listed).not.toMatch(/>Pending<\/span>/);

    const twice = await follow(await postForm(requests, { guideId: String(guide.id), actionId: "1" }, admin.cookie));
    expect(twice).toContain("Action Failed");
    expect(twice).toContain("This request has already been decided");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).isVerified).toBe(false);
  });

  test("API: approve and reject, the decline reason rule, deciding twice → 409, unknown → 404", async () => {
    const approveMe = await makeGuide({ request: "pending" });
    const approved = await api(`mentor-request-update/${approveMe.id}/1`, { method: "PATCH" });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ message: "Guide request Approved", request: { status: "approved" } });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: approveMe.id } })).isVerified).toBe(true);

    const again = await api(`mentor-request-update/${approveMe.id}/2`, { method: "PATCH", body: JSON.stringify({ declineReason: "Late" }) });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "This request has already been decided" });

    const rejectMe = await makeGuide({ request: "pending" });
    const noReason = await api(`mentor-request-update/${rejectMe.id}/2`, { method: "PATCH", body: JSON.stringify({}) });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ message: "Please give a reason for declining", errors: { declineReason: ["Please give a reason for declining"] } });
    const rejected = await api(`mentor-request-update/${rejectMe.id}/2`, { method: "PATCH", body: JSON.stringify({ declineReason: "Incomplete application" }) });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({ message: "Guide request Rejected", request: { status: "rejected", declineReason: "Incomplete application" } });
    expect((await mailTo(rejectMe.email))[0].text).toContain("Incomplete application");

    expect((await api(`mentor-request-update/${rejectMe.id}/3`, { method: "PATCH" })).status).toBe(400);
    expect((await api(`mentor-request-update/abc/1`, { method: "PATCH" })).status).toBe(400);
    const unknown = await api(`mentor-request-update/99999999/1`, { method: "PATCH" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Guide not found" });
    const noRequest = await makeGuide({ request: null });
    expect((await api(`mentor-request-update/${noRequest.id}/1`, { method: "PATCH" })).status).toBe(404);
    expect((await api(`mentor-request-update/${noRequest.id}/1`, { method: "GET" })).status).toBe(405);
  });
});

// ─── The mentor API ─────────────────────────────────────────────────────────────────────────────

describe("mentor API", () => {
  test("create-mentor answers 201 {guide}, get-mentor-by-id answers {user} with every field", async () => {
    const input = validGuide();
    const created = await api("create-mentor", { method: "POST", body: JSON.stringify(input) });
    expect(created.status).toBe(201);
    const { guide } = (await created.json()) as { guide: { id: number } };
    expect(guide.id).toBeTypeOf("number");

    const response = await api(`get-mentor-by-id/${guide.id}`, { method: "GET" });
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: Record<string, unknown> };
    expect(user).toMatchObject({
      id: guide.id,
      name: input.name,
      email: input.email,
      phone: "+15035550147",
      title: input.title,
      organisation: input.organisation,
      experience: 12,
      education: input.education,
      languages: input.languages,
      bio: input.bio,
      specialties: ["leadership", "churchGrowth"],
      expertise: input.expertise,
      category: input.category,
      recentSuccess: input.recentSuccess,
      videoUrl: input.videoUrl,
      guideReferences: input.references,
      isVerified: false,
      accountStatus: false,
      payWhatYouWant: true,
      isToggled: true,
      imageUrl: null,
      status: "active",
    });
    expect(user).not.toHaveProperty("password");
    const request = await prisma.guideRequest.findFirstOrThrow({ where: { guideId: guide.id } });
    expect(request.status).toBe("pending");

    const duplicate = await api("create-mentor", { method: "POST", body: JSON.stringify({ ...input, email: String(input.email).toUpperCase() }) });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ message: "A user with this email already exists" });
  });

  test("update-mentor-by-id changes the guide (not the switches), validates like the form, 404 for an unknown guide", async () => {
    const guide = await makeGuide({ isVerified: false });
    const update = validGuide({ name: "Renamed Guide", email: guide.email, accountStatus: true, isToggled: true, password: undefined, confirmPassword: undefined });
    const response = await api(`update-mentor-by-id/${guide.id}`, { method: "PUT", body: JSON.stringify(update) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ guide: { id: guide.id, name: "Renamed Guide", isVerified: false, payWhatYouWant: false, languages: ["English", "Spanish"] } });

    const invalid = await api(`update-mentor-by-id/${guide.id}`, { method: "PUT", body: JSON.stringify({ ...update, phone: "" }) });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ message: m.phoneRequired, errors: { phone: [m.phoneRequired] } });
    expect((await api(`update-mentor-by-id/99999999`, { method: "PUT", body: JSON.stringify(update) })).status).toBe(404);
    expect((await api(`update-mentor-by-id/${guide.id}`, { method: "PUT", body: "{not json" })).status).toBe(400);
    expect((await api(`update-mentor-by-id/${guide.id}`, { method: "POST", body: JSON.stringify(update) })).status).toBe(405);
  });

  test("delete-mentor-by-id is a soft delete; the guide leaves the list and get-by-id, history stays", async () => {
    const guide = await makeGuide({ name: `Gone ${unique()}` });
    const mentee = await createPerson("user");
    await prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, topic: "Planting" } });
    const response = await api(`delete-mentor-by-id/${guide.id}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).isDeleted).toBe(true);
    expect(await prisma.booking.count({ where: { guideId: guide.id } })).toBe(1);
    expect((await api(`get-mentor-by-id/${guide.id}`, { method: "GET" })).status).toBe(404);
    expect((await api(`delete-mentor-by-id/${guide.id}`, { method: "DELETE" })).status).toBe(404);
    const listed = (await (await api(`get-mentor-list?search=${encodeURIComponent(guide.name)}`, { method: "GET" })).json()) as { data: unknown[] };
    expect(listed.data).toEqual([]);
    const user = await createPerson("user");
    expect((await api(`delete-mentor-by-id/${user.id}`, { method: "DELETE" })).status).toBe(404);
  });

  test("get-mentor-list: {data, meta}, search, sort and paging in SQL; bad parameters → 400", async () => {
    const { organisation } = await ministry();
    const response = await api(`get-mentor-list?search=${encodeURIComponent(organisation)}&limit=5&page=2`, { method: "GET" });
    const body = (await response.json()) as { data: Array<Record<string, unknown>>; meta: Record<string, number> };
    expect(body.meta).toEqual({ page: 2, limit: 5, total: 12, totalPages: 3 });
    expect(body.data.map((row) => row.name)).toEqual(["faith Underwood", "Gideon Tate", "Hannah Stone", "Isaac Reed", "Joy Quinn"]);
    expect(body.data[0]).toMatchObject({ category: "Youth Ministry", organisation, isVerified: true, status: "active" });
    const sorted = (await (await api(`get-mentor-list?search=${encodeURIComponent(organisation)}&sort=category&order=desc&limit=1`, { method: "GET" })).json()) as { data: Array<{ name: string }> };
    expect(sorted.data[0].name).toBe("Joy Quinn");
    expect((await api("get-mentor-list?limit=0", { method: "GET" })).status).toBe(400);
    expect((await api("get-mentor-list?sort=bio", { method: "GET" })).status).toBe(400);
  });

  test("update-guide-profile-picture: stores an image; 400 no file, 415 not an image, 413 too big, 404 unknown guide", async () => {
    const guide = await makeGuide();
    const put = (id: number, file?: File, field = "imageUrl") => {
      const body = new FormData();
      if (file) body.append(field, file);
      return send(`/api/admin/update-guide-profile-picture/${id}`, { method: "PUT", body, token: admin.token });
    };
    const ok = await put(guide.id, new File([new Uint8Array(await png())], "me.png", { type: "image/png" }));
    expect(ok.status).toBe(200);
    const { imageUrl } = (await ok.json()) as { imageUrl: string };
    const imageId = (await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).imageId;
    expect(imageUrl).toBe(`/images/${imageId}`);
    expect((await send(imageUrl)).headers.get("Content-Type")).toBe("image/webp");

    const viaFile = await put(guide.id, new File([new Uint8Array(await png())], "me.png", { type: "image/png" }), "file");
    expect(viaFile.status).toBe(200);

    expect((await put(guide.id)).status).toBe(400);
    const fake = await put(guide.id, new File(["hello, I am text"], "photo.png", { type: "image/png" }));
    expect(fake.status).toBe(415);
    expect(((await fake.json()) as { message: string }).message).toMatch(/must be an image/);
    const big = await put(guide.id, new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" }));
    expect(big.status).toBe(413);
    expect((await put(99_999_999, new File([new Uint8Array(await png())], "me.png", { type: "image/png" }))).status).toBe(404);
    const json = await send(`/api/admin/update-guide-profile-picture/${guide.id}`, { method: "PUT", body: "{}", token: admin.token, headers: { "Content-Type": "application/json" } });
    expect(json.status).toBe(400);
  });

  test("401 without a token, 403 for a guide or user, 400 for a bad id", async () => {
    const paths: Array<[string, string]> = [
      ["POST", "create-mentor"],
      ["GET", "get-mentor-by-id/1"],
      ["PUT", "update-mentor-by-id/1"],
      ["DELETE", "delete-mentor-by-id/1"],
      ["GET", "get-mentor-list"],
      ["GET", "get-mentor-request-list"],
      ["PATCH", "mentor-request-update/1/1"],
      ["PUT", "update-guide-profile-picture/1"],
    ];
    const guide = await signIn("guide");
    const user = await signIn("user");
    for (const [method, pathname] of paths) {
      const anonymous = await send(`/api/admin/${pathname}`, { method });
      expect(anonymous.status, `${method} ${pathname}`).toBe(401);
      expect(await anonymous.json()).toEqual({ message: "Authentication token is missing" });
      expect((await send(`/api/admin/${pathname}`, { method, token: guide.token })).status).toBe(403);
      expect((await send(`/api/admin/${pathname}`, { method, token: user.token })).status).toBe(403);
    }
    expect((await api("get-mentor-by-id/abc", { method: "GET" })).status).toBe(400);
    expect((await api("get-mentor-by-id/0", { method: "GET" })).status).toBe(400);
    expect((await api("get-mentor-by-id/99999999", { method: "GET" })).status).toBe(404);
    const user2 = await createPerson("user");
    expect((await api(`get-mentor-by-id/${user2.id}`, { method: "GET" })).status).toBe(404);
  });
});
