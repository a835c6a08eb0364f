/**
 * The API's OpenAPI document (/api/openapi.json) and reference page (/api/docs): every route of /api in app/routes.ts
 * is described for each method it answers and nothing else is; real answers (lists, records, changes, refusals) match
 * the document's schema for their status; a standard validator accepts the document; the reference page loads its
 * bundled viewer from the app's origin with the response's CSP nonce. Real Requests through the built app.
 */
import SwaggerParser from "@apidevtools/swagger-parser";
import { freshCode, turnOnTwoFactor } from "#tests/two-factor.ts";
import { Ajv2020 } from "ajv/dist/2020.js";
import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import routeConfig from "#app/routes.ts";
import { prisma } from "#app/lib/db.server.ts";
import { createSession } from "#app/lib/session.server.ts";
import { createAccessToken } from "#app/modules/access-tokens/access-tokens.server.ts";
import { actorOf, createPerson, send, signIn, TEST_PASSWORD } from "#tests/app.ts";
import { fillPath, routesWithModules } from "#tests/support/route-matrix.ts";

type Document = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

let doc: Document;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

/** `/api/admin/get-user-by-id/:id` → `/api/admin/get-user-by-id/{id}` */
const openApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, "{$1}");

/**
 * Sends a request and checks its answer against the document: the operation (pattern, method) must describe the
 * status it answered, and a JSON body must match that status's schema. Returns the response and its parsed body.
 */
