/**
 * What a screen shows when its address carries something it cannot read: never developer text ("sort must be one of:
 * …", "Invalid user id: expected a positive whole number"). A list parameter it cannot read (an old bookmark, a
 * hand-edited link) is dropped and the list shows its default for it; an address that names no record is the same 404,
 * in the same words, as a record that does not exist. The JSON API keeps answering a 400 `{message}` naming the
 * parameter, as SPEC §8's clients expect.
 */
import { beforeAll, describe, expect, test } from "vitest";
import routes from "#app/routes.ts";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { createPerson, send, signIn } from "#tests/app.ts";
import { fillPath, flattenRouteConfig } from "#tests/support/route-matrix.ts";

/** Words only a developer reads, as parseOr400 and idParam put them. */
const DEVELOPER_TEXT = /must be (?:one of|a positive whole number|asc or desc|between \d|a date such as|a month such as|true or false|paid, pending)|Invalid [a-z ]*id|expected a positive|cannot be read/;

/** Each kind of parameter a list or a search reads, with a value it cannot. */
const UNREADABLE = [
  "page=abc",
  "page=0",
  "limit=100000",
  "per_page=0",
  "sort=bogus",
  "sortBy=password",
  "order=sideways",
  "sortOrder=x",
  "sort=name:sideways",
  "status=maybe",
  "paymentStatus=refunded",
  "guideId=abc",
  "mentorId=x",
  "userId=-3",
  "isVerified=maybe",
  "type=poem",
  "filter=admins",
  "tab=zzz",
  "from=abc",
  "to=2026-13-45",
  "month=2026-13",
  `q=${"a".repeat(300)}`,
  "category=Astronauts",
  "specialty=juggling",
  "price=free",
  "free=3",
  "rating=9",
  "pwyw=yes",
  "language=%3Cscript%3E",
  "sort=price&sort=rating",
  "cancel=abc",
  "reschedule=abc",
  "decline=abc",
  "answer=maybe",
];

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

type Session = { cookie: string };
let sessions: Record<"admin" | "guide" | "user", Session>;
let values: Record<string, string | number>;

beforeAll(async () => {
  const [admin, guide, user] = await Promise.all([signIn("admin"), signIn("guide"), signIn("user")]);
  await prisma.guideProfile.create({ data: { userId: guide.person.id, hourlyRateCents: 5000 } });
  const mentee = await createPerson("user");
  sessions = { admin, guide, user };
  values = { id: mentee.id, guideId: guide.person.id, role: "guide", month: "2026-11", list: "users", token: "no-such-invitation" };
});

/** Who opens a screen: its area's role, or nobody on a public page. */
const cookieFor = (path: string) =>
  path.startsWith("/admin/dashboard") ? sessions.admin.cookie : path.startsWith("/mentor-dashboard") ? sessions.guide.cookie : path.startsWith("/user-dashboard") ? sessions.user.cookie : undefined;

/** The screens people open: pages with a loader and a component (not the API, resource routes or the live stream). */
const screens = flattenRouteConfig(routes)
  .filter((route) => !route.path.startsWith("/api") && !route.file.endsWith(".ts") && !route.path.includes("*"))
  .filter((route) => !/:(sessionId|accountId|slug|bookingId)/.test(route.path));

/** Opens an address as a browser does, following the screen's own redirects (to the address without what it dropped). */
async function open(path: string, cookie: string | undefined) {
  let response = await send(path, { cookie });
  for (let hops = 0; hops < 3 && response.status === 302; hops++) {
    const next = response.headers.get("Location")!;
    if (new URL(next, "http://localhost").pathname !== new URL(path, "http://localhost").pathname) break;
    response = await send(next, { cookie });
  }
  return response;
}

// What a screen shows for a parameter it cannot read is decided before any query, so this sweep runs once, on SQLite;
// on PostgreSQL hostile-input.test.ts sends every route a query string it cannot read.
describe.skipIf(dialect === "postgres")("a screen never shows developer text for its address", () => {
  test.each(screens.map((route) => [route.path, route] as const))("%s", async (_path, route) => {
    const path = fillPath(route.path, values);
    const cookie = cookieFor(route.path);
    const failures: string[] = [];
    for (const query of UNREADABLE) {
      const response = await open(`${path}?${query}`, cookie);
      const page = response.status === 302 ? "" : await text(response);
      if (response.status === 400 || response.status >= 500) failures.push(`?${query.slice(0, 40)} → ${response.status}`);
      const shown = page.match(DEVELOPER_TEXT)?.[0];
      if (shown) failures.push(`?${query.slice(0, 40)} shows "${shown}"`);
    }
    expect(failures).toEqual([]);
  });
});

