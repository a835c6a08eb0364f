import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { intOf, sortTerm } from "#app/lib/sql.server.ts";
import { GUIDE_CATEGORIES, SPECIALTY_OPTIONS } from "#app/modules/guides/schema.ts";
import { refreshPassedNextFreeAt } from "#app/modules/schedule/schedule.server.ts";
import {
  FREE_WITHIN_DAYS,
  MIN_RATINGS,
  PRICE_RANGES,
  SEARCH_PAGE_SIZE,
  specialtyLabel,
  type FacetCount,
  type MentorCard,
  type SearchFacets,
  type SearchQuery,
  type SearchResult,
} from "./schema.ts";

/**
 * Find a Mentor: live guides only (role guide, approved, active, not deleted), each facet counted as if its own
 * choice were not made (so a count says what ticking that box would give), in two statements (every count, then the page) over the ~5,000
 * guide profiles, never over slots or bookings:
 *
 * - the keyword search reads GuideProfile."searchText" (kept by triggers; no e-mail) through an index: SQLite's FTS5
 *   table "GuideSearch" (bm25 for relevance), PostgreSQL's generated "searchVector" (GIN; ts_rank). Every word must
 *   match the start of a word ("past" finds pastor);
 * - "has a free time in the next N days" and the soonest-free sort read GuideProfile."nextFreeAt", kept by the schedule
 *   module (app/modules/schedule) from each guide's rules minus claimed time whenever either changes. A free time
 *   passes as time goes on, so a search first recomputes the few rows whose time has passed (`refreshPassedFreeTimes`;
 *   the schedule's job does the same every 15 minutes).
 */

const postgres = dialect === "postgres";
const DAY = 86_400_000;
/** Live guides, as the triggers keep it on their profiles (role guide, approved, active, not deleted). */
const LIVE = Prisma.sql`g."isLive" = TRUE`;
const FROM = Prisma.sql`"GuideProfile" g`;
const TRUE_SQL = Prisma.sql`1 = 1`;

/** The words of a keyword: letters and digits, lower-cased, at most eight. */
export const keywordWords = (keyword: string) => (keyword.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);

function keywordCondition(words: string[]) {
  if (!words.length) return Prisma.sql`1 = 0`;
  if (postgres) return Prisma.sql`g."searchVector" @@ to_tsquery('simple'::regconfig, ${words.map((word) => `${word}:*`).join(" & ")})`;
  return Prisma.sql`g."userId" IN (SELECT rowid FROM "GuideSearch" WHERE "GuideSearch" MATCH ${ftsQuery(words)})`;
}
const ftsQuery = (words: string[]) => words.map((word) => `"${word}"*`).join(" ");

/** A specialty's bit in GuideProfile."specialtyMask" (kept by triggers): its position in SPEC §3's list. */
const specialtyBit = (code: string) => 2 ** SPECIALTY_OPTIONS.findIndex((option) => option.code === code);

type Facet = "category" | "specialty" | "language" | "price" | "free" | "rating";

/** Each active facet's condition; a facet not chosen is absent. */
function facetConditions(query: SearchQuery, now: Date): Partial<Record<Facet, Prisma.Sql>> {
  const conditions: Partial<Record<Facet, Prisma.Sql>> = {};
  if (query.category.length) conditions.category = Prisma.sql`g.category IN (${Prisma.join(query.category)})`;
  if (query.specialty.length) {
    const mask = query.specialty.reduce((bits, code) => bits | specialtyBit(code), 0);
    conditions.specialty = Prisma.sql`(g."specialtyMask" & ${mask}) <> 0`;
  }
  if (query.language.length) {
    conditions.language = Prisma.sql`EXISTS (SELECT 1 FROM "GuideLanguage" l WHERE l."guideProfileId" = g.id AND l.language IN (${Prisma.join(query.language)}))`;
  }
  // Pay what you want is one more choice of the price facet: any of the chosen prices.
  const prices = PRICE_RANGES.filter((range) => query.price.includes(range.value)).map(priceCondition);
  if (query.pwyw) prices.unshift(Prisma.sql`g."payWhatYouWant" = TRUE`);
  if (prices.length) conditions.price = Prisma.sql`(${Prisma.join(prices, " OR ")})`;
  if (query.free) conditions.free = freeWithin(now, query.free);
  if (query.rating) conditions.rating = ratingAtLeast(query.rating);
  return conditions;
}

function priceCondition(range: (typeof PRICE_RANGES)[number]) {
  const upper = range.below === null ? Prisma.empty : Prisma.sql` AND g."hourlyRateCents" < ${range.below}`;
  return Prisma.sql`(g."payWhatYouWant" = FALSE AND g."hourlyRateCents" >= ${range.from}${upper})`;
}
const freeWithin = (now: Date, days: number) => Prisma.sql`(g."nextFreeAt" > ${now} AND g."nextFreeAt" <= ${new Date(now.getTime() + days * DAY)})`;
const ratingAtLeast = (rating: number) => Prisma.sql`(g."ratingCount" > 0 AND g."ratingAverage" >= ${rating})`;

