import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { appServersSettled, DEMO_PASSWORD, toast } from "./helpers.ts";

// Several app servers, one database (npm run test:e2e:cluster): nginx on E2E_PORT sends each request to the
// next app server, and the app servers themselves listen on E2E_PORT+1, E2E_PORT+2, … (tests/setup/e2e-server.mjs).
// The rest of the suite runs through nginx, so each of its tests meets both servers at random; the tests here
// address the app servers one by one, so that each cross-server step happens for certain.

test.beforeAll(appServersSettled);

const proxyPort = Number(process.env.E2E_PORT ?? 4310);
const servers = Number(process.env.APP_SERVERS ?? 2);
/** The nth app server (1-based), directly. */
const appServer = (n: number) => `http://127.0.0.1:${proxyPort + n}`;
const ids = Array.from({ length: servers }, (_, i) => `app-${i + 1}`);
/** An address of the test's own (IPv6 documentation prefix), so the rest of the suite's sign-ins, all from 127.0.0.1, keep theirs. */
const ownAddress = () => `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;

test("nginx hands requests to every app server in turn, each page with its own nonce, compressed", async ({ request }) => {
  const seen = new Set<string>();
  const nonces = new Set<string>();
  let responses = 0;
  for (; responses < 12 && seen.size < servers; responses += 1) {
    const response = await request.get("/login", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
    seen.add(response.headers()["x-served-by"]);
    nonces.add(/'nonce-([^']+)'/.exec(response.headers()["content-security-policy"])![1]);
  }
  expect(seen).toEqual(new Set(ids));
  expect(nonces.size).toBe(responses);
  // An app server gzips its pages itself (a phone gets them small even without a proxy); nginx passes them on
  // as they are rather than compressing twice.
  const direct = await request.get(`${appServer(1)}/login`, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(direct.headers()["x-served-by"]).toBe("app-1");
  expect(direct.headers()["content-encoding"]).toBe("gzip");
});

test("signed in on one app server is signed in on the other; signed out on one is signed out on both", async ({ page }) => {
  await page.goto(`${appServer(1)}/login`);
  await page.getByLabel("Email").fill("user@example.com");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${appServer(1)}/user-dashboard`);

  const other = await page.goto(`${appServer(2)}/user-dashboard`);
  expect(other!.headers()["x-served-by"]).toBe("app-2");
  await expect(page).toHaveURL(`${appServer(2)}/user-dashboard`);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${appServer(2)}/`);
  await page.goto(`${appServer(1)}/user-dashboard`);
  await expect(page).toHaveURL(`${appServer(1)}/login?redirectTo=%2Fuser-dashboard`);
});

test("a toast set by one app server is shown by the other, and a picture stored by one is served by the other", async ({ page, signIn }) => {
  const admin = await signIn("admin");
  const picture = await sharp({ create: { width: 48, height: 48, channels: 3, background: "#0f766e" } }).png().toBuffer();
  // page.request shares the browser's cookies: the session goes along, and the toast cookie comes back into the browser.
  const uploaded = await page.request.post(`${appServer(1)}/admin/dashboard/myprofile`, {
    multipart: { intent: "picture", imageUrl: { name: "teal.png", mimeType: "image/png", buffer: picture } },
    maxRedirects: 0,
  });
  expect(uploaded.status()).toBe(302);
  expect(uploaded.headers()["x-served-by"]).toBe("app-1");
  expect(uploaded.headers()["set-cookie"]).toContain("mm_toast=");

  const shown = await page.goto(`${appServer(2)}${uploaded.headers().location}`);
  expect(shown!.headers()["x-served-by"]).toBe("app-2");
  await expect(toast(page, "Profile Picture/Image Updated")).toContainText("Your profile picture has been updated.");

  const src = await page.getByRole("img", { name: `Picture of ${admin.name}` }).first().getAttribute("src");
  expect(src).toMatch(/^\/images\/[0-9a-f-]{32,36}$/);
  const image = await page.request.get(`${appServer(2)}${src}`);
  expect(image.status()).toBe(200);
  expect(image.headers()["x-served-by"]).toBe("app-2");
  expect(image.headers()["content-type"]).toBe("image/webp");
  const { width, format } = await sharp(await image.body()).metadata();
  expect({ width, format }).toEqual({ width: 48, format: "webp" });
});

test("wrong passwords are counted across app servers, per account and per address", async ({ request, createPerson }) => {
  // The test plays nginx: it names the client in X-Forwarded-For, which the app servers (TRUST_PROXY=1) believe.
  const attempt = (server: number, email: string, address: string) =>
    request.post(`${appServer(server)}/api/auth/login`, { data: { email, password: "Wrong-password-1" }, headers: { "X-Forwarded-For": address } });

  // Five per account, whichever server hears them.
  const person = await createPerson("user");
  const address = ownAddress();
  for (let i = 0; i < 5; i += 1) {
    const response = await attempt((i % servers) + 1, person.email, address);
    expect(response.status()).toBe(401);
    expect(response.headers()["x-served-by"]).toBe(ids[i % servers]);
  }
  const sixth = await attempt((5 % servers) + 1, person.email, address);
  expect(sixth.status()).toBe(429);
  expect(Number(sixth.headers()["retry-after"])).toBeGreaterThan(0);
  expect(sixth.headers()["x-served-by"]).toBe(ids[5 % servers]);

  // Twenty per address, whichever accounts it tries on whichever servers.
  const guesser = ownAddress();
  for (let i = 0; i < 20; i += 1) {
    expect((await attempt((i % servers) + 1, `nobody.${randomBytes(4).toString("hex")}@e2e.test`, guesser)).status()).toBe(401);
  }
  for (let server = 1; server <= servers; server += 1) {
    expect((await attempt(server, `nobody.${randomBytes(4).toString("hex")}@e2e.test`, guesser)).status()).toBe(429);
  }
});
