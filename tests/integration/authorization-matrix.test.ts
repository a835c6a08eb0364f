/**
 * The authorization matrix: every URL of app/routes.ts × every persona × every method it answers.
 *
 * The routes come from app/routes.ts itself (flattened to their full paths) and what each module exports
 * (loader, action, component) from the server build the tests run against. Every route needs a row in
 * `expectations` below: a route added to routes.ts without one fails "every route has a row".
 *
 * Personas: signed out, user, another user, guide, another guide, admin, a deactivated admin and a
 * soft-deleted admin (both must count as signed out), plus the wrong kind of credential: an admin's API
 * token sent as the session cookie (screens) and an admin's browser cookie or web session on the API.
 * Screens get the session cookie; /api/* gets an API token in Authorization.
 */
import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "#app/routes.ts";
import { prisma } from "#app/lib/db.server.ts";
import { viewerScript } from "#app/lib/openapi/viewer.server.ts";
import { dashboardFor, type Role } from "#app/lib/roles.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { createPerson, send } from "#tests/app.ts";
import {
  describeExpect,
  describeResponse,
  fillPath,
  ok,
  paramsOf,
  redirectTo,
  routesWithModules,
  signIn,
  signInLocation,
  status,
  type Expect,
  type FlatRoute,
} from "#tests/support/route-matrix.ts";

// ─── Personas ────────────────────────────────────────────────────────────────────────────────

type PersonaKey =
  | "signedOut"
  | "user"
  | "otherUser"
  | "guide"
  | "otherGuide"
  | "admin"
  | "deactivated"
  | "deleted"
  | "apiTokenAsCookie"
  | "cookieOnApi"
  | "webSessionAsToken";

type Persona = {
  key: PersonaKey;
  label: string;
  /** Who the screens should take them for (null: signed out); absent when not tried on screens. */
  screen?: Role | null;
  /** Who /api/* should take them for (null: no valid token); absent when not tried on the API. */
  api?: Role | null;
};

const personas: Persona[] = [
  { key: "signedOut", label: "signed out", screen: null, api: null },
  { key: "user", label: "user", screen: "user", api: "user" },
  { key: "otherUser", label: "another user", screen: "user", api: "user" },
  { key: "guide", label: "guide", screen: "guide", api: "guide" },
  { key: "otherGuide", label: "another guide", screen: "guide", api: "guide" },
  { key: "admin", label: "admin", screen: "admin", api: "admin" },
  // An administrator's sessions (browser and API) made before the account was closed no longer count.
  { key: "deactivated", label: "deactivated admin", screen: null, api: null },
  { key: "deleted", label: "soft-deleted admin", screen: null, api: null },
  // Cookie sessions and API tokens are separate kinds: neither works as the other.
  { key: "apiTokenAsCookie", label: "admin API token as cookie", screen: null },
  { key: "cookieOnApi", label: "admin cookie, no token", api: null },
  { key: "webSessionAsToken", label: "admin web session as token", api: null },
];

type Credentials = { cookie?: string; token?: string };
type PersonKey = "user" | "otherUser" | "guide" | "otherGuide" | "admin" | "deactivated" | "deleted";

const cookieFor = async (token: string) => (await commitSession(token)).split(";")[0];

/** Fresh credentials of a persona: new database sessions each call (web for cookies, api for tokens). */
async function credentialsOf(key: PersonaKey): Promise<Credentials> {
  const person = key === "apiTokenAsCookie" || key === "cookieOnApi" || key === "webSessionAsToken" ? records.admin : key === "signedOut" ? null : records[key];
  if (!person) return {};
  switch (key) {
    case "apiTokenAsCookie":
      return { cookie: await cookieFor(await createSession(person.id, "api")) };
    case "cookieOnApi":
      return { cookie: await cookieFor(await createSession(person.id, "web")) };
    case "webSessionAsToken":
      return { token: await createSession(person.id, "web") };
    default:
      return { cookie: await cookieFor(await createSession(person.id, "web")), token: await createSession(person.id, "api") };
  }
}

// ─── Records the params are filled with ──────────────────────────────────────────────────────

type Records = Record<PersonKey, { id: number }> & {
  booking: { id: number };
  userQuery: { id: number; subject: string };
  guideQuery: { id: number; subject: string };
  faq: { id: number };
  resource: { id: number };
  /** Records the admin's successful writes use, so the shared ones above stay as they are. */
  victimUser: { id: number };
  statusUser: { id: number };
  editUser: { id: number };
  victimGuide: { id: number };
  editGuide: { id: number };
  pendingGuide: { id: number };
  victimQuery: { id: number };
  victimFaq: { id: number };
  victimResource: { id: number };
  /** A published blog post and a published success story (their slugs fill /blog/:slug and /success-stories/:slug). */
  blogPost: { id: number; slug: string };
  story: { id: number; slug: string };
  outboxMail: { id: number };
  /** The guide's published item (their Published content lists it; no one else's does). */
  content: { id: number; title: string };
  /** A saved view of another admin's: the admin persona gets its 404, as for a missing one. */
  otherAdminView: { id: number };
  organisation: { id: number };
  /** The guide's and the user's own webhook endpoints (their deliveries screens). */
  guideWebhook: { id: number };
  userWebhook: { id: number };
};

let records: Records;
const credentials = new Map<PersonaKey, Credentials>();

async function guideWithProfile() {
  const guide = await createPerson("guide");
  await prisma.guideProfile.create({ data: { userId: guide.id, experienceYears: 5, category: "Senior Pastors" } });
  return guide;
}

