import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import routes from "#app/routes.ts";
import { prisma } from "#app/lib/db.server.ts";
import { createAccessToken } from "#app/modules/access-tokens/access-tokens.server.ts";
import { SCOPE_VALUES } from "#app/modules/access-tokens/scopes.ts";
import { actorOf, createPerson, send, signIn } from "#tests/app.ts";
import { fillPath, flattenRouteConfig } from "#tests/support/route-matrix.ts";

/**
 * No input produces a 5xx: every route of app/routes.ts, as an administrator (who reaches the most code; /api/v1 with
 * a mentee's access token holding every scope), with every method it tells apart and bodies of the wrong shape in
 * every field a form or the API reads. A refusal is fine; a 500 (and the error it logs, which fails the test by itself)
 * is not.
 */
const flat = flattenRouteConfig(routes);

const fieldNames = [
  "intent", "id", "email", "password", "confirmPassword", "currentPassword", "name", "title", "organisation", "bio",
  "question", "answer", "type", "is_active", "status", "action", "subject", "message", "body", "recipientId",
  "specialties", "languages", "yearsOfExperience", "hourlyRate", "link", "description", "reason", "redirectTo",
  "page", "limit", "search", "sort", "order", "content", "slug", "heading", "supportEmail", "platformFee",
  "ids", "all", "confirm", "query", "list",
  // The marketplace API's hours, overrides and prices.
  "timeZone", "hours", "lengths", "bufferMinutes", "noticeHours", "horizonDays", "bookingPaused", "meetingUrl", "date", "start",
  "end", "prices", "payWhatYouWant", "suggestedCents", "minimumCents", "freeIntroMinutes",
  // The marketplace API's reviews and bookings.
  "rating", "response", "guideId", "minutes", "startsAt", "topic",
];

const hostileValues: unknown[] = [null, [], {}, { $gt: "" }, -1, 1e308, "0x10", "\u0000\r\n<script>", "x".repeat(70_000), true];

/** One JSON body per hostile value, every field set to it. */
const jsonBodies = hostileValues.map((value) => JSON.stringify(Object.fromEntries(fieldNames.map((name) => [name, value]))));
/** Forms can only carry text: the textual hostile values, a field repeated, a file where text is expected. */
function formBodies() {
  const texts = ["", "0x10", "-1", "99999999999999999999", "\u0000\r\n<script>", "x".repeat(60_000), "[object Object]"];
  const forms = texts.map((text) => {
    const form = new FormData();
    for (const name of fieldNames) form.append(name, text);
    return form;
  });
  const repeated = new FormData();
  for (const name of fieldNames) {
    repeated.append(name, "1");
    repeated.append(name, "2");
  }
  const files = new FormData();
  for (const name of fieldNames) files.append(name, new File(["not what you think"], "x.png", { type: "image/png" }));
  return [...forms, repeated, files];
}

const hostileQuery = "?page=-1&limit=1e9&sort=__proto__&order=sideways&search=%00%0D%0A&tab=../../etc&status=maybe&view=0x1&delete=1e3&with=-4&before=abc&minutes=-1&intro=maybe&week=0000-13-99&reviewsPage=1e9&reply=x&from=abc&to=2026-13-45&month=2026-13&guideId=abc&userId=-3&rating=9";

let paramValues: Record<string, string | number>;
let admin: Awaited<ReturnType<typeof signIn>>;
/**
 * /api/v1 answers only a personal access token: a guide's, with every scope, a new guide for each route (a token has its
 * rate per minute, a person at most 20 tokens).
 */
async function personalToken() {
  const { token } = await createAccessToken(actorOf(await createPerson("guide")), { name: "Hostile", scopes: [...SCOPE_VALUES], lifetime: 30 });
  return `Bearer ${token}`;
}

beforeAll(async () => {
  admin = await signIn("admin");
  const user = await createPerson("user");
  const guide = await createPerson("guide");
  const booking = await prisma.booking.findFirst({ select: { id: true } });
  paramValues = {
    id: user.id,
    guideId: guide.id,
    bookingId: booking?.id ?? 999_999,
    accountType: "user",
    action: "active",
    actionId: 1,
    party: "user",
    role: "guide",
    slug: "no-such-post",
    sessionId: "cs_test_no_such_session",
    accountId: "acct_test_no_such_account",
    month: "2026-11",
    list: "users",
    token: "no-such-change",
    change: "cancel",
    file: "no-such-file.ics",
    "*": "no/such/path",
  };
});

const isApi = (path: string) => path.startsWith("/api/");
/**
 * The methods besides GET a route is sent. React Router hands every one of them to a screen's single action, so POST
 * stands for them all, unless the route reads request.method itself (as the API does, and signing out).
 */
const bodyMethodsOf = (route: { path: string; file: string }) =>
  isApi(route.path) || readFileSync(`app/${route.file}`, "utf8").includes("request.method") ? ["POST", "PUT", "PATCH", "DELETE"] : ["POST"];

describe("no input produces a 5xx", () => {
  test.each(flat.map((route) => [route.path, route] as const))("%s", async (_path, route) => {
    const url = fillPath(route.path, paramValues);
    const personal = route.path.startsWith("/api/v1/") ? await personalToken() : null;
    const auth = personal ? { token: personal } : isApi(route.path) ? { token: admin.token } : { cookie: admin.cookie };
    const failures: string[] = [];
    const check = async (label: string, response: Response) => {
      if (response.status >= 500) failures.push(`${label} → ${response.status} ${await response.text().then((text) => text.slice(0, 200))}`);
    };

    await check(`GET ${url}${hostileQuery}`, await send(url + hostileQuery, auth));
    for (const method of bodyMethodsOf(route)) {
      for (const body of jsonBodies) {
        const response = await send(url, { method, ...auth, headers: { "Content-Type": "application/json", Origin: "http://localhost" }, body });
        await check(`${method} JSON ${body.slice(0, 60)}`, response);
      }
      for (const body of formBodies()) {
        await check(`${method} form`, await send(url + hostileQuery, { method, ...auth, headers: { Origin: "http://localhost" }, body }));
      }
    }
    expect(failures).toEqual([]);
  });
});
