/**
 * The guide application (/guide-application), what the applicant sees while pending or after a decision
 * (/mentor-dashboard/application, and the mentor area sending a not-yet-approved guide there), the decision
 * e-mails, and the applicant's own words in the console.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { faker } from "@faker-js/faker";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { verifyPassword } from "#app/lib/password.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { APPLICATION_DECISION_TIME } from "#app/modules/guide-requests/decision-time.ts";
import { decisionMail, submitGuideApplication } from "#app/modules/guide-requests/guide-requests.server.ts";
import { applicationMessages as a, guideApplicationSchema } from "#app/modules/guide-requests/schema.ts";
import { guideMessages as m } from "#app/modules/guides/schema.ts";
import { cookiesFrom, createPerson, postForm, send, signIn } from "#tests/app.ts";
import { application } from "#tests/support/guide-application-form.ts";
import { lastCodeTo, mailTo } from "#tests/mocks/mail.ts";

const apply = "/guide-application";
const status = "/mentor-dashboard/application";
const requests = "/admin/dashboard/guide-request";

/** HTML as text a person reads: React's comment markers removed and entities decoded. */
const text = async (response: Response) =>
  (await response.text())
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");

const unique = () => faker.string.alpha({ length: 10, casing: "lower" });

/** The form POST with a second specialty (a repeated field, which a Record cannot hold). */
function postApplication(fields: Record<string, string>, init: { clientAddress?: string; extraSpecialty?: string } = {}) {
  const body = new URLSearchParams(fields);
  if (init.extraSpecialty) body.append("specialties", init.extraSpecialty);
  return send(apply, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    clientAddress: init.clientAddress,
  });
}

/** Applies as a new pastor and returns their account, with a browser session of theirs. */
async function applied(overrides: Record<string, string | undefined> = {}) {
  const fields = application(overrides);
  const response = await postApplication(fields);
  expect(response.status).toBe(302);
  const guide = await prisma.user.findUniqueOrThrow({ where: { email: fields.email } });
  const cookie = (await commitSession(await createSession(guide.id, "web"))).split(";")[0];
  return { guide, cookie, fields };
}

/** The application as the action reads it (conform's form parsing, lists included). */
function parseApplication(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema: guideApplicationSchema });
}

const follow = async (response: Response, cookie = "") => {
  const location = response.headers.get("Location");
  expect(location, `expected a redirect, got ${response.status}`).toBeTruthy();
  return text(await send(location!, { cookie: cookiesFrom(response, cookie) }));
};