async function createRecords(): Promise<Records> {
  const word = faker.string.alpha({ length: 10, casing: "lower" });
  const [user, otherUser, admin, deactivated, deleted] = [
    await createPerson("user"),
    await createPerson("user"),
    await createPerson("admin"),
    await createPerson("admin"),
    await createPerson("admin"),
  ];
  const [guide, otherGuide, victimGuide, editGuide, pendingGuide] = [
    await guideWithProfile(),
    await guideWithProfile(),
    await guideWithProfile(),
    await guideWithProfile(),
    await guideWithProfile(),
  ];
  await prisma.guideRequest.create({ data: { guideId: pendingGuide.id, message: "Please let me mentor." } });

  const booking = await prisma.booking.create({
    data: { userId: user.id, guideId: guide.id, startsAt: new Date(Date.UTC(2025, 5, 2, 15)), topic: `Vision ${word}`, rateCents: 5000, paymentStatus: "paid" },
  });
  await prisma.payment.create({ data: { bookingId: booking.id, userId: user.id, guideId: guide.id, amountCents: 5000, status: "succeeded", paidAt: new Date() } });
  await prisma.review.create({ data: { bookingId: booking.id, authorId: user.id, guideId: guide.id, rating: 5, content: "Very helpful." } });
  const content = await prisma.publishedContent.create({
    data: { guideId: guide.id, title: `Article ${word}`, url: "https://example.com/a", type: "article", publishedDate: new Date() },
  });

  const query = (asker: { id: number; name: string; email: string } | null, subject: string) =>
    prisma.customerQuery.create({
      data: { askerId: asker?.id ?? null, name: asker?.name ?? "Visitor", email: asker?.email ?? "visitor@test.example", subject, message: "How does it work?" },
    });
  const userQuery = await query(user, `User question ${word}`);
  const guideQuery = await query(guide, `Guide question ${word}`);
  const victimQuery = await query(null, `Visitor question ${word}`);

  const faq = await prisma.faq.create({ data: { type: "general", question: `Q ${word}?`, answer: "A." } });
  const victimFaq = await prisma.faq.create({ data: { type: "general", question: `Old ${word}?`, answer: "A." } });
  const resource = await prisma.resource.create({ data: { title: `Guide ${word}`, type: "article", link: "https://example.com/r" } });
  const victimResource = await prisma.resource.create({ data: { title: `Old ${word}`, type: "article", link: "https://example.com/o" } });

  return {
    user,
    otherUser,
    guide,
    otherGuide,
    admin,
    deactivated,
    deleted,
    booking,
    userQuery,
    guideQuery,
    faq,
    resource,
    guideWebhook: await prisma.webhookEndpoint.create({ data: { userId: guide.id, url: "https://example.com/hooks", events: "booking.created", secret: "sealed" } }),
    userWebhook: await prisma.webhookEndpoint.create({ data: { userId: user.id, url: "https://example.com/hooks", events: "booking.created", secret: "sealed" } }),
    victimUser: await createPerson("user"),
    statusUser: await createPerson("user"),
    editUser: await createPerson("user"),
    victimGuide,
    editGuide,
    pendingGuide,
    victimQuery,
    victimFaq,
    victimResource,
    blogPost: await prisma.post.create({ data: { kind: "blog", slug: `post-${word}`, title: `Post ${word}`, summary: "S.", body: "B.", author: "A.", publishedAt: new Date() } }),
    story: await prisma.post.create({ data: { kind: "story", slug: `story-${word}`, title: `Story ${word}`, summary: "S.", body: "B.", author: "A.", publishedAt: new Date() } }),
    outboxMail: await prisma.outboxMail.create({ data: { to: "someone@test.example", subject: `Code ${word}`, text: "123456", html: "<p>123456</p>" } }),
    content,
    organisation: await prisma.organisation.create({ data: { name: `Chapel ${word}`, nameKey: `chapel ${word}`.toLowerCase() } }),
    otherAdminView: await prisma.savedView.create({ data: { adminId: (await createPerson("admin")).id, list: "users", name: `View ${word}`, query: "isVerified=false" } }),
  };
}

// ─── Expectations ────────────────────────────────────────────────────────────────────────────

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Params = (r: Records) => Record<string, string | number>;
/** Another fill of the params, tried by the admin (the one persona past every guard): e.g. a record of the wrong kind → 404. */
type Variant = { label: string; method: Method; params: Params; expect: Expect };

type Common = {
  params?: Params;
  variants?: Variant[];
  /** Each case gets new sessions (for /logout, which ends the one it is sent with). */
  freshSession?: boolean;
  /** What the request does to the session it is sent with. */
  session?: Partial<Record<Method, "kept" | "ended">>;
  /** A record the page lists for its owner only: shown to `owner`, never to another person of that role. */
  ownRecord?: { owner: "user" | "guide"; text: (r: Records) => string };
  /**
   * A screen of one person's record (the params fill in the owner's): this other person of the same role gets the
   * record's 404, for GET and, when the route has an action (`post`), for POST (without one a POST is a 405).
   */
  stranger?: PersonaKey;
};

/** A browser URL: GET and POST, the persona's session cookie. */
type ScreenRow = Common & {
  kind: "screen";
  describe: string;
  /** What each persona gets; `post` is what the allowed persona's empty form POST gets (routes with an action). */
  outcome: (as: Role | null, method: "GET" | "POST") => Expect;
  /** For rows of guarded or public pages: `post` must be given exactly when the route has an action. */
  checksAction: boolean;
  post?: Expect;
};

/** An /api URL: the methods it supports, with the admin's (or anyone's, when public) outcome; others are 405. */
type ApiRow = Common & {
  kind: "api";
  describe: string;
  /** admin: /api/admin's session token of an administrator; personal: /api/v1's personal access token (none here). */
  guard: "admin" | "personal" | "none";
  methods: Partial<Record<Method, Expect>>;
  /** When the answer depends on who calls a public route (e.g. a valid token of any role). */
  outcome?: (as: Role | null, method: Method) => Expect;
  /** The route answers a page, not JSON (the API's reference page): its statuses alone are compared. */
  html?: true;
};

type Row = ScreenRow | ApiRow;

const noAction = status(405);

/** A public page: 200 for everyone; a POST (no action) is a 405. */
const publicPage = (post?: Expect): ScreenRow => ({
  kind: "screen",
  describe: "public page",
  checksAction: true,
  post,
  outcome: (_as, method) => (method === "GET" ? ok : (post ?? noAction)),
});

/** The same answer for everyone. */
const everyone = (get: Expect, post: Expect, extra: Partial<ScreenRow> = {}): ScreenRow => ({
  kind: "screen",
  describe: "same for everyone",
  checksAction: false,
  outcome: (_as, method) => (method === "GET" ? get : post),
  ...extra,
});

/** /login, /signup, /admin/login: a signed-in person goes to their dashboard, before any action runs. */
const publicOnly = (post?: Expect): ScreenRow => ({
  kind: "screen",
  describe: "public-only",
  checksAction: true,
  post,
  outcome: (as, method) => (as ? redirectTo(dashboardFor[as]) : method === "GET" ? ok : (post ?? noAction)),
});

const loginPageOf = { admin: "/admin/login", guide: "/login", user: "/login" } as const;

/**
 * A screen of one role's dashboard: signed out → that area's sign-in with redirectTo; another role → their
 * own dashboard; the role → 200 (GET) and `post` or 405 (POST).
 */
const area = (role: Role, options: { post?: Expect } & Common = {}): ScreenRow => ({
  kind: "screen",
  describe: `${role} area`,
  checksAction: true,
  ...options,
  outcome: (as, method) => {
    if (as === null) return signIn(loginPageOf[role]);
    if (as !== role) return redirectTo(dashboardFor[as]);
    return method === "GET" ? ok : (options.post ?? noAction);
  },
});
const adminScreen = (options: { post?: Expect } & Common = {}) => area("admin", options);
const guideScreen = (options: { post?: Expect } & Common = {}) => area("guide", options);
const userScreen = (options: { post?: Expect } & Common = {}) => area("user", options);

