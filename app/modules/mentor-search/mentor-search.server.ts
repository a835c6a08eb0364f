import { Prisma } from "#app/generated/prisma/client.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { isoText, jsonRows } from "#app/lib/search/dialect.server.ts";
import { column, jsonOf, queryRows, type RowOf } from "#app/lib/sql.server.ts";
import { GUIDE_CATEGORIES, SPECIALTY_OPTIONS } from "#app/modules/guides/schema.ts";
import { offeredLengths, priceSummary, type PricedLength } from "#app/modules/schedule/prices.ts";
import { refreshPassedNextFreeAt } from "#app/modules/schedule/schedule.server.ts";
import {
  FEATURED_FREE_WITHIN_DAYS,
  FEATURED_MENTORS,
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
 * choice were not made (so a count says what ticking that box would give).
 *
 * Every live guide's facet values and sort keys (~5,000 of them, a few hundred kilobytes) are kept in memory, with the
 * number of the "GuideSearchGeneration" row they were read at: every write of a column read here gives that number a
 * new value in its transaction (`guideSearchChanged`, modules/guides/search-fields.server.ts), so each search reads
 * one row, and the 5,000 again only after a change (on any server).
 * Facets are counted, filtered and sorted over them; SQL answers the keyword (its index) and the page's cards.
 *
 * - the keyword search reads GuideProfile."searchText" (written by `refreshGuideSearch`; no e-mail) through an index:
 *   SQLite's FTS5 table "GuideSearch" (bm25 for relevance), PostgreSQL's generated "searchVector" (GIN; ts_rank).
 *   Every word must match the start of a word ("past" finds pastor). The index hands over every match's id, in rank
 *   order when the page is sorted by relevance (`matchingIds`);
 * - "has a free time in the next N days" and the soonest-free sort read GuideProfile."nextFreeAt", kept by the schedule
 *   module (app/modules/schedule) from each guide's rules minus claimed time whenever either changes. A free time
 *   passes as time goes on, so a search first recomputes the few rows whose time has passed (`refreshPassedFreeTimes`;
 *   the schedule's job does the same every 15 minutes).
 */

const postgres = dialect === "postgres";
const DAY = 86_400_000;
const FROM = Prisma.sql`"GuideProfile" g`;

/** The words of a keyword: letters and digits, lower-cased, at most eight. */
export const keywordWords = (keyword: string) => (keyword.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);

const ftsQuery = (words: string[]) => words.map((word) => `"${word}"*`).join(" ");
const tsQuery = (words: string[]) => Prisma.sql`to_tsquery('simple'::regconfig, ${words.map((word) => `${word}:*`).join(" & ")})`;

/** What the search keeps of a live guide: where it falls in each facet, and what it is sorted by. */
type LiveGuide = {
  id: number;
  /** Position in GUIDE_CATEGORIES, -1 for none. */
  category: number;
  payWhatYouWant: boolean;
  hourlyRateCents: number;
  /** Epoch milliseconds; null when nothing is open. */
  nextFreeAt: number | null;
  ratingAverage: number;
  ratingCount: number;
  experienceYears: number;
  /** Bit i = SPECIALTY_OPTIONS[i] (GuideProfile."specialtyMask", written by `refreshGuideSearch`). */
  specialtyMask: number;
  /** Languages joined by "|" (GuideProfile."languageList", written by `refreshGuideSearch`): guides share a few combinations. */
  languages: string;
};

type Snapshot = { generation: string | null; guides: LiveGuide[]; byId: Map<number, LiveGuide>; sorted: Map<string, LiveGuide[]> };
let kept: Snapshot | null = null;

/**
 * Every live guide, from memory unless the generation has moved since they were read. The generation is read first:
 * a change committed in between makes the next search read them again, never keeps a stale copy. Without the row (a
 * database emptied by hand) nothing is kept.
 */
async function liveGuides(): Promise<Snapshot> {
  const [row] = await queryRows({ generation: column.text }, Prisma.sql`SELECT generation FROM "GuideSearchGeneration" WHERE id = 1`);
  const generation = row ? row.generation : null;
  if (kept && generation !== null && kept.generation === generation) return kept;
  const columns = [
    Prisma.sql`g."userId"`,
    Prisma.sql`g.category`,
    Prisma.sql`g."payWhatYouWant"`,
    Prisma.sql`g."hourlyRateCents"`,
    isoText(Prisma.sql`g."nextFreeAt"`),
    Prisma.sql`g."ratingAverage"`,
    Prisma.sql`g."ratingCount"`,
    Prisma.sql`g."experienceYears"`,
    Prisma.sql`g."specialtyMask"`,
    Prisma.sql`g."languageList"`,
  ];
  // In JSON every number is a number; a boolean is 0/1 from SQLite, true/false from PostgreSQL.
  type Row = [number, string | null, boolean | number, number, string | null, number, number, number, number, string | null];
  const [read] = await queryRows({ guides: jsonOf<Row[]> }, Prisma.sql`SELECT ${jsonRows(columns)} AS guides FROM ${FROM} WHERE g."isLive" = TRUE`);
  const categories = new Map<string, number>(GUIDE_CATEGORIES.map((category, i) => [category, i]));
  const guides = (read?.guides ?? []).map(
    ([id, category, payWhatYouWant, hourlyRateCents, nextFreeAt, ratingAverage, ratingCount, experienceYears, specialtyMask, languages]): LiveGuide => ({
      id,
      category: category === null ? -1 : (categories.get(category) ?? -1),
      payWhatYouWant: Boolean(payWhatYouWant),
      hourlyRateCents,
      nextFreeAt: nextFreeAt === null ? null : Date.parse(nextFreeAt),
      ratingAverage,
      ratingCount,
      experienceYears,
      specialtyMask,
      languages: languages ?? "",
    }),
  );
  const snapshot: Snapshot = { generation, guides, byId: new Map(guides.map((guide) => [guide.id, guide])), sorted: new Map() };
  if (generation !== null) kept = snapshot;
  return snapshot;
}

type Facet = "category" | "specialty" | "language" | "price" | "free" | "rating";
type Test = (guide: LiveGuide) => boolean;

/** A specialty's bit in "specialtyMask": its position in SPEC §3's list. */
const specialtyBit = (code: string) => 2 ** SPECIALTY_OPTIONS.findIndex((option) => option.code === code);

const inRange = (guide: LiveGuide, range: (typeof PRICE_RANGES)[number]) =>
  !guide.payWhatYouWant && guide.hourlyRateCents >= range.from && (range.below === null || guide.hourlyRateCents < range.below);
const freeWithin = (guide: LiveGuide, now: number, days: number) => guide.nextFreeAt !== null && guide.nextFreeAt > now && guide.nextFreeAt <= now + days * DAY;
const ratedAtLeast = (guide: LiveGuide, rating: number) => guide.ratingCount > 0 && guide.ratingAverage >= rating;
/** The guide speaks `language` (exactly as written): one of the "|"-separated names. */
const speaks = (guide: LiveGuide, language: string) => `|${guide.languages}|`.includes(`|${language}|`);

/** Each chosen facet's test; a facet not chosen is absent. */
function facetTests(query: SearchQuery, now: number): Partial<Record<Facet, Test>> {
  const tests: Partial<Record<Facet, Test>> = {};
  if (query.category.length) {
    const chosen = new Set(query.category.map((category) => GUIDE_CATEGORIES.indexOf(category as (typeof GUIDE_CATEGORIES)[number])).filter((i) => i >= 0));
    tests.category = (guide) => chosen.has(guide.category);
  }
  if (query.specialty.length) {
    const mask = query.specialty.reduce((bits, code) => bits | specialtyBit(code), 0);
    tests.specialty = (guide) => (guide.specialtyMask & mask) !== 0;
  }
  if (query.language.length) tests.language = (guide) => query.language.some((language) => speaks(guide, language));
  // Pay what you want is one more choice of the price facet: any of the chosen prices.
  const ranges = PRICE_RANGES.filter((range) => query.price.includes(range.value));
  if (ranges.length || query.pwyw) tests.price = (guide) => (query.pwyw && guide.payWhatYouWant) || ranges.some((range) => inRange(guide, range));
  if (query.free) {
    const days = query.free;
    tests.free = (guide) => freeWithin(guide, now, days);
  }
  if (query.rating) {
    const rating = query.rating;
    tests.rating = (guide) => ratedAtLeast(guide, rating);
  }
  return tests;
}

/** One page of live guides for `query`, with every facet's counts. */
export async function searchMentors(query: SearchQuery, now = new Date()): Promise<SearchResult> {
  await keepFreeTimesFresh(now);
  const words = keywordWords(query.q);
  const live = await liveGuides();
  const ranked = query.sort === "relevance" && words.length > 0;
  // A keyword of no letters or digits matches nobody.
  const matchIds = query.q ? (words.length ? await matchingIds(words, ranked) : []) : null;
  const matching = matchIds ? new Set(matchIds) : null;
  const guides = matching ? live.guides.filter((guide) => matching.has(guide.id)) : live.guides;
  const tests = facetTests(query, now.getTime());
  const counts = countFacets(guides, tests, now.getTime());
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

  const chosen = Object.values(tests);
  const shown = (guide: LiveGuide | undefined): guide is LiveGuide =>
    guide !== undefined && (!matching || matching.has(guide.id)) && chosen.every((test) => test(guide));
  // By relevance, the index's rank order (of live guides); otherwise every live guide in the sort's kept order.
  const order = ranked && matchIds ? matchIds.map((id) => live.byId.get(id)) : sortedBy(live, query.sort, query.order);
  const ids = pageIds(order, shown, (page - 1) * SEARCH_PAGE_SIZE);
  return { mentors: cards(await cardRows(ids), query.specialty), facets, meta };
}

/** The ids of the page at `offset` among the guides of `order` that are shown. */
function pageIds(order: Array<LiveGuide | undefined>, shown: (guide: LiveGuide | undefined) => guide is LiveGuide, offset: number) {
  const ids: number[] = [];
  let skipped = 0;
  for (const guide of order) {
    if (!shown(guide) || skipped++ < offset) continue;
    ids.push(guide.id);
    if (ids.length === SEARCH_PAGE_SIZE) break;
  }
  return ids;
}

/**
 * The total and each facet's counts, each facet counted as if its own choice were not made: a guide counts toward a
 * facet when it meets every other chosen facet. A guide counts in the option it falls under: its category, pay what
 * you want or its price range, the narrowest free-time window it is within and the highest rating band it reaches
 * (`upTo` adds windows and bands up), each specialty bit, and its combination of languages. A plain loop without an
 * array per guide: it runs over every matching guide on each search.
 */
function countFacets(guides: LiveGuide[], tests: Partial<Record<Facet, Test>>, now: number) {
  const counts = {
    total: 0,
    category: new Array<number>(GUIDE_CATEGORIES.length).fill(0),
    price: new Array<number>(PRICE_RANGES.length + 1).fill(0),
    free: new Array<number>(FREE_WITHIN_DAYS.length).fill(0),
    rating: new Array<number>(MIN_RATINGS.length).fill(0),
    specialty: new Array<number>(SPECIALTY_OPTIONS.length).fill(0),
    language: new Map<string, number>(),
  };
  const chosen = Object.entries(tests) as Array<[Facet, Test]>;
  const languageSets = new Map<string, number>();
  for (const guide of guides) {
    // The chosen facet this guide misses, if any; one that misses two counts nowhere.
    let missed: Facet | undefined;
    let misses = 0;
    for (let i = 0; i < chosen.length && misses < 2; i++) {
      if (!chosen[i][1](guide)) {
        missed = chosen[i][0];
        misses++;
      }
    }
    if (misses > 1) continue;
    if (!missed) counts.total++;
    if ((!missed || missed === "category") && guide.category >= 0) counts.category[guide.category]++;
    if (!missed || missed === "price") {
      const band = guide.payWhatYouWant ? 0 : PRICE_RANGES.findIndex((range) => inRange(guide, range)) + 1;
      if (guide.payWhatYouWant || band > 0) counts.price[band]++;
    }
    if (!missed || missed === "free") {
      const window = FREE_WITHIN_DAYS.findIndex((days) => freeWithin(guide, now, days));
      if (window >= 0) counts.free[window]++;
    }
    if (!missed || missed === "rating") {
      const band = MIN_RATINGS.findIndex((rating) => ratedAtLeast(guide, rating));
      if (band >= 0) counts.rating[band]++;
    }
    if (!missed || missed === "specialty") for (let mask = guide.specialtyMask, i = 0; mask; mask >>>= 1, i++) if (mask & 1) counts.specialty[i]++;
    // Guides share a few combinations of languages: each combination is counted first, then split once.
    if ((!missed || missed === "language") && guide.languages) languageSets.set(guide.languages, (languageSets.get(guide.languages) ?? 0) + 1);
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

type Compare = (a: LiveGuide, b: LiveGuide) => number;
const rated: Compare = (a, b) => Number(b.ratingCount > 0) - Number(a.ratingCount > 0);

/** An unranked sort's order (relevance without words: the best rated first), ties by id in the sort's direction. */
function comparatorFor(sort: SearchQuery["sort"], order: SearchQuery["order"]): Compare {
  const sign = order === "asc" ? 1 : -1;
  const byId: Compare = (a, b) => sign * (a.id - b.id);
  switch (sort) {
    case "relevance":
      return (a, b) => rated(a, b) || b.ratingAverage - a.ratingAverage || b.ratingCount - a.ratingCount || a.id - b.id;
    case "rating":
      return (a, b) => rated(a, b) || sign * (a.ratingAverage - b.ratingAverage) || b.ratingCount - a.ratingCount || byId(a, b);
    case "price": {
      const price = (guide: LiveGuide) => (guide.payWhatYouWant ? 0 : guide.hourlyRateCents);
      return (a, b) => sign * (price(a) - price(b)) || byId(a, b);
    }
    case "experience":
      return (a, b) => sign * (a.experienceYears - b.experienceYears) || byId(a, b);
    case "next-free":
      // Guides with no free time come last either way.
      return (a, b) =>
        Number(a.nextFreeAt === null) - Number(b.nextFreeAt === null) || (a.nextFreeAt !== null && b.nextFreeAt !== null ? sign * (a.nextFreeAt - b.nextFreeAt) : 0) || byId(a, b);
  }
}

/** Every live guide in an unranked sort's order, sorted once per generation. */
function sortedBy(live: Snapshot, sort: SearchQuery["sort"], order: SearchQuery["order"]) {
  const key = `${sort} ${order}`;
  let sorted = live.sorted.get(key);
  if (!sorted) live.sorted.set(key, (sorted = [...live.guides].sort(comparatorFor(sort, order))));
  return sorted;
}

/**
 * The home page's mentors: the best rated live guides (with at least one review) who have a free time within
 * FEATURED_FREE_WITHIN_DAYS days, read from the search's kept records in its rating order, so only their cards are
 * read from the database.
 */
export async function featuredMentors(now = new Date()): Promise<MentorCard[]> {
  await keepFreeTimesFresh(now);
  const live = await liveGuides();
  const ids: number[] = [];
  for (const guide of sortedBy(live, "rating", "desc")) {
    if (guide.ratingCount === 0 || ids.length === FEATURED_MENTORS) break;
    if (freeWithin(guide, now.getTime(), FEATURED_FREE_WITHIN_DAYS)) ids.push(guide.id);
  }
  return cards(await cardRows(ids), []);
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

async function keepFreeTimesFresh(now: Date) {
  if (now.getTime() - lastRefresh >= REFRESH_EVERY_MS || now.getTime() < lastRefresh) await refreshPassedFreeTimes(now);
}

/** A card's fields of a guide's profile and person (`cardRows`). */
const cardRow = {
  id: column.int,
  name: column.text,
  title: column.nullableText,
  organisation: column.nullableText,
  imageId: column.nullableText,
  category: column.nullableText,
  ratingAverage: column.number,
  ratingCount: column.int,
  payWhatYouWant: column.bool,
  hourlyRateCents: column.int,
  experienceYears: column.int,
  nextFreeAt: column.nullableDate,
};

type PageRow = RowOf<typeof cardRow> & { codes: string[]; lengths: PricedLength[] };

/**
 * Every guide the words match, as one JSON array of ids read from the search index alone; with `ranked`, best match
 * first (ties by id): bm25 in SQLite's FTS5 table, ts_rank over PostgreSQL's "searchVector" (normalised by the text's
 * length, as bm25 is: the word in a short text is the better match). Guides who are not live are among them.
 */
async function matchingIds(words: string[], ranked: boolean) {
  const [row] = await queryRows(
    { ids: jsonOf<number[]> },
    postgres
      ? Prisma.sql`SELECT json_agg(g."userId"${ranked ? Prisma.sql` ORDER BY ts_rank(g."searchVector", q, 1) DESC, g."userId"` : Prisma.empty}) AS ids
        FROM ${FROM}, ${tsQuery(words)} q WHERE g."searchVector" @@ q`
      : Prisma.sql`SELECT json_group_array(rowid) AS ids
        FROM (SELECT rowid FROM "GuideSearch" WHERE "GuideSearch" MATCH ${ftsQuery(words)}${ranked ? Prisma.sql` ORDER BY rank, rowid` : Prisma.empty})`,
  );
  return row?.ids ?? [];
}

/** The cards' fields of the guides `ids`, in that order: profile and person in one read, then their specialties. */
async function cardRows(ids: number[]) {
  if (!ids.length) return [];
  const listed = Prisma.join(ids);
  const [guides, specialties, options] = await Promise.all([
    queryRows(
      cardRow,
      Prisma.sql`SELECT g."userId" AS id, u.name, u.title, u.organisation, u."imageId", g.category, g."ratingAverage",
        g."ratingCount", g."payWhatYouWant", g."hourlyRateCents", g."experienceYears", g."nextFreeAt"
      FROM ${FROM} JOIN "User" u ON u.id = g."userId" WHERE g."userId" IN (${listed})`,
    ),
    queryRows({ userId: column.int, code: column.text }, Prisma.sql`SELECT "userId", code FROM "UserSpecialty" WHERE "userId" IN (${listed})`),
    queryRows(
      { guideId: column.int, minutes: column.int, priceCents: column.int },
      Prisma.sql`SELECT "guideId", minutes, "priceCents" FROM "SessionOption" WHERE "guideId" IN (${listed})`,
    ),
  ]);
  const byId = new Map(guides.map((guide) => [guide.id, guide]));
  return ids.map((id): PageRow => {
    const codes = specialties.filter((specialty) => specialty.userId === id).map((specialty) => specialty.code);
    const lengths = options.filter((option) => option.guideId === id).map(({ minutes, priceCents }) => ({ minutes, priceCents }));
    return { ...byId.get(id)!, id, codes, lengths };
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
      id: row.id,
      name: row.name,
      title: row.title,
      organisation: row.organisation,
      imageId: row.imageId,
      category: row.category,
      specialties: codes.slice(0, SHOWN_SPECIALTIES).map(specialtyLabel),
      moreSpecialties: Math.max(0, codes.length - SHOWN_SPECIALTIES),
      ratingAverage: row.ratingAverage,
      ratingCount: row.ratingCount,
      payWhatYouWant: row.payWhatYouWant,
      hourlyRateCents: row.hourlyRateCents,
      price: priceSummary(offeredLengths(row.lengths, row.hourlyRateCents), row.payWhatYouWant),
      experienceYears: row.experienceYears,
      nextFreeAt: row.nextFreeAt?.toISOString() ?? null,
    };
  });
}