async function checked(pattern: string, url: string, init: Parameters<typeof send>[1] = {}) {
  const method = (init.method ?? "GET").toLowerCase();
  const response = await send(url, init);
  const operation = doc.paths[pattern]?.[method];
  expect(operation, `${method.toUpperCase()} ${pattern} is in the document`).toBeDefined();
  const described = operation.responses[String(response.status)];
  const type = (response.headers.get("Content-Type") ?? "").split(";")[0];
  const text = await response.text();
  expect(described, `${method.toUpperCase()} ${url} answered ${response.status} ${text.slice(0, 300)}, which the document does not describe`).toBeDefined();
  expect(Object.keys(described.content ?? {}), `${method.toUpperCase()} ${url}: its ${type} is described`).toContain(type);
  const body: unknown = type === "application/json" ? JSON.parse(text) : text;
  if (type === "application/json") {
    const pointer = `openapi#/paths/${pattern.replaceAll("~", "~0").replaceAll("/", "~1")}/${method}/responses/${response.status}/content/application~1json/schema`;
    const validate = ajv.getSchema(pointer);
    expect(validate, pointer).toBeDefined();
    const valid = validate!(body);
    expect(valid ? [] : validate!.errors!.map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`), `${method.toUpperCase()} ${url} ${response.status} matches its schema`).toEqual([]);
  }
  return { response, body: body as Record<string, unknown> & { message?: string } };
}

/** A live guide, made as the console makes one (the search reads what that writes). */
async function createGuideThroughApi() {
  const tag = faker.string.alpha({ length: 8, casing: "lower" });
  const { response, body } = await checked("/api/admin/create-mentor", "/api/admin/create-mentor", {
    method: "POST",
    token: admin.token,
    ...json({
      name: "Grace O'Neil-Brown",
      email: `grace.${tag}@test.example`,
      phone: "(503) 555-0147",
      password: "Str0ng!pass",
      confirmPassword: "Str0ng!pass",
      title: "Senior Pastor",
      organisation: `Hope Church ${tag}`,
      experience: 12,
      education: ["M.Div."],
      languages: ["English"],
      bio: "Pastored for twelve years.",
      specialties: ["leadership"],
      expertise: ["Church planting"],
      category: "Senior Pastors",
      isToggled: true,
      accountStatus: true,
      recentSuccess: "Coached a church",
      videoUrl: "https://www.youtube.com/embed/abc123",
      references: ["Rev. Thomas Greene"],
    }),
  });
  expect(response.status).toBe(201);
  return prisma.user.findUniqueOrThrow({ where: { id: (body.guide as { id: number }).id } });
}

const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { "Content-Type": "application/json" } });

let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  admin = await signIn("admin");
  const response = await send("/api/openapi.json");
  doc = (await response.json()) as Document;
  ajv.addSchema(doc, "openapi");
});

describe("the document", () => {
  test("is public and cacheable, and a standard validator accepts it", async () => {
    const response = await send("/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const body = (await response.json()) as { openapi: string };
    expect(body.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(body) as never)).resolves.toBeTruthy();
  });

  test("describes each method every route of /api answers, and no route that does not exist", async () => {
    const routes = (await routesWithModules(routeConfig)).filter((route) => route.path.startsWith("/api/") && route.path !== "/api/*");
    const person = await createPerson("user");
    const { token: personal } = await createAccessToken(actorOf(person), { name: "Reader", scopes: ["read"], lifetime: 30 });
    const dummy = { id: 999_999, bookingId: 999_999, guideId: 999_999, actionId: 1, accountType: "user", action: "active", party: "guide", list: "users", token: "none", change: "cancel" };

    const answered: string[] = [];
    for (const route of routes) {
      for (const method of METHODS) {
        // Signing out ends the token it is sent with: give it one of its own.
        const token = route.path === "/api/auth/logout" ? await createSession(admin.person.id, "api") : route.path.startsWith("/api/v1/") ? `Bearer ${personal}` : admin.token;
        const response = await send(fillPath(route.path, dummy), { method, token, ...(method === "GET" ? {} : json({})) });
        if (response.status !== 405) answered.push(`${method} ${openApiPath(route.path)}`);
      }
    }
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(answered.sort());
  });
});

describe("answers match the document", () => {
  test("the admin API's lists and records, and the public reads", async () => {
    const word = faker.string.alpha({ length: 10, casing: "lower" });
    const user = await createPerson("user");
    const guide = await createPerson("guide");
    await prisma.guideProfile.create({ data: { userId: guide.id, experienceYears: 5, category: "Senior Pastors" } });
    const pending = await createPerson("guide");
    await prisma.guideProfile.create({ data: { userId: pending.id, experienceYears: 2 } });
    await prisma.guideRequest.create({ data: { guideId: pending.id, message: "Please let me mentor." } });
    const booking = await prisma.booking.create({
      data: { userId: user.id, guideId: guide.id, startsAt: new Date(Date.UTC(2025, 5, 2, 15)), topic: `Vision ${word}`, rateCents: 5000, paymentStatus: "paid", status: "completed" },
    });
    const payment = await prisma.payment.create({ data: { bookingId: booking.id, userId: user.id, guideId: guide.id, amountCents: 5000, status: "succeeded", paidAt: new Date() } });
    await prisma.payout.create({ data: { bookingId: booking.id, paymentId: payment.id, guideId: guide.id, feePercent: 10, amountCents: 4500, overAt: new Date() } });
    await prisma.review.create({ data: { bookingId: booking.id, authorId: user.id, guideId: guide.id, rating: 5, content: "Very helpful." } });
    await prisma.publishedContent.create({ data: { guideId: guide.id, title: `Article ${word}`, url: "https://example.com/a", type: "article", publishedDate: new Date() } });
    await prisma.customerQuery.create({ data: { askerId: user.id, name: user.name, email: user.email, subject: `Question ${word}`, message: "How does it work?" } });
    await prisma.faq.create({ data: { type: "general", question: `Q ${word}?`, answer: "A." } });
    const resource = await prisma.resource.create({ data: { title: `Guide ${word}`, type: "article", link: "https://example.com/r" } });
    await prisma.post.create({ data: { kind: "blog", slug: `post-${word}`, title: `Post ${word}`, summary: "S.", body: "B.", author: "A.", publishedAt: new Date() } });
    await prisma.outboxMail.create({ data: { to: "someone@test.example", subject: `Code ${word}`, text: "123456", html: "<p>123456</p>" } });
    const view = await prisma.savedView.create({ data: { adminId: admin.person.id, list: "users", name: `View ${word}`, query: "isVerified=false" } });
    const token = admin.token;

    const gets: Array<[string, string]> = [
      ["/api/admin/get-user-list", "/api/admin/get-user-list?limit=5&isVerified=true"],
      ["/api/admin/get-user-by-id/{id}", `/api/admin/get-user-by-id/${user.id}`],
      ["/api/admin/user-guide/list", "/api/admin/user-guide/list?filter=users"],
      ["/api/admin/get-mentor-list", "/api/admin/get-mentor-list"],
      ["/api/admin/get-mentor-by-id/{id}", `/api/admin/get-mentor-by-id/${guide.id}`],
      ["/api/admin/get-mentor-request-list", "/api/admin/get-mentor-request-list?status=all"],
      ["/api/admin/guide-published-content/all/{guideId}", `/api/admin/guide-published-content/all/${guide.id}`],
      ["/api/admin/get-allbookings", "/api/admin/get-allbookings"],
      ["/api/admin/get-booking/{bookingId}", `/api/admin/get-booking/${booking.id}`],
      ["/api/admin/getall/payments", "/api/admin/getall/payments"],
      ["/api/admin/transactions/{party}/{id}", `/api/admin/transactions/guide/${guide.id}`],
      ["/api/admin/transactions/{party}/{id}", `/api/admin/transactions/user/${user.id}`],
      ["/api/admin/payouts", "/api/admin/payouts"],
      ["/api/admin/all/reviews", "/api/admin/all/reviews"],
      ["/api/admin/guides/reviews/{id}", `/api/admin/guides/reviews/${guide.id}`],
      ["/api/admin/users/reviews/{id}", `/api/admin/users/reviews/${user.id}`],
      ["/api/admin/get-all-queries", "/api/admin/get-all-queries"],
      ["/api/admin/faq/all", "/api/admin/faq/all"],
      ["/api/admin/resources/all", "/api/admin/resources/all"],
      ["/api/admin/resources/{id}", `/api/admin/resources/${resource.id}`],
      ["/api/admin/posts", "/api/admin/posts?kind=blog"],
      ["/api/admin/covenant", "/api/admin/covenant"],
      ["/api/admin/dashboard/Stats", "/api/admin/dashboard/Stats"],
      ["/api/admin/dashboard/montlyBookingStats", "/api/admin/dashboard/montlyBookingStats"],
      ["/api/admin/dashboard/health", "/api/admin/dashboard/health"],
      ["/api/admin/get-admin-profile", "/api/admin/get-admin-profile"],
      ["/api/admin/outbox", "/api/admin/outbox"],
      ["/api/admin/audit-log", "/api/admin/audit-log"],
      ["/api/admin/saved-views", "/api/admin/saved-views"],
      ["/api/admin/saved-views/{id}", `/api/admin/saved-views/${view.id}`],
    ];
    for (const [pattern, url] of gets) {
      const { response, body } = await checked(pattern, url, { token });
      expect(response.status, url).toBe(200);
      // Each list has rows to check against its schema, not only an empty page.
      const rows = Object.values(body).find(Array.isArray);
      if (rows && !url.includes("saved-views")) expect(rows.length, `${url} lists rows`).toBeGreaterThan(0);
    }
    // The public reads, without a token.
    expect((await checked("/api/admin/resources", "/api/admin/resources?per_page=5&sort=created_at:desc")).response.status).toBe(200);
    expect((await checked("/api/admin/home-content/all", "/api/admin/home-content/all")).response.status).toBe(200);
    expect((await checked("/api/admin/home-content/all", "/api/admin/home-content/all?slug=home")).response.status).toBe(200);
    expect((await checked("/api/admin/home-content/all", "/api/admin/home-content/all?slug=nowhere")).response.status).toBe(400);
    // Refusals: a bad parameter, a missing record, no token, a token of the wrong role.
    expect((await checked("/api/admin/get-user-list", "/api/admin/get-user-list?page=abc", { token })).response.status).toBe(400);
    expect((await checked("/api/admin/get-user-by-id/{id}", "/api/admin/get-user-by-id/999999", { token })).response.status).toBe(404);
    expect((await checked("/api/admin/get-allbookings", "/api/admin/get-allbookings")).response.status).toBe(401);
    const mentee = await signIn("user");
    expect((await checked("/api/admin/get-allbookings", "/api/admin/get-allbookings", { token: mentee.token })).response.status).toBe(403);
  });

  test("the admin API's changes, valid and invalid", async () => {
    const { token } = await signIn("admin");
    const tag = faker.string.alpha({ length: 8, casing: "lower" });
    const write = (pattern: string, url: string, method: Method, body: unknown) => checked(pattern, url, { method, token, ...json(body) });

    expect((await write("/api/admin/create-user", "/api/admin/create-user", "POST", { name: "Ann" })).response.status).toBe(400);
    const created = await write("/api/admin/create-user", "/api/admin/create-user", "POST", {
      name: "Ruth Okafor",
      email: `ruth.${tag}@test.example`,
      password: "Str0ng!Pass",
      confirmPassword: "Str0ng!Pass",
      userType: "user",
      title: "Youth Pastor",
      organisation: "Harbor Light Church",
      education: "B.A. in Theology",
      bio: "I lead a youth group of forty students.",
      experience: "Six years as a volunteer.",
      challenges: "Volunteers burn out every spring.",
      specialties: ["youthMinistry"],
    });
    expect(created.response.status).toBe(201);
    const userId = (created.body.user as { id: number }).id;
    expect((await write("/api/admin/create-user", "/api/admin/create-user", "POST", { ...created.body.user!, email: `ruth.${tag}@test.example`, password: "Str0ng!Pass", confirmPassword: "Str0ng!Pass", name: "Ruth Okafor", title: "Pastor", organisation: "Church", bio: "Bio.", experience: "Some.", education: "B.A.", challenges: "Some.", specialties: ["youthMinistry"] })).response.status).toBe(409);
    const update = { name: "Ruth Okafor-Smith", title: "Youth Pastor", organisation: "Harbor Light Church", education: "B.A.", bio: "Bio.", experience: "Six years.", challenges: "Some.", specialties: ["youthMinistry"] };
    expect((await write("/api/admin/update-user-by-id/{id}", `/api/admin/update-user-by-id/${userId}`, "PUT", update)).response.status).toBe(200);
    expect((await write("/api/admin/{accountType}/{id}/status/{action}", `/api/admin/user/${userId}/status/inactive`, "PATCH", {})).response.status).toBe(200);
    expect((await write("/api/admin/{accountType}/{id}/status/{action}", `/api/admin/user/${userId}/status/sideways`, "PATCH", {})).response.status).toBe(400);

    const faq = await write("/api/admin/faq/create", "/api/admin/faq/create", "POST", { question: `Why ${tag}?`, answer: "Because." });
    expect(faq.response.status).toBe(201);
    const faqId = (faq.body.data as { id: number }).id;
    expect((await write("/api/admin/faq/update/{id}", `/api/admin/faq/update/${faqId}`, "PATCH", { answer: "Because, really." })).response.status).toBe(200);
    expect((await write("/api/admin/faq/{id}/status", `/api/admin/faq/${faqId}/status`, "PATCH", { is_active: false })).response.status).toBe(200);
    expect((await write("/api/admin/faq/{id}/status", `/api/admin/faq/${faqId}/status`, "PATCH", {})).response.status).toBe(400);
    expect((await write("/api/admin/faq/delete/{id}", `/api/admin/faq/delete/${faqId}`, "DELETE", {})).response.status).toBe(200);

    const query = await prisma.customerQuery.create({ data: { name: "Visitor", email: "visitor@test.example", subject: `Hello ${tag}`, message: "How?" } });
    expect((await write("/api/admin/answer/{id}", `/api/admin/answer/${query.id}`, "PUT", { answer: "Like this." })).response.status).toBe(200);
    expect((await write("/api/admin/delete-query/{id}", `/api/admin/delete-query/${query.id}`, "DELETE", {})).response.status).toBe(200);

    const form = new FormData();
    form.set("title", `Updated ${tag}`);
    const resource = await prisma.resource.create({ data: { title: `Guide ${tag}`, type: "article", link: "https://example.com/r" } });
    expect((await checked("/api/admin/resources/{id}", `/api/admin/resources/${resource.id}`, { method: "PATCH", token, body: form })).response.status).toBe(200);
    expect((await write("/api/admin/resources/{id}", `/api/admin/resources/${resource.id}`, "DELETE", {})).response.status).toBe(200);
    expect((await checked("/api/admin/resources/Create", "/api/admin/resources/Create", { method: "POST", token, body: new FormData() })).response.status).toBe(400);

    const view = await write("/api/admin/saved-views", "/api/admin/saved-views", "POST", { list: "users", name: `Mine ${tag}`, query: "isVerified=false" });
    expect(view.response.status).toBe(201);
    const viewId = (view.body.data as { id: number }).id;
    expect((await write("/api/admin/saved-views/{id}", `/api/admin/saved-views/${viewId}`, "PATCH", { name: `Renamed ${tag}` })).response.status).toBe(200);
    expect((await write("/api/admin/saved-views/{id}", `/api/admin/saved-views/${viewId}`, "DELETE", {})).response.status).toBe(200);

    expect((await write("/api/admin/covenant", "/api/admin/covenant", "POST", {})).response.status).toBe(400);
    expect((await write("/api/admin/covenant", "/api/admin/covenant", "POST", { text: `We keep what is shared in confidence ${tag}.` })).response.status).toBe(201);

    const pending = await createPerson("guide");
    await prisma.guideProfile.create({ data: { userId: pending.id, experienceYears: 2 } });
    await prisma.guideRequest.create({ data: { guideId: pending.id, message: "Please." } });
    expect((await write("/api/admin/mentor-request-update/{guideId}/{actionId}", `/api/admin/mentor-request-update/${pending.id}/1`, "PATCH", {})).response.status).toBe(200);

    const bulk = await write("/api/admin/bulk/{list}", "/api/admin/bulk/users", "POST", { action: "activate", ids: [userId] });
    expect(bulk.response.status).toBe(200);
    const undo = bulk.body.undoToken as string | null;
    if (undo) expect((await write("/api/admin/bulk/undo/{token}", `/api/admin/bulk/undo/${undo}`, "POST", {})).response.status).toBe(200);
    expect((await write("/api/admin/bulk/{list}", "/api/admin/bulk/users", "POST", {})).response.status).toBe(400);

    expect((await write("/api/admin/delete-user-by-id/{id}", `/api/admin/delete-user-by-id/${userId}`, "DELETE", {})).response.status).toBe(200);
    expect((await write("/api/admin/cancel-booking/{bookingId}", "/api/admin/cancel-booking/999999", "POST", {})).response.status).toBe(404);
    expect((await write("/api/admin/update-admin-profile", "/api/admin/update-admin-profile", "PUT", {})).response.status).toBe(400);
    expect((await write("/api/admin/change-password", "/api/admin/change-password", "PUT", {})).response.status).toBe(400);
  });

  test("signing in and out", async () => {
    const person = await createPerson("admin");
    const secret = await turnOnTwoFactor(person.id);
    // Without the second factor's code: a 401 that says a code is needed.
    expect((await checked("/api/auth/login", "/api/auth/login", { method: "POST", ...json({ email: person.email, password: TEST_PASSWORD }) })).response.status).toBe(401);
    const code = await freshCode(person.id, secret);
    const signedIn = await checked("/api/auth/login", "/api/auth/login", { method: "POST", ...json({ email: person.email, password: TEST_PASSWORD, code }) });
    expect(signedIn.response.status).toBe(200);
    expect((await checked("/api/auth/login", "/api/auth/login", { method: "POST", ...json({ email: person.email, password: "wrong" }) })).response.status).toBe(401);
    expect((await checked("/api/auth/login", "/api/auth/login", { method: "POST", ...json({}) })).response.status).toBe(400);
    expect((await checked("/api/auth/logout", "/api/auth/logout", { method: "POST", token: signedIn.body.token as string })).response.status).toBe(200);
    expect((await checked("/api/auth/logout", "/api/auth/logout", { method: "POST" })).response.status).toBe(401);
  });

  test("the marketplace API, as a mentee's and a guide's token", async () => {
    const mentee = await createPerson("user");
    const guide = await createGuideThroughApi();
    await prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, startsAt: new Date(Date.now() + 3 * 86_400_000), topic: "Preaching", rateCents: 9500, status: "confirmed", paymentStatus: "paid" } });
    const past = await prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, startsAt: new Date(Date.UTC(2025, 1, 3, 15)), topic: "Elders", rateCents: 9500, status: "completed", paymentStatus: "paid" } });
    await prisma.problemReport.create({ data: { bookingId: past.id, reporterId: mentee.id, guideId: guide.id, kind: "other", details: "The call dropped.", status: "review", contestBy: new Date() } });
    const tokenOf = async (person: typeof mentee, scopes: Array<"read" | "book" | "schedule">) => `Bearer ${(await createAccessToken(actorOf(person), { name: "Script", scopes, lifetime: 30 })).token}`;
    const menteeToken = await tokenOf(mentee, ["read"]);
    const guideToken = await tokenOf(guide, ["read"]);

    expect((await checked("/api/v1/me", "/api/v1/me", { token: menteeToken })).response.status).toBe(200);
    const found = await checked("/api/v1/mentors", "/api/v1/mentors", { token: menteeToken });
    expect(found.response.status).toBe(200);
    expect((found.body.mentors as unknown[]).length).toBeGreaterThan(0);
    expect((await checked("/api/v1/mentors", "/api/v1/mentors?category=Senior%20Pastors&sort=price&order=asc&pwyw=1", { token: menteeToken })).response.status).toBe(200);
    expect((await checked("/api/v1/mentors", "/api/v1/mentors?rating=9", { token: menteeToken })).response.status).toBe(400);
    for (const tab of ["upcoming", "past"]) {
      const { response, body } = await checked("/api/v1/bookings", `/api/v1/bookings?tab=${tab}`, { token: menteeToken });
      expect(response.status).toBe(200);
      expect((body.bookings as unknown[]).length).toBe(1);
    }
    expect((await checked("/api/v1/bookings", "/api/v1/bookings?tab=requests", { token: guideToken })).response.status).toBe(200);
    expect((await checked("/api/v1/bookings", "/api/v1/bookings?tab=upcoming", { token: guideToken })).response.status).toBe(200);
    expect((await checked("/api/v1/bookings", "/api/v1/bookings?page=0", { token: menteeToken })).response.status).toBe(400);
    expect((await checked("/api/v1/me", "/api/v1/me")).response.status).toBe(401);
    expect((await checked("/api/v1/me", "/api/v1/me", { token: await tokenOf(mentee, ["book"]) })).response.status).toBe(403);

    // A mentor's profile and free times; the mentee's payments, receipts and reviews; the guide's reply.
    const profile = "/api/v1/mentors/{id}";
    expect((await checked(profile, `/api/v1/mentors/${guide.id}`, { token: menteeToken })).response.status).toBe(200);
    expect((await checked(profile, `/api/v1/mentors/${mentee.id}`, { token: menteeToken })).response.status).toBe(404);
    expect((await checked(profile, `/api/v1/mentors/${guide.id}?reviewsPage=0`, { token: menteeToken })).response.status).toBe(400);
    const times = "/api/v1/mentors/{id}/times";
    expect((await checked(times, `/api/v1/mentors/${guide.id}/times`, { token: menteeToken })).response.status).toBe(200);
    expect((await checked(times, `/api/v1/mentors/${guide.id}/times?minutes=abc`, { token: menteeToken })).response.status).toBe(400);
    expect((await checked(times, `/api/v1/mentors/${mentee.id}/times`, { token: menteeToken })).response.status).toBe(404);
    const payment = await prisma.payment.create({ data: { bookingId: past.id, userId: mentee.id, guideId: guide.id, amountCents: 9500, status: "succeeded", paidAt: new Date() } });
    const payments = await checked("/api/v1/payments", "/api/v1/payments?sort=amount", { token: menteeToken });
    expect(payments.response.status).toBe(200);
    expect((payments.body.payments as unknown[]).length).toBe(1);
    expect((await checked("/api/v1/payments", "/api/v1/payments", { token: guideToken })).response.status).toBe(403);
    expect((await checked("/api/v1/payments", "/api/v1/payments?limit=0", { token: menteeToken })).response.status).toBe(400);
    const receipt = "/api/v1/payments/{id}/receipt";
    expect((await checked(receipt, `/api/v1/payments/${payment.id}/receipt`, { token: menteeToken })).response.status).toBe(200);
    expect((await checked(receipt, `/api/v1/payments/${payment.id + 1000}/receipt`, { token: menteeToken })).response.status).toBe(404);
    const review = "/api/v1/bookings/{id}/review";
    const writer = await tokenOf(mentee, ["read", "book"]);
    expect((await checked(review, `/api/v1/bookings/${past.id}/review`, { token: menteeToken })).response.status).toBe(200);
    expect((await checked(review, `/api/v1/bookings/${past.id}/review`, { method: "POST", token: writer, ...json({ rating: 9, content: "x" }) })).response.status).toBe(400);
    expect((await checked(review, `/api/v1/bookings/${past.id}/review`, { method: "PATCH", token: writer, ...json({ rating: 4, content: "Nothing written yet." }) })).response.status).toBe(409);
    const written = await checked(review, `/api/v1/bookings/${past.id}/review`, { method: "POST", token: writer, ...json({ rating: 5, content: "Steady, kind and wise." }) });
    expect(written.response.status).toBe(201);
    expect((await checked(review, `/api/v1/bookings/${past.id}/review`, { method: "PATCH", token: writer, ...json({ rating: 4, content: "Steady and wise." }) })).response.status).toBe(200);
    expect((await checked(review, `/api/v1/bookings/${past.id}/review`, { method: "POST", token: await tokenOf(guide, ["book"]), ...json({ rating: 5, content: "Not my review." }) })).response.status).toBe(404);
    for (const token of [menteeToken, guideToken]) {
      const { response, body } = await checked("/api/v1/reviews", "/api/v1/reviews", { token });
      expect(response.status).toBe(200);
      expect((body.reviews as unknown[]).length).toBe(1);
    }
    expect((await checked("/api/v1/reviews", "/api/v1/reviews?reply=maybe", { token: guideToken })).response.status).toBe(400);
    const reply = "/api/v1/reviews/{id}/reply";
    const reviewId = (written.body.review as { id: number }).id;
    const replier = await tokenOf(guide, ["schedule"]);
    expect((await checked(reply, `/api/v1/reviews/${reviewId}/reply`, { method: "POST", token: replier, ...json({}) })).response.status).toBe(400);
    expect((await checked(reply, `/api/v1/reviews/${reviewId}/reply`, { method: "POST", token: replier, ...json({ response: "Thank you." }) })).response.status).toBe(200);
    expect((await checked(reply, `/api/v1/reviews/${reviewId}/reply`, { method: "POST", token: replier, ...json({ response: "Again." }) })).response.status).toBe(409);
    expect((await checked(reply, `/api/v1/reviews/${reviewId}/reply`, { method: "POST", token: await tokenOf(mentee, ["schedule"]), ...json({ response: "Mine?" }) })).response.status).toBe(404);
  });

  test("the marketplace API's conversations, and a guide's hours, overrides and prices", async () => {
    const mentee = await createPerson("user");
    const guide = await createGuideThroughApi();
    await prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, startsAt: new Date(Date.now() + 3 * 86_400_000), topic: "Preaching", rateCents: 9500, status: "confirmed", paymentStatus: "paid" } });
    const tokenOf = async (person: typeof mentee, scopes: Array<"messages" | "schedule">) => `Bearer ${(await createAccessToken(actorOf(person), { name: "Script", scopes, lifetime: 30 })).token}`;
    const menteeToken = await tokenOf(mentee, ["messages"]);
    const guideToken = await tokenOf(guide, ["messages", "schedule"]);
    const write = (pattern: string, url: string, method: Method, token: string, body?: unknown) => checked(pattern, url, { method, token, ...(body === undefined ? {} : json(body)) });

    const conversations = "/api/v1/conversations";
    const messages = "/api/v1/conversations/{id}/messages";
    expect((await checked(conversations, conversations, { token: menteeToken })).body.contacts).toHaveLength(1);
    expect((await write(messages, `/api/v1/conversations/${guide.id}/messages`, "POST", menteeToken, { body: "Hello" })).response.status).toBe(201);
    expect((await write(messages, `/api/v1/conversations/${guide.id}/messages`, "POST", menteeToken, { body: "" })).response.status).toBe(400);
    expect((await write(messages, `/api/v1/conversations/${mentee.id}/messages`, "POST", await tokenOf(await createPerson("guide"), ["messages"]), { body: "Hi" })).response.status).toBe(404);
    const listed = await checked(conversations, conversations, { token: guideToken });
    expect((listed.body.conversations as unknown[]).length).toBe(1);
    expect((await checked(conversations, `${conversations}?page=0`, { token: guideToken })).response.status).toBe(400);
    expect((await checked(messages, `/api/v1/conversations/${mentee.id}/messages`, { token: guideToken })).response.status).toBe(200);
    expect((await checked(messages, `/api/v1/conversations/${mentee.id}/messages?before=x`, { token: guideToken })).response.status).toBe(400);
    expect((await checked(messages, "/api/v1/conversations/999999/messages", { token: guideToken })).response.status).toBe(404);

    const availability = "/api/v1/availability";
    expect((await checked(availability, availability, { token: guideToken })).response.status).toBe(200);
    const hours = { timeZone: "America/Chicago", hours: [{ weekday: 1, start: "09:00", end: "12:00" }], lengths: [60], noticeHours: 24, horizonDays: 30 };
    expect((await write(availability, availability, "PUT", guideToken, hours)).response.status).toBe(200);
    expect((await write(availability, availability, "PUT", guideToken, { ...hours, lengths: [] })).response.status).toBe(400);
    expect((await checked(availability, availability, { token: await tokenOf(mentee, ["schedule"]) })).response.status).toBe(403);
    const overrides = "/api/v1/availability/overrides";
    const added = await write(overrides, overrides, "POST", guideToken, { date: new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10), start: "10:00", end: "11:00" });
    expect(added.response.status).toBe(201);
    expect((await write(overrides, overrides, "POST", guideToken, { date: "2020-01-01" })).response.status).toBe(400);
    expect(((await checked(overrides, overrides, { token: guideToken })).body.overrides as unknown[]).length).toBe(1);
    const override = "/api/v1/availability/overrides/{id}";
    const id = (added.body.override as { id: number }).id;
    expect((await write(override, `${overrides}/${id}`, "DELETE", guideToken)).response.status).toBe(200);
    expect((await write(override, `${overrides}/${id}`, "DELETE", guideToken)).response.status).toBe(404);
    const pricing = "/api/v1/pricing";
    expect((await checked(pricing, pricing, { token: guideToken })).response.status).toBe(200);
    expect((await write(pricing, pricing, "PUT", guideToken, { prices: [{ minutes: 60, priceCents: 8000 }], freeIntroMinutes: 30 })).response.status).toBe(200);
    expect((await write(pricing, pricing, "PUT", guideToken, { payWhatYouWant: true })).response.status).toBe(400);
  });

  test("the webhooks API, as a guide's token of scope schedule", async () => {
    const guide = await createPerson("guide");
    const token = `Bearer ${(await createAccessToken(actorOf(guide), { name: "Hooks", scopes: ["schedule"], lifetime: 30 })).token}`;
    const created = await checked("/api/v1/webhooks", "/api/v1/webhooks", { method: "POST", token, ...json({ url: "http://127.0.0.1:9/hooks", events: ["booking.created"] }) });
    expect(created.response.status).toBe(201);
    const id = (created.body.endpoint as { id: number }).id;
    expect((await checked("/api/v1/webhooks", "/api/v1/webhooks", { method: "POST", token, ...json({ url: "https://10.0.0.1/hooks", events: ["booking.created"] }) })).response.status).toBe(400);
    const delivery = await prisma.webhookDelivery.create({ data: { endpointId: id, messageId: `msg_openapi_${id}`, eventType: "booking.created", body: "{}" } });
    await prisma.webhookAttempt.create({ data: { endpointId: id, deliveryId: delivery.id, eventType: delivery.eventType, attemptedAt: new Date(), statusCode: 500, excerpt: "down", durationMs: 12, delivered: false } });
    expect((await checked("/api/v1/webhooks", "/api/v1/webhooks", { token })).response.status).toBe(200);
    expect((await checked("/api/v1/webhooks/{id}", `/api/v1/webhooks/${id}`, { token })).response.status).toBe(200);
    expect((await checked("/api/v1/webhooks/{id}", "/api/v1/webhooks/999999", { token })).response.status).toBe(404);
    const attempts = await checked("/api/v1/webhooks/{id}/attempts", `/api/v1/webhooks/${id}/attempts?sort=duration`, { token });
    expect((attempts.body.attempts as unknown[]).length).toBe(1);
    expect((await checked("/api/v1/webhooks/{id}/attempts", `/api/v1/webhooks/${id}/attempts?event=nope`, { token })).response.status).toBe(400);
    expect((await checked("/api/v1/webhooks/{id}", `/api/v1/webhooks/${id}`, { method: "PATCH", token, ...json({ enabled: false }) })).response.status).toBe(200);
    expect((await checked("/api/v1/webhooks/{id}", `/api/v1/webhooks/${id}`, { method: "PATCH", token, ...json({ events: [] }) })).response.status).toBe(400);
    expect((await checked("/api/v1/webhooks/{id}/secret", `/api/v1/webhooks/${id}/secret`, { method: "POST", token })).response.status).toBe(200);
    expect((await checked("/api/v1/webhooks/{id}", `/api/v1/webhooks/${id}`, { method: "DELETE", token })).response.status).toBe(200);
  });

  test("a route answering something its schema does not describe fails the check", async () => {
    const validate = ajv.getSchema("openapi#/paths/~1api~1v1~1me/get/responses/200/content/application~1json/schema")!;
    expect(validate({ id: 1, name: "A", email: "a@test.example", role: "user", scopes: ["read"] })).toBe(true);
    expect(validate({ id: 1, name: "A", email: "a@test.example", role: "user", scopes: ["read"], password: "x" })).toBe(false);
    expect(validate({ id: "1", name: "A", email: "a@test.example", role: "user", scopes: ["read"] })).toBe(false);
  });
});

describe("the reference page", () => {
  test("loads its bundled viewer from the app's origin with the CSP nonce", async () => {
    const response = await send("/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const nonce = response.headers.get("Content-Security-Policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBe(2);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    const src = html.match(/<script nonce="[^"]+" src="([^"]+)"/)?.[1];
    expect(src).toMatch(/^\/api-docs\/swagger-ui-[\d.]+\.js$/);
    expect(html).not.toMatch(/https?:\/\//);

    const script = await send(src!);
    expect(script.status).toBe(200);
    expect(script.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await script.text()).length).toBeGreaterThan(100_000);
    const style = html.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1];
    expect((await send(style!)).status).toBe(200);
    expect((await send("/api-docs/index.html")).status).toBe(404);
  });
});
