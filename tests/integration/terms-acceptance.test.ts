/**
 * Accepting the Terms of Service is recorded with the account (its version and when), by sign-up and by the guide
 * application, and the console's user and guide profiles say it; the API's user and guide JSON keep their shape.
 */
import { faker } from "@faker-js/faker";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { sendQueuedMail } from "#tests/mocks/mail.ts";
import { dateFormat } from "#app/lib/format.ts";
import { TERMS_VERSION } from "#app/modules/policies/policies.ts";
import { createPerson, send, signIn, TEST_PASSWORD } from "#tests/app.ts";
import { application } from "#tests/support/guide-application-form.ts";

const textOf = async (response: Response) => {
  expect(response.status).toBe(200);
  // Dates are <time> elements: their text is what the sentence reads.
  return (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replace(/<\/?time[^>]*>/g, "");
};

/** A form POST from its own client address (sign-up and applications are limited per address). */
const post = (path: string, fields: Record<string, string>) =>
  send(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    clientAddress: faker.internet.ipv4(),
  });

const day = (date: Date) => dateFormat({ dateStyle: "medium", timeZone: "UTC" }).format(date);
const unique = () => faker.string.alpha({ length: 10, casing: "lower" });

describe("accepting the Terms", () => {
  test("sign-up records the version in force and the moment, with the account", async () => {
    const email = `terms.${unique()}@test.example`;
    const before = Date.now();
    const response = await post("/signup", { name: "Grace Hopper", email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, title: "Associate Pastor", organisation: "Hope Church", terms: "on" });
    expect(response.status).toBe(302);
    // The account is made just after the answer (sign-up answers alike for any address).
    await sendQueuedMail();
    const person = await prisma.user.findUniqueOrThrow({ where: { email } });
    expect(person.termsVersion).toBe(TERMS_VERSION);
    expect(person.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(person.termsAcceptedAt!.getTime()).toBeLessThanOrEqual(Date.now());

    // Without the box ticked no account is made, so nothing is recorded for anyone.
    const refused = `refused.${unique()}@test.example`;
    await post("/signup", { name: "Grace Hopper", email: refused, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, title: "Associate Pastor", organisation: "Hope Church" });
    await sendQueuedMail();
    expect(await prisma.user.count({ where: { email: refused } })).toBe(0);
  });

  test("the guide application records it in the same transaction as the guide", async () => {
    const fields = application();
    const email = fields.email;
    const response = await post("/guide-application", fields);
    expect(response.status).toBe(302);
    const guide = await prisma.user.findUniqueOrThrow({ where: { email }, include: { guideRequests: true } });
    expect(guide).toMatchObject({ role: "guide", termsVersion: TERMS_VERSION });
    expect(guide.termsAcceptedAt).toBeInstanceOf(Date);
    expect(guide.guideRequests).toHaveLength(1);
  });
});

describe("the console's profiles", () => {
  test("General Info says which Terms a user and a guide accepted and when, or that they have not", async () => {
    const admin = await signIn("admin");
    const acceptedAt = new Date("2026-11-28T15:30:00Z");
    const user = await createPerson("user");
    await prisma.user.update({ where: { id: user.id }, data: { termsVersion: TERMS_VERSION, termsAcceptedAt: acceptedAt } });
    const userPage = await textOf(await send(`/admin/dashboard/viewuser/${user.id}`, { cookie: admin.cookie }));
    expect(userPage).toContain(`Accepted the Terms of Service (version ${TERMS_VERSION}) on ${day(acceptedAt)}`);

    // Made by an administrator: never accepted.
    const made = await createPerson("user");
    const madePage = await textOf(await send(`/admin/dashboard/viewuser/${made.id}`, { cookie: admin.cookie }));
    expect(madePage).toContain("Has not accepted the current Terms");
    expect(madePage).not.toContain("Accepted the Terms");

    // An earlier version: not the current Terms, and which one they did accept.
    const guide = await createPerson("guide");
    await prisma.guideProfile.create({ data: { userId: guide.id } });
    await prisma.user.update({ where: { id: guide.id }, data: { termsVersion: "2025-01-15", termsAcceptedAt: new Date("2025-01-20T10:00:00Z") } });
    const guidePage = await textOf(await send(`/admin/dashboard/viewAddGuide/${guide.id}`, { cookie: admin.cookie }));
    expect(guidePage).toContain("Has not accepted the current Terms (accepted the Terms of Service (version 2025-01-15) on Jan 20, 2025)");
    await prisma.user.update({ where: { id: guide.id }, data: { termsVersion: TERMS_VERSION, termsAcceptedAt: acceptedAt } });
    expect(await textOf(await send(`/admin/dashboard/viewAddGuide/${guide.id}`, { cookie: admin.cookie }))).toContain(
      `Accepted the Terms of Service (version ${TERMS_VERSION}) on ${day(acceptedAt)}`,
    );

    // A list tab does not read it.
    const paymentsTab = await textOf(await send(`/admin/dashboard/viewuser/${user.id}?tab=payment`, { cookie: admin.cookie }));
    expect(paymentsTab).not.toContain("Accepted the Terms");
  });

  test("the API's user and guide JSON (SPEC §7) carry nothing about the Terms", async () => {
    const admin = await signIn("admin");
    const user = await createPerson("user");
    const guide = await createPerson("guide");
    await prisma.guideProfile.create({ data: { userId: guide.id } });
    await prisma.user.updateMany({ where: { id: { in: [user.id, guide.id] } }, data: { termsVersion: TERMS_VERSION, termsAcceptedAt: new Date() } });
    for (const path of [`/api/admin/get-user-by-id/${user.id}`, `/api/admin/get-mentor-by-id/${guide.id}`]) {
      const response = await send(path, { token: admin.token });
      expect(response.status).toBe(200);
      const body = JSON.stringify(await response.json());
      expect(body).not.toMatch(/terms/i);
    }
  });
});
