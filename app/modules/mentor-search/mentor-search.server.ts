import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { intOf, jsonOf, jsonRows, sortTerm, unindexed } from "#app/lib/sql.server.ts";
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
 * choice were not made (so a count says what ticking that box would give), in a few statements over the ~5,000 guide
 * profiles, never over slots or bookings: every matching guide's facet options (counted in `countFacets`), the page's
 * ids, then those guides' cards.
 *
 * - the keyword search reads GuideProfile."searchText" (kept by triggers; no e-mail) through an index: SQLite's FTS5
 *   table "GuideSearch" (bm25 for relevance), PostgreSQL's generated "searchVector" (GIN; ts_rank). Every word must
 *   match the start of a word ("past" finds pastor). By relevance, the page is cut from every match's id in rank order
 *   (`relevanceOrder`, read from the search index alone) and the facet rows, which say who meets the chosen facets:
 *   joining each of thousands of matches to its profile to sort them took twice as long;
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
  if (postgres) return Prisma.sql`g."searchVector" @@ ${tsQuery(words)}`;
  // Tested on each live guide as the profiles' covering index hands them over (a set lookup), rather than each match
  // looked up by id and then read from the table: a common word matches most of the 5,000 guides.
  return Prisma.sql`${unindexed(Prisma.sql`g."userId"`)} IN (SELECT rowid FROM "GuideSearch" WHERE "GuideSearch" MATCH ${ftsQuery(words)})`;
}
const ftsQuery = (words: string[]) => words.map((word) => `"${word}"*`).join(" ");
const tsQuery = (words: string[]) => Prisma.sql`to_tsquery('simple'::regconfig, ${words.map((word) => `${word}:*`).join(" & ")})`;

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
  if (query.language.length) conditions.language = Prisma.sql`(${Prisma.join(query.language.map(speaks), " OR ")})`;
  // Pay what you want is one more choice of the price facet: any of the chosen prices.
  const prices = PRICE_RANGES.filter((range) => query.price.includes(range.value)).map(priceCondition);
  if (query.pwyw) prices.unshift(Prisma.sql`g."payWhatYouWant" = TRUE`);
  if (prices.length) conditions.price = Prisma.sql`(${Prisma.join(prices, " OR ")})`;
  if (query.free) conditions.free = freeWithin(now, query.free);
  if (query.rating) conditions.rating = ratingAtLeast(query.rating);
  return conditions;
}

/** The guide speaks `language` (exactly as written): it is one of the "|"-separated names of "languageList". */
const speaks = (language: string) =>
  Prisma.sql`${Prisma.raw(postgres ? "strpos" : "instr")}('|' || g."languageList" || '|', ${`|${language}|`}) > 0`;

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

  const guides = await facetsOfGuides(base, conditions, now);
  const counts = countFacets(guides, Object.keys(conditions) as Facet[]);
  const facets: SearchFacets = {
    category: GUIDE_CATEGORIES.map((category, i) => ({ value: category, label: category, count: counts.category[i] })),
    specialty: SPECIALTY_OPTIONS.map(({ code, label }, i) => ({ value: code, label, count: counts.specialty[i] })),
    language: languageFacet(counts.language, query.language),
    price: PRICE_RANGES.map((range, i) => ({ value: range.value, label: range.label, count: counts.price[i + 1] })),
    pwyw: counts.price[0],
    free: FREE_WITHIN_DAYS.map((days, i) => ({ value: days, label: `Next ${days} days`, count: upTo(counts.free, i) })),
    rating: MIN_RATINGS.map((rating, i) => ({ value: rating, label: `${rating.toFixed(1)} and up`, count: upTo(counts.rating, i) })),
  };
  const total = counts.total;
  const totalPages = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
  const page = query.page > totalPages ? 1 : query.page;
  const meta = { page, limit: SEARCH_PAGE_SIZE, total, totalPages };
  if (!total) return { mentors: [], facets, meta };

  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  const ids =
    query.sort === "relevance" && words.length
      ? pageOfRanked(await relevanceOrder(words), guides, offset)
      : await pageIds(query, Prisma.sql`${base} AND ${others(conditions)}`, offset);
  return { mentors: cards(await cardRows(ids), query.specialty), facets, meta };
}

/**
 * What the facet counts need of one matching guide: the position of the option it falls under in each single-valued
 * facet, -1 when none (category: in GUIDE_CATEGORIES; price: 0 is pay what you want, then PRICE_RANGES; free: the
 * first FREE_WITHIN_DAYS window it is within; rating: the highest MIN_RATINGS band it reaches), its specialty bits and
 * languages ("languageList": joined by "|"), and whether it meets each chosen facet, in `chosen` order. Positions
 * rather than names keep the JSON of 5,000 guides short to read.
 */