/** Every active facet's condition but `except`'s. */
function others(conditions: Partial<Record<Facet, Prisma.Sql>>, except?: Facet) {
  const chosen = Object.entries(conditions)
    .filter(([facet]) => facet !== except)
    .map(([, condition]) => condition);
  return chosen.length ? Prisma.join(chosen, " AND ") : TRUE_SQL;
}

/**
 * Recomputes "nextFreeAt" for the guides whose soonest free time can no longer be booked (the schedule module: a
 * range read of its index, and a recomputation of those few guides only when there are any).
 */
export async function refreshPassedFreeTimes(now = new Date()) {
  lastRefresh = now.getTime();
  return refreshPassedNextFreeAt(now);
}

/**
 * A search refreshes passed free times at most every few seconds per server: until then a time that has just
 * started only fails the "free in the next N days" test (it compares with now) instead of giving way to the next one.
 */
const REFRESH_EVERY_MS = 5_000;
let lastRefresh = 0;

type CountsRow = Record<string, bigint | number | null>;
type PageRow = {
  id: number;
  name: string;
  title: string | null;
  organisation: string | null;
  imageId: string | null;
  category: string | null;
  ratingAverage: number;
  ratingCount: bigint | number;
  payWhatYouWant: boolean | number;
  hourlyRateCents: bigint | number;
  experienceYears: bigint | number;
  nextFreeAt: Date | string | null;
  codes: string[];
};


/** One page of live guides for `query`, with every facet's counts. */
export async function searchMentors(query: SearchQuery, now = new Date()): Promise<SearchResult> {
  if (now.getTime() - lastRefresh >= REFRESH_EVERY_MS || now.getTime() < lastRefresh) await refreshPassedFreeTimes(now);
  const words = keywordWords(query.q);
  const base = query.q ? Prisma.sql`${LIVE} AND ${keywordCondition(words)}` : LIVE;
  const conditions = facetConditions(query, now);

  // Totals and every facet in one statement over the matching guides, materialised once (the keyword is matched
  // once). Each chosen facet's condition is worked out once per guide (a flag in the materialised rows), not again in
  // every count that needs it.
  const flags = Object.fromEntries(Object.keys(conditions).map((facet) => [facet, Prisma.sql`g.${Prisma.raw(`"f_${facet}"`)} = 1`])) as typeof conditions;
  const flagColumns = Object.entries(conditions).map(([facet, condition]) => Prisma.sql`, CASE WHEN ${condition} THEN 1 ELSE 0 END AS ${Prisma.raw(`"f_${facet}"`)}`);
  const countRows = await prisma.$queryRaw<Array<{ facet: string; value: string | null; n: bigint | number }>>`
    WITH m AS MATERIALIZED (
      SELECT g.id, g.category, g."payWhatYouWant", g."hourlyRateCents", g."nextFreeAt", g."ratingCount", g."ratingAverage", g."specialtyMask"
        ${flagColumns.length ? Prisma.join(flagColumns, "") : Prisma.empty}
      FROM ${FROM} WHERE ${base})
    ${countsOf(flags, now)}`;
  const counts = tally(countRows);
  const languageRows = countRows.filter((row) => row.facet === "language");

  const total = intOf(counts?.total);
  const totalPages = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
  const page = query.page > totalPages ? 1 : query.page;
  const languages = new Map(languageRows.map((row) => [row.value ?? "", intOf(row.n)]));
  const facets: SearchFacets = {
    category: GUIDE_CATEGORIES.map((category, i) => ({ value: category, label: category, count: intOf(counts?.[`c${i}`]) })),
    specialty: SPECIALTY_OPTIONS.map(({ code, label }, i) => ({ value: code, label, count: intOf(counts?.[`s${i}`]) })),
    language: languageFacet(languages, query.language),
    price: PRICE_RANGES.map((range, i) => ({ value: range.value, label: range.label, count: intOf(counts?.[`p${i}`]) })),
    pwyw: intOf(counts?.pwyw),
    free: FREE_WITHIN_DAYS.map((days, i) => ({ value: days, label: `Next ${days} days`, count: intOf(counts?.[`f${i}`]) })),
    rating: MIN_RATINGS.map((rating, i) => ({ value: rating, label: `${rating.toFixed(1)} and up`, count: intOf(counts?.[`r${i}`]) })),
  };
  const meta = { page, limit: SEARCH_PAGE_SIZE, total, totalPages };
  if (!total) return { mentors: [], facets, meta };

  const rows = await pageRows(query, words, base, others(conditions), page);
  return { mentors: cards(rows, query.specialty), facets, meta };
}

