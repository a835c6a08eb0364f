// Rough edges of the console found by using it: what the server renders for a phone's stacked rows, a long
// search, and a malformed address.
import { beforeAll, describe, expect, test } from "vitest";
import { adminLinks } from "#app/lib/admin-links.ts";
import { createPerson, send, signIn } from "#tests/app.ts";

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  admin = await signIn("admin");
});

describe("list rows carry their column's label (the stacked phone layout, without JavaScript too)", () => {
  test("every cell of a User Management row names its column, the Actions cell included", async () => {
    const person = await createPerson("user", { name: "Label Tester", organisation: "Labelled Chapel" });
    const html = await text(await send(`${adminLinks.userManagement}?search=Labelled%20Chapel`, { cookie: admin.cookie }));
    const row = html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>"));
    for (const label of ["Name", "Email", "Organisation", "Status", "Actions"]) expect(row).toContain(`data-label="${label}"`);
    expect(row).toContain(`data-label="Name">${person.name}</td>`);
    expect(html).toContain('class="list-table');
  });

  test("a profile tab's table (a list inside a page) labels its cells too", async () => {
    const guide = await createPerson("guide");
    const html = await text(await send(`${adminLinks.guideProfile(guide.id)}?tab=booking`, { cookie: admin.cookie }));
    expect(html).toContain('class="list-table');
    expect(html).toContain("No bookings found");
  });
});

describe("a search over 200 characters (SPEC §5: the user list's search is not length-checked)", () => {
  const long = `${"Grace ".repeat(40)}Fellowship`;

  test("the screen shows the list with no matches, not an error", async () => {
    expect(long.length).toBeGreaterThan(200);
    const response = await send(`${adminLinks.userManagement}?search=${encodeURIComponent(long)}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = await text(response);
    expect(html).toContain("No data found");
    expect(html).not.toContain("Failed to load data");
    expect(html).not.toContain("must be at most 200 characters");
  });

  test("its first 200 characters are searched for", async () => {
    const person = await createPerson("user", { organisation: "Zebulun Tabernacle" });
    const response = await send(`${adminLinks.users}?search=${encodeURIComponent(`Zebulun Tabernacle${" ".repeat(190)}${"x".repeat(50)}`)}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(await text(response)).toContain(person.name);
  });

  test("the API list answers the same search with an empty page", async () => {
    const response = await send(`/api/admin/get-user-list?search=${encodeURIComponent(long)}`, { token: admin.token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: unknown[]; meta: { page: number } };
    expect(body.data).toEqual([]);
    expect(body.meta.page).toBe(1);
  });
});

describe("a malformed address offers the way back, not a Retry that fails the same way", () => {
  for (const path of ["/admin/dashboard/edit-User/abc", "/admin/dashboard/viewuser/abc", "/admin/dashboard/viewAddGuide/abc"]) {
    test(path, async () => {
      const response = await send(path, { cookie: admin.cookie });
      // An address that names no record is the same 404 as a record that does not exist: no developer text.
      expect(response.status).toBe(404);
      const html = await text(response);
      expect(html).toMatch(/(User|Guide) not found/);
      expect(html).not.toMatch(/Invalid (user|guide) id/);
      expect(html).not.toContain(">Retry<");
      expect(html).toMatch(/Back to the (user list|guides|guide list)/i);
    });
  }

  test("a missing user is a 404 with the way back and no Retry", async () => {
    const response = await send(adminLinks.editUser(987654321), { cookie: admin.cookie });
    expect(response.status).toBe(404);
    expect(await text(response)).not.toContain(">Retry<");
  });
});