/** /api/admin/*: no valid token → 401, a user or guide token → 403, the admin → the route's answer. */
const adminApi = (methods: Partial<Record<Method, Expect>>, options: Common = {}): ApiRow => ({
  kind: "api",
  describe: "admin API",
  guard: "admin",
  methods,
  ...options,
});
/** /api/v1/*: only a person's own access token opens it (tests/integration/access-tokens.test.ts); every persona → 401. */
const tokenApi = (methods: Partial<Record<Method, Expect>>): ApiRow => ({ kind: "api", describe: "personal-token API", guard: "personal", methods });
/** A public API route: the same answer for every persona. */
const publicApi = (methods: Partial<Record<Method, Expect>>, options: Common & Pick<ApiRow, "html"> = {}): ApiRow => ({
  kind: "api",
  describe: "public API",
  guard: "none",
  methods,
  ...options,
});

const missingId = 987654321;
const wrongKind = (label: string, params: Params, method: Method = "GET"): Variant => ({ label, method, params, expect: status(404) });
const selfRedirect = (path: string) => redirectTo(path);
const allMethods = (expected: Expect) => ({ GET: expected, POST: expected, PUT: expected, PATCH: expected, DELETE: expected });

/** Every route of app/routes.ts by its full path. A route without a row fails the test. */
const expectations: Record<string, Row> = {
  // ── API ──
  "/api/auth/login": publicApi({ POST: status(400) }),
  // Ends the API session whose token it is sent with: a valid token of anyone → 200, none → 401.
  "/api/auth/logout": {
    ...publicApi({ POST: ok }, { freshSession: true, session: { POST: "ended" } }),
    outcome: (as: Role | null, method: Method) => (method !== "POST" ? status(405) : as ? ok : status(401)),
  },
  "/api/admin/resources": publicApi({ GET: ok }),
  "/api/admin/home-content/all": publicApi({ GET: ok }),
  "/api/admin/get-user-list": adminApi({ GET: ok }),
  "/api/admin/dashboard/Stats": adminApi({ GET: ok }),
  "/api/admin/dashboard/montlyBookingStats": adminApi({ GET: ok }),
  "/api/admin/dashboard/health": adminApi({ GET: ok }),
  "/api/admin/getall/payments": adminApi({ GET: ok }),
  "/api/admin/all/reviews": adminApi({ GET: ok }),
  "/api/admin/:accountType/:id/status/:action": adminApi(
    { PATCH: ok },
    {
      params: (r) => ({ accountType: "user", id: r.statusUser.id, action: "active" }),
      variants: [
        wrongKind("a guide's id as a user", (r) => ({ accountType: "user", id: r.guide.id, action: "active" }), "PATCH"),
        wrongKind("a missing id", () => ({ accountType: "guide", id: missingId, action: "active" }), "PATCH"),
      ],
    },
  ),
  "/api/admin/delete-user-by-id/:id": adminApi(
    { DELETE: ok },
    { params: (r) => ({ id: r.victimUser.id }), variants: [wrongKind("a guide's id", (r) => ({ id: r.guide.id }), "DELETE")] },
  ),
  "/api/admin/create-user": adminApi({ POST: status(400) }),
  "/api/admin/get-user-by-id/:id": adminApi(
    { GET: ok },
    {
      params: (r) => ({ id: r.user.id }),
      variants: [
        wrongKind("a guide's id", (r) => ({ id: r.guide.id })),
        wrongKind("an admin's id", (r) => ({ id: r.admin.id })),
        wrongKind("a missing id", () => ({ id: missingId })),
      ],
    },
  ),
  "/api/admin/update-user-by-id/:id": adminApi({ PUT: status(400) }, { params: (r) => ({ id: r.editUser.id }) }),
  "/api/admin/update-user-profile-picture/:id": adminApi({ PUT: status(400) }, { params: (r) => ({ id: r.editUser.id }) }),
  "/api/admin/transactions/:party/:id": adminApi(
    { GET: ok },
    {
      params: (r) => ({ party: "user", id: r.user.id }),
      variants: [
        wrongKind("a user's id as a guide", (r) => ({ party: "guide", id: r.user.id })),
        wrongKind("an unknown party", (r) => ({ party: "admin", id: r.admin.id })),
      ],
    },
  ),
  "/api/admin/guides/reviews/:id": adminApi({ GET: ok }, { params: (r) => ({ id: r.guide.id }), variants: [wrongKind("a user's id", (r) => ({ id: r.user.id }))] }),
  "/api/admin/users/reviews/:id": adminApi({ GET: ok }, { params: (r) => ({ id: r.user.id }), variants: [wrongKind("a guide's id", (r) => ({ id: r.guide.id }))] }),
  "/api/admin/guide-published-content/all/:guideId": adminApi(
    { GET: ok },
    { params: (r) => ({ guideId: r.guide.id }), variants: [wrongKind("a user's id", (r) => ({ guideId: r.user.id }))] },
  ),
  "/api/admin/get-allbookings": adminApi({ GET: ok }),
  // Cancelling: the shared booking must stay as it is, so the admin's POST names a booking that does not exist (404);
  // tests/integration/admin-booking-cancel.test.ts cancels real ones.
  "/api/admin/cancel-booking/:bookingId": adminApi({ POST: status(404) }, { params: () => ({ bookingId: missingId }) }),
  // An empty body is no decision (400; tests/integration/settlement.test.ts decides one).
  "/api/admin/problem-decision/:bookingId": adminApi({ POST: status(400) }, { params: (r) => ({ bookingId: r.booking.id }) }),
  "/api/admin/payouts": adminApi({ GET: ok }),
  "/api/admin/get-booking/:bookingId": adminApi(
    { GET: ok },
    { params: (r) => ({ bookingId: r.booking.id }), variants: [wrongKind("a missing id", () => ({ bookingId: missingId }))] },
  ),
  "/api/admin/create-mentor": adminApi({ POST: status(400) }),
  "/api/admin/get-mentor-by-id/:id": adminApi(
    { GET: ok },
    { params: (r) => ({ id: r.guide.id }), variants: [wrongKind("a user's id", (r) => ({ id: r.user.id }))] },
  ),
  "/api/admin/update-mentor-by-id/:id": adminApi({ PUT: status(400) }, { params: (r) => ({ id: r.editGuide.id }) }),
  "/api/admin/delete-mentor-by-id/:id": adminApi(
    { DELETE: ok },
    { params: (r) => ({ id: r.victimGuide.id }), variants: [wrongKind("a user's id", (r) => ({ id: r.user.id }), "DELETE")] },
  ),
  "/api/admin/get-mentor-list": adminApi({ GET: ok }),
  "/api/admin/get-mentor-request-list": adminApi({ GET: ok }),
  "/api/admin/mentor-request-update/:guideId/:actionId": adminApi(
    { PATCH: ok },
    {
      params: (r) => ({ guideId: r.pendingGuide.id, actionId: 1 }),
      variants: [wrongKind("a user's id", (r) => ({ guideId: r.user.id, actionId: 1 }), "PATCH")],
    },
  ),
  "/api/admin/update-guide-profile-picture/:id": adminApi({ PUT: status(400) }, { params: (r) => ({ id: r.editGuide.id }) }),
  "/api/admin/get-all-queries": adminApi({ GET: ok }),
  "/api/admin/answer/:id": adminApi({ PUT: status(400) }, { params: (r) => ({ id: r.userQuery.id }) }),
  "/api/admin/delete-query/:id": adminApi(
    { DELETE: ok },
    { params: (r) => ({ id: r.victimQuery.id }), variants: [wrongKind("a missing id", () => ({ id: missingId }), "DELETE")] },
  ),
  "/api/admin/faq/all": adminApi({ GET: ok }),
  "/api/admin/faq/create": adminApi({ POST: status(400) }),
  "/api/admin/faq/update/:id": adminApi({ PATCH: status(400) }, { params: (r) => ({ id: r.faq.id }) }),
  "/api/admin/faq/:id/status": adminApi({ PATCH: status(400) }, { params: (r) => ({ id: r.faq.id }) }),
  "/api/admin/faq/delete/:id": adminApi(
    { DELETE: ok },
    { params: (r) => ({ id: r.victimFaq.id }), variants: [wrongKind("a missing id", () => ({ id: missingId }), "DELETE")] },
  ),
  "/api/admin/resources/Create": adminApi({ POST: status(400) }),
  "/api/admin/resources/all": adminApi({ GET: ok }),
  // Methods run in the order GET, POST, PUT, PATCH, DELETE, so the DELETE of this resource comes last.
  "/api/admin/resources/:id": adminApi(
    { GET: ok, PATCH: status(400), DELETE: ok },
    { params: (r) => ({ id: r.victimResource.id }), variants: [wrongKind("a missing id", () => ({ id: missingId }))] },
  ),
  "/api/admin/home-content/quotes": adminApi({ PUT: status(400) }),
  "/api/admin/get-admin-profile": adminApi({ GET: ok }),
  "/api/admin/update-admin-profile": adminApi({ PUT: status(400) }),
  "/api/admin/update-admin-profile-picture": adminApi({ PUT: status(400) }),
  "/api/admin/change-password": adminApi({ PUT: status(400) }),
  "/api/admin/user-guide/list": adminApi({ GET: ok }),
  "/api/admin/posts": adminApi({ GET: ok }),
  "/api/admin/outbox": adminApi({ GET: ok }),
  // An empty save is refused; one view: another admin's is the same 404 as a missing one (an empty rename is a 400 first).
  "/api/admin/saved-views": adminApi({ GET: ok, POST: status(400) }),
  // The confidentiality covenant's versions; an empty POST publishes nothing.
  "/api/admin/covenant": adminApi({ GET: ok, POST: status(400) }),
  "/api/admin/saved-views/:id": adminApi(
    { GET: status(404), PATCH: status(400), DELETE: status(404) },
    { params: (r) => ({ id: r.otherAdminView.id }), variants: [wrongKind("a missing id", () => ({ id: missingId }))] },
  ),
  "/api/admin/audit-log": adminApi({ GET: ok }),
  // Organisations: an empty create, edit or merge is a 400; a missing one a 404.
  "/api/admin/organisations": adminApi({ GET: ok, POST: status(400) }),
  "/api/admin/organisations/:id": adminApi(
    { GET: ok, PUT: status(400) },
    { params: (r) => ({ id: r.organisation.id }), variants: [wrongKind("a missing id", () => ({ id: missingId }))] },
  ),
  "/api/admin/organisations/:id/merge": adminApi({ POST: status(400) }, { params: (r) => ({ id: r.organisation.id }) }),
  // The organisation field's suggestions: names only, for anyone (sign-up uses them).
  "/api/organisations": publicApi({ GET: ok }),
  // A mentor field's suggestions: the names Find a Mentor shows, for anyone.
  "/api/mentor-names": publicApi({ GET: ok }),
  // Bulk changes: an empty body is a 400 (no row changes); an unknown undo token a 404.
  "/api/admin/bulk/:list": adminApi({ POST: status(400) }, { params: () => ({ list: "users" }), variants: [wrongKind("an unknown list", () => ({ list: "bookings" }), "POST")] }),
  "/api/admin/bulk/undo/:token": adminApi({ POST: status(404) }, { params: () => ({ token: "no-such-change" }) }),
  // The marketplace API answers only a personal access token (Settings): every persona's browser session and API
  // session is the same 401, whatever the method.
  "/api/v1/me": tokenApi({ GET: ok }),
  "/api/v1/mentors": tokenApi({ GET: ok }),
  "/api/v1/bookings": tokenApi({ GET: ok, POST: ok }),
  "/api/v1/mentors/:id": { ...tokenApi({ GET: ok }), params: (r) => ({ id: r.guide.id }) },
  "/api/v1/mentors/:id/times": { ...tokenApi({ GET: ok }), params: (r) => ({ id: r.guide.id }) },
  "/api/v1/bookings/:id/:change": { ...tokenApi({ POST: ok }), params: (r) => ({ id: r.booking.id, change: "cancel" }) },
  "/api/v1/conversations": tokenApi({ GET: ok }),
  "/api/v1/conversations/:id/messages": { ...tokenApi({ GET: ok, POST: ok }), params: (r) => ({ id: r.guide.id }) },
  "/api/v1/availability": tokenApi({ GET: ok, PUT: ok }),
  "/api/v1/availability/overrides": tokenApi({ GET: ok, POST: ok }),
  "/api/v1/availability/overrides/:id": { ...tokenApi({ DELETE: ok }), params: () => ({ id: missingId }) },
  "/api/v1/pricing": tokenApi({ GET: ok, PUT: ok }),
  "/api/v1/bookings/:id/review": { ...tokenApi({ GET: ok, POST: ok, PATCH: ok }), params: (r) => ({ id: r.booking.id }) },
  "/api/v1/payments": tokenApi({ GET: ok }),
  "/api/v1/payments/:id/receipt": { ...tokenApi({ GET: ok }), params: (r) => ({ id: r.booking.id }) },
  "/api/v1/reviews": tokenApi({ GET: ok }),
  "/api/v1/reviews/:id/reply": { ...tokenApi({ POST: ok }), params: (r) => ({ id: r.booking.id }) },
  "/api/v1/webhooks": tokenApi({ GET: ok, POST: ok }),
  "/api/v1/webhooks/:id": { ...tokenApi({ GET: ok, PATCH: ok, DELETE: ok }), params: (r) => ({ id: r.guideWebhook.id }) },
  "/api/v1/webhooks/:id/secret": { ...tokenApi({ POST: ok }), params: (r) => ({ id: r.guideWebhook.id }) },
  "/api/v1/webhooks/:id/attempts": { ...tokenApi({ GET: ok }), params: (r) => ({ id: r.guideWebhook.id }) },
  // Stripe's webhook: no session or token; an unsigned POST is a 400 for everyone.
  "/api/webhooks/stripe": publicApi({ POST: status(400) }),
  // The API's description and its reference page (an HTML page), and the page's bundled viewer: public.
  "/api/openapi.json": publicApi({ GET: ok }),
  "/api/docs": publicApi({ GET: ok }, { html: true }),
  "/api-docs/:file": everyone(ok, noAction, { params: () => ({ file: viewerScript.split("/").pop()! }) }),
  // Unknown API paths answer JSON 404 to everyone, whatever the method.
  "/api/*": publicApi(allMethods(status(404)), { params: () => ({ "*": "no-such-endpoint" }) }),

  // ── Resource routes outside the API ──
  "/images/:id": everyone(ok, noAction, { params: () => ({ id: "default" }) }),
  // For crawlers: the same public answer for everyone.
  "/sitemap.xml": everyone(ok, noAction),
  "/robots.txt": everyone(ok, noAction),
  // The live stream (server-sent events): anyone signed in gets their own; signed out, a 401.
  "/events": {
    kind: "screen",
    describe: "live stream",
    checksAction: false,
    outcome: (as, method) => (method !== "GET" ? noAction : as ? ok : status(401)),
  },
  // A private calendar feed: the key is the permission, so a wrong one is the same 404 for everyone, signed in or not
  // (tests/integration/calendar-feeds.test.ts reads real ones).
  "/calendar/:file": everyone(status(404), noAction, { params: () => ({ file: "1-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics" }) }),
  // GET /logout must not sign anyone out (a link or prefetch could); POST does.
  "/logout": everyone(redirectTo("/"), redirectTo("/"), { freshSession: true, session: { GET: "kept", POST: "ended" } }),

  // The test-mode checkout page: signed out → sign in; anyone but the booking's mentee → 404 (no session here is theirs).
  "/checkout/test/:sessionId": {
    kind: "screen",
    describe: "the mentee's test checkout",
    checksAction: false,
    params: () => ({ sessionId: "cs_test_missing" }),
    outcome: (as) => (as === null ? signIn("/login") : status(404)),
  },

  // Sponsored mentoring. A sponsor's pages: its sponsor admins only (none of these personas is one: 404); an admin
  // goes to the console. Founding a sponsor: any user or guide. An invitation: users only; an unknown token → 404.
  ...Object.fromEntries(
    ["/sponsor", "/sponsor/pastors", "/sponsor/pastors/:id", "/sponsor/ledger", "/sponsor/fundings/:id/receipt", "/sponsor/rules", "/sponsor/invites", "/sponsor/fund", "/sponsor/webhooks", "/sponsor/webhooks/:id"].map((path) => [
      path,
      {
        kind: "screen",
        describe: "a sponsor's own page",
        checksAction: false,
        params: (r: Records) => ({ id: r.user.id }),
        outcome: (as: Role | null) => (as === null ? signIn("/login") : as === "admin" ? redirectTo(dashboardFor.admin) : status(404)),
      } satisfies ScreenRow,
    ]),
  ),
  "/sponsor/start": {
    kind: "screen",
    describe: "founding a sponsor",
    checksAction: false,
    outcome: (as, method) => (as === null ? signIn("/login") : as === "admin" ? redirectTo(dashboardFor.admin) : method === "GET" ? ok : status(400)),
  },
  "/sponsor/join/:token": {
    kind: "screen",
    describe: "a pastor's invitation",
    checksAction: false,
    params: () => ({ token: "not-a-token" }),
    outcome: (as) => (as === null ? signIn("/login") : as === "user" ? status(404) : redirectTo(dashboardFor[as])),
  },

  // The test-mode payouts setup: guides only (others to their dashboard); an account that is not the guide's → 404.
  "/connect/test/:accountId": {
    kind: "screen",
    describe: "the guide's test payouts setup",
    checksAction: false,
    params: () => ({ accountId: "acct_test_missing" }),
    outcome: (as) => (as === null ? signIn("/login") : as === "guide" ? status(404) : redirectTo(dashboardFor[as])),
  },

  // Complete the payment of a held booking: signed out → sign in; a booking that is no one's here → 404 (the owner's
  // way is in tests/integration/payments-checkout.test.ts).
  "/checkout/booking/:bookingId": {
    kind: "screen",
    describe: "the mentee's held booking",
    checksAction: false,
    params: () => ({ bookingId: missingId }),
    outcome: (as) => (as === null ? signIn("/login") : status(404)),
  },

  // ── Public pages ──
  "/": publicPage(),
  "/become-mentor": publicPage(),
  // Not public-only: a signed-in person may reset their password too (it ends their sessions).
  "/reset-password": publicPage(status(400)),
  "/verify-email": publicPage(status(400)),
  // A live guide's public profile; anyone who is not a live guide is the site's 404.
  "/mentor/:id": {
    ...publicPage(),
    params: (r) => ({ id: r.guide.id }),
    variants: [
      wrongKind("a user's id", (r) => ({ id: r.user.id })),
      wrongKind("a missing id", () => ({ id: missingId })),
      wrongKind("a non-numeric id", () => ({ id: "abc" })),
    ],
  },
  // The booking dialog over a live guide's profile: mentees only; an empty confirmation is refused (400).
  "/mentor/:id/book": { ...userScreen({ post: status(400) }), params: (r) => ({ id: r.guide.id }) },
  "/search": publicPage(),
  "/find-mentor": everyone(redirectTo("/search"), noAction),
  "/resources": publicPage(),
  "/platform": publicPage(),
  "/blog": publicPage(),
  "/faq": publicPage(),
  "/success-stories": publicPage(),
  // A published post; a post of the other kind (or a draft, an unknown slug) is a 404 page.
  "/blog/:slug": { ...publicPage(), params: (r) => ({ slug: r.blogPost.slug }), variants: [wrongKind("a story's slug", (r) => ({ slug: r.story.slug }))] },
  "/success-stories/:slug": { ...publicPage(), params: (r) => ({ slug: r.story.slug }), variants: [wrongKind("a blog post's slug", (r) => ({ slug: r.blogPost.slug }))] },
  // The question form: an empty one is refused (400) for visitors and signed-in people alike.
  "/support": publicPage(status(400)),
  "/guide-application": publicPage(status(400)),
  "/privacy-policy": publicPage(),
  "/terms-of-service": publicPage(),
  "/cookie-policy": publicPage(),
  "/accessibility": publicPage(),
  // The footer's short links: permanent redirects to the full pages.
  "/privacy": everyone(redirectTo("/privacy-policy"), noAction),
  "/terms": everyone(redirectTo("/terms-of-service"), noAction),
  "/contact": publicPage(),
  "/unauthorized": publicPage(),
  "/login": publicOnly(status(400)),
  "/admin/login": publicOnly(status(400)),
  "/signup": publicOnly(status(400)),
  // Sign-in's second step and an administrator's required setup answer only a "pending" session (a right password a
  // moment ago, which no persona here has): everyone else goes to sign in. A signed-in person may still see the setup
  // page (it is what answers the setup's own form once the session exists), but never post to it.
  "/login/two-factor": everyone(redirectTo("/login"), redirectTo("/login")),
  "/login/two-factor/setup": {
    kind: "screen",
    describe: "two-factor setup",
    checksAction: true,
    post: redirectTo("/login"),
    outcome: (as, method) => (method === "GET" && as ? ok : redirectTo("/login")),
  },

  // ── Admin console ──
  "/admin/dashboard": adminScreen(),
  "/admin/dashboard/settings": adminScreen({ post: status(400) }),
  "/admin/dashboard/UserManagement": adminScreen({ post: selfRedirect("/admin/dashboard/UserManagement") }),
  "/admin/dashboard/user-management/user": adminScreen({ post: selfRedirect("/admin/dashboard/user-management/user") }),
  "/admin/dashboard/user-management/guide": adminScreen({ post: selfRedirect("/admin/dashboard/user-management/guide") }),
  "/admin/dashboard/guide-request": adminScreen({ post: selfRedirect("/admin/dashboard/guide-request") }),
  // Hide or show a review: an empty form is refused.
  "/admin/dashboard/all-review": adminScreen({ post: status(400) }),
  "/admin/dashboard/all-transactions": adminScreen(),
  "/admin/dashboard/payouts": adminScreen(),
  "/admin/dashboard/website-content": adminScreen({ post: status(400) }),
  "/admin/dashboard/become_a_guide": adminScreen({ post: status(400) }),
  "/admin/dashboard/platform": adminScreen({ post: status(400) }),
  "/admin/dashboard/resource-content": adminScreen({ post: selfRedirect("/admin/dashboard/resource-content") }),
  "/admin/dashboard/Bookings": adminScreen(),
  "/admin/dashboard/add-Guide": adminScreen({ post: status(400) }),
  "/admin/dashboard/editGuide/:id": adminScreen({
    post: status(400),
    params: (r) => ({ id: r.guide.id }),
    variants: [wrongKind("a user's id", (r) => ({ id: r.user.id })), wrongKind("a missing id", () => ({ id: missingId }))],
  }),
  "/admin/dashboard/viewAddGuide": adminScreen(),
  "/admin/dashboard/viewAddGuide/:id": adminScreen({
    params: (r) => ({ id: r.guide.id }),
    variants: [wrongKind("a user's id", (r) => ({ id: r.user.id }))],
  }),
  "/admin/dashboard/add-User": adminScreen({ post: status(400) }),
  "/admin/dashboard/edit-User/:id": adminScreen({
    post: status(400),
    params: (r) => ({ id: r.user.id }),
    variants: [wrongKind("a guide's id", (r) => ({ id: r.guide.id })), wrongKind("an admin's id", (r) => ({ id: r.admin.id }))],
  }),
  "/admin/dashboard/viewuser/:id": adminScreen({
    // The "Make sponsor admin" form: an empty POST is refused.
    post: status(400),
    params: (r) => ({ id: r.user.id }),
    variants: [wrongKind("a guide's id", (r) => ({ id: r.guide.id })), wrongKind("a soft-deleted person's id", (r) => ({ id: r.deleted.id }))],
  }),
  "/admin/dashboard/viewBookingPage/:id": adminScreen({
    // The refund form: an empty POST is refused.
    post: status(400),
    params: (r) => ({ id: r.booking.id }),
    variants: [wrongKind("a missing id", () => ({ id: missingId }))],
  }),
  "/admin/dashboard/user-guide": adminScreen(),
  "/admin/dashboard/myprofile": adminScreen({ post: status(400) }),
  "/admin/dashboard/change-password": adminScreen({ post: status(400) }),
  "/admin/dashboard/two-factor": adminScreen({ post: status(400) }),
  "/admin/dashboard/customer-queries": adminScreen({ post: selfRedirect("/admin/dashboard/customer-queries") }),
  "/admin/dashboard/faqs": adminScreen({ post: selfRedirect("/admin/dashboard/faqs") }),
  // Blog posts and success stories: the lists (an empty POST is a refused action, back with a toast) and their forms.
  "/admin/dashboard/blog": adminScreen({ post: selfRedirect("/admin/dashboard/blog") }),
  "/admin/dashboard/blog/new": adminScreen({ post: status(400) }),
  "/admin/dashboard/blog/:id/edit": adminScreen({
    post: status(400),
    params: (r) => ({ id: r.blogPost.id }),
    variants: [wrongKind("a story's id", (r) => ({ id: r.story.id })), wrongKind("a missing id", () => ({ id: missingId }))],
  }),
  "/admin/dashboard/success-stories": adminScreen({ post: selfRedirect("/admin/dashboard/success-stories") }),
  "/admin/dashboard/success-stories/new": adminScreen({ post: status(400) }),
  "/admin/dashboard/success-stories/:id/edit": adminScreen({
    post: status(400),
    params: (r) => ({ id: r.story.id }),
    variants: [wrongKind("a blog post's id", (r) => ({ id: r.blogPost.id }))],
  }),
  "/admin/dashboard/messaging": adminScreen({ post: status(400) }),
  "/admin/dashboard/outbox": adminScreen(),
  // The admin's saved views: an empty POST is an unknown action, back with a toast.
  "/admin/dashboard/saved-views": adminScreen({ post: selfRedirect("/admin/dashboard/saved-views") }),
  "/admin/dashboard/audit-log": adminScreen(),
  "/admin/dashboard/organisations": adminScreen(),
  // An organisation's page (an empty edit is a form error) and its merge's confirmation (an empty POST a 400).
  "/admin/dashboard/organisations/:id": adminScreen({
    post: status(400),
    params: (r) => ({ id: r.organisation.id }),
    variants: [wrongKind("a missing id", () => ({ id: missingId }))],
  }),
  "/admin/dashboard/organisations/:id/merge": adminScreen({
    post: status(400),
    params: (r) => ({ id: r.organisation.id }),
    variants: [wrongKind("a missing id", () => ({ id: missingId }))],
  }),
  // The covenant's versions and the form that publishes the next: an empty POST is a form error.
  "/admin/dashboard/covenant": adminScreen({ post: status(400) }),
  "/admin/dashboard/outbox/:id": adminScreen({
    params: (r) => ({ id: r.outboxMail.id }),
    variants: [wrongKind("a missing id", () => ({ id: missingId }))],
  }),
  // A bulk change's confirmation (POST; a GET says there is nothing to confirm) and its undo (POST; a GET goes to the overview):
  // an empty POST changes nothing and goes back with a toast.
  "/admin/dashboard/bulk/:list": adminScreen({
    post: redirectTo("/admin/dashboard/user-management/user"),
    params: () => ({ list: "users" }),
    variants: [wrongKind("an unknown list", () => ({ list: "bookings" }))],
  }),
  "/admin/dashboard/bulk-undo/:token": {
    ...adminScreen({ post: redirectTo("/admin/dashboard"), params: () => ({ token: "no-such-change" }) }),
    outcome: (as: Role | null) => (as === null ? signIn("/admin/login") : as !== "admin" ? redirectTo(dashboardFor[as]) : redirectTo("/admin/dashboard")),
  },
  // The person pickers' suggestions (JSON): behind the console's guard like its screens.
  "/admin/dashboard/person-options/:role": adminScreen({
    params: () => ({ role: "guide" }),
    variants: [wrongKind("an unknown role", () => ({ role: "admin" }))],
  }),

  // A list's or a profile tab's CSV export: behind the console's guard like its screens.
  "/admin/dashboard/export/:list": adminScreen({
    params: () => ({ list: "users" }),
    variants: [wrongKind("an unknown list", () => ({ list: "nothing" }))],
  }),
  "/admin/dashboard/export/:list/:id": adminScreen({
    params: (r) => ({ list: "user-bookings", id: r.user.id }),
    variants: [wrongKind("a guide's id on a user's tab", (r) => ({ list: "user-bookings", id: r.guide.id })), wrongKind("a missing id", () => ({ list: "guide-content", id: missingId }))],
  }),

  // ── Mentor dashboard ──
  "/mentor-dashboard": guideScreen(),
  // The guide's own profile: an empty form is refused.
  "/mentor-dashboard/profile": guideScreen({ post: status(400) }),
  // The guide's published content: theirs alone is listed; an empty POST is an unknown action, back with a toast.
  "/mentor-dashboard/content": guideScreen({ post: selfRedirect("/mentor-dashboard/content"), ownRecord: { owner: "guide", text: (r) => r.content.title } }),
  "/mentor-dashboard/availability": guideScreen({ post: status(400) }),
  // The bookings screens' action: a change without an intent or booking id is a 400.
  "/mentor-dashboard/bookings": guideScreen({ post: status(400) }),
  // An empty send is refused (400); an empty notifications POST goes back with a toast.
  "/mentor-dashboard/messages": guideScreen({ post: status(400) }),
  "/mentor-dashboard/notifications": guideScreen({ post: selfRedirect("/mentor-dashboard/notifications") }),
  "/mentor-dashboard/pricing": guideScreen({ post: selfRedirect("/mentor-dashboard/pricing") }),
  // Its one action ("Set up payouts") refuses anything else with a 400.
  "/mentor-dashboard/billing": guideScreen({ post: status(400) }),
  // A month's statement: the guide paid that month sees it; another guide (no payments then) gets a 404.
  "/mentor-dashboard/billing/:month": guideScreen({ stranger: "otherGuide", params: () => ({ month: new Date().toISOString().slice(0, 7) }) }),
  // A session's calendar file: the guide's own booking (here a past confirmed one) downloads; another guide's is a 404.
  "/mentor-dashboard/bookings/:id/calendar.ics": guideScreen({ stranger: "otherGuide", params: (r) => ({ id: r.booking.id }) }),
  // Replies to the guide's own reviews: an empty form is refused.
  "/mentor-dashboard/reviews": guideScreen({ post: status(400) }),
  // Settings (both dashboards): an empty POST is the preferences form without a time zone → 400.
  "/mentor-dashboard/settings": guideScreen({ post: status(400) }),
  "/mentor-dashboard/settings/two-factor": guideScreen({ post: status(400) }),
  // One endpoint's deliveries: the guide's own; another guide's is a 404.
  "/mentor-dashboard/settings/webhooks/:id": guideScreen({ stranger: "otherGuide", params: (r) => ({ id: r.guideWebhook.id }) }),
  // The guides here are approved: they see their application as approved; an empty resubmission is refused.
  "/mentor-dashboard/application": guideScreen({ post: status(400) }),
  "/mentor-dashboard/query": guideScreen({ post: status(400), ownRecord: { owner: "guide", text: (r) => r.guideQuery.subject } }),

  // ── User dashboard ──
  "/user-dashboard": userScreen(),
  "/user-dashboard/bookings": userScreen({ post: status(400) }),
  // The review of the user's booking: theirs to read (not completed: read-only); another user's is a 404; an empty form is refused.
  "/user-dashboard/bookings/:id/review": userScreen({ post: status(400), stranger: "otherUser", params: (r) => ({ id: r.booking.id }) }),
  // A session's calendar file: the user's own booking downloads; another user's is a 404.
  "/user-dashboard/bookings/:id/calendar.ics": userScreen({ stranger: "otherUser", params: (r) => ({ id: r.booking.id }) }),
  "/user-dashboard/messages": userScreen({ post: status(400) }),
  "/user-dashboard/notifications": userScreen({ post: selfRedirect("/user-dashboard/notifications") }),
  "/user-dashboard/mentors": userScreen(),
  // The Save / Saved toggle posts here: GET shows My Mentors, an empty POST names the missing field (400).
  "/user-dashboard/mentors/saved": {
    ...userScreen({ post: status(400) }),
    outcome: (as: Role | null, method: "GET" | "POST") =>
      as === "user" ? (method === "GET" ? redirectTo("/user-dashboard/mentors") : status(400)) : userScreen().outcome(as, method),
  },
  "/user-dashboard/settings": userScreen({ post: status(400) }),
  "/user-dashboard/settings/two-factor": userScreen({ post: status(400) }),
  "/user-dashboard/settings/webhooks/:id": userScreen({ stranger: "otherUser", params: (r) => ({ id: r.userWebhook.id }) }),
  "/user-dashboard/payments": userScreen(),
  // A receipt that is no mentee's own (here: no such payment) is a 404; tests/integration/mentee-dashboard.test.ts
  // shows the owner gets theirs and another mentee the same 404.
  "/user-dashboard/payments/:id/receipt": {
    ...userScreen({ params: () => ({ id: missingId }) }),
    outcome: (as: Role | null, method: "GET" | "POST") => (as === "user" && method === "GET" ? status(404) : userScreen().outcome(as, method)),
  },
  "/user-dashboard/profile": userScreen({ post: status(400) }),
  "/user-dashboard/query": userScreen({ post: status(400), ownRecord: { owner: "user", text: (r) => r.userQuery.subject } }),

  // Any other path goes home.
  "/*": everyone(redirectTo("/"), redirectTo("/"), { params: () => ({ "*": "no/such/page" }) }),
};