/**
 * The counts of every single-valued facet over the materialised rows "m" (aliased g), each ignoring its own facet's
 * choice: one GROUP BY per facet (the guide's price band, free-time window, rating band, specialty bits), so each row
 * is looked at once per facet rather than once per option.
 */
function countsOf(conditions: Partial<Record<Facet, Prisma.Sql>>, now: Date) {
  const band = <T,>(items: readonly T[], when: (item: T) => Prisma.Sql, value: (item: T) => string) =>
    Prisma.sql`CASE ${Prisma.join(items.map((item) => Prisma.sql`WHEN ${when(item)} THEN ${value(item)}`), " ")} ELSE '' END`;
  const price = band([null, ...PRICE_RANGES], (range) => (range ? priceCondition(range) : Prisma.sql`g."payWhatYouWant" = TRUE`), (range) => range?.value ?? "pwyw");
  const free = band(FREE_WITHIN_DAYS, (days) => freeWithin(now, days), String);
  const rating = band(MIN_RATINGS, ratingAtLeast, String);
  const group = (facet: string, value: Prisma.Sql, except?: Facet) =>
    Prisma.sql`SELECT ${facet} AS facet, ${value} AS value, COUNT(*) AS n FROM m g WHERE ${others(conditions, except)} GROUP BY 2`;
  return Prisma.join(
    [
      Prisma.sql`SELECT 'total' AS facet, '' AS value, COUNT(*) AS n FROM m g WHERE ${others(conditions)}`,
      group("category", Prisma.sql`g.category`, "category"),
      group("price", price, "price"),
      group("free", free, "free"),
      group("rating", rating, "rating"),
      group("specialty", Prisma.sql`CAST(g."specialtyMask" AS TEXT)`, "specialty"),
      Prisma.sql`SELECT 'language' AS facet, l.language AS value, COUNT(*) AS n FROM m g JOIN "GuideLanguage" l ON l."guideProfileId" = g.id
        WHERE ${others(conditions, "language")} GROUP BY l.language`,
    ],
    " UNION ALL ",
  );
}

/** The GROUP BY rows as the named counts the facets read: bands add up to "N and up" / "within N days". */
function tally(rows: Array<{ facet: string; value: string | null; n: bigint | number }>): CountsRow {
  const counts: CountsRow = {};
  const of = (facet: string, value: string) => intOf(rows.find((row) => row.facet === facet && row.value === value)?.n);
  counts.total = of("total", "");
  GUIDE_CATEGORIES.forEach((category, i) => (counts[`c${i}`] = of("category", category)));
  PRICE_RANGES.forEach((range, i) => (counts[`p${i}`] = of("price", range.value)));
  counts.pwyw = of("price", "pwyw");
  let within = 0;
  FREE_WITHIN_DAYS.forEach((days, i) => (counts[`f${i}`] = within += of("free", String(days))));
  let above = 0;
  MIN_RATINGS.forEach((rating, i) => (counts[`r${i}`] = above += of("rating", String(rating))));
  const masks = rows.filter((row) => row.facet === "specialty").map((row) => [Number(row.value), intOf(row.n)] as const);
  SPECIALTY_OPTIONS.forEach(({ code }, i) => (counts[`s${i}`] = masks.reduce((sum, [mask, n]) => sum + ((mask & specialtyBit(code)) !== 0 ? n : 0), 0)));
  return counts;
}