describe("/guide-application: the form", () => {
  test("the page shows the sections of a long application, and /become-mentor links to it prominently", async () => {
    const response = await send(apply);
    expect(response.status).toBe(200);
    const html = await text(response);
    expect(html).toContain("<title>Apply to Mentor · Ministry Mentors</title>");
    for (const heading of ["About you", "Your ministry", "Your mentoring", "References", "How you would like to serve", "Sessions and pricing"]) {
      expect(html).toContain(heading);
    }
    expect(html).toContain("Submit application");
    expect(html).toContain("Terms of Service");
    expect(html).not.toContain("not available yet");

    const become = await text(await send("/become-mentor"));
    expect(become).toMatch(/<a[^>]+href="\/guide-application"[^>]*>Apply to become a mentor/);
  });

  test("honest labels: two references are required and the form says so; the price is for 60 minutes", async () => {
    const html = await text(await send(apply));
    expect(html).toContain("References (2 required)");
    const references = html.slice(html.indexOf("References (2 required)"), html.indexOf("How you would like to serve"));
    expect(references).not.toContain("(optional)");
    expect(html).toContain("Price for 60 minutes (USD)");
  });

  test("one decision time, said the same on the application, Become a Mentor, the status page, the e-mail and the FAQ", async () => {
    const promise = `within ${APPLICATION_DECISION_TIME}`;
    expect(APPLICATION_DECISION_TIME).toBe("3 business days");
    expect(await text(await send(apply))).toContain(`Usually ${promise}.`);
    expect(await text(await send("/become-mentor"))).toContain(`usually answer ${promise}`);

    const fields = application();
    await postApplication(fields);
    const codeMail = (await mailTo(fields.email)).find((mail) => mail.subject === "Your Ministry Mentors verification code");
    expect(codeMail?.text).toContain(`our team reviews your application and usually decides ${promise}`);

    // The FAQ's placeholder stands for it; no other time is promised on the public pages.
    await prisma.faq.create({ data: { type: "guide", question: `How long does a decision take ${unique()}?`, answer: "Most applications are decided within {applicationDecisionTime}.", isActive: true } });
    const faq = await text(await send("/faq"));
    expect(faq).toContain(`Most applications are decided ${promise}.`);
    for (const page of [faq, await text(await send(apply)), await text(await send("/become-mentor"))]) {
      expect(page).not.toMatch(/within a week|five working days/);
    }
  });

  test("an empty form: every required field's message, and nothing is written", async () => {
    const before = await prisma.user.count();
    const response = await postForm(apply, {});
    expect(response.status).toBe(400);
    const html = await text(response);
    for (const message of [
      m.nameRequired,
      m.emailRequired,
      m.phoneRequired,
      m.experienceRequired,
      m.passwordRequired,
      m.confirmRequired,
      m.titleRequired,
      m.organisationRequired,
      m.bioRequired,
      m.categoryRequired,
      m.specialtiesRequired,
      m.languagesRequired,
      m.expertiseRequired,
      m.educationRequired,
      a.howToServeRequired,
      a.priceRequired,
      a.referencesRequired,
      a.termsRequired,
    ]) {
      expect(html, message).toContain(message);
    }
    expect(await prisma.user.count()).toBe(before);
  });

  test.each([
    ["name", { name: "J" }, m.nameFormat],
    ["name with digits", { name: "John 3" }, m.nameFormat],
    ["email", { email: "not-an-address" }, m.emailFormat],
    ["phone", { phone: "call me" }, m.phoneFormat],
    ["experience above 50", { experience: "51" }, m.experienceRange],
    ["experience not a number", { experience: "ten" }, m.experienceRange],
    ["weak password", { password: "password", confirmPassword: "password" }, m.passwordStrength],
    ["passwords differ", { confirmPassword: "Str0ng!pasS" }, m.passwordsDiffer],
    ["title", { title: "<b>Pastor</b>" }, m.titleFormat],
    ["organisation", { organisation: "Grace = Church" }, m.organisationFormat],
    ["bio", { bio: "<script>alert(1)</script>" }, m.bioFormat],
    ["category", { category: "Bishops" }, m.categoryRequired],
    ["specialty", { specialties: "juggling" }, m.specialtyUnknown],
    ["language", { "languages[1]": "Klingon 2" }, m.languageFormat],
    ["expertise", { "expertise[0]": "x" }, m.expertiseFormat],
    ["education", { "education[0]": "M" }, m.educationFormat],
    ["recent success", { recentSuccess: "r".repeat(201) }, m.recentSuccessFormat],
    ["short reference", { "references[0]": "x" }, m.referenceLength],
    ["long reference", { "references[0]": "r".repeat(101) }, m.referenceLength],
    ["one reference", { "references[2]": "" }, a.referencesRequired],
    ["the same reference twice", { "references[2]": "Rev. Ana Diaz, Senior Pastor, Hope Church" }, a.referencesRequired],
    ["video link", { videoUrl: "ftp://videos.example/me" }, m.videoUrl],
    ["video link the profile cannot play", { videoUrl: "https://videos.example/me.mp4" }, m.videoHost],
    ["how to serve, too short", { howToServe: "Gladly." }, a.howToServeLength],
    ["how to serve, too long", { howToServe: "s".repeat(2001) }, a.howToServeLength],
    ["price", { price: "lots" }, a.priceFormat],
    ["price above $1,000", { price: "1000.01" }, a.priceFormat],
    ["terms not accepted", { terms: undefined }, a.termsRequired],
  ])("%s: 400 with its message, what was typed kept (not the password), nothing written", async (_label, overrides, message) => {
    const fields = application(overrides);
    const response = await postForm(apply, fields);
    expect(response.status).toBe(400);
    const html = await text(response);
    expect(html).toContain(message);
    expect(html).toContain(`value="${fields.organisation}"`);
    expect(html).not.toContain('value="Str0ng!pass"');
    expect(await prisma.user.count({ where: { email: fields.email.toLowerCase() } })).toBe(0);
  });

  test("pay what you want needs no price", async () => {
    const submission = parseApplication(application({ price: "", payWhatYouWant: "on" }));
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({ payWhatYouWant: true, hourlyRateCents: 0 });
  });

  test("list entries are added and removed with buttons that work without JavaScript", async () => {
    const page = await (await send(apply)).text();
    const intentOf = (label: string) => {
      const button = [...page.matchAll(/<button[^>]*>[\s\S]*?<\/button>/g)].map(([html]) => html).find((html) => html.includes(label));
      expect(button).toMatch(/type="submit"/);
      return button?.match(/value="([^"]+)"/)?.[1].replaceAll("&quot;", '"');
    };
    const insert = intentOf("Add reference");
    expect(insert).toBeTruthy();
    const added = await postForm(apply, { __intent__: insert!, "references[0]": "Rev. Ana Diaz", "references[1]": "Dr. Paul Kim", name: "Kept Name" });
    expect(added.status).toBe(200);
    const addedHtml = await text(added);
    expect(addedHtml.match(/aria-label="Reference \d"/g)).toHaveLength(3);
    expect(addedHtml).toContain('value="Dr. Paul Kim"');
    expect(addedHtml).toContain('value="Kept Name"');
    expect(addedHtml).not.toContain(m.nameFormat);

    const remove = intentOf("Remove reference 1");
    const removed = await text(await postForm(apply, { __intent__: remove!, "references[0]": "Rev. Ana Diaz", "references[1]": "Dr. Paul Kim" }));
    expect(removed).not.toContain('value="Rev. Ana Diaz"');
    expect(removed).toContain('value="Dr. Paul Kim"');
  });
});