// ─── Cases ───────────────────────────────────────────────────────────────────────────────────

const routes = await routesWithModules(routeConfig as RouteConfigEntry[]);
const methodOrder: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

type Case = {
  name: string;
  method: Method;
  persona?: Persona;
  /** Credentials of this persona; the variants use the admin's. */
  as: PersonaKey;
  params?: Params;
  expected: Expect;
  api: boolean;
};

/** The methods an API row is tried with: its own, plus GET, POST and one other write it does not support (→ 405). */
function apiMethods(row: ApiRow) {
  const supported = new Set(Object.keys(row.methods) as Method[]);
  const unsupportedWrite = (["PUT", "PATCH", "DELETE"] as const).find((method) => !supported.has(method));
  const tried = new Set<Method>([...supported, "GET", "POST", ...(unsupportedWrite ? [unsupportedWrite] : [])]);
  return methodOrder.filter((method) => tried.has(method));
}

function apiOutcome(row: ApiRow, as: Role | null, method: Method): Expect {
  if (row.outcome) return row.outcome(as, method);
  // No persona holds a personal access token: /api/v1 is a 401 to each, whatever the method.
  if (row.guard === "personal") return status(401);
  if (row.guard === "admin") {
    if (as === null) return status(401);
    if (as !== "admin") return status(403);
  }
  return row.methods[method] ?? status(405);
}

