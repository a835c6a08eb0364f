/**
 * One definition per list (defineList): its screen and its JSON twin read the same parameters, aliases and
 * filters from it, and refuse the same bad input with the same message. Each case below is derived from the
 * definition itself, so a list whose screen or API stopped reading it fails here.
 */
import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import { prisma } from "#app/lib/db.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import type { ListDefinition } from "#app/lib/list.ts";
import { bookingList } from "#app/modules/bookings/schema.ts";
import { faqList } from "#app/modules/faqs/schema.ts";
import { guideRequestList } from "#app/modules/guide-requests/schema.ts";
import { guideList } from "#app/modules/guides/schema.ts";
import { directoryList } from "#app/modules/messages/schema.ts";
import { paymentList } from "#app/modules/payments/schema.ts";
import { queryList } from "#app/modules/queries/schema.ts";
import { resourceList } from "#app/modules/resources/schema.ts";
import { reviewList } from "#app/modules/reviews/schema.ts";
import { userList } from "#app/modules/users/schema.ts";
import { createPerson, send, signIn } from "#tests/app.ts";

let admin: Awaited<ReturnType<typeof signIn>>;
// Letters only: searches treat digits specially. Every record below carries it, and every request searches for it.
const tag = faker.string.alpha(10).toLowerCase();
let firstGuide: { id: number };

/** Two of each listed record, made a day apart (so every default order is strict). */
beforeAll(async () => {
  admin = await signIn("admin");
  const day = (n: number) => new Date(Date.UTC(2026, 0, 10 + n));
  const users = [await createPerson("user", { name: `Ann ${tag}` }), await createPerson("user", { name: `Zed ${tag}` })];
  const guides = [await createPerson("guide", { name: `Bea ${tag}` }), await createPerson("guide", { name: `Yan ${tag}` })];
  firstGuide = guides[0];
  for (const i of [0, 1]) {
    const [user, guide] = [users[i], guides[i]];
    await prisma.guideRequest.create({ data: { guideId: guide.id, createdAt: day(i) } });
    const booking = await prisma.booking.create({ data: { userId: user.id, guideId: guide.id, topic: `Topic ${i} ${tag}`, rateCents: 1000 * (i + 1), createdAt: day(i) } });
    await prisma.payment.create({ data: { bookingId: booking.id, userId: user.id, guideId: guide.id, amountCents: 1000 * (i + 1), status: "succeeded", paidAt: day(i), createdAt: day(i) } });
    await prisma.review.create({ data: { bookingId: booking.id, authorId: user.id, guideId: guide.id, rating: 4 + i, content: `Review ${i} ${tag}`, createdAt: day(i) } });
    await prisma.customerQuery.create({ data: { name: user.name, email: user.email, subject: `Subject ${i} ${tag}`, message: "Help", createdAt: day(i) } });
    await prisma.faq.create({ data: { question: `Question ${i} ${tag}?`, answer: "Answer.", createdAt: day(i) } });
    await prisma.resource.create({ data: { title: `Resource ${i} ${tag}`, type: "article", link: "https://example.com", createdAt: day(i) } });
  }
});

type Case = { name: string; list: ListDefinition; screen: string; api: string };
const cases: Case[] = [
  { name: "users", list: userList, screen: adminLinks.users, api: "/api/admin/get-user-list" },
  { name: "guides", list: guideList, screen: adminLinks.guides, api: "/api/admin/get-mentor-list" },
  { name: "guide requests", list: guideRequestList, screen: adminLinks.guideRequests, api: "/api/admin/get-mentor-request-list" },
  { name: "bookings", list: bookingList, screen: adminLinks.bookings, api: "/api/admin/get-allbookings" },
  { name: "transactions", list: paymentList, screen: adminLinks.transactions, api: "/api/admin/getall/payments" },
  { name: "reviews", list: reviewList, screen: adminLinks.reviews, api: "/api/admin/all/reviews" },
  { name: "customer queries", list: queryList, screen: adminLinks.customerQueries, api: "/api/admin/get-all-queries" },
  { name: "FAQs", list: faqList, screen: adminLinks.faqs, api: "/api/admin/faq/all" },
  { name: "resources", list: resourceList, screen: adminLinks.resources, api: "/api/admin/resources/all" },
  { name: "people directory", list: directoryList, screen: adminLinks.peopleDirectory, api: "/api/admin/user-guide/list" },
];

const query = (params: Record<string, string>) => new URLSearchParams({ search: tag, ...params }).toString();
const screen = (c: Case, params: Record<string, string> = {}) => send(`${c.screen}?${query(params)}`, { cookie: admin.cookie });
const api = (c: Case, params: Record<string, string> = {}) => send(`${c.api}?${query(params)}`, { token: admin.token });

/** What the screen shows (its text, without markup, scripts or the URLs its links and forms carry). */
async function shown(response: Response) {
  expect(response.status).toBe(200);
  const html = await response.text();
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return main.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}
const answer = async (response: Response) => {
  expect(response.status).toBe(200);
  return response.json();
};

