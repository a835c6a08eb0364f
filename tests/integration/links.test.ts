/**
 * app/lib/links.ts is the one place a page URL is spelled. These tests hold it to app/routes.ts (a renamed or
 * removed route fails here, not in a user's browser) and check a few screens still link where they did.
 */
import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "#app/routes.ts";
import { prisma } from "#app/lib/db.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { authLinks, mentorLinks, userLinks } from "#app/lib/links.ts";
import { dashboardFor } from "#app/lib/roles.ts";
import { createPerson, send, signIn } from "#tests/app.ts";
import { flattenRouteConfig } from "#tests/support/route-matrix.ts";

type Link = string | ((id: number) => string);
const areas: Record<string, Record<string, Link>> = { adminLinks, authLinks, mentorLinks, userLinks };

/** Every page of app/routes.ts (resource routes, API and the catch-all are not pages a link goes to). */
const pages = flattenRouteConfig(routeConfig as RouteConfigEntry[]).filter((route) => route.file.endsWith(".tsx") && !route.path.includes("*"));

/** A route pattern as a regular expression: `:param` is one segment; the spelling (and casing) must be exact. */
const patternOf = (path: string) =>
  new RegExp(`^${path.split("/").map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}$`);

const SAMPLE_ID = 4242;
/** Every link of the module with the URL it gives (functions called with SAMPLE_ID). */
const everyLink = Object.entries(areas).flatMap(([area, links]) =>
  Object.entries(links).map(([name, link]) => ({ name: `${area}.${name}`, url: typeof link === "function" ? link(SAMPLE_ID) : link, takesId: typeof link === "function" })),
);
const routeFor = (url: string) => {
  const pathname = new URL(url, "http://localhost").pathname;
  return pages.filter((page) => patternOf(page.path).test(pathname));
};

describe("app/lib/links.ts matches app/routes.ts", () => {
  test("the route config was flattened (sanity)", () => {
    expect(pages.map((page) => page.path)).toContain("/admin/dashboard/viewuser/:id");
    expect(pages.length).toBeGreaterThan(40);
  });

  test.each(everyLink)("$name ($url) is a page of app/routes.ts", ({ url, takesId }) => {
    const matches = routeFor(url);
    expect(matches.map((page) => page.path), `${url} matches no page route: was a route renamed? Update app/lib/links.ts.`).toHaveLength(1);
    // A link that takes an id puts it in one of the route's `:param` segments (or in the query), not in a fixed one.
    if (takesId) {
      const { pathname, searchParams } = new URL(url, "http://localhost");
      const segments = pathname.split("/");
      const inParam = matches[0].path.split("/").some((segment, i) => segment.startsWith(":") && segments[i] === String(SAMPLE_ID));
      expect(inParam || [...searchParams.values()].includes(String(SAMPLE_ID)), `${url} does not carry the id where ${matches[0].path} takes it`).toBe(true);
    }
  });

  test("every admin console page has a link in adminLinks", () => {
    const linked = new Set(Object.values(adminLinks as Record<string, Link>).map((link) => routeFor(typeof link === "function" ? link(SAMPLE_ID) : link)[0]?.path));
    const unlinked = pages.filter((page) => page.path.startsWith("/admin/dashboard")).map((page) => page.path).filter((path) => !linked.has(path));
    expect(unlinked, "Console routes without an adminLinks entry").toEqual([]);
  });

  test("the URLs keep the spec's spelling (SPEC §2)", () => {
    expect(adminLinks.userManagement).toBe("/admin/dashboard/UserManagement");
    expect(adminLinks.bookings).toBe("/admin/dashboard/Bookings");
    expect(adminLinks.becomeAGuidePageContent).toBe("/admin/dashboard/become_a_guide");
    expect(adminLinks.guideProfile(7)).toBe("/admin/dashboard/viewAddGuide/7");
    expect(adminLinks.editGuide(7)).toBe("/admin/dashboard/editGuide/7");
    expect(adminLinks.editUser(7)).toBe("/admin/dashboard/edit-User/7");
    expect(adminLinks.userProfile(7)).toBe("/admin/dashboard/viewuser/7");
    expect(adminLinks.messageTo(7)).toBe("/admin/dashboard/messaging?with=7");
  });

  test("each role's dashboard comes from the same module", () => {
    expect(dashboardFor).toEqual({ admin: adminLinks.overview, guide: mentorLinks.overview, user: userLinks.overview });
  });
});

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&amp;", "&");
const href = (url: string) => `href="${url}"`;