function casesOf(route: FlatRoute, row: Row): Case[] {
  const cases: Case[] = [];
  const json = row.kind === "api" && !row.html;
  const add = (method: Method, persona: Persona, expected: Expect) =>
    cases.push({
      name: `${method} ${route.path} · ${persona.label} → ${describeExpect(expected, { api: json })}`,
      method,
      persona,
      as: persona.key,
      params: row.params,
      expected,
      api: json,
    });
  if (row.kind === "screen") {
    for (const method of ["GET", "POST"] as const) {
      for (const persona of personas) {
        if (persona.screen === undefined) continue;
        const stranger = row.stranger === persona.key && (method === "GET" || row.post);
        add(method, persona, stranger ? status(404) : row.outcome(persona.screen, method));
      }
    }
  } else {
    for (const method of apiMethods(row)) {
      for (const persona of personas) if (persona.api !== undefined) add(method, persona, apiOutcome(row, persona.api, method));
    }
  }
  for (const variant of row.variants ?? []) {
    cases.push({
      name: `${variant.method} ${route.path} [${variant.label}] · admin → ${describeExpect(variant.expect, { api: json })}`,
      method: variant.method,
      as: "admin",
      params: variant.params,
      expected: variant.expect,
      api: json,
    });
  }
  return cases;
}

