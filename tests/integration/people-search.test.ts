import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { matchIds } from "#app/lib/search/dialect.server.ts";
import { listThreads, sendMessage } from "#app/modules/messages/messages.server.ts";
import { listUsers } from "#app/modules/users/users.server.ts";
import { createPerson } from "#tests/app.ts";

// A name, organisation and e-mail that share no two letters in a row, so each term below matches one field only.
const localPart = `zqx${faker.string.numeric(8)}`;
let person: Awaited<ReturnType<typeof createPerson>>;

type Reader = "support" | "public";

/** Whether `reader`'s search finds our person (other people in the database do not matter). */
async function finds(reader: Reader, text: string) {
  const index = reader === "support" ? "people" : "publicPeople";
  return (await prisma.$queryRaw<unknown[]>`SELECT u.id FROM "User" u WHERE u.id = ${person.id} AND u.id IN (${matchIds(index, text)})`).length === 1;
}

beforeAll(async () => {
  person = await createPerson("user", { name: "Ruth Okafor", organisation: "Grace Chapel", email: `${localPart}@mail.test` });
});

describe("people search", () => {
  test.each([localPart, `${localPart}@mail.test`, "mail.test", "zq"])("the public search never matches an e-mail (%s); the admin search does", async (term) => {
    expect(await finds("public", term)).toBe(false);
    expect(await finds("support", term)).toBe(true);
  });

  test.each(["Okafor", "Grace Chapel", "Ok", "ch"])("both find a name or organisation (%s)", async (term) => {
    expect(await finds("public", term)).toBe(true);
    expect(await finds("support", term)).toBe(true);
  });

  test.each(["Ru", "o", "gr", "CH"])("one or two characters find the start of a word of a name or organisation (%s)", async (term) => {
    expect(await finds("public", term)).toBe(true);
    expect(await finds("support", term)).toBe(true);
  });

  test.each(["th", "af", "ap", "l", "@", "  "])("one or two characters in the middle of a word, or no letters at all, find nobody (%s)", async (term) => {
    expect(await finds("public", term)).toBe(false);
    expect(await finds("support", term)).toBe(false);
  });

  test("the admin user list finds the person by e-mail", async () => {
    const { data } = await listUsers({ page: 1, limit: 10, search: localPart, sort: "name", order: "asc" });
    expect(data.map((row) => row.id)).toEqual([person.id]);
  });

  test("a guide searching their conversations finds a correspondent by name, not by e-mail", async () => {
    const guide = await createPerson("guide");
    const actor = { id: guide.id, name: guide.name, email: guide.email, role: "guide" as const, imageId: null };
    // A guide may write to a mentee who has booked them.
    await prisma.booking.create({ data: { userId: person.id, guideId: guide.id, topic: "First session", status: "confirmed", startsAt: new Date() } });
    await sendMessage(actor, { recipientId: person.id, body: "Welcome" });
    const search = (term: string) => listThreads(actor, { page: 1, limit: 20, search: term, sort: "latest", order: "desc" });
    expect((await search("Okafor")).data.map((thread) => thread.person.id)).toEqual([person.id]);
    expect((await search(localPart)).meta.total).toBe(0);
  });
});