let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  admin = await signIn("admin");
});

describe("screens link where they did", () => {
  test("User Management links each user's profile and edit form, and the add form", async () => {
    const person = await createPerson("user", { organisation: `Links ${faker.string.alpha(10)}` });
    const response = await send(`${adminLinks.userManagement}?search=${encodeURIComponent(person.organisation ?? "")}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = await text(response);
    expect(html).toContain(href(`/admin/dashboard/viewuser/${person.id}`));
    expect(html).toContain(href(adminLinks.userProfile(person.id)));
    expect(html).toContain(href(adminLinks.editUser(person.id)));
    expect(html).toContain(href(adminLinks.addUser));
  });

  test("the Guides list links each guide's profile and edit form, and the add form", async () => {
    const guide = await createPerson("guide", { organisation: `Links ${faker.string.alpha(10)}` });
    const html = await text(await send(`${adminLinks.guides}?search=${encodeURIComponent(guide.organisation ?? "")}`, { cookie: admin.cookie }));
    expect(html).toContain(href(`/admin/dashboard/viewAddGuide/${guide.id}`));
    expect(html).toContain(href(adminLinks.editGuide(guide.id)));
    expect(html).toContain(href(adminLinks.addGuide));
  });

  test("the console sidebar links every section", async () => {
    const html = await text(await send(adminLinks.overview, { cookie: admin.cookie }));
    const sidebar = [
      adminLinks.overview, adminLinks.userManagement, adminLinks.guides, adminLinks.guideRequests, adminLinks.peopleDirectory,
      adminLinks.bookings, adminLinks.transactions, adminLinks.reviews, adminLinks.customerQueries, adminLinks.messaging,
      adminLinks.homePageContent, adminLinks.platformPageContent, adminLinks.becomeAGuidePageContent, adminLinks.resources, adminLinks.faqs,
      adminLinks.myProfile, adminLinks.changePassword, adminLinks.settings,
    ];
    for (const url of sidebar) expect(html, url).toContain(href(url));
  });

  test("a guide's profile links their bookings (the bookings table module)", async () => {
    const user = await createPerson("user");
    const guide = await createPerson("guide");
    const booking = await prisma.booking.create({ data: { userId: user.id, guideId: guide.id, topic: "Links check" } });
    const html = await text(await send(`${adminLinks.guideProfile(guide.id)}?tab=booking`, { cookie: admin.cookie }));
    expect(html).toContain(href(`/admin/dashboard/viewBookingPage/${booking.id}`));
  });

  test("Users and Guides links a conversation with each person", async () => {
    const person = await createPerson("guide", { name: `Links ${faker.string.alpha(10)}` });
    const html = await text(await send(`${adminLinks.peopleDirectory}?search=${encodeURIComponent(person.name)}`, { cookie: admin.cookie }));
    expect(html).toContain(href(`/admin/dashboard/messaging?with=${person.id}`));
  });

  test("redirects go to the sign-in pages and dashboards", async () => {
    const signedOut = await send(adminLinks.userManagement);
    expect(signedOut.headers.get("Location")).toBe(`${authLinks.adminLogin}?redirectTo=${encodeURIComponent(adminLinks.userManagement)}`);
    expect((await send(userLinks.bookings)).headers.get("Location")).toBe(`${authLinks.login}?redirectTo=${encodeURIComponent(userLinks.bookings)}`);
    const guide = await signIn("guide");
    expect((await send(adminLinks.overview, { cookie: guide.cookie })).headers.get("Location")).toBe(mentorLinks.overview);
    expect((await send(authLinks.login, { cookie: admin.cookie })).headers.get("Location")).toBe(adminLinks.overview);
  });
});