/** A value of each parameter that changes what the list shows (the sort one may not). */
const changing = (c: Case, param: string): string =>
  ({
    limit: "1",
    order: c.list.defaults.defaultOrder === "asc" ? "desc" : "asc",
    sort: c.list.defaults.sortable.find((column) => column !== c.list.defaults.defaultSort) ?? c.list.defaults.defaultSort,
    guideId: String(firstGuide.id),
  })[param] ?? "";

/** A value each filter refuses. */
const refused: Record<string, string> = {
  paymentStatus: "refunded",
  status: "refunded",
  guideId: "abc",
  userId: "-3",
  isVerified: "maybe",
  type: "poem",
  filter: "admins",
  date: "yesterday",
  from: "2026-02-30",
  to: "31/01/2026",
  outcome: "pending",
  cancelledBy: "nobody",
  repeat: "yes",
  freeTime: "some",
  reply: "later",
  olderThanDays: "soon",
};
const messageOf = (schema: z.ZodType, value: string) => schema.safeParse(value).error?.issues[0]?.message;

describe.each(cases)("the $name list", (c) => {
  test("the screen and its JSON twin read each alias as the parameter it stands for", async () => {
    for (const [param, alias] of Object.entries(c.list.aliases) as Array<[string, string]>) {
      const value = changing(c, param);
      expect(await shown(await screen(c, { [alias]: value })), `${alias}=${value}`).toBe(await shown(await screen(c, { [param]: value })));
      expect(await answer(await api(c, { [alias]: value })), `${alias}=${value}`).toEqual(await answer(await api(c, { [param]: value })));
      if (param !== "sort") expect(await answer(await api(c, { [alias]: value })), `${alias} changes the list`).not.toEqual(await answer(await api(c)));
      // Ours wins when both come.
      expect(await answer(await api(c, { [param]: value, [alias]: "2" === value ? "1" : "2" }))).toEqual(await answer(await api(c, { [param]: value })));
    }
  });

  test("a sort outside the definition's columns: the API answers a 400 that names them, the screen shows its default order", async () => {
    const message = `sort must be one of: ${c.list.defaults.sortable.join(", ")}`;
    const response = await api(c, { sort: "password" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message, errors: { sort: [message] } });
    const page = await screen(c, { sort: "password", limit: "5" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`${c.screen}?${query({ limit: "5" })}`);
  });

  test("a bad filter value: the API refuses it with its own message (under its alias too), the screen drops it", async () => {
    for (const [name, schema] of Object.entries(c.list.filters)) {
      const message = messageOf(schema, refused[name]);
      expect(message, name).toBeTruthy();
      for (const spelling of [name, c.list.aliases[name]].filter((key): key is string => Boolean(key))) {
        const response = await api(c, { [spelling]: refused[name] });
        expect(response.status, spelling).toBe(400);
        expect(await response.json(), spelling).toEqual({ message, errors: { [name]: [message] } });
        const page = await screen(c, { [spelling]: refused[name] });
        expect(page.status, spelling).toBe(302);
        expect(page.headers.get("Location"), spelling).toBe(`${c.screen}?${query({})}`);
      }
    }
  });

  test("an empty parameter counts as absent", async () => {
    const empty = Object.fromEntries(["page", "limit", "sort", "order", ...Object.keys(c.list.filters)].map((key) => [key, ""]));
    expect(await answer(await api(c, empty))).toEqual(await answer(await api(c)));
    expect(await shown(await screen(c, empty))).toBe(await shown(await screen(c)));
  });
});

test("the resources list takes the API's sort=column:order on both doors", async () => {
  const c = cases.find((each) => each.list === resourceList)!;
  expect(await answer(await api(c, { sort: "created_at:asc" }))).toEqual(await answer(await api(c, { sort: "created_at", order: "asc" })));
  expect(await shown(await screen(c, { sort: "title:desc" }))).toBe(await shown(await screen(c, { sort: "title", order: "desc" })));
  expect((await api(c, { sort: "title:sideways" })).status).toBe(400);
});

test("a profile tab filters as its twin does: a guide's payments by status", async () => {
  const byApi = await answer(await send(`/api/admin/transactions/guide/${firstGuide.id}?status=pending`, { token: admin.token }));
  expect(byApi.payments).toEqual([]);
  const tab = await send(`${adminLinks.guideProfile(firstGuide.id)}?tab=payment&status=pending`, { cookie: admin.cookie });
  expect(await shown(tab)).toContain("No payments found.");
  const bad = await send(`${adminLinks.guideProfile(firstGuide.id)}?tab=payment&status=refunded`, { cookie: admin.cookie });
  expect(bad.status).toBe(302);
  expect(bad.headers.get("Location")).toBe(`${adminLinks.guideProfile(firstGuide.id)}?tab=payment`);
  expect((await send(`/api/admin/transactions/guide/${firstGuide.id}?status=refunded`, { token: admin.token })).status).toBe(400);
});
