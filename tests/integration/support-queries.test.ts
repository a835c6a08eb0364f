import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { cookiesFrom, postForm, send, signIn } from "#tests/app.ts";

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe("the dashboards' support query screen", () => {
  test.each([
    ["user", "/user-dashboard/query"],
    ["guide", "/mentor-dashboard/query"],
  ] as const)("a %s asks a question and later reads the admin's answer", async (role, path) => {
    const { person, cookie } = await signIn(role);
    const empty = await text(await send(path, { cookie }));
    expect(empty).toContain("Support Queries");
    expect(empty).toContain("You have not sent a query yet.");

    const asked = await postForm(path, { subject: "Refund for a cancelled session", message: "My mentor cancelled on Sunday." }, cookie);
    expect(asked.status).toBe(302);
    const stored = await prisma.customerQuery.findFirstOrThrow({ where: { askerId: person.id } });
    expect(stored).toMatchObject({ name: person.name, email: person.email, subject: "Refund for a cancelled session", answer: null });
    const after = await text(await send(path, { cookie: cookiesFrom(asked, cookie) }));
    expect(after).toContain("Query Submitted");
    expect(after).toContain("Refund for a cancelled session");
    expect(after).toContain("Open");

    const admin = await signIn("admin");
    const answered = await send(`/api/admin/answer/${stored.id}`, {
      method: "PUT",
      token: admin.token,
      body: JSON.stringify({ answer: "We have refunded the session in full." }),
      headers: { "Content-Type": "application/json" },
    });
    expect(answered.status).toBe(200);
    const withAnswer = await text(await send(path, { cookie }));
    expect(withAnswer).toContain("We have refunded the session in full.");
    expect(withAnswer).toContain("Answered");
  });

  test("a person sees only their own queries", async () => {
    const first = await signIn("user");
    const second = await signIn("user");
    await postForm("/user-dashboard/query", { subject: "Only mine", message: "Private question" }, first.cookie);
    expect(await text(await send("/user-dashboard/query", { cookie: second.cookie }))).not.toContain("Only mine");
  });

  test("a missing subject or message is refused with the message, keeping what was typed", async () => {
    const { person, cookie } = await signIn("user");
    const response = await postForm("/user-dashboard/query", { subject: "  ", message: "Kept text" }, cookie);
    expect(response.status).toBe(400);
    const html = await text(response);
    expect(html).toContain("Subject is required");
    expect(html).toContain("Kept text");
    const noMessage = await text(await postForm("/user-dashboard/query", { subject: "Hello", message: "" }, cookie));
    expect(noMessage).toContain("Message is required");
    expect(await prisma.customerQuery.count({ where: { askerId: person.id } })).toBe(0);
  });

  test("only signed-in users and guides reach it", async () => {
    expect((await send("/user-dashboard/query")).headers.get("Location")).toMatch(/^\/login/);
    const admin = await signIn("admin");
    expect((await postForm("/user-dashboard/query", { subject: "x", message: "y" }, admin.cookie)).headers.get("Location")).toBe("/admin/dashboard");
  });
});
