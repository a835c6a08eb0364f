import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createSession } from "#app/lib/session.server.ts";
import { postForm, send, signIn, TEST_PASSWORD } from "#tests/app.ts";

/**
 * One password change (accounts/own-password.server.ts, accounts/password-schema.ts) behind three screens and the
 * API: the admin's Change Password, and Settings of mentees and of guides. The same input is refused with the same
 * messages everywhere, and a change ends every other session of the person.
 */

const STRONG_RULE = "Password must contain at least one lowercase letter, one uppercase letter, one number, one special character, and be at least 8 characters long";

const screens = [
  { label: "the admin's Change Password", role: "admin", path: "/admin/dashboard/change-password", fields: {} },
  { label: "a mentee's Settings", role: "user", path: "/user-dashboard/settings", fields: { intent: "password" } },
  { label: "a guide's Settings", role: "guide", path: "/mentor-dashboard/settings", fields: { intent: "password" } },
] as const;

const refusals: Array<{ typed: Record<string, string>; errors: Record<string, string[]> }> = [
  { typed: { currentPassword: TEST_PASSWORD, password: "weakpass", confirmPassword: "weakpass" }, errors: { password: [STRONG_RULE] } },
  { typed: { currentPassword: "", password: "N3w-Pass!", confirmPassword: "N3w-Pass!" }, errors: { currentPassword: ["Current password is required"] } },
  { typed: { currentPassword: "Wrong-pass1!", password: "N3w-Pass!", confirmPassword: "N3w-Pass!" }, errors: { currentPassword: ["Current password is incorrect"] } },
  { typed: { currentPassword: TEST_PASSWORD, password: "N3w-Pass!", confirmPassword: "N3w-Pass?" }, errors: { confirmPassword: ["Passwords do not match"] } },
  { typed: { currentPassword: TEST_PASSWORD, password: "", confirmPassword: "" }, errors: { password: ["Password is required"], confirmPassword: ["Confirm password is required"] } },
  {
    typed: { currentPassword: TEST_PASSWORD, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    errors: { password: ["New password must be different from the current password"] },
  },
];

/** The messages under each field of the password form (its id is change-password on every screen). */
async function fieldErrors(response: Response) {
  const html = (await response.text()).replaceAll("<!-- -->", "");
  const errors: Record<string, string[]> = {};
  for (const field of ["currentPassword", "password", "confirmPassword"]) {
    const list = html.match(new RegExp(`<ul id="change-password-${field}-error"[^>]*>([\\s\\S]*?)</ul>`))?.[1] ?? "";
    const messages = [...list.matchAll(/<li>([^<]*)<\/li>/g)].map((match) => match[1]);
    if (messages.length) errors[field] = messages;
  }
  return errors;
}

describe("one password change for the admin, mentees and guides", () => {
  test.each(screens)("$label refuses each bad input with the same message, and changes nothing", async ({ role, path, fields }) => {
    const { cookie, person } = await signIn(role);
    const before = await prisma.password.findUniqueOrThrow({ where: { userId: person.id } });
    for (const { typed, errors } of refusals) {
      const response = await postForm(path, { ...fields, ...typed }, cookie);
      expect(response.status, JSON.stringify(typed)).toBe(400);
      expect(await fieldErrors(response), JSON.stringify(typed)).toEqual(errors);
    }
    expect((await prisma.password.findUniqueOrThrow({ where: { userId: person.id } })).hash).toBe(before.hash);
  });

  test("the API refuses the weak password with the same message as the screens", async () => {
    const { token } = await signIn("admin");
    const response = await send("/api/admin/change-password", {
      method: "PUT",
      token,
      body: JSON.stringify({ currentPassword: TEST_PASSWORD, password: "weakpass", confirmPassword: "weakpass" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: STRONG_RULE, errors: { password: [STRONG_RULE] } });
  });

  test.each(screens)("$label: a change keeps this session and ends the person's others (browsers and API tokens)", async ({ role, path, fields }) => {
    const { cookie, person } = await signIn(role);
    await createSession(person.id, "web");
    expect(await prisma.session.count({ where: { userId: person.id } })).toBe(3);
    const response = await postForm(path, { ...fields, currentPassword: TEST_PASSWORD, password: "N3w-Pass!", confirmPassword: "N3w-Pass!" }, cookie);
    expect(response.status).toBe(302);
    const sessions = await prisma.session.findMany({ where: { userId: person.id } });
    expect(sessions.map((session) => session.kind)).toEqual(["web"]);
    expect((await send(path, { cookie })).status).toBe(200);
  });
});