/** Languages by how many guides speak them (then by name), the chosen ones kept even when none match. */
function languageFacet(counts: Map<string, number>, chosen: string[]): FacetCount[] {
  for (const language of chosen) if (!counts.has(language)) counts.set(language, 0);
  return [...counts]
    .map(([value, count]) => ({ value, label: value, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

function orderFor(query: SearchQuery, ranked: boolean) {
  const id = Prisma.sql`g."userId"`;
  const dir = query.order;
  const byRating = [Prisma.sql`CASE WHEN g."ratingCount" > 0 THEN 0 ELSE 1 END ASC`, sortTerm(Prisma.sql`g."ratingAverage"`, dir), Prisma.sql`g."ratingCount" DESC`];
  switch (query.sort) {
    case "relevance":
      // Without words to rank by, the best-rated first.
      return ranked
        ? [Prisma.raw(postgres ? "rank DESC" : "rank ASC"), Prisma.sql`g."ratingAverage" DESC`, Prisma.sql`${id} ASC`]
        : [Prisma.sql`CASE WHEN g."ratingCount" > 0 THEN 0 ELSE 1 END ASC`, Prisma.sql`g."ratingAverage" DESC`, Prisma.sql`g."ratingCount" DESC`, Prisma.sql`${id} ASC`];
    case "rating":
      return [...byRating, sortTerm(id, dir)];
    case "price":
      return [sortTerm(Prisma.sql`CASE WHEN g."payWhatYouWant" = TRUE THEN 0 ELSE g."hourlyRateCents" END`, dir), sortTerm(id, dir)];
    case "experience":
      return [sortTerm(Prisma.sql`g."experienceYears"`, dir), sortTerm(id, dir)];
    case "next-free":
      // Guides with no free time come last either way.
      return [Prisma.sql`CASE WHEN g."nextFreeAt" IS NULL THEN 1 ELSE 0 END ASC`, sortTerm(Prisma.sql`g."nextFreeAt"`, dir), sortTerm(id, dir)];
  }
}

/**
 * The page's guides: their ids cut from the profiles' covering index (sorted there), then their people joined for
 * those few rows only.
 */
async function pageRows(query: SearchQuery, words: string[], base: Prisma.Sql, facets: Prisma.Sql, page: number) {
  const ranked = query.sort === "relevance" && words.length > 0;
  const order = Prisma.join(orderFor(query, ranked), ", ");
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  const columns = Prisma.sql`g."userId", g.category, g."ratingAverage", g."ratingCount", g."payWhatYouWant", g."hourlyRateCents", g."experienceYears", g."nextFreeAt"`;
  let paged: Prisma.Sql;
  if (!ranked) {
    paged = Prisma.sql`SELECT ${columns} FROM ${FROM} WHERE ${base} AND ${facets} ORDER BY ${order} LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}`;
  } else if (postgres) {
    const tsquery = Prisma.sql`to_tsquery('simple'::regconfig, ${words.map((word) => `${word}:*`).join(" & ")})`;
    paged = Prisma.sql`SELECT ${columns}, ts_rank(g."searchVector", ${tsquery}) AS rank FROM ${FROM}
      WHERE ${base} AND ${facets} ORDER BY ${order} LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}`;
  } else {
    paged = Prisma.sql`SELECT ${columns}, k.rank FROM (SELECT rowid AS "guideId", bm25("GuideSearch") AS rank FROM "GuideSearch" WHERE "GuideSearch" MATCH ${ftsQuery(words)}) k
      JOIN "GuideProfile" g ON g."userId" = k."guideId"
      WHERE ${LIVE} AND ${facets} ORDER BY ${order} LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}`;
  }
  const rows = await prisma.$queryRaw<Array<Omit<PageRow, "name" | "title" | "organisation" | "imageId" | "codes"> & { userId: number }>>(paged);
  if (!rows.length) return [];
  const ids = Prisma.join(rows.map((row) => Number(row.userId)));
  const [people, specialties] = await Promise.all([
    prisma.$queryRaw<Array<{ id: unknown; name: string; title: string | null; organisation: string | null; imageId: string | null }>>`
      SELECT id, name, title, organisation, "imageId" FROM "User" WHERE id IN (${ids})`,
    prisma.$queryRaw<Array<{ userId: unknown; code: string }>>`SELECT "userId", code FROM "UserSpecialty" WHERE "userId" IN (${ids})`,
  ]);
  const byId = new Map(people.map((person) => [intOf(person.id), person]));
  return rows.map((row): PageRow => {
    const id = Number(row.userId);
    const { name, title, organisation, imageId } = byId.get(id)!;
    const codes = specialties.filter((specialty) => intOf(specialty.userId) === id).map((specialty) => specialty.code);
    return { ...row, name, title, organisation, imageId, id, codes };
  });
}

const SHOWN_SPECIALTIES = 3;
const specialtyOrder = new Map<string, number>(SPECIALTY_OPTIONS.map((option, i) => [option.code, i]));

function cards(rows: PageRow[], chosen: string[]): MentorCard[] {
  // The specialties searched for first, then in the order SPEC §3 lists them.
  const rank = (code: string) => (chosen.includes(code) ? -1 : 0) * 100 + (specialtyOrder.get(code) ?? 99);
  return rows.map((row) => {
    const codes = [...row.codes].sort((a, b) => rank(a) - rank(b));
    return {
      id: Number(row.id),
      name: row.name,
      title: row.title,
      organisation: row.organisation,
      imageId: row.imageId,
      category: row.category,
      specialties: codes.slice(0, SHOWN_SPECIALTIES).map(specialtyLabel),
      moreSpecialties: Math.max(0, codes.length - SHOWN_SPECIALTIES),
      ratingAverage: Number(row.ratingAverage),
      ratingCount: intOf(row.ratingCount),
      payWhatYouWant: Boolean(row.payWhatYouWant),
      hourlyRateCents: intOf(row.hourlyRateCents),
      experienceYears: intOf(row.experienceYears),
      nextFreeAt: row.nextFreeAt === null ? null : new Date(row.nextFreeAt).toISOString(),
    };
  });
}