function requestFor(testCase: Case, creds: Credentials): RequestInit & { cookie?: string; token?: string } {
  const write = testCase.method !== "GET";
  if (testCase.api) {
    return {
      method: testCase.method,
      token: creds.token,
      cookie: creds.cookie && !creds.token ? creds.cookie : undefined,
      headers: write ? { "Content-Type": "application/json", Origin: "http://localhost" } : undefined,
      body: write ? "{}" : undefined,
    };
  }
  return {
    method: testCase.method,
    cookie: creds.cookie,
    headers: write ? { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" } : undefined,
    body: write ? new URLSearchParams() : undefined,
  };
}

/** Whether the session behind a cookie still signs its person in (their own dashboard answers 200). */
async function sessionWorks(cookie: string, role: Role) {
  return (await send(dashboardFor[role], { cookie })).status === 200;
}

beforeAll(async () => {
  records = await createRecords();
  for (const persona of personas) credentials.set(persona.key, await credentialsOf(persona.key));
  // Closed after their sessions were made: those sessions must stop counting.
  await prisma.user.update({ where: { id: records.deactivated.id }, data: { status: "inactive" } });
  await prisma.user.update({ where: { id: records.deleted.id }, data: { isDeleted: true, deletedAt: new Date() } });
});

describe("the matrix covers app/routes.ts", () => {
  test("every route has a row, and every row is a route", () => {
    const missing = routes.filter((route) => !(route.path in expectations)).map((route) => `${route.path} (route id "${route.id}", ${route.file})`);
    expect(missing, `Routes of app/routes.ts without a row in the authorization matrix — add one to \`expectations\`:\n${missing.join("\n")}`).toEqual([]);
    const paths = new Set(routes.map((route) => route.path));
    const stale = Object.keys(expectations).filter((path) => !paths.has(path));
    expect(stale, `Rows of the authorization matrix for paths that are not in app/routes.ts:\n${stale.join("\n")}`).toEqual([]);
  });

  test("every URL pattern is one route", () => {
    const seen = new Map<string, string>();
    const duplicates = routes.filter((route) => seen.has(route.path) || !seen.set(route.path, route.id)).map((route) => `${route.path}: ${seen.get(route.path)} and ${route.id}`);
    expect(duplicates).toEqual([]);
  });

  test("rows fit the modules: params filled, a POST outcome exactly for screens with an action, API methods the module can answer", () => {
    const problems: string[] = [];
    for (const route of routes) {
      const row = expectations[route.path];
      if (!row) continue;
      const names = paramsOf(route.path);
      if (names.length > 0 && !row.params) problems.push(`${route.path}: give the row params for ${names.join(", ")}`);
      if ((row.kind === "api") !== route.path.startsWith("/api/")) problems.push(`${route.path}: a ${row.kind} row for a ${route.path.startsWith("/api/") ? "API" : "screen"} route`);
      if (row.kind === "screen") {
        if (!route.hasLoader && !route.hasComponent) problems.push(`${route.path}: neither a loader nor a component, nothing answers GET`);
        if (row.checksAction && route.hasAction && !row.post) problems.push(`${route.path} (${route.id}) has an action: say what an empty POST gets (post: …)`);
        if (row.checksAction && !route.hasAction && row.post) problems.push(`${route.path} (${route.id}) has no action, but its row expects ${describeExpect(row.post, { api: false })} for a POST`);
      } else {
        for (const method of Object.keys(row.methods) as Method[]) {
          const answers = method === "GET" ? route.hasLoader : route.hasAction;
          if (!answers) problems.push(`${route.path} (${route.id}): the row expects ${method} but the module has no ${method === "GET" ? "loader" : "action"}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

for (const route of routes) {
  const row = expectations[route.path];
  if (!row) continue; // reported by "every route has a row"
  describe(`${route.path} (${route.id})`, () => {
    test.each(casesOf(route, row).map((testCase) => [testCase.name, testCase] as const))("%s", async (_name, testCase) => {
      const url = fillPath(route.path, testCase.params?.(records) ?? {});
      const creds = row.freshSession ? await credentialsOf(testCase.as) : (credentials.get(testCase.as) ?? {});
      const response = await send(url, requestFor(testCase, creds));

      const wanted = describeExpect(testCase.expected, { api: testCase.api, url });
      const got = await describeResponse(response, { api: testCase.api });
      expect(got, `${testCase.name} (${url})`).toBe(wanted);
      if ("signIn" in testCase.expected) expect(response.headers.get("Location")).toBe(signInLocation(testCase.expected.signIn, url));

      const role = testCase.persona?.screen;
      const effect = row.session?.[testCase.method];
      if (effect && testCase.api && testCase.persona?.api && creds.token) {
        // An ended API token is refused the second time round; a kept one is answered the same again.
        const again = await send(url, requestFor(testCase, creds));
        expect(again.status === 401, `the ${testCase.persona.label}'s API token after ${testCase.method} ${url}`).toBe(effect === "ended");
      } else if (effect && role && creds.cookie) {
        expect(await sessionWorks(creds.cookie, role), `the ${testCase.persona?.label}'s session after ${testCase.method} ${url}`).toBe(effect === "kept");
      }
      if (row.ownRecord && testCase.method === "GET" && role === row.ownRecord.owner && response.status === 200) {
        const html = (await response.text()).replaceAll("<!-- -->", "");
        const text = row.ownRecord.text(records);
        if (testCase.persona?.key === row.ownRecord.owner) expect(html, "the owner sees their own record").toContain(text);
        else expect(html, "another person's record is not shown").not.toContain(text);
      }
    });
  });
}
