import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createSession } from "#app/lib/session.server.ts";
import { storeDocument } from "#app/modules/uploads/uploads.server.ts";
import { cookiesFrom, createPerson, postForm, send, signIn, TEST_PASSWORD } from "#tests/app.ts";
import { freshCode, signInWithCode, turnOnTwoFactor } from "#tests/two-factor.ts";

const json = (value: unknown) => JSON.stringify(value);
const sameSite = { Origin: "http://localhost" };

/** A body streamed in chunks with no Content-Length, as a client that lies about nothing but says nothing. */
function streamOf(totalBytes: number, chunk = 64 * 1024) {
  let sent = 0;
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls += 1;
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(chunk, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  return { stream, read: () => sent, pulls: () => pulls };
}

describe("request bodies are capped before they are parsed", () => {
  test("a declared 300 MB JSON body to the sign-in API is refused at once with 413", async () => {
    const body = streamOf(300 * 1024 * 1024);
    const response = await send("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(300 * 1024 * 1024) },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: expect.stringContaining("too large") });
    expect(body.read()).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  test("a streamed form with no length stops being read at the limit", async () => {
    const body = streamOf(100 * 1024 * 1024);
    const response = await send("/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...sameSite },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    // 64 KB allowed, so at most a couple of 64 KB chunks were pulled before the stream was cancelled.
    expect(body.read()).toBeLessThanOrEqual(3 * 64 * 1024);
  });

  test("a file upload may be larger than a form, up to the file limit", async () => {
    const { cookie } = await signIn("admin");
    const form = new FormData();
    form.set("title", "Big");
    form.set("file", new File([new Uint8Array(12 * 1024 * 1024)], "big.pdf", { type: "application/pdf" }));
    const tooBig = await send("/admin/dashboard/resource-content", { method: "POST", cookie, body: form, headers: sameSite });
    expect(tooBig.status).toBe(413);
    const small = new FormData();
    small.set("intent", "nothing");
    small.set("padding", "x".repeat(200 * 1024));
    const fine = await send("/admin/dashboard/resource-content", { method: "POST", cookie, body: small, headers: sameSite });
    expect(fine.status).not.toBe(413);
  });

  test("passwords longer than 128 characters are refused before any hashing", async () => {
    const response = await send("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: json({ email: "someone@test.example", password: "a".repeat(129) }),
    });
    expect(response.status).toBe(400);
  });
});

describe("malformed bodies and methods", () => {
  const broken = "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated";

  test.each(["/login", "/admin/login", "/admin/dashboard/faqs", "/user-dashboard/query"])("a broken multipart body to %s is a 400", async (path) => {
    const { cookie } = await signIn(path.startsWith("/admin/dashboard") ? "admin" : "user");
    const response = await send(path, {
      method: "POST",
      cookie: path.includes("dashboard") ? cookie : undefined,
      headers: { "Content-Type": "multipart/form-data; boundary=xyz", ...sameSite },
      body: broken,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/could not be read/);
  });

  test("a browser's multipart boundary keeps its case (it is case-sensitive)", async () => {
    const person = await createPerson("user");
    const boundary = "----WebKitFormBoundaryAbCdEf";
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="email"', "", person.email, `--${boundary}`, 'Content-Disposition: form-data; name="password"', "", TEST_PASSWORD, `--${boundary}--`, ""].join("\r\n");
    const response = await send("/login", { method: "POST", headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, ...sameSite }, body });
    expect(response.status).toBe(302);
  });

  test("invalid JSON to the API is a 400 with a message", async () => {
    const { token } = await signIn("admin");
    const response = await send("/api/admin/faq/create", { method: "POST", token, headers: { "Content-Type": "application/json" }, body: "{nope" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Request body must be valid JSON" });
  });

  test("a screen's action posted as JSON or text is a 400, not a 500", async () => {
    const response = await send("/login", { method: "POST", headers: { "Content-Type": "text/plain", ...sameSite }, body: "email=a" });
    expect(response.status).toBe(400);
  });

  test.each(["OPTIONS", "PROPFIND"])("%s is a 405 with Allow", async (method) => {
    const response = await send("/", { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toContain("GET");
  });
});

describe("sign-in attempts are limited", () => {
  test("after five wrong passwords even the right one gets 429 with Retry-After, on every door", async () => {
    const person = await createPerson("admin");
    for (let i = 0; i < 5; i += 1) {
      const wrong = await postForm("/admin/login", { email: person.email, password: `Wrong-${i}` });
      expect(wrong.status).toBe(401);
    }
    const right = await postForm("/admin/login", { email: person.email, password: TEST_PASSWORD });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await right.text()).toContain("Too many attempts");
    const api = await send("/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: json({ email: person.email, password: TEST_PASSWORD }) });
    expect(api.status).toBe(429);
    expect(api.headers.get("Retry-After")).toBeTruthy();
    expect(await prisma.session.count({ where: { userId: person.id } })).toBe(0);
  });

  test("one address trying many accounts is stopped too; a success clears the account's count", async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const person = await createPerson("user");
    for (let i = 0; i < 4; i += 1) await postForm("/login", { email: person.email, password: "Wrong-1" });
    const ok = await send("/login", { method: "POST", clientAddress: address, headers: { "Content-Type": "application/x-www-form-urlencoded", ...sameSite }, body: new URLSearchParams({ email: person.email, password: TEST_PASSWORD }) });
    expect(ok.status).toBe(302);
    // The account's count started again: four more wrong passwords are still answered 401.
    for (let i = 0; i < 4; i += 1) expect((await postForm("/login", { email: person.email, password: "Wrong-2" })).status).toBe(401);

    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const attempt = await send("/login", {
        method: "POST",
        clientAddress: address,
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...sameSite },
        body: new URLSearchParams({ email: `nobody-${i}@test.example`, password: "Wrong-1" }),
      });
      statuses.push(attempt.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("redirect targets stay on this site", () => {
  test.each(["/%09/evil.example", "//evil.example", "/\\evil.example", "https://evil.example/", "/%0d%0aSet-Cookie:x=1"])("redirectTo=%s falls back to the dashboard", async (target) => {
    const page = await send(`/admin/login?redirectTo=${target}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('name="redirectTo"');

    const admin = await createPerson("admin");
    const { step, response } = await signInWithCode(admin, await turnOnTwoFactor(admin.id), { redirectTo: decodeURIComponent(target) });
    expect(step).toBe("/login/two-factor");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    expect(await prisma.session.findMany({ where: { userId: admin.id }, select: { kind: true } })).toEqual([{ kind: "web" }]);
  });
});

describe("security headers and caching", () => {
  test("a page carries a CSP with a per-request nonce that its scripts use, and cannot be framed", async () => {
    const first = await send("/");
    const second = await send("/");
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("Content-Security-Policy")).not.toContain(nonce);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com/);
    const html = await first.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).not.toMatch(/<script(?![^>]*nonce=)[^>]*>/);
    expect(first.headers.get("X-Frame-Options")).toBe("DENY");
    expect(first.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(first.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });

  test("public pages set no cookie and may be cached; signed-in pages, their data and the API may not", async () => {
    const home = await send("/");
    expect(home.headers.get("Set-Cookie")).toBeNull();
    expect(home.headers.get("Cache-Control")).toBeNull();

    const { cookie, token } = await signIn("admin");
    for (const response of [
      await send("/admin/dashboard", { cookie }),
      await send("/admin/dashboard.data", { cookie }),
      await send("/api/admin/dashboard/Stats", { token }),
      await send("/api/admin/resources"),
    ]) {
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
    const signedInPage = await send("/admin/dashboard", { cookie });
    expect(signedInPage.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("sessions", () => {
  test("a browser session is no API token and an API token no browser session", async () => {
    const admin = await createPerson("admin");
    const webToken = await createSession(admin.id, "web");
    const apiToken = await createSession(admin.id, "api");
    expect((await send("/api/admin/dashboard/Stats", { token: webToken })).status).toBe(401);
    expect((await send("/api/admin/dashboard/Stats", { token: apiToken })).status).toBe(200);
    const { commitSession } = await import("#app/lib/session.server.ts");
    const apiAsCookie = (await commitSession(apiToken)).split(";")[0];
    expect((await send("/admin/dashboard", { cookie: apiAsCookie })).headers.get("Location")).toMatch(/^\/admin\/login/);
  });

  test("the admin's session ends after 30 idle minutes and lasts 12 hours at most", async () => {
    const { cookie, person } = await signIn("admin");
    const session = await prisma.session.findFirstOrThrow({ where: { userId: person.id, kind: "web" } });
    const lifetime = session.expiresAt.getTime() - session.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(11.9 * 3_600_000);
    expect(lifetime).toBeLessThanOrEqual(12 * 3_600_000 + 5_000);
    expect((await send("/admin/dashboard", { cookie })).status).toBe(200);

    await prisma.session.update({ where: { id: session.id }, data: { lastSeenAt: new Date(Date.now() - 31 * 60_000) } });
    expect((await send("/admin/dashboard", { cookie })).headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await prisma.session.count({ where: { id: session.id } })).toBe(0);
  });

  test("a user's session survives an idle hour but not its absolute end; use moves its last-seen time", async () => {
    const { cookie, person } = await signIn("user");
    const session = await prisma.session.findFirstOrThrow({ where: { userId: person.id, kind: "web" } });
    await prisma.session.update({ where: { id: session.id }, data: { lastSeenAt: new Date(Date.now() - 60 * 60_000) } });
    expect((await send("/user-dashboard", { cookie })).status).toBe(200);
    const touched = await prisma.session.findUniqueOrThrow({ where: { id: session.id } });
    expect(Date.now() - touched.lastSeenAt.getTime()).toBeLessThan(60_000);

    await prisma.session.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await send("/user-dashboard", { cookie })).headers.get("Location")).toMatch(/^\/login/);
  });

  test("signing out takes a POST from this site; a link or another site's form signs nobody out", async () => {
    const { cookie, person } = await signIn("user");
    await send("/logout", { cookie });
    const crossSite = await send("/logout", { method: "POST", cookie, headers: { Origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(await prisma.session.count({ where: { userId: person.id, kind: "web" } })).toBe(1);
    const signOut = await send("/logout", { method: "POST", cookie, headers: sameSite });
    expect(signOut.status).toBe(302);
    expect(await prisma.session.count({ where: { userId: person.id, kind: "web" } })).toBe(0);
  });

  test("POST /api/auth/logout ends the API token", async () => {
    const admin = await createPerson("admin");
    const code = await freshCode(admin.id, await turnOnTwoFactor(admin.id));
    const login = await send("/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: json({ email: admin.email, password: TEST_PASSWORD, code }) });
    const { token } = (await login.json()) as { token: string };
    expect((await send("/api/admin/dashboard/Stats", { token })).status).toBe(200);
    const out = await send("/api/auth/logout", { method: "POST", token });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ message: "Signed out" });
    expect((await send("/api/admin/dashboard/Stats", { token })).status).toBe(401);
    expect((await send("/api/auth/logout", { method: "POST", token })).status).toBe(401);
  });

  test("signing in through the form works end to end with the cookie it sets", async () => {
    const person = await createPerson("guide");
    const response = await postForm("/login", { email: person.email, password: TEST_PASSWORD });
    expect((await send("/mentor-dashboard", { cookie: cookiesFrom(response) })).status).toBe(200);
  });
});

describe("uploaded files", () => {
  test("have random ids, and documents download with a sandboxing CSP", async () => {
    const pdf = new File([Buffer.from("%PDF-1.4\n% test\n")], "plan <1>.pdf", { type: "application/pdf" });
    const { id } = await storeDocument(pdf);
    expect(id).toMatch(/^[0-9a-f-]{32,36}$/);
    const response = await send(`/images/${id}`);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="plan _1_.pdf"');
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
    // Counting is no way in: a small number is just the default picture.
    const guess = await send("/images/1");
    expect(guess.headers.get("Content-Type")).toBe("image/svg+xml");
  });
});