describe("a list parameter the screen cannot read is dropped, the rest kept; the API names it", () => {
  test.each([
    ["/admin/dashboard/user-management/user", "sort=password", "search=ruth&limit=5", "/api/admin/get-user-list", "sort must be one of: name, email, organisation, status"],
    ["/admin/dashboard/Bookings", "paymentStatus=refunded", "search=ruth", "/api/admin/get-allbookings", "paymentStatus must be paid, pending, failed or unpaid"],
    ["/admin/dashboard/resource-content", "sort=created_at:sideways", "type=video", "/api/admin/resources/all", "order must be asc or desc"],
    ["/admin/dashboard/all-transactions", "sortOrder=newest", "search=ruth", "/api/admin/getall/payments", "order must be asc or desc"],
  ])("%s?%s", async (screen, unreadable, kept, api, message) => {
    const response = await send(`${screen}?${kept}&${unreadable}`, { cookie: sessions.admin.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${screen}?${kept}`);
    const twin = await send(`${api}?${unreadable}`, { token: (await signIn("admin")).token });
    expect(twin.status).toBe(400);
    expect((await twin.json()).message).toBe(message);
  });

  test("Find a Mentor drops an unknown sort and keeps the facets; a guide's bookings drop an unknown tab", async () => {
    const search = await send("/search?language=Korean&free=7&sort=cheapest");
    expect(search.headers.get("Location")).toBe("/search?language=Korean&free=7");
    const bookings = await send("/mentor-dashboard/bookings?tab=later&search=budget", { cookie: sessions.guide.cookie });
    expect(bookings.headers.get("Location")).toBe("/mentor-dashboard/bookings?search=budget");
  });

  test("a dialog's booking that is no id opens no dialog: the list, as it is", async () => {
    for (const [path, cookie] of [["/user-dashboard/bookings?cancel=abc", sessions.user.cookie], ["/mentor-dashboard/bookings?decline=abc", sessions.guide.cookie], ["/mentor-dashboard/bookings?answer=maybe&booking=1", sessions.guide.cookie]] as const) {
      const response = await send(path, { cookie });
      expect(response.status, path).toBe(200);
      expect(await text(response), path).not.toMatch(/role="dialog"|Failed to load bookings/);
    }
  });
});

describe("an address that names no record is that record's 404", () => {
  test.each([
    ["/admin/dashboard/viewuser/abc", "admin", "User not found"],
    ["/admin/dashboard/edit-User/0", "admin", "User not found"],
    ["/admin/dashboard/viewAddGuide/abc", "admin", "Guide not found"],
    ["/admin/dashboard/editGuide/-1", "admin", "Guide not found"],
    ["/admin/dashboard/viewBookingPage/abc", "admin", "Booking not found"],
    ["/admin/dashboard/outbox/abc", "admin", "Message not found"],
    ["/admin/dashboard/blog/abc/edit", "admin", "Post not found"],
    ["/user-dashboard/bookings/abc/review", "user", "This booking could not be found."],
    ["/user-dashboard/payments/abc/receipt", "user", "Receipt not found"],
    ["/mentor-dashboard/billing/2026-13", "guide", "There is no statement for that month."],
  ] as const)("%s", async (path, who, message) => {
    const response = await send(path, { cookie: sessions[who].cookie });
    expect(response.status).toBe(404);
    const page = await text(response);
    expect(page).toContain(message);
    expect(page).not.toMatch(DEVELOPER_TEXT);
  });

  test("the API still answers 400 naming the parameter", async () => {
    const admin = await signIn("admin");
    const response = await send("/api/admin/get-user-by-id/abc", { token: admin.token });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Invalid id: expected a positive whole number" });
  });
});

describe("required fields say they are required", () => {
  test("the user form's empty confirmation asks for it; a different one says they differ", async () => {
    const admin = sessions.admin;
    const fields = { name: "Ruth Okafor", email: "ruth.confirm@screen.test", title: "Pastor", organisation: "Hope", education: "M.Div.", bio: "Bio", password: "Grace#2026" };
    const post = (extra: Record<string, string>) =>
      send("/admin/dashboard/add-User", { method: "POST", cookie: admin.cookie, headers: { Origin: "http://localhost" }, body: new URLSearchParams({ ...fields, ...extra }) });
    const empty = await text(await post({ confirmPassword: "" }));
    expect(empty).toContain("Please confirm the password.");
    expect(empty).not.toContain("Passwords do not match.");
    expect(await text(await post({ confirmPassword: "Grace#2027" }))).toContain("Passwords do not match.");
  });
});