type GuideFacets = [category: number, price: number, free: number, rating: number, specialtyMask: number, languages: string, id: number, ...meets: Array<0 | 1>];
/** Where a GuideFacets row's id is, and where its "meets" flags start. */
const ID = 6;
const MEETS = 7;

/**
 * Every matching guide's facet values in one statement (the keyword matched once), handed over as one JSON value: at
 * 5,000 guides that takes a few milliseconds, where counting each facet in SQL (a GROUP BY per facet, and one row
 * per combination of specialties) took several times as long. Each facet's options are decided here, in SQL, by the
 * same conditions that filter the page.
 */
async function facetsOfGuides(base: Prisma.Sql, conditions: Partial<Record<Facet, Prisma.Sql>>, now: Date) {
  const band = <T,>(items: readonly T[], when: (item: T) => Prisma.Sql) =>
    Prisma.sql`CASE ${Prisma.join(items.map((item, i) => Prisma.sql`WHEN ${when(item)} THEN ${Prisma.raw(String(i))}`), " ")} ELSE -1 END`;
  const columns = [
    band(GUIDE_CATEGORIES, (category) => Prisma.sql`g.category = ${category}`),
    band([null, ...PRICE_RANGES], (range) => (range ? priceCondition(range) : Prisma.sql`g."payWhatYouWant" = TRUE`)),
    band(FREE_WITHIN_DAYS, (days) => freeWithin(now, days)),
    band(MIN_RATINGS, ratingAtLeast),
    Prisma.sql`g."specialtyMask"`,
    Prisma.sql`g."languageList"`,
    Prisma.sql`g."userId"`,
    ...Object.values(conditions).map((condition) => Prisma.sql`CASE WHEN ${condition} THEN 1 ELSE 0 END`),
  ];
  const [row] = await prisma.$queryRaw<Array<{ guides: unknown }>>`SELECT ${jsonRows(columns)} AS guides FROM ${FROM} WHERE ${base}`;
  return jsonOf<GuideFacets[]>(row?.guides);
}

/**
 * The total and each facet's counts, each facet counted as if its own choice were not made: a guide counts toward a
 * facet when it meets every other chosen facet. Free-time windows and rating bands are counted at the first window
 * or highest band a guide reaches; `upTo` adds them up. A plain loop without a closure or array per guide: it runs
 * over every matching guide on each search.
 */
function countFacets(guides: GuideFacets[], chosen: Facet[]) {
  const counts = {
    total: 0,
    category: new Array<number>(GUIDE_CATEGORIES.length).fill(0),
    price: new Array<number>(PRICE_RANGES.length + 1).fill(0),
    free: new Array<number>(FREE_WITHIN_DAYS.length).fill(0),
    rating: new Array<number>(MIN_RATINGS.length).fill(0),
    specialty: new Array<number>(SPECIALTY_OPTIONS.length).fill(0),
    language: new Map<string, number>(),
  };
  const languageSets = new Map<string, number>();
  for (const guide of guides) {
    // The chosen facet this guide misses, if any; one that misses two counts nowhere.
    let missed: Facet | undefined;
    let misses = 0;
    for (let i = 0; i < chosen.length && misses < 2; i++) {
      if (!guide[MEETS + i]) {
        missed = chosen[i];
        misses++;
      }
    }
    if (misses > 1) continue;
    if (!missed) counts.total++;
    if ((!missed || missed === "category") && guide[0] >= 0) counts.category[guide[0]]++;
    if ((!missed || missed === "price") && guide[1] >= 0) counts.price[guide[1]]++;
    if ((!missed || missed === "free") && guide[2] >= 0) counts.free[guide[2]]++;
    if ((!missed || missed === "rating") && guide[3] >= 0) counts.rating[guide[3]]++;
    if (!missed || missed === "specialty") for (let mask = guide[4], i = 0; mask; mask >>>= 1, i++) if (mask & 1) counts.specialty[i]++;
    // Guides share a few combinations of languages: each combination is counted first, then split once.
    if ((!missed || missed === "language") && guide[5]) languageSets.set(guide[5], (languageSets.get(guide[5]) ?? 0) + 1);
  }
  for (const [languages, guides] of languageSets) {
    for (const language of languages.split("|")) counts.language.set(language, (counts.language.get(language) ?? 0) + guides);
  }
  return counts;
}