describe("/guide-application: applying", () => {
  test("creates the guide account, profile, lists and a pending request with their words, sends a code, then /verify-email", async () => {
    const fields = application();
    const response = await postApplication(fields, { extraSpecialty: "pastoralCare" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/verify-email?${new URLSearchParams({ email: fields.email })}`);

    const guide = await prisma.user.findUniqueOrThrow({
      where: { email: fields.email },
      include: { password: true, specialties: true, guideProfile: { include: { languages: { orderBy: { position: "asc" } } } }, guideRequests: true },
    });
    expect(guide).toMatchObject({
      role: "guide",
      name: fields.name,
      title: "Senior Pastor",
      organisation: fields.organisation,
      bio: fields.bio,
      isVerified: false,
      emailVerifiedAt: null,
      status: "active",
      isDeleted: false,
    });
    expect(await verifyPassword("Str0ng!pass", guide.password!.hash)).toBe(true);
    expect(guide.specialties.map((row) => row.code).sort()).toEqual(["leadership", "pastoralCare"]);
    const profile = guide.guideProfile!;
    expect(profile).toMatchObject({
      phone: "+15035550147",
      experienceYears: 18,
      category: "Senior Pastors",
      recentSuccess: fields.recentSuccess,
      videoUrl: fields.videoUrl,
      payWhatYouWant: false,
      hourlyRateCents: 7550,
    });
    expect(JSON.parse(profile.education)).toEqual(["M.Div., Fuller Theological Seminary"]);
    expect(JSON.parse(profile.expertise)).toEqual(["Church planting", "Elder boards"]);
    // Entries are trimmed and blank ones left out.
    expect(JSON.parse(profile.references)).toEqual(["Rev. Ana Diaz, Senior Pastor, Hope Church", "Dr. Paul Kim, District Superintendent"]);
    expect(profile.languages.map((row) => row.language)).toEqual(["English", "Spanish"]);
    expect(guide.guideRequests).toHaveLength(1);
    expect(guide.guideRequests[0]).toMatchObject({ status: "pending", howToServe: fields.howToServe, decidedAt: null });

    expect(await lastCodeTo(fields.email)).toMatch(/^\d{6}$/);
    expect(response.headers.get("Set-Cookie") ?? "").toMatch(/toast/);
  });

  test("an address already in use: the same answer as a new one, no account or request, the owner gets a note", async () => {
    const owner = await createPerson("user");
    const requestsBefore = await prisma.guideRequest.count();
    const fields = application({ email: owner.email.toUpperCase() });
    const response = await postApplication(fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/verify-email?${new URLSearchParams({ email: owner.email })}`);
    expect(await prisma.user.count({ where: { email: owner.email } })).toBe(1);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).role).toBe("user");
    expect(await prisma.guideRequest.count()).toBe(requestsBefore);
    const mails = await mailTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Someone tried to create an account with your address");
    expect(mails[0].text).not.toMatch(/\b\d{6}\b/);
  });

  test("limited per client address: the 6th application within the hour is a 429 with Retry-After; another address still applies", async () => {
    const address = `203.0.113.${faker.number.int({ min: 1, max: 250 })}`;
    for (let i = 0; i < 5; i++) expect((await postApplication(application(), { clientAddress: address })).status).toBe(302);
    const fields = application();
    const limited = await postApplication(fields, { clientAddress: address });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const html = await text(limited);
    expect(html).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    expect(html).toContain(`value="${fields.organisation}"`);
    expect(await prisma.user.count({ where: { email: fields.email } })).toBe(0);
    expect((await postApplication(application(), { clientAddress: "198.51.100.7" })).status).toBe(302);
  });

  test("one transaction: a failure half-way leaves no account, profile or request behind, and sends nothing", async () => {
    const submission = parseApplication(application());
    if (submission.status !== "success") throw new Error("the application should be valid");
    const parsed = submission.value;
    // Bypassing the schema (which drops duplicates): the second language row breaks its primary key after the
    // account and profile rows were written.
    const broken = { ...parsed, languages: ["English", "English"] };
    await expect(submitGuideApplication(broken, { clientAddress: null })).rejects.toThrow();
    expect(await prisma.user.count({ where: { email: parsed.email } })).toBe(0);
    expect(await prisma.guideProfile.count({ where: { user: { email: parsed.email } } })).toBe(0);
    expect(await prisma.guideRequest.count({ where: { howToServe: parsed.howToServe } })).toBe(0);
    expect(await mailTo(parsed.email)).toHaveLength(0);
  });
});

