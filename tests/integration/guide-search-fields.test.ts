import { readdirSync, readFileSync } from "node:fs";
import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { deleteOwnAccount } from "#app/modules/account-settings/account-settings.server.ts";
import { SPECIALTY_OPTIONS } from "#app/modules/guides/options.ts";
import { guideSearchFields } from "#app/modules/guides/search-fields.ts";
import { savePricing } from "#app/modules/schedule/schedule.server.ts";
import { actorOf, send, signIn } from "#tests/app.ts";
import { guideInput } from "#tests/support/guide-input.ts";

// Find a Mentor's fields of a guide ("searchText", "isLive", "specialtyMask", "languageList") and the generation of
// the guides it keeps in memory are written by the app (modules/guides/search-fields*.ts), not by triggers: each
// write path that changes what they are made of keeps them, in its own transaction.

let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  admin = await signIn("admin");
});

const api = (pathname: string, method: string, body?: unknown) =>
  send(`/api/admin/${pathname}`, { method, token: admin.token, headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

async function createGuide(overrides: Record<string, unknown> = {}) {
  const input = guideInput(overrides);
  const response = await api("create-mentor", "POST", input);
  expect(response.status).toBe(201);
  const { guide } = (await response.json()) as { guide: { id: number } };
  return { id: guide.id, input };
}

/** The guides Find a Mentor's page links to for these parameters. */
async function found(params: Record<string, string>) {
  const html = await (await send(`/search?${new URLSearchParams(params)}`)).text();
  return [...new Set([...html.matchAll(/href="\/mentor\/(\d+)"/g)].map((match) => Number(match[1])))];
}

const fieldsOf = (userId: number) =>
  prisma.guideProfile.findUniqueOrThrow({ where: { userId }, select: { searchText: true, isLive: true, specialtyMask: true, languageList: true } });
const generation = async () => (await prisma.guideSearchGeneration.findUnique({ where: { id: 1 } }))?.generation;

describe("one definition of each field", () => {
  test("search text, live, specialty bits in the list's order, languages in the guide's order", () => {
    const source = {
      role: "guide", isVerified: true, status: "active", isDeleted: false, name: "Ann Lee", title: "Pastor", organisation: null,
      bio: "Serves.", expertise: JSON.stringify(["Budgets", "Boards"]), specialties: ["finance", "leadership", "unknown"], languages: ["Korean", "English"],
    };
    expect(guideSearchFields(source)).toEqual({
      searchText: "Ann Lee Pastor Leadership Finance Budgets, Boards Serves.",
      isLive: true,
      specialtyMask: 1 | (1 << 13),
      languageList: "Korean|English",
    });
    for (const change of [{ status: "inactive" }, { isDeleted: true }, { isVerified: false }, { role: "user" }]) {
      expect(guideSearchFields({ ...source, ...change }).isLive).toBe(false);
    }
    SPECIALTY_OPTIONS.forEach((option, bit) => expect(guideSearchFields({ ...source, specialties: [option.code] }).specialtyMask).toBe(2 ** bit));
  });

  test("the specialty codes live in one list: no migration after the triggers went spells one", () => {
    for (const engine of ["migrations", "migrations-postgres"]) {
      const later = readdirSync(`prisma/${engine}`).filter((name) => /^\d+_/.test(name) && name > "20261129024000_derived_data_from_the_domain");
      for (const name of later) {
        const sql = readFileSync(`prisma/${engine}/${name}/migration.sql`, "utf8");
        for (const { code } of SPECIALTY_OPTIONS) expect(sql, `${engine}/${name}`).not.toContain(`'${code}'`);
      }
    }
  });
});

describe("each write path keeps them", () => {
  test("an admin's new guide is live and found by name, specialty and language; one not yet approved is not", async () => {
    const guide = await createGuide({ specialties: ["missions", "finance"], languages: ["English", "Tagalog"] });
    expect(await fieldsOf(guide.id)).toEqual(
      guideSearchFields({ role: "guide", isVerified: true, status: "active", isDeleted: false, ...guide.input, expertise: JSON.stringify(guide.input.expertise) }),
    );
    const surname = guide.input.name.split(" ")[1];
    expect(await found({ q: surname })).toEqual([guide.id]);
    expect(await found({ q: surname, specialty: "missions" })).toEqual([guide.id]);
    expect(await found({ q: surname, language: "Tagalog" })).toEqual([guide.id]);
    const pending = await createGuide({ accountStatus: false });
    expect((await fieldsOf(pending.id)).isLive).toBe(false);
    expect(await found({ q: pending.input.name.split(" ")[1] })).toEqual([]);
  });

  test("renamed, with other specialties, languages and expertise: found by the new, not the old", async () => {
    const guide = await createGuide({ specialties: ["finance"], languages: ["English"] });
    const before = await generation();
    const name = `Ezekiel Vx${faker.string.alpha({ length: 8, casing: "lower" })}`;
    const changed = { ...guide.input, name, password: "", confirmPassword: "", specialties: ["technology"], languages: ["English", "Korean"], expertise: ["Stewardship drives"] };
    expect((await api(`update-mentor-by-id/${guide.id}`, "PUT", changed)).status).toBe(200);
    expect(await generation()).not.toBe(before);
    const surname = name.split(" ")[1];
    expect(await found({ q: surname })).toEqual([guide.id]);
    expect(await found({ q: guide.input.name.split(" ")[1] })).toEqual([]);
    expect(await found({ q: `${surname} stewardship technology` })).toEqual([guide.id]);
    expect(await found({ q: surname, specialty: "technology" })).toEqual([guide.id]);
    expect(await found({ q: surname, specialty: "finance" })).toEqual([]);
    expect(await found({ q: surname, language: "Korean" })).toEqual([guide.id]);
    expect((await fieldsOf(guide.id)).languageList).toBe("English|Korean");
  });

  test("deactivated, the guide leaves the search; activated, returns; deleted, leaves for good", async () => {
    const guide = await createGuide();
    const surname = guide.input.name.split(" ")[1];
    expect((await api(`guide/${guide.id}/status/inactive`, "PATCH")).status).toBe(200);
    expect((await fieldsOf(guide.id)).isLive).toBe(false);
    expect(await found({ q: surname })).toEqual([]);
    expect((await api(`guide/${guide.id}/status/active`, "PATCH")).status).toBe(200);
    expect(await found({ q: surname })).toEqual([guide.id]);
    expect((await api(`delete-mentor-by-id/${guide.id}`, "DELETE")).status).toBe(200);
    expect((await fieldsOf(guide.id)).isLive).toBe(false);
    expect(await found({ q: surname })).toEqual([]);
  });

  test("approval makes an applicant live", async () => {
    const guide = await createGuide({ accountStatus: false });
    const surname = guide.input.name.split(" ")[1];
    expect(await found({ q: surname })).toEqual([]);
    expect((await api(`mentor-request-update/${guide.id}/1`, "PATCH")).status).toBe(200);
    expect((await fieldsOf(guide.id)).isLive).toBe(true);
    expect(await found({ q: surname })).toEqual([guide.id]);
  });

  test("a guide closing their own account leaves the search", async () => {
    const guide = await createGuide();
    const person = await prisma.user.findUniqueOrThrow({ where: { id: guide.id } });
    await deleteOwnAccount(actorOf(person), { confirmation: "DELETE" });
    expect(await found({ q: guide.input.name.split(" ")[1] })).toEqual([]);
  });

  test("a new price moves the generation, so every server's next search reads the guides again", async () => {
    const guide = await createGuide();
    const before = await generation();
    await savePricing(guide.id, { prices: [], payWhatYouWant: true, suggested: 4000, minimum: 1000, freeIntroMinutes: 0 });
    expect(await generation()).not.toBe(before);
  });
});

describe("what the database keeps in step by itself", () => {
  test("only the search indexes' triggers are left (18 on SQLite, none on PostgreSQL), and no function computes derived data", async () => {
    if (dialect === "sqlite") {
      const rows = await prisma.$queryRaw<Array<{ name: string; sql: string }>>`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`;
      // Each copies its table's text into the FTS5 indexes named after it (a person's into both of theirs).
      expect(rows.map((row) => row.name)).toEqual([
        "AuditEntry_search_insert",
        "Booking_search_delete", "Booking_search_insert", "Booking_search_update",
        "CustomerQuery_search_delete", "CustomerQuery_search_insert", "CustomerQuery_search_update",
        "GuideProfile_search_delete", "GuideProfile_search_insert", "GuideProfile_search_text",
        "OutboxMail_search_delete", "OutboxMail_search_insert",
        "Review_search_delete", "Review_search_insert", "Review_search_update",
        "User_search_delete", "User_search_insert", "User_search_update",
      ]);
      for (const { name, sql } of rows) expect(sql, name).toMatch(/"(AuditSearch|BookingSearch|CustomerQuerySearch|GuideSearch|OutboxSearch|ReviewSearch|UserSearch|UserWords)"/);
      for (const { name, sql } of rows) expect(sql, name).not.toMatch(/leadership|isLive|specialtyMask|languageList|GuideSearchGeneration|UserWordsGeneration|RowTotal|MonthTotal/);
    } else {
      // pg_trgm and full-text indexes keep themselves in step: no trigger at all, and of our own functions only "isoText"
      // (an index's expression); pg_trgm's own are the extension's.
      const triggers = await prisma.$queryRaw<Array<{ name: string }>>`SELECT DISTINCT trigger_name::text AS name FROM information_schema.triggers WHERE trigger_schema = current_schema()`;
      expect(triggers).toEqual([]);
      const functions = await prisma.$queryRaw<Array<{ name: string }>>`
        SELECT p.proname::text AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = current_schema()
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') ORDER BY 1`;
      expect(functions.map((row) => row.name)).toEqual(["isoText"]);
    }
  });
});