/** "Within N days" and "N and up": the guides in the band at `index` and every narrower one listed before it. */
const upTo = (bands: number[], index: number) => bands.slice(0, index + 1).reduce((sum, count) => sum + count, 0);

/** Languages by how many guides speak them (then by name), the chosen ones kept even when none match. */
function languageFacet(counts: Map<string, number>, chosen: string[]): FacetCount[] {
  for (const language of chosen) if (!counts.has(language)) counts.set(language, 0);
  return [...counts]
    .map(([value, count]) => ({ value, label: value, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** The order of an unranked sort (relevance without words: the best rated first). */
function orderFor(query: SearchQuery) {
  const id = Prisma.sql`g."userId"`;
  const dir = query.order;
  const byRating = [Prisma.sql`CASE WHEN g."ratingCount" > 0 THEN 0 ELSE 1 END ASC`, sortTerm(Prisma.sql`g."ratingAverage"`, dir), Prisma.sql`g."ratingCount" DESC`];
  switch (query.sort) {
    case "relevance":
      return [Prisma.sql`CASE WHEN g."ratingCount" > 0 THEN 0 ELSE 1 END ASC`, Prisma.sql`g."ratingAverage" DESC`, Prisma.sql`g."ratingCount" DESC`, Prisma.sql`${id} ASC`];
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

/** An unranked page's ids, cut from the profiles' covering index (sorted there). */
async function pageIds(query: SearchQuery, where: Prisma.Sql, offset: number) {
  const rows = await prisma.$queryRaw<Array<{ userId: unknown }>>`SELECT g."userId" FROM ${FROM} WHERE ${where}
    ORDER BY ${Prisma.join(orderFor(query), ", ")} LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}`;
  return rows.map((row) => intOf(row.userId));
}

/**
 * Every guide the words match, best match first (ties by id), as one JSON array of ids read from the search index
 * alone: bm25 in SQLite's FTS5 table, ts_rank over PostgreSQL's "searchVector" (normalised by the text's length, as
 * bm25 is: the word in a short text is the better match). Guides who are not live are among them; `pageOfRanked`
 * keeps only those the facet rows list.
 */
async function relevanceOrder(words: string[]) {
  const [row] = postgres
    ? await prisma.$queryRaw<Array<{ ids: unknown }>>`SELECT json_agg(g."userId" ORDER BY ts_rank(g."searchVector", q, 1) DESC, g."userId") AS ids
        FROM ${FROM}, ${tsQuery(words)} q WHERE g."searchVector" @@ q`
    : await prisma.$queryRaw<Array<{ ids: unknown }>>`SELECT json_group_array(rowid) AS ids
        FROM (SELECT rowid FROM "GuideSearch" WHERE "GuideSearch" MATCH ${ftsQuery(words)} ORDER BY rank, rowid)`;
  return jsonOf<number[]>(row?.ids);
}

/** The ids at `offset` of the ranked ids, counting only the guides that meet every chosen facet. */
function pageOfRanked(ranked: number[], guides: GuideFacets[], offset: number) {
  const meetingAll = new Set<number>();
  for (const guide of guides) if (guide.indexOf(0, MEETS) < 0) meetingAll.add(guide[ID] as number);
  const page: number[] = [];
  let skipped = 0;
  for (const id of ranked) {
    if (!meetingAll.has(id)) continue;
    if (skipped++ < offset) continue;
    page.push(id);
    if (page.length === SEARCH_PAGE_SIZE) break;
  }
  return page;
}

/** The cards' fields of the guides `ids`, in that order: profile and person in one read, then their specialties. */
async function cardRows(ids: number[]) {
  if (!ids.length) return [];
  const listed = Prisma.join(ids);
  const [guides, specialties] = await Promise.all([
    prisma.$queryRaw<Array<Omit<PageRow, "codes">>>`SELECT g."userId" AS id, u.name, u.title, u.organisation, u."imageId", g.category, g."ratingAverage",
        g."ratingCount", g."payWhatYouWant", g."hourlyRateCents", g."experienceYears", g."nextFreeAt"
      FROM ${FROM} JOIN "User" u ON u.id = g."userId" WHERE g."userId" IN (${listed})`,
    prisma.$queryRaw<Array<{ userId: unknown; code: string }>>`SELECT "userId", code FROM "UserSpecialty" WHERE "userId" IN (${listed})`,
  ]);
  const byId = new Map(guides.map((guide) => [intOf(guide.id), guide]));
  return ids.map((id): PageRow => {
    const codes = specialties.filter((specialty) => intOf(specialty.userId) === id).map((specialty) => specialty.code);
    return { ...byId.get(id)!, id, codes };
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