describe("the applicant's status page and the mentor area", () => {
  test("pending: every other mentor screen (loaders and actions) sends them to their application, which says what happens next", async () => {
    const { guide, cookie, fields } = await applied();
    for (const path of ["/mentor-dashboard", "/mentor-dashboard/bookings", "/mentor-dashboard/profile", "/mentor-dashboard/query"]) {
      const response = await send(path, { cookie });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe(status);
    }
    const post = await postForm("/mentor-dashboard/query", { subject: "Hello", message: "Can you hurry?" }, cookie);
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe(status);
    expect(await prisma.customerQuery.count({ where: { askerId: guide.id } })).toBe(0);

    const response = await send(status, { cookie });
    expect(response.status).toBe(200);
    const html = await text(response);
    expect(html).toContain("My Application");
    expect(html).toContain("Pending review");
    expect(html).toContain("Your application is being reviewed");
    expect(html).toContain(`We usually decide within ${APPLICATION_DECISION_TIME} of your application.`);
    expect(html.toLowerCase()).toContain(`<time datetime="${(await prisma.guideRequest.findFirstOrThrow({ where: { guideId: guide.id } })).createdAt.toISOString().toLowerCase()}"`);
    // Their submitted details, read-only.
    expect(html).toContain(fields.howToServe);
    expect(html).toContain("Dr. Paul Kim, District Superintendent");
    expect(html).toContain("M.Div., Fuller Theological Seminary");
    expect(html).toContain("$75.50");
    expect(html).not.toMatch(/<textarea/);
    // The navigation offers only the application.
    expect(html).not.toContain('href="/mentor-dashboard/bookings"');
  });

  test("approved in the console: the e-mail (text and HTML) has the sign-in link; the dashboard opens and the page says approved", async () => {
    const { guide, cookie } = await applied();
    const admin = await signIn("admin");
    const decided = await postForm(requests, { guideId: String(guide.id), actionId: "1" }, admin.cookie);
    expect(await follow(decided, admin.cookie)).toContain("Guide request Approved");

    const [mail] = (await mailTo(guide.email)).filter((each) => each.subject === "Your guide application has been approved");
    expect(mail.text).toContain(`Hello ${guide.name},`);
    expect(mail.text).toContain("Your profile is now public");
    expect(mail.text).toContain("http://localhost:3000/login");
    expect(mail.html).toContain('<a href="http://localhost:3000/login"');
    expect(mail.html).toContain("Your profile is now public");
    expect(mail.html).toContain(`Hello ${guide.name.replaceAll("'", "&#39;")},`);

    const live = await prisma.user.findUniqueOrThrow({ where: { id: guide.id } });
    expect(live).toMatchObject({ role: "guide", isVerified: true, status: "active", isDeleted: false });
    const dashboard = await send("/mentor-dashboard", { cookie });
    expect(dashboard.status).toBe(200);
    const page = await text(await send(status, { cookie }));
    expect(page).toContain("Your application has been approved");
    expect(page).toMatch(/<a[^>]+href="\/mentor-dashboard"[^>]*>Go to your dashboard/);
  });

  test("rejected: the e-mail gives the reason (HTML escaped); the page shows it, support, and applying again makes a new pending request", async () => {
    const { guide, cookie } = await applied();
    const admin = await signIn("admin");
    const reason = "Please add a reference from <your> denomination & your elders.";
    const decided = await postForm(`${requests}?reject=${guide.id}`, { guideId: String(guide.id), actionId: "2", declineReason: reason }, admin.cookie);
    expect(decided.status).toBe(302);

    const [mail] = (await mailTo(guide.email)).filter((each) => each.subject === "Your guide application was not approved");
    expect(mail.text).toContain(`Reason: ${reason}`);
    expect(mail.text).toContain("http://localhost:3000/mentor-dashboard/application");
    expect(mail.text).toContain("http://localhost:3000/support");
    expect(mail.html).toContain("Reason: Please add a reference from &lt;your&gt; denomination &amp; your elders.");
    expect(mail.html).not.toContain("<your>");
    expect(mail.html).toContain('<a href="http://localhost:3000/support"');

    expect((await send("/mentor-dashboard", { cookie })).headers.get("Location")).toBe(status);
    const page = await text(await send(status, { cookie }));
    expect(page).toContain("Not approved");
    expect(page).toContain("Your application was not approved");
    expect(page).toContain(reason.replace("<your>", "&lt;your&gt;"));
    expect(page).toMatch(/href="\/support"[^>]*>Contact support/);
    expect(page).toContain("Send my application again");

    const tooShort = await postForm(status, { howToServe: "Please." }, cookie);
    expect(tooShort.status).toBe(400);
    expect(await text(tooShort)).toContain(a.howToServeLength);

    const words = "I have added my elders as references and would serve youth pastors on Tuesdays.";
    const again = await postForm(status, { howToServe: words }, cookie);
    expect(again.status).toBe(302);
    expect(await follow(again, cookie)).toContain("Application sent again");
    const latest = await prisma.guideRequest.findMany({ where: { guideId: guide.id }, orderBy: { id: "asc" } });
    expect(latest.map((row) => row.status)).toEqual(["rejected", "pending"]);
    expect(latest[1].howToServe).toBe(words);
    expect(await text(await send(status, { cookie }))).toContain("Your application is being reviewed");
    expect(await text(await send(`${requests}?search=${encodeURIComponent(guide.email)}`, { cookie: admin.cookie }))).toContain(words);

    // Only a rejected application can be sent again.
    const twice = await postForm(status, { howToServe: words }, cookie);
    expect(twice.status).toBe(400);
    expect(await text(twice)).toContain("Your application is already approved or waiting for review");
    expect(await prisma.guideRequest.count({ where: { guideId: guide.id } })).toBe(2);
  });

  test("the decision e-mails' links come from APP_URL, never from a request", () => {
    const approval = decisionMail({ name: "Ann", email: "ann@test.example" }, { actionId: 1, declineReason: null });
    expect(approval.text).toContain("\n\nhttp://localhost:3000/login\n\n");
    const rejection = decisionMail({ name: "Ann", email: "ann@test.example" }, { actionId: 2, declineReason: "Not yet" });
    expect(rejection.text).toContain("Reason: Not yet");
    expect(rejection.html).toContain("<!doctype html>");
  });
});

describe("the applicant's own words in the console", () => {
  test("the guide-request screen and its API show how they would like to serve and their references", async () => {
    const { guide, fields } = await applied();
    const admin = await signIn("admin");
    const html = await text(await send(`${requests}?search=${encodeURIComponent(guide.email)}`, { cookie: admin.cookie }));
    expect(html).toContain("Read application");
    expect(html).toContain(fields.howToServe);
    expect(html).toContain("Rev. Ana Diaz, Senior Pastor, Hope Church");
    expect(html).toContain(`href="/admin/dashboard/viewAddGuide/${guide.id}"`);

    const response = await send(`/api/admin/get-mentor-request-list?search=${encodeURIComponent(guide.email)}`, { token: admin.token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Array<Record<string, unknown>>; meta: Record<string, number> };
    expect(body.meta).toMatchObject({ page: 1, total: 1 });
    expect(body.data[0]).toMatchObject({
      guideId: guide.id,
      name: guide.name,
      email: guide.email,
      howToServe: fields.howToServe,
      references: ["Rev. Ana Diaz, Senior Pastor, Hope Church", "Dr. Paul Kim, District Superintendent"],
    });
  });
});
