import { describe, expect, test, vi } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { cookiesFrom, createPerson, postForm, send, signIn, TEST_PASSWORD } from "#tests/app.ts";
import { freshCode, signInWithCode, turnOnTwoFactor } from "#tests/two-factor.ts";

describe("sign-in", () => {
  test("a person signs in with the form and lands on their dashboard with a database session", async () => {
    const guide = await createPerson("guide");
    const response = await postForm("/login", { email: guide.email, password: TEST_PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/mentor-dashboard");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/mm_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(await prisma.session.count({ where: { userId: guide.id } })).toBe(1);

    const dashboard = await send("/mentor-dashboard", { cookie: cookiesFrom(response) });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain(guide.name);
  });

  test("the admin sign-in goes to the console (after the code step) and honours a safe redirectTo", async () => {
    const admin = await createPerson("admin");
    const secret = await turnOnTwoFactor(admin.id);
    const password = await postForm("/admin/login?redirectTo=x", {
      email: admin.email.toUpperCase(),
      password: TEST_PASSWORD,
      redirectTo: "/admin/dashboard/UserManagement",
    });
    expect(password.headers.get("Location")).toBe("/login/two-factor?redirectTo=%2Fadmin%2Fdashboard%2FUserManagement");
    const response = await postForm("/login/two-factor", { code: await freshCode(admin.id, secret), redirectTo: "/admin/dashboard/UserManagement" }, cookiesFrom(password));
    expect(response.headers.get("Location")).toBe("/admin/dashboard/UserManagement");
    const offsite = await signInWithCode(admin, secret, { redirectTo: "//evil.example" });
    expect(offsite.step).toBe("/login/two-factor");
    expect(offsite.response.headers.get("Location")).toBe("/admin/dashboard");
  });

  test("a wrong password and an unknown account get the same message", async () => {
    const user = await createPerson("user");
    for (const fields of [
      { email: user.email, password: "Wrong-pass1!" },
      { email: "nobody-here@test.example", password: TEST_PASSWORD },
    ]) {
      const response = await postForm("/login", fields);
      expect(response.status).toBe(401);
      expect(await response.text()).toContain("Invalid email or password");
    }
  });

  test("the form keeps the e-mail and says what is missing", async () => {
    const response = await postForm("/login", { email: "not-an-email", password: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Invalid email format");
    expect(html).toContain("Password is required");
    expect(html).toContain('value="not-an-email"');
  });

  test("deleted and deactivated accounts cannot sign in", async () => {
    const deleted = await createPerson("user");
    await prisma.user.update({ where: { id: deleted.id }, data: { isDeleted: true } });
    const inactive = await createPerson("user", { status: "inactive" });
    const first = await postForm("/login", { email: deleted.email, password: TEST_PASSWORD });
    expect(await first.text()).toContain("Invalid email or password");
    const second = await postForm("/login", { email: inactive.email, password: TEST_PASSWORD });
    expect(await second.text()).toContain("Your account has been deactivated");
  });

  test("sign-out ends the session", async () => {
    const { cookie, person } = await signIn("user");
    const response = await send("/logout", { method: "POST", cookie, headers: { Origin: "http://localhost" } });
    expect(response.headers.get("Location")).toBe("/");
    expect(await prisma.session.count({ where: { userId: person.id, kind: "web" } })).toBe(0);
    const after = await send("/user-dashboard", { cookie });
    expect(after.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("guards", () => {
  test.each([
    ["/admin/dashboard/UserManagement", "/admin/login?redirectTo=%2Fadmin%2Fdashboard%2FUserManagement"],
    ["/mentor-dashboard/bookings", "/login?redirectTo=%2Fmentor-dashboard%2Fbookings"],
    ["/user-dashboard", "/login?redirectTo=%2Fuser-dashboard"],
  ])("signed out, %s goes to %s", async (path, location) => {
    const response = await send(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
  });

  test("signed out, a link followed in the browser (a data request) comes back to the page, not to its data", async () => {
    const response = await send("/user-dashboard/bookings.data?view=past&_routes=root%2Croutes%2Fuser%2Fbookings");
    expect(response.status).toBe(202);
    expect(await response.text()).toContain('"redirect","/login?redirectTo=%2Fuser-dashboard%2Fbookings%3Fview%3Dpast"');
  });

  test.each([
    ["user", "/admin/dashboard", "/user-dashboard"],
    ["guide", "/admin/dashboard/UserManagement", "/mentor-dashboard"],
    ["user", "/mentor-dashboard", "/user-dashboard"],
    ["admin", "/user-dashboard/bookings", "/admin/dashboard"],
    ["guide", "/user-dashboard", "/mentor-dashboard"],
    ["admin", "/mentor-dashboard", "/admin/dashboard"],
  ] as const)("a %s opening %s goes to %s", async (role, path, location) => {
    const { cookie } = await signIn(role);
    const response = await send(path, { cookie });
    expect(response.headers.get("Location")).toBe(location);
  });

  test("an action in a guarded area is refused before it runs", async () => {
    const { cookie } = await signIn("user");
    const victim = await createPerson("user");
    const response = await postForm("/admin/dashboard/UserManagement", { intent: "delete", id: String(victim.id) }, cookie);
    expect(response.headers.get("Location")).toBe("/user-dashboard");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: victim.id } })).isDeleted).toBe(false);
  });

  test("a session cookie's signature is checked once, and a forged one is still refused", async () => {
    const { cookie } = await signIn("admin");
    expect((await send("/admin/dashboard", { cookie })).status).toBe(200);
    const verify = vi.spyOn(crypto.subtle, "verify");
    try {
      expect((await send("/admin/dashboard", { cookie })).status).toBe(200);
      expect(verify).not.toHaveBeenCalled();
      const forged = cookie.replace(/mm_session=(.)/, (_all, first: string) => `mm_session=${first === "A" ? "B" : "A"}`);
      expect(forged).not.toBe(cookie);
      expect((await send("/admin/dashboard", { cookie: forged })).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard");
      expect(verify).toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
  });

  test("an unknown role is sent to the area's sign-in", async () => {
    const { cookie, person } = await signIn("user");
    await prisma.user.update({ where: { id: person.id }, data: { role: "pastor" } });
    expect((await send("/admin/dashboard", { cookie })).headers.get("Location")).toBe("/admin/login");
    expect((await send("/user-dashboard", { cookie })).headers.get("Location")).toBe("/login");
  });

  test.each([["/login"], ["/signup"], ["/admin/login"]])("signed in, %s goes to the dashboard", async (path) => {
    const { cookie } = await signIn("guide");
    expect((await send(path, { cookie })).headers.get("Location")).toBe("/mentor-dashboard");
  });

  test("public routes: /find-mentor, /unauthorized, unknown paths, upcoming screens", async () => {
    expect((await send("/find-mentor")).headers.get("Location")).toBe("/search");
    expect(await (await send("/unauthorized")).text()).toContain("Unauthorized Access");
    expect((await send("/no/such/page")).headers.get("Location")).toBe("/");
    const search = await send("/search");
    expect(search.status).toBe(200);
    const html = (await search.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Find a Mentor");
    expect(html).not.toContain("not available yet"); // a real screen now (tests/integration/mentor-search.test.ts)
    expect(html).toContain(`© ${new Date().getFullYear()} Ministry Mentors`);
  });

  test.each([
    ["/signup", "Create an Account"],
    ["/verify-email?email=someone%40test.example", "Verify your email"],
    ["/reset-password", "Reset your password"],
  ])("%s is a real screen now, not an upcoming one", async (path, heading) => {
    const response = await send(path);
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(heading);
    expect(html).not.toContain("not available yet");
  });
});
