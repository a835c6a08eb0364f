// Seeds a believable marketplace: demo logins, guides, mentees, bookings, payments,
// reviews, content, queries, FAQs, resources, page content and messages. People's names, pictures and reviews come
// from seed-names.ts, seed-avatars.ts and seed-reviews.ts, blog posts from seed-posts.ts.
//
//   npx tsx prisma/seed.ts                    the demo: 240 mentees, 30 guides, 720 bookings (a few seconds, most of
//                                             them drawing everyone's picture)
//   SEED_SCALE=100000 npx tsx prisma/seed.ts  100 000 mentees, 5 000 guides, 1 000 000 bookings,
//                                             800 425 payments, 250 266 reviews, 10 000 queries: 44-50 s
//                                             on 2 shared cores (10 s generating, 15 s writing, 20 s indexing)
//   SEED_RESET=1 npx tsx prisma/seed.ts       empties every table first
//   DATABASE_URL=postgresql://… npx tsx prisma/seed.ts    the same rows into a migrated PostgreSQL database: seeded
//                                             into a temporary SQLite file, then copied (scripts/seed-postgres.ts);
//                                             SEED_SCALE=100000 in about 1 min 45 s on 2 cores
//
// SEED_SCALE=N seeds N mentees and, in proportion, 5% as many guides, 10 bookings per mentee (about
// 80% of them with a payment, 25% reviewed) and 10% as many customer queries. Without it the demo
// keeps its own, smaller proportions, which the browser and integration tests rely on.
//
// Deterministic: a fixed faker seed and a fixed "now", so two runs produce the same rows (only the
// password hash differs, because argon2 draws a fresh salt). Rows are written with better-sqlite3
// prepared statements, not through Prisma, in one transaction per batch with the journal in memory
// and no fsync; a failed seed leaves a half-written file, so start again from a fresh one. Bookings,
// payments and reviews are kept in typed-array columns, not one object per row, and each
// phase prints its progress. At SEED_SCALE the big tables' secondary indexes and the people-search
// trigger are dropped during the bulk insert and created again afterwards (the schema ends exactly as
// the migrations left it), then ANALYZE gathers the planner's statistics.
// DateTime columns are written in the text form Prisma itself uses: 2026-11-22T12:00:00.000+00:00.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Faker, base, en, generateMersenne53Randomizer } from "@faker-js/faker";
import { hash } from "@node-rs/argon2";
import { connect, copyToPostgres, createSqliteFile, isPostgresUrl, postgresUsers } from "../scripts/seed-postgres.ts";
import { insertPosts, renderPostCovers } from "./seed-posts.ts";
import { avatarId, lookFor, renderAvatars, type Look, type Presentation } from "./seed-avatars.ts";
import { FIRST_NAMES, LAST_NAMES, MENTEE_FIRST_NAMES, MENTEE_LAST_NAMES, type FirstName } from "./seed-names.ts";
import { reviewPair, THEMES } from "./seed-reviews.ts";
import { blocksFor } from "../app/modules/schedule/blocks.ts";
import { mentorLinks, userLinks } from "../app/lib/links.ts";
import { TERMS_VERSION } from "../app/modules/policies/policies.ts";
import { computeFreeTimes, type WeeklyRange } from "../app/modules/schedule/free-times.ts";
import { guideSearchFields } from "../app/modules/guides/search-fields.ts";

// ─── Configuration ────────────────────────────────────────────────────────────────────────────

const SEED = 20261122;
// The marketplace's "now": noon UTC of the day the seed runs, so a demo made any day has a past and a future
// (free times to book). SEED_NOW (an ISO date) pins it, for data that must come out the same every time.
const NOW_MS = (() => {
  const pinned = process.env.SEED_NOW ? Date.parse(process.env.SEED_NOW) : NaN;
  if (!Number.isNaN(pinned)) return pinned;
  const today = new Date();
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12, 0, 0);
})();
const NOW = new Date(NOW_MS);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const DEFAULT_USERS = 240;
const SCALE = parseScale(process.env.SEED_SCALE);
/** Set by SEED_SCALE: the benchmark proportions instead of the demo's. */
const SCALED = SCALE !== null;
const USER_COUNT = SCALE ?? DEFAULT_USERS;
const GUIDE_COUNT = SCALED ? Math.max(30, Math.round(USER_COUNT * 0.05)) : 30;
const BOOKING_TARGET = USER_COUNT * (SCALED ? 10 : 3);
const QUERY_COUNT = SCALED ? Math.max(40, Math.round(USER_COUNT * 0.1)) : 40;
/** Rows written per transaction. */
const BATCH = 50_000;

const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? "Passw0rd!";
const DEMO_PASSWORD_LABEL = process.env.DEMO_PASSWORD ? "(DEMO_PASSWORD)" : DEMO_PASSWORD;
const PORT = process.env.PORT ?? "3000";

function parseScale(value: string | undefined): number | null {
  if (!value) return null;
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n) || n < 1) {
    console.error(`SEED_SCALE must be a positive whole number of users (got "${value}").`);
    process.exit(1);
  }
  return n;
}

// ─── Random helpers (all drawn from the seeded faker) ───────────────────────────────────────
//
// The hot helpers draw straight from faker's randomizer with faker's own arithmetic (number.int,
// number.float, helpers.arrayElement, helpers.weightedArrayElement, date.recent/soon/between), so
// they return exactly what those calls would, without their per-call option handling.

const randomizer = generateMersenne53Randomizer();
const faker = new Faker({ locale: [en, base], randomizer });
faker.seed(SEED);
faker.setDefaultRefDate(NOW);

/** A whole number from `min` to `max` (faker.number.int: no draw when they are equal). */
const int = (min: number, max: number) => (min === max ? min : Math.floor(randomizer.next() * (max - min + 1) + min));
const chance = (p: number) => randomizer.next() < p;
const pick = <T>(items: readonly T[]): T => items[items.length > 1 ? int(0, items.length - 1) : 0];
const pickSome = <T>(items: readonly T[], min: number, max: number): T[] =>
  faker.helpers.arrayElements(items, { min, max });
function weighted<T>(pairs: ReadonlyArray<readonly [number, T]>): T {
  let total = 0;
  for (const [weight] of pairs) total += weight;
  const r = randomizer.next() * total;
  let sum = 0;
  for (const [weight, value] of pairs) {
    sum += weight;
    if (r < sum) return value;
  }
  return pairs[pairs.length - 1][1];
}
/** A moment between `minDays` and `maxDays` before the fixed now (faker.date.recent). */
const daysAgo = (minDays: number, maxDays: number) => {
  const ref = NOW_MS - minDays * DAY;
  return int(ref - (maxDays - minDays) * DAY, ref - 1000);
};
/** A moment between `minDays` and `maxDays` after the fixed now (faker.date.soon). */
const daysAhead = (minDays: number, maxDays: number) => {
  const ref = NOW_MS + minDays * DAY;
  return int(ref + 1000, ref + (maxDays - minDays) * DAY);
};
const between = (from: number, to: number) => (to <= from ? from : int(from, to));

const two = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"));
const three = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));
const dayPrefixes = new Map<number, string>();
/** Prisma's SQLite text form of a DateTime (toISOString with +00:00), with each day's date part cached. */
function iso(ms: number): string {
  const dayIndex = Math.floor(ms / DAY);
  let prefix = dayPrefixes.get(dayIndex);
  if (prefix === undefined) {
    prefix = new Date(dayIndex * DAY).toISOString().slice(0, 11);
    dayPrefixes.set(dayIndex, prefix);
  }
  let rest = ms - dayIndex * DAY;
  const hours = Math.floor(rest / HOUR);
  rest -= hours * HOUR;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${prefix}${two[hours]}:${two[minutes]}:${two[seconds]}.${three[rest - seconds * 1000]}+00:00`;
}
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const bool = (b: boolean) => (b ? 1 : 0);
const pad = (n: number, width = 6) => String(n).padStart(width, "0");
const slug = (s: string) =>
  s
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const emailPart = (s: string) => s.normalize("NFKD").toLowerCase().replace(/[^a-z]/g, "");
const thousands = (n: number) => n.toLocaleString("en-US");

/** Progress lines: one per phase (and every few seconds within a long one), with the time since the start. */
const started = performance.now();
let lastProgress = 0;
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
function progress(label: string, done?: number, total?: number) {
  const now = performance.now();
  if (done !== undefined && total !== undefined && done < total && now - lastProgress < 2000) return;
  lastProgress = now;
  const counts = done === undefined ? "" : total === undefined ? thousands(done) : `${thousands(done)} / ${thousands(total)}`;
  console.log(`  ${label.padEnd(17)} ${counts}${counts ? " · " : "· "}${elapsed()}`);
}

// ─── Vocabulary ─────────────────────────────────────────────────────────────────────────────
//
// Guide and mentee text must pass the admin console's own forms, so "Edit" on a seeded person shows
// no errors (app/modules/guides/schema.ts, app/modules/users/schema.ts):
//   guide title, organisation, bio   letters, digits, spaces and . , ' - only (no & ; : ( ) ! ? /)
//   guide expertise, languages       2-50 letters, spaces, apostrophes, hyphens (no digits or commas)
//   guide education                  2-100 letters, spaces and . , ' - (no digits)
//   guide references                 2-100 characters; recent success up to 200
//   mentee name                      letters and spaces only; title, organisation, education, bio required
// Reviews, FAQs, messages, queries and page content are not edited through those forms.

const CATEGORIES = ["Senior Pastors", "Youth Ministry", "Worship Pastors", "Children's Ministry", "Multi-Site"] as const;
type Category = (typeof CATEGORIES)[number];

const SPECIALTIES = [
  "leadership", "churchGrowth", "strategicPlanning", "discipleship", "worshipPlanning", "youthMinistry",
  "childrensMinistry", "smallGroups", "missions", "evangelism", "churchPlanting", "pastoralCare",
  "administration", "finance", "technology", "communications",
] as const;
type Specialty = (typeof SPECIALTIES)[number];

const CATEGORY_PROFILE: Record<Category, { titles: string[]; specialties: Specialty[] }> = {
  "Senior Pastors": {
    titles: ["Senior Pastor", "Lead Pastor", "Founding Pastor", "Pastor Emeritus", "Teaching Pastor"],
    specialties: ["leadership", "churchGrowth", "strategicPlanning", "pastoralCare", "finance"],
  },
  "Youth Ministry": {
    titles: ["Youth Pastor", "Student Ministries Director", "Next Gen Pastor", "Youth and Young Adults Pastor"],
    specialties: ["youthMinistry", "discipleship", "smallGroups", "evangelism", "missions"],
  },
  "Worship Pastors": {
    titles: ["Worship Pastor", "Director of Worship Arts", "Creative Arts Pastor", "Music and Worship Director"],
    specialties: ["worshipPlanning", "technology", "leadership", "communications"],
  },
  "Children's Ministry": {
    titles: ["Children's Pastor", "Family Ministry Director", "Kids Ministry Director", "Early Childhood Director"],
    specialties: ["childrensMinistry", "discipleship", "administration", "smallGroups"],
  },
  "Multi-Site": {
    titles: ["Executive Pastor", "Campus Pastor", "Multi-Site Director", "Director of Church Planting"],
    specialties: ["churchPlanting", "strategicPlanning", "administration", "finance", "technology", "communications"],
  },
};

const EXPERTISE: Record<Specialty, string[]> = {
  leadership: ["Raising up volunteer leaders", "Building a healthy elder board", "Leading a staff team through change", "Leading a church through conflict"],
  churchGrowth: ["Breaking the two hundred attendance barrier", "Assimilating first-time guests", "Revitalising a plateaued church"],
  strategicPlanning: ["Leading through a building campaign", "Vision casting and five-year planning", "Succession planning for senior leaders"],
  discipleship: ["Designing a discipleship pathway", "Mentoring new believers one-on-one", "Men's and women's ministry that disciples"],
  worshipPlanning: ["Planning seasonal worship series", "Building and shepherding a worship team", "Blending traditional and contemporary worship"],
  youthMinistry: ["Reaching unchurched teenagers", "Partnering with parents of teens", "Keeping graduates connected to church"],
  childrensMinistry: ["Safe check-in and child protection policy", "Recruiting and keeping kids ministry volunteers", "Family ministry that equips parents"],
  smallGroups: ["Launching a small group system", "Training small group hosts", "Groups that multiply instead of stall"],
  missions: ["Short-term mission trips that do no harm", "Long-term global church partnerships", "Local mission and community partnerships"],
  evangelism: ["Equipping members to share their faith", "Outreach events that lead to follow-up", "Alpha and other evangelism courses"],
  churchPlanting: ["Launching a church plant", "Core team development", "Parent-church and plant partnerships"],
  pastoralCare: ["Grief and hospital ministry", "Pre-marital and marriage mentoring", "Care teams so the pastor is not the only carer", "Preventing burnout in pastors and staff"],
  administration: ["Church governance and bylaws", "Staff structures and job descriptions", "Policies and calendars for church operations"],
  finance: ["Church budgeting and stewardship", "Capital campaigns and a culture of generosity", "Reading monthly financials with your board"],
  technology: ["Livestream and hybrid church", "Choosing a church management system", "Sound and lighting with volunteer tech teams"],
  communications: ["Church social media strategy", "Clear Sunday announcements and weekly email", "Rebranding without losing your people"],
};

const LANGUAGES = ["Spanish", "Korean", "Portuguese", "French", "Swahili"];

const TIME_ZONES: ReadonlyArray<readonly [number, { zone: string; offset: number }]> = [
  [30, { zone: "America/New_York", offset: -5 }],
  [25, { zone: "America/Chicago", offset: -6 }],
  [8, { zone: "America/Denver", offset: -7 }],
  [18, { zone: "America/Los_Angeles", offset: -8 }],
  [5, { zone: "Europe/London", offset: 0 }],
  [4, { zone: "Africa/Nairobi", offset: 3 }],
  [3, { zone: "Asia/Seoul", offset: 9 }],
  [4, { zone: "America/Sao_Paulo", offset: -3 }],
  [3, { zone: "UTC", offset: 0 }],
];

/** The organisations mentees belong to (about a dozen). */
const USER_ORGANISATIONS = [
  "Grace Community Church", "New Hope Fellowship", "Cornerstone Bible Church", "Living Water Church",
  "Redeemer Presbyterian Church", "Harvest Point Church", "First Baptist Church of Millbrook",
  "St. Mark's Anglican Church", "Crossroads Christian Fellowship", "Hope City Church",
  "Mosaic Church Collective", "Iglesia Nueva Vida",
];

const GUIDE_ORGANISATIONS = [
  "Northpoint Leadership Network", "The Village Church Network", "Kingdom Builders Leadership Institute",
  "Lighthouse Church Planting Network", "Wellspring Worship Collective", "Shepherd's Heart Pastoral Care",
  "Bridgeway Church", "Summit Youth Ministries", "Little Lambs Children's Ministry Network",
  "Covenant Church, five campuses", "City on a Hill Church", "Trinity Fellowship", "Riverbend Community Church",
  "Faith Bible Church", "Mission Forward Collective", "Emmanuel Korean Presbyterian Church",
  "Iglesia Roca Firme", "Christ Church Nairobi", "Igreja Esperança", "Église Source de Vie",
  "Grace Community Church", "New Hope Fellowship",
];

const USER_TITLES = [
  "Associate Pastor", "Youth Pastor", "Worship Leader", "Small Groups Director", "Elder", "Deacon",
  "Church Administrator", "Children's Ministry Director", "Missions Coordinator", "Volunteer Coordinator",
  "Communications Director", "Executive Pastor", "Church Planter", "Lay Leader", "Seminary Student",
  "Bivocational Pastor", "Campus Pastor", "Women's Ministry Leader", "Men's Ministry Leader", "Outreach Director",
];

const USER_EDUCATION = [
  "B.A. in Communications, Liberty University",
  "Currently pursuing an M.Div. at Fuller Theological Seminary",
  "Bible college diploma; ongoing courses through our denomination's leadership program",
  "B.S. in Business Administration and a certificate in biblical studies",
  "M.A. in Christian Education, Wheaton College",
  "High school, plus a lot of on-the-job training as a volunteer",
  "M.Div., Southeastern Baptist Theological Seminary",
  "Bachelor of Music in Worship Arts",
  "B.A. in Psychology; lay counselling training at our church",
  "Associate degree in accounting; church finance workshops",
  "M.A. in Theology, Regent College (part-time, second year)",
  "B.Ed. in Elementary Education",
];

const USER_EXPERIENCE = [
  "Six years as a volunteer youth leader before joining staff last spring.",
  "Bivocational pastor for four years while teaching high-school history.",
  "Served on the worship team for a decade; stepped into leading it eighteen months ago.",
  "Ten years in corporate project management, now two years as church administrator.",
  "Planted a house church three years ago that now meets in a school cafeteria.",
  "Led small groups for eight years and now oversee forty groups across two campuses.",
  "Children's ministry volunteer for twelve years; hired as director this year.",
  "Elder for five years in a congregation of about 300.",
  "Spent four years on the mission field in Guatemala before returning home.",
  "First full-time ministry role after seminary; eighteen months in.",
  "Twenty years as a deacon; recently asked to lead our care ministry.",
];

const USER_CHALLENGES = [
  "Our volunteer base is shrinking and the same twelve people do everything.",
  "Attendance has plateaued around 180 for three years and I'm not sure why.",
  "I inherited a staff team that doesn't trust each other.",
  "We're about to start a building campaign and I've never led one.",
  "Balancing ministry and family time; I'm close to burnout.",
  "Our youth group shrinks every fall when students leave for college.",
  "The board and I disagree about how fast we should change the Sunday service.",
  "We lost a third of the congregation after a difficult pastoral transition.",
  "I don't know how to lead people who are older and more experienced than me.",
  "Our budget is 15% behind and we may have to cut a staff position.",
  "We want to launch a second campus but aren't sure we're ready.",
  "Our worship team is talented but the rehearsals are tense.",
  "Keeping kids ministry safe and staffed with background-checked volunteers.",
  "Small groups start strong each January and fade by Easter.",
];

const USER_BIO_OPENERS = [
  "I serve as {title} at {org}.",
  "I've been part of {org} for most of my adult life and now serve as {title}.",
  "Husband, father of three and {title} at {org}.",
  "Wife, mother and {title} at {org}.",
  "I came to faith in college and have served at {org} ever since.",
  "{title} at {org}, and a coffee-fuelled student of leadership.",
];
const USER_BIO_MIDDLES = [
  "I love seeing ordinary people discover the gifts God has given them.",
  "Most of my week is spent with volunteers, and I want to get better at equipping them.",
  "Our church is in a season of transition and I'm looking for wise counsel.",
  "I'm passionate about discipleship that reaches beyond Sunday morning.",
  "Our community is changing quickly, and our church needs to change with it.",
  "I'm learning how to lead a team rather than do everything myself.",
];
const USER_BIO_CLOSERS = [
  "Looking for a mentor who has walked this road before.",
  "Outside church you'll find me hiking with my family.",
  "I'm here to learn and to grow as a leader.",
  "Grateful for every conversation that sharpens me.",
  "",
];

/**
 * Education for the mentees who list no degree (the user form requires one). Chosen in turn rather
 * than drawn, so the random sequence, and with it every later row, stays the same.
 */
const USER_INFORMAL_EDUCATION = [
  "No formal theological training yet, learning on the job and through our church's leadership courses",
  "Some college, plus our denomination's lay leadership program",
  "High school diploma and years of volunteer training at church",
  "Self-taught through books, conferences and mentoring from our senior pastor",
];

const GUIDE_EDUCATION = [
  "M.Div., Dallas Theological Seminary", "D.Min., Gordon-Conwell Theological Seminary",
  "B.A. Biblical Studies, Moody Bible Institute", "M.A. Worship Studies, Liberty University",
  "Th.M., Trinity Evangelical Divinity School", "B.S. Elementary Education, Baylor University",
  "M.A. Youth Ministry, Asbury Theological Seminary", "M.B.A., Regent University",
  "Certificate in Church Planting, Redeemer City to City", "M.A. Intercultural Studies, Fuller Theological Seminary",
  "B.A. Communications, Azusa Pacific University", "M.A. Counseling, Reformed Theological Seminary",
  "D.Min. in Church Revitalization, Southern Seminary", "B.Mus. Church Music, Belmont University",
];

/**
 * What a guide's bio says of their own specialty. Every specialty has an active guide (see buildPeople), so the home
 * page's example searches (EXAMPLE_SEARCHES in app/modules/mentor-search/query.ts) each find someone in the demo.
 */
const SPECIALTY_FOCUS: Record<Specialty, string> = {
  leadership: "Much of their mentoring is with pastors leading a staff or a board through conflict.",
  churchGrowth: "They help plateaued churches welcome guests well and keep them.",
  strategicPlanning: "They have walked several churches through a building campaign, from first vision to dedication Sunday.",
  discipleship: "They help churches build a discipleship pathway that ordinary members can follow.",
  worshipPlanning: "They coach worship leaders who want a team that serves the sermon and lasts.",
  youthMinistry: "They spent years in youth ministry and love helping youth pastors partner with parents.",
  childrensMinistry: "They help children's ministries recruit, train and keep their volunteers.",
  smallGroups: "They help churches launch small groups and train the volunteers who host them.",
  missions: "They help churches build mission partnerships that serve both sides well.",
  evangelism: "They equip ordinary members to share their faith with their neighbours.",
  churchPlanting: "They have coached church planting teams from the first core team to launch Sunday.",
  pastoralCare: "Much of their mentoring is with pastors recovering from burnout, grief or a hard season.",
  administration: "They help church staff put in place the policies and structures that keep a church healthy.",
  finance: "They have guided boards through budget shortfalls and more than one building campaign.",
  technology: "They help volunteer tech teams run sound, lights and livestream without burnout.",
  communications: "They help churches communicate clearly through change and conflict.",
};

const GUIDE_BIO_MIDDLES = [
  "Known for a calm, practical style, they help leaders find the next faithful step.",
  "Their passion is helping weary leaders rediscover joy in ministry while building teams that last.",
  "Over the years they have coached dozens of pastors through transitions, conflict and growth.",
  "They care deeply about healthy churches that make disciples, not just attendance numbers.",
  "They have led through building projects, staff turnover and a global pandemic, and love sharing what they learned.",
  "Their sessions are honest, prayerful and focused on practical next steps.",
];
const GUIDE_BIO_CLOSERS = [
  "Married with grown children and a very patient dog.",
  "A lifelong learner who still reads a book a week.",
  "Based in a small town but serving leaders around the world.",
  "Happy to meet with leaders of churches of any size.",
  "",
];

const RECENT_SUCCESSES = [
  "Helped a plateaued church of 120 grow to 210 through a new guest follow-up process.",
  "Coached three church planters through their first year; all three plants are now self-sustaining.",
  "Led a $2.4M building campaign that finished six months early and debt-free.",
  "Rebuilt a youth ministry from 8 to 60 students in two years by training parent volunteers.",
  "Guided a 90-year-old congregation through a merger with a younger church plant.",
  "Launched a second campus that now has 400 people on a Sunday.",
  "Trained 45 new small group leaders in one semester.",
  "Wrote a child protection policy now used by 30 churches in our network.",
  "Helped a worship team of 25 volunteers move to a sustainable rota with no burnout.",
  "Walked a staff team through a painful conflict to reconciliation and a shared vision.",
  "Set up a care team that now handles 80% of hospital visits, freeing the pastor to lead.",
  "Moved a church from paper giving to online generosity; giving rose 22% in a year.",
];

const UNIQUE_EXPERIENCES = [
  "Led a congregation through a merger with a neighbouring church.",
  "Served as interim pastor in four churches during leadership transitions.",
  "Planted churches in two countries and two languages.",
  "Ran a livestream ministry that reached 3,000 homes during lockdown.",
  "Spent ten years as a hospital chaplain before returning to the local church.",
  "Was a youth pastor, worship pastor and senior pastor in the same church over 25 years.",
  "Helped relaunch a church after a moral failure of the previous pastor.",
  "Trained pastors in East Africa for a decade.",
];

const AVAILABILITY_DESCRIPTIONS = [
  "Tuesday and Thursday mornings, my local time.",
  "Weekday afternoons; Mondays are my sabbath.",
  "Evenings after 6pm on weekdays.",
  "Wednesdays all day and Friday mornings.",
  "Flexible; I keep two mornings a week for mentoring.",
  "Mornings Monday to Thursday.",
];

const REFERENCE_ROLES = ["Lead Pastor", "Board Chair", "Executive Pastor", "Denominational Superintendent", "Elder", "Seminary Professor"];

const REQUEST_MESSAGES = [
  "I'd love to give back by mentoring younger pastors the way others mentored me.",
  "After twenty years in youth ministry I want to help leaders avoid the mistakes I made.",
  "Our network has asked me to coach planters; this platform looks like the right place.",
  "I have walked through a building campaign and a church merger and would like to help others do the same.",
  "I mentor worship leaders informally already and would like to make that more intentional.",
];
const DECLINE_REASONS = [
  "We couldn't verify your references. Please add a current pastor or elder we can contact and apply again.",
  "For this category we ask for at least three years of ministry leadership experience. We'd love to hear from you again later.",
  "Your application is missing a statement of faith and a reference from your current church.",
];

const BOOKING_TOPICS = [
  ...Object.values(EXPERTISE).flat(),
  "Preventing burnout on a small staff", "Transitioning from founding pastor", "Handling conflict on the elder board",
  "Starting a second Sunday service", "Budget shortfall at year end", "Youth group attendance after summer",
  "Rebuilding after a church split", "Planning next year's preaching calendar", "My first 100 days as senior pastor",
  "Recruiting volunteers in a busy season", "Leading a church through grief", "Easter and Christmas planning",
  "Hiring our first full-time staff member", "Vacation Bible School on a small budget", "Moving to an elder-led structure",
];

const BOOKING_NOTES = [
  "We're a church of about 150 in a rural town.",
  "I'd like to talk through our draft budget; I'll bring the spreadsheet.",
  "Our board meets next week, so practical next steps would help most.",
  "This is my first session on the platform. Looking forward to it!",
  "Could we pray together at the start?",
  "Two of our elders may join the call.",
  "I'll send our current volunteer org chart beforehand.",
  "Following up on our last conversation about the youth team.",
  "We're a multi-ethnic congregation meeting in a rented school.",
  "I may be a few minutes late; I'm coming from a hospital visit.",
];

const CONTENT_TITLES = [
  "Five Questions to Ask Before a Building Campaign",
  "Raising Up Volunteer Leaders Who Stay: Lessons from Twenty Years in the Local Church",
  "When the Founding Pastor Steps Down",
  "Worship Sets That Serve the Sermon",
  "The Sunday Morning Check-In Checklist",
  "Preaching Through Grief",
  "Small Groups That Multiply Instead of Stall",
  "Why Youth Ministry Needs Parents More Than Pizza",
  "Sabbath for Pastors Who Think They Can't Afford One",
  "Reading Your Church's Financial Statements Without Fear",
  "The First Year of a Church Plant: What Nobody Tells You About the Loneliness",
  "Hospital Visits: A Field Guide for New Pastors",
  "Multi-Site Without Losing Your Soul",
  "Healthy Elder Boards and How to Build One",
  "Discipleship Pathways for Ordinary Churches",
  "Livestreaming Church on a Shoestring Budget",
  "Evangelism in a Post-Christian Neighbourhood: Practical Steps for Every Member",
  "Leading Through Conflict Without Losing Your People",
  "Kids Ministry Volunteers: Recruiting, Training and Thanking",
  "The Gospel of Mark: A Sermon Series for Advent",
];
const CONTENT_TYPES = ["article", "video", "podcast", "book", "sermon"] as const;
const CONTENT_DESCRIPTIONS = [
  "A practical guide drawn from years of local-church ministry.",
  "Recorded at a regional pastors' gathering.",
  "Conversation with two pastors who have lived it.",
  "Short read for church staff teams and elders.",
  "Notes and slides included.",
  "Part of a series for ministry leaders in transition.",
];

const EMAIL_FALLBACK_NAMES = ["ministry", "leader"];

// ─── Data shapes ────────────────────────────────────────────────────────────────────────────

type Role = "user" | "guide" | "admin";

interface Person {
  id: number;
  role: Role;
  email: string;
  name: string;
  firstName: string;
  /** How the first name is usually borne: the picture drawn for them fits it. */
  presentation: Presentation;
  title: string | null;
  organisation: string | null;
  bio: string | null;
  education: string | null;
  experience: string | null;
  challenges: string | null;
  status: "active" | "inactive";
  isVerified: boolean;
  isDeleted: boolean;
  deletedAt: number | null;
  /** When an inactive account became inactive (not stored; keeps bookings before it). */
  inactiveSince: number | null;
  stripeCustomerId: string | null;
  notifications: boolean;
  darkMode: boolean;
  timeZone: string;
  utcOffset: number;
  createdAt: number;
  updatedAt: number;
  specialties: Specialty[];
}

interface Guide extends Person {
  role: "guide";
  request: "approved" | "pending" | "rejected";
  requestMessage: string;
  decidedAt: number | null;
  declineReason: string | null;
  /** 0..1: how often this guide is picked for a booking. */
  popularity: number;
  /** Typical rating this guide earns. */
  quality: number;
  languages: string[];
  profile: {
    id: number;
    phone: string;
    experienceYears: number;
    mentoredYears: number;
    category: Category;
    recentSuccess: string;
    videoUrl: string;
    payWhatYouWant: boolean;
    hourlyRateCents: number;
    education: string[];
    expertise: string[];
    references: string[];
    contentLinks: string[];
    content: string;
    availabilityDescription: string;
    uniqueExperiences: string;
  };
}

const BOOKING_STATUSES = ["confirmed", "completed", "cancelled"] as const;
type BookingStatus = (typeof BOOKING_STATUSES)[number];
const COMPLETED = 1;
/** A booking's payment status; a payment row's status is the same but "paid" is "succeeded". */
const PAYMENT_STATUSES = ["paid", "pending", "failed", "unpaid"] as const;
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
const PAID = 0;
const UNPAID = 3;
const PAYMENT_ROW_STATUSES = ["succeeded", "pending", "failed"] as const;

/**
 * Rows kept as columns of numbers, one Float64Array per field, instead of one object per row: a
 * million bookings stay a few compact arrays the garbage collector never walks. Strings are stored
 * as numbers too (an index into a word list, or -1 for null); NaN stands for a null moment.
 */
class Columns<K extends string> {
  length = 0;
  col: Record<K, Float64Array>;

  constructor(
    private readonly names: readonly K[],
    capacity: number,
  ) {
    this.col = Object.fromEntries(names.map((name) => [name, new Float64Array(Math.max(16, capacity))])) as Record<K, Float64Array>;
  }

  /** Makes room for one more row and returns its index (write its fields through `col` afterwards). */
  add(): number {
    const capacity = this.col[this.names[0]].length;
    if (this.length === capacity) {
      for (const name of this.names) {
        const bigger = new Float64Array(capacity * 2);
        bigger.set(this.col[name]);
        this.col[name] = bigger;
      }
    }
    return this.length++;
  }

  /** The same rows in the given order (`order[i]` is the old index of new row i). */
  reordered(order: ArrayLike<number>): Columns<K> {
    const out = new Columns(this.names, order.length);
    for (const name of this.names) reorder(this.col[name], out.col[name], order);
    out.length = order.length;
    return out;
  }
}

function reorder(from: Float64Array, to: Float64Array, order: ArrayLike<number>) {
  for (let i = 0; i < order.length; i++) to[i] = from[order[i]];
}

/** Row indexes 0..n-1 sorted by `compare`. */
function sortedOrder(n: number, compare: (a: number, b: number) => number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order.sort(compare);
}

/** Strings the columns refer to by number. */
class Words {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();

  /** Starts with `words`, word i having id i (a repeated word keeps its first id for lookups). */
  constructor(words: readonly string[] = []) {
    words.forEach((word, i) => {
      this.list.push(word);
      if (!this.index.has(word)) this.index.set(word, i);
    });
  }

  id(word: string | null): number {
    if (word === null) return -1;
    let id = this.index.get(word);
    if (id === undefined) {
      id = this.list.length;
      this.list.push(word);
      this.index.set(word, id);
    }
    return id;
  }

  get(id: number): string | null {
    return id < 0 ? null : this.list[id];
  }
}

/** Bookings; once sorted, booking id = row index + 1. `topic` and `notes` are `Words` ids. */
type Bookings = Columns<
  "userId" | "guideId" | "startsAt" | "topic" | "notes" | "rateCents" | "paymentStatus" | "status" | "createdAt" | "updatedAt"
>;
const BOOKING_FIELDS = [
  "userId", "guideId", "startsAt", "topic", "notes", "rateCents", "paymentStatus", "status", "createdAt", "updatedAt",
] as const;
/** Payments; payment id = row index + 1. `booking` is the booking's row index, `paidAt` NaN when unpaid. */
type Payments = Columns<"booking" | "status" | "createdAt" | "paidAt">;
/** Reviews; once sorted, review id = row index + 1. */
interface Reviews {
  rows: Columns<"booking" | "rating" | "respondedAt" | "createdAt">;
  content: string[];
  /** The mentor's reply to each review, or null. */
  replies: Array<string | null>;
  /** Row of the one review whose reviewer gave no date (-1: none). */
  undated: number;
}

// ─── People ─────────────────────────────────────────────────────────────────────────────────

let emailCounter = 0;
/** Names given so far: the demo gives each person a name of their own (at SEED_SCALE names repeat, as in life). */
const namesTaken = new Set<string>();

/** A first and last name from the lists, drawn again while the demo already has that name. */
function personName(firsts: readonly FirstName[], lasts: readonly string[]): [FirstName, string] {
  for (;;) {
    const first = pick(firsts);
    const last = pick(lasts);
    if (SCALED) return [first, last];
    const name = `${first.name} ${last}`;
    if (!namesTaken.has(name)) {
      namesTaken.add(name);
      return [first, last];
    }
  }
}

function uniqueEmail(first: string, last: string): string {
  emailCounter += 1;
  const a = emailPart(first) || EMAIL_FALLBACK_NAMES[0];
  const b = emailPart(last) || EMAIL_FALLBACK_NAMES[1];
  return `${a}.${b}.${emailCounter}@example.org`;
}

function basePerson(role: Role, first: string, last: string, createdAt: number, presentation: Presentation): Person {
  const tz = weighted(TIME_ZONES);
  return {
    id: 0,
    role,
    email: uniqueEmail(first, last),
    name: `${first} ${last}`,
    firstName: first,
    presentation,
    title: null,
    organisation: null,
    bio: null,
    education: null,
    experience: null,
    challenges: null,
    status: "active",
    isVerified: true,
    isDeleted: false,
    deletedAt: null,
    inactiveSince: null,
    stripeCustomerId: null,
    notifications: chance(0.85),
    darkMode: chance(0.2),
    timeZone: tz.zone,
    utcOffset: tz.offset,
    createdAt,
    updatedAt: createdAt,
    specialties: [],
  };
}

function makeAdmin(): Person {
  const admin = basePerson("admin", "Grace", "Admin", NOW_MS - 900 * DAY, "f");
  return {
    ...admin,
    email: "admin@example.com",
    title: "Platform Administrator",
    organisation: "Ministry Mentors",
    bio: "Keeps the marketplace running and answers your questions.",
    timeZone: "America/Chicago",
    utcOffset: -6,
    updatedAt: NOW_MS - 30 * DAY,
  };
}

/** A mentee; `createdAt` spreads sign-ups over the last ~26 months. */
function makeUser(): Person {
  // Mentees' names are the ones the user form takes (letters and spaces).
  const [first, last] = personName(MENTEE_FIRST_NAMES, MENTEE_LAST_NAMES);
  const user = basePerson("user", first.name, last, daysAgo(1, 800), first.presentation);
  const title = pick(USER_TITLES);
  const org = pick(USER_ORGANISATIONS);
  user.title = title;
  user.organisation = org;
  user.bio = [pick(USER_BIO_OPENERS), pick(USER_BIO_MIDDLES), pick(USER_BIO_CLOSERS)]
    .join(" ")
    .replace(/^\{title\}/, title)
    .replace("{title}", title.toLowerCase())
    .replace("{org}", org)
    .trim();
  user.education = chance(0.85) ? pick(USER_EDUCATION) : USER_INFORMAL_EDUCATION[emailCounter % USER_INFORMAL_EDUCATION.length];
  user.experience = chance(0.85) ? pick(USER_EXPERIENCE) : null;
  user.challenges = chance(0.8) ? pick(USER_CHALLENGES) : null;
  user.specialties = chance(0.6) ? pickSome(SPECIALTIES, 1, 3) : [];
  user.isVerified = chance(0.93);
  user.updatedAt = between(user.createdAt, NOW_MS - HOUR);
  if (chance(0.02)) softDelete(user, 5, 90);
  else if (chance(0.08)) deactivate(user, 10, 150);
  return user;
}

function makeDemoUser(): Person {
  const user = basePerson("user", "Sarah", "Johnson", NOW_MS - 520 * DAY, "f");
  return {
    ...user,
    email: "user@example.com",
    title: "Associate Pastor",
    organisation: "New Hope Fellowship",
    bio: "I serve as associate pastor at New Hope Fellowship, a church of about 250 in a growing suburb. I oversee small groups and volunteers and I'm preparing to step into a lead role in the next few years.",
    education: "M.A. in Christian Leadership, Wheaton College",
    experience: "Eight years on staff: four in student ministry, four as associate pastor.",
    challenges: "We're about to start a building campaign and I've never led one. I also want to build a volunteer culture that doesn't depend on the same dozen people.",
    specialties: ["leadership", "smallGroups", "strategicPlanning"],
    notifications: true,
    darkMode: false,
    timeZone: "America/Chicago",
    utcOffset: -6,
    updatedAt: NOW_MS - 12 * DAY,
  };
}

/** A moment `minDays`..`maxDays` ago, but never before the person signed up (nor in the future). */
const lifeEvent = (person: Person, minDays: number, maxDays: number) =>
  Math.min(Math.max(daysAgo(minDays, maxDays), person.createdAt + DAY), NOW_MS - HOUR);

function softDelete(person: Person, minDays: number, maxDays: number) {
  person.isDeleted = true;
  person.status = "inactive";
  person.deletedAt = lifeEvent(person, minDays, maxDays);
  person.updatedAt = person.deletedAt;
}

function deactivate(person: Person, minDays: number, maxDays: number) {
  person.status = "inactive";
  person.inactiveSince = lifeEvent(person, minDays, maxDays);
  person.updatedAt = person.inactiveSince;
}

function guideProfile(person: Person, category: Category, specialties: Specialty[]): Guide["profile"] {
  const experienceYears = weighted([[2, int(0, 4)], [6, int(5, 20)], [4, int(21, 35)], [1, int(36, 50)]] as const);
  const payWhatYouWant = chance(0.2);
  const name = slug(person.name);
  return {
    id: 0,
    // 555-0100 to 555-0199: real-looking numbers that are reserved for fiction (libphonenumber reads them as valid).
    phone: `+1503555${pad(int(100, 199), 4)}`,
    experienceYears,
    mentoredYears: Math.min(experienceYears, int(0, 20)),
    category,
    recentSuccess: pick(RECENT_SUCCESSES),
    videoUrl: `https://www.youtube.com/embed/${faker.string.alphanumeric({ length: 11, casing: "mixed" })}`,
    payWhatYouWant,
    hourlyRateCents: int(8, 30) * 500,
    education: pickSome(GUIDE_EDUCATION, 1, 3),
    expertise: faker.helpers.shuffle(specialties.flatMap((code) => EXPERTISE[code])).slice(0, int(2, 5)),
    references: Array.from({ length: int(2, 3) }, () =>
      guideReference(pick(FIRST_NAMES).name, pick(LAST_NAMES), pick(REFERENCE_ROLES), pick(GUIDE_ORGANISATIONS)),
    ),
    contentLinks: [`https://example.org/${name}/blog`, ...(chance(0.5) ? [`https://example.org/${name}/podcast`] : [])],
    content: `Writes and speaks on ${EXPERTISE[specialties[0]][0].toLowerCase()} and ${category.toLowerCase()} ministry.`,
    availabilityDescription: pick(AVAILABILITY_DESCRIPTIONS),
    uniqueExperiences: pick(UNIQUE_EXPERIENCES),
  };
}

/** A reference as "Rev. name, role, church"; the form takes at most 100 characters, so a long one leaves out the church. */
function guideReference(first: string, last: string, role: string, organisation: string): string {
  const full = `Rev. ${first} ${last}, ${role}, ${organisation}`;
  return full.length <= 100 ? full : `Rev. ${first} ${last}, ${role}`;
}

function guideBio(person: Person, years: number): string {
  const intro = `${person.name} has served in ministry for ${years} ${years === 1 ? "year" : "years"}, most recently as ${person.title} at ${person.organisation}.`;
  return [intro, SPECIALTY_FOCUS[person.specialties[0]], pick(GUIDE_BIO_MIDDLES), pick(GUIDE_BIO_CLOSERS)].join(" ").trim().slice(0, 500);
}

function guideLanguages(): string[] {
  const languages = ["English"];
  if (chance(0.35)) languages.push(...pickSome(LANGUAGES, 1, 2));
  return languages;
}

/**
 * Guide number `index` (0-based among the generated guides). The first guides are approved, so
 * every category and specialty is covered by an active, verified guide; then come pending and
 * rejected applicants.
 */
function makeGuide(index: number, kind: Guide["request"], fate: "active" | "inactive" | "deleted"): Guide {
  const [first, last] = personName(FIRST_NAMES, LAST_NAMES);
  const createdAt =
    kind === "pending" ? daysAgo(1, 30) : kind === "rejected" ? daysAgo(20, 120) : fate === "deleted" ? daysAgo(400, 1100) : daysAgo(45, 1100);
  const person = basePerson("guide", first.name, last, createdAt, first.presentation);
  const category = CATEGORIES[index % CATEGORIES.length];
  const own = SPECIALTIES[index % SPECIALTIES.length];
  const specialties = [own, ...pickSome(CATEGORY_PROFILE[category].specialties.filter((c) => c !== own), 1, 3)];
  if (chance(0.25)) {
    const extra = pick(SPECIALTIES);
    if (!specialties.includes(extra)) specialties.push(extra);
  }
  person.title = pick(CATEGORY_PROFILE[category].titles);
  person.organisation = pick(GUIDE_ORGANISATIONS);
  person.specialties = specialties;
  const profile = guideProfile(person, category, specialties);
  person.bio = guideBio(person, profile.experienceYears);
  const decidedAt = kind === "pending" ? null : Math.min(createdAt + int(1, 7) * DAY + int(0, 8) * HOUR, NOW_MS - HOUR);
  person.isVerified = kind === "approved";
  person.updatedAt = decidedAt ?? createdAt;
  const guide: Guide = {
    ...person,
    role: "guide",
    request: kind,
    requestMessage: pick(REQUEST_MESSAGES),
    decidedAt,
    declineReason: kind === "rejected" ? pick(DECLINE_REASONS) : null,
    popularity: 0.25 + faker.number.float() * 0.75,
    quality: 3.9 + faker.number.float() * 1.1,
    languages: guideLanguages(),
    profile,
  };
  if (fate === "deleted") softDelete(guide, 15, 60);
  else if (fate === "inactive") deactivate(guide, 10, 120);
  return guide;
}

function makeDemoGuide(): Guide {
  const person = basePerson("guide", "David", "Mitchell", NOW_MS - 700 * DAY, "m");
  const specialties: Specialty[] = ["leadership", "churchGrowth", "strategicPlanning", "pastoralCare"];
  return {
    ...person,
    role: "guide",
    email: "guide@example.com",
    title: "Senior Pastor",
    organisation: "Cornerstone Bible Church",
    bio: "David Mitchell has pastored Cornerstone Bible Church for 22 years, leading it from a school gym to a congregation of 1,400 across two services. He has walked through two building campaigns, a church split and a leadership succession, and now spends two mornings a week mentoring pastors who are leading through similar seasons. Married to Rachel for 28 years, with four children and two grandchildren.",
    specialties,
    timeZone: "America/Chicago",
    utcOffset: -6,
    updatedAt: NOW_MS - 5 * DAY,
    request: "approved",
    requestMessage: "I'd love to give back by mentoring younger pastors the way others mentored me.",
    decidedAt: NOW_MS - 698 * DAY,
    declineReason: null,
    popularity: 1,
    quality: 4.6,
    languages: ["English", "Spanish"],
    profile: {
      id: 0,
      phone: "+15035550123",
      experienceYears: 27,
      mentoredYears: 12,
      category: "Senior Pastors",
      recentSuccess: "Coached a church of 180 through its first capital campaign: $1.2M pledged and a new children's wing opened this autumn.",
      videoUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ",
      payWhatYouWant: false,
      hourlyRateCents: 9500,
      education: ["M.Div., Dallas Theological Seminary", "D.Min. in Church Revitalization, Southern Seminary"],
      expertise: ["Leading through a building campaign", "Raising up volunteer leaders", "Building a healthy elder board", "Succession planning for senior leaders"],
      references: [
        "Rev. Thomas Greene, Denominational Superintendent, Gulf Coast District",
        "Dr. Alicia Moreno, Seminary Professor, Dallas Theological Seminary",
      ],
      contentLinks: ["https://example.org/david-mitchell/blog", "https://example.org/david-mitchell/podcast"],
      content: "Writes a monthly leadership letter for pastors and hosts the Faithful Leader podcast.",
      availabilityDescription: "Tuesday and Thursday mornings, Central time.",
      uniqueExperiences: "Led Cornerstone through a church split in 2009 and a healthy senior-pastor succession plan in 2024.",
    },
  };
}

interface People {
  admin: Person;
  demoGuide: Guide;
  demoUser: Person;
  guides: Guide[];
  users: Person[];
}

function buildPeople(): People {
  const admin = makeAdmin();
  const demoGuide = makeDemoGuide();
  const demoUser = makeDemoUser();

  const others = GUIDE_COUNT - 1;
  const pending = Math.max(5, Math.round(others * 0.05));
  const rejected = Math.max(2, Math.round(others * 0.02));
  const approved = others - pending - rejected;
  const deleted = Math.max(2, Math.round(others * 0.01));
  const guides: Guide[] = [demoGuide];
  for (let i = 0; i < others; i++) {
    const kind = i < approved ? "approved" : i < approved + pending ? "pending" : "rejected";
    // The first 16 approved guides stay active so every specialty has a bookable guide; the
    // next two (and a few more at random) went inactive; the last approved ones were deleted.
    const fate =
      kind !== "approved" || i < 16 ? "active" : i >= approved - deleted ? "deleted" : i < 18 || chance(0.1) ? "inactive" : "active";
    guides.push(makeGuide(i, kind, fate));
  }

  const users: Person[] = [demoUser];
  for (let i = 1; i < USER_COUNT; i++) users.push(makeUser());

  // Ids follow sign-up order; the demo accounts take the first ids.
  const fixed: Person[] = [admin, demoGuide, demoUser];
  const rest = [...guides.slice(1), ...users.slice(1)].sort((a, b) => a.createdAt - b.createdAt);
  let id = 0;
  for (const p of [...fixed, ...rest]) p.id = ++id;
  guides.forEach((g, i) => (g.profile.id = i + 1));
  guides.sort((a, b) => a.id - b.id);
  users.sort((a, b) => a.id - b.id);
  return { admin, demoGuide, demoUser, guides, users };
}

// ─── Bookings ───────────────────────────────────────────────────────────────────────────────

/** Last moment a person can take part in a session. */
const activeUntil = (p: Person) => Math.min(p.deletedAt ?? Infinity, p.inactiveSince ?? Infinity);

const HALF_HOUR = 30 * 60_000;

class Calendar {
  /** Per guide, the half-hours (since 1970) their sessions start at. */
  private taken = new Map<number, Set<number>>();

  /** Reserves an hour for the guide near `startsAt` (moving later on a clash): its start, or null if the day is full. */
  reserve(guideId: number, startsAt: number): number | null {
    let set = this.taken.get(guideId);
    if (!set) this.taken.set(guideId, (set = new Set()));
    for (let tries = 0; tries < 6; tries++) {
      const t = startsAt + tries * HOUR;
      const key = t / HALF_HOUR;
      if (!set.has(key)) {
        set.add(key);
        return t;
      }
    }
    return null;
  }
}

/** A session start on the given day at a working hour of the guide's time zone. */
function sessionStart(dayMs: number, guide: Guide): number {
  const midnight = Math.floor(dayMs / DAY) * DAY;
  const localHour = int(8, 19);
  const utcHour = localHour - guide.utcOffset;
  return midnight + utcHour * HOUR + (chance(0.2) ? HALF_HOUR : 0);
}

/** Index of the first key greater than `limit` (keys sorted ascending). */
function upperBound(keys: Float64Array, limit: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid] <= limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function bookingRate(guide: Guide): number {
  if (!guide.profile.payWhatYouWant) return guide.profile.hourlyRateCents;
  return chance(0.35) ? 0 : Math.max(1000, Math.round(int(1000, guide.profile.hourlyRateCents) / 500) * 500);
}

/**
 * How a booking's payment went, by booking status: weights of paid, pending, failed and unpaid. At
 * SEED_SCALE a few more are left unpaid, so that about 80% of bookings have a payment.
 */
const odds = (...weights: number[]) => weights.map((weight, i) => [weight, PAYMENT_STATUSES[i]] as const);
const PAYMENT_ODDS: Record<BookingStatus, ReadonlyArray<readonly [number, PaymentStatus]>> = SCALED
  ? { completed: odds(84, 3, 3, 10), confirmed: odds(66, 17, 6, 11), cancelled: odds(22, 9, 33, 36) }
  : { completed: odds(90, 3, 3, 4), confirmed: odds(70, 18, 6, 6), cancelled: odds(25, 10, 35, 30) };

function paymentStatusFor(status: BookingStatus, rateCents: number): PaymentStatus {
  return rateCents === 0 ? "unpaid" : weighted(PAYMENT_ODDS[status]);
}

interface BookingDraft {
  user: Person;
  guide: Guide;
  startsAt: number;
  createdAt: number;
  status?: BookingStatus;
  paymentStatus?: PaymentStatus;
  topic?: string;
  notes?: string | null;
}

const BOOKING_TOPIC_IDS = BOOKING_TOPICS.map((_, i) => i);
const BOOKING_NOTE_IDS = BOOKING_NOTES.map((_, i) => BOOKING_TOPICS.length + i);

/** The booking texts; topics and notes first, as BOOKING_TOPIC_IDS and BOOKING_NOTE_IDS expect. */
function bookingWords() {
  return new Words([...BOOKING_TOPICS, ...BOOKING_NOTES]);
}

/** Adds a booking of the draft to `bookings`: its row, or -1 when the guide's day is full. */
function draftBooking(calendar: Calendar, bookings: Bookings, words: Words, d: BookingDraft): number {
  const startsAt = calendar.reserve(d.guide.id, d.startsAt);
  if (startsAt === null) return -1;
  const past = startsAt + HOUR <= NOW_MS;
  const status = d.status ?? (past ? (chance(0.86) ? "completed" : "cancelled") : chance(0.9) ? "confirmed" : "cancelled");
  const rateCents = bookingRate(d.guide);
  const paymentStatus = d.paymentStatus ?? paymentStatusFor(status, rateCents);
  const lastChange = status === "completed" ? startsAt + HOUR : status === "cancelled" ? between(d.createdAt, Math.min(startsAt, NOW_MS)) : d.createdAt;
  const topic = d.topic !== undefined ? words.id(d.topic) : pick(BOOKING_TOPIC_IDS);
  const notes = d.notes !== undefined ? words.id(d.notes) : chance(0.35) ? pick(BOOKING_NOTE_IDS) : -1;
  const row = bookings.add();
  const b = bookings.col;
  b.userId[row] = d.user.id;
  b.guideId[row] = d.guide.id;
  b.startsAt[row] = startsAt;
  b.topic[row] = topic;
  b.notes[row] = notes;
  b.rateCents[row] = paymentStatus === "unpaid" && rateCents > 0 && chance(0.3) ? 0 : rateCents;
  b.paymentStatus[row] = PAYMENT_STATUSES.indexOf(paymentStatus);
  b.status[row] = BOOKING_STATUSES.indexOf(status);
  b.createdAt[row] = d.createdAt;
  b.updatedAt[row] = Math.min(Math.max(lastChange, d.createdAt), NOW_MS);
  return row;
}

/** The demo mentee's own history: every payment status, past and upcoming, with the demo guide and others. */
function demoBookings(calendar: Calendar, bookings: Bookings, words: Words, people: People, bookable: Guide[]) {
  const { demoUser: user, demoGuide } = people;
  /** Another active guide who was already approved a month before `offsetDays`. */
  const other = (offsetDays: number) => {
    const eligible = bookable.filter((g) => g.decidedAt! < NOW_MS + (offsetDays - 30) * DAY);
    return pick(eligible.length ? eligible : bookable);
  };
  const plan: Array<[Guide, number, BookingStatus, PaymentStatus, string]> = [
    [demoGuide, -300, "completed", "paid", "Leading through a building campaign"],
    [demoGuide, -240, "completed", "paid", "Raising up volunteer leaders"],
    [demoGuide, -150, "completed", "paid", "Building a healthy elder board"],
    [demoGuide, -60, "completed", "paid", "Succession planning for senior leaders"],
    [demoGuide, -20, "cancelled", "failed", "Budget shortfall at year end"],
    [demoGuide, 3, "confirmed", "paid", "Capital campaign kick-off Sunday"],
    [demoGuide, 10, "confirmed", "pending", "Preventing burnout on a small staff"],
    [other(-200), -200, "completed", "paid", "Launching a small group system"],
    [other(-90), -90, "completed", "unpaid", "Preventing burnout on a small staff"],
    [other(-30), -30, "completed", "paid", "Planning next year's preaching calendar"],
    [other(6), 6, "confirmed", "unpaid", "Recruiting volunteers in a busy season"],
    [other(14), 14, "confirmed", "failed", "Hiring our first full-time staff member"],
  ];
  for (const [guide, offsetDays, status, paymentStatus, topic] of plan) {
    const startsAt = sessionStart(NOW_MS + offsetDays * DAY, guide);
    const createdAt = Math.min(startsAt - int(3, 14) * DAY, NOW_MS - int(1, 48) * HOUR);
    const row = draftBooking(calendar, bookings, words, { user, guide, startsAt, createdAt, status, paymentStatus, topic, notes: chance(0.5) ? pick(BOOKING_NOTES) : null });
    if (row >= 0 && paymentStatus !== "unpaid" && bookings.col.rateCents[row] === 0) bookings.col.rateCents[row] = guide.profile.hourlyRateCents;
  }
}

function buildBookings(people: People, calendar: Calendar, words: Words): Bookings {
  const bookableGuides = people.guides.filter((g) => g.request === "approved").sort((a, b) => a.decidedAt! - b.decidedAt!);
  const activeGuides = bookableGuides.filter((g) => g.status === "active" && !g.isDeleted && g.id !== people.demoGuide.id);
  const users = people.users.filter((u) => u.isVerified && u.id !== people.demoUser.id); // sorted by createdAt (= id order)
  const drafts: Bookings = new Columns(BOOKING_FIELDS, BOOKING_TARGET);
  demoBookings(calendar, drafts, words, people, activeGuides);

  // What the loop reads of each guide and mentee, as plain arrays (faster than a million property reads).
  const guideDecidedAt = Float64Array.from(bookableGuides, (g) => g.decidedAt!);
  const guidePopularity = Float64Array.from(bookableGuides, (g) => g.popularity);
  const guideActiveUntil = Float64Array.from(bookableGuides, activeUntil);
  const userBookableFrom = Float64Array.from(users, (u) => u.createdAt + DAY);
  const userActiveUntil = Float64Array.from(users, activeUntil);

  let attempts = 0;
  while (drafts.length < BOOKING_TARGET && attempts < BOOKING_TARGET * 4) {
    attempts++;
    const upcoming = chance(0.12);
    const day = upcoming ? daysAhead(0, 45) : daysAgo(0, 365);
    const createdAt = upcoming ? daysAgo(0, 20) : day - int(1, 21) * DAY - int(0, 23) * HOUR;

    const gEnd = upperBound(guideDecidedAt, createdAt);
    const uEnd = upperBound(userBookableFrom, createdAt);
    if (gEnd === 0 || uEnd === 0) continue;
    const g = int(0, gEnd - 1);
    if (!chance(guidePopularity[g])) continue;
    const guide = bookableGuides[g];
    const startsAt = sessionStart(day, guide);
    if (startsAt <= createdAt || startsAt >= guideActiveUntil[g]) continue;
    const u = int(0, uEnd - 1);
    if (startsAt >= userActiveUntil[u]) continue;
    if (draftBooking(calendar, drafts, words, { user: users[u], guide, startsAt, createdAt }) >= 0 && drafts.length < BOOKING_TARGET) {
      progress("bookings", drafts.length, BOOKING_TARGET);
    }
  }
  // The demo guide's paid session that ended two days ago and that nobody marked: the app completes it on its own.
  const { demoUser, demoGuide } = people;
  const unmarked = draftBooking(calendar, drafts, words, {
    user: demoUser, guide: demoGuide, startsAt: sessionStart(NOW_MS - 2 * DAY, demoGuide), createdAt: NOW_MS - 9 * DAY,
    status: "confirmed", paymentStatus: "paid", topic: "Reading the room in a divided congregation", notes: null,
  });
  if (unmarked >= 0 && drafts.col.rateCents[unmarked] === 0) drafts.col.rateCents[unmarked] = demoGuide.profile.hourlyRateCents;

  // Ids follow the order in which bookings were made (then the order they were drafted in).
  const { createdAt } = drafts.col;
  const bookings = drafts.reordered(sortedOrder(drafts.length, (a, b) => createdAt[a] - createdAt[b] || a - b));
  progress("bookings", bookings.length, bookings.length);
  return bookings;
}

/**
 * Free times now come from each guide's rules (weekly hours, app/modules/schedule), so no open slots are seeded.
 * The draws the open slots used to make are still made, so every row generated after them stays as it was.
 */
function drawRetiredOpenSlots(people: People) {
  for (const g of people.guides) {
    if (g.request !== "approved" || g.status !== "active" || g.isDeleted) continue;
    const n = g.id === people.demoGuide.id ? 10 : int(3, 8);
    for (let i = 0; i < n; i++) sessionStart(daysAhead(1, 28), g);
  }
}

/**
 * Guides live in US and UK time zones (their weekly hours are in their own zone), chosen by id, without a draw.
 * The demo guide keeps Central time.
 */
const GUIDE_TIME_ZONES = [
  { zone: "America/New_York", offset: -5 },
  { zone: "America/Chicago", offset: -6 },
  { zone: "America/Denver", offset: -7 },
  { zone: "America/Los_Angeles", offset: -8 },
  { zone: "Europe/London", offset: 0 },
  { zone: "America/Phoenix", offset: -7 },
] as const;
function assignGuideTimeZones(people: People) {
  for (const g of people.guides) {
    if (g.id === people.demoGuide.id) continue;
    const tz = GUIDE_TIME_ZONES[g.id % GUIDE_TIME_ZONES.length];
    g.timeZone = tz.zone;
    g.utcOffset = tz.offset;
  }
}

// ─── Payments, reviews ──────────────────────────────────────────────────────────────────────

function buildPayments(bookings: Bookings, people: People): Payments {
  const payments: Payments = new Columns(["booking", "status", "createdAt", "paidAt"], bookings.length);
  const b = bookings.col;
  for (let i = 0; i < bookings.length; i++) {
    const status = b.paymentStatus[i];
    if (status === UNPAID) continue;
    const createdAt = Math.min(b.createdAt[i] + int(5, 300) * 1000, NOW_MS);
    const row = payments.add();
    const p = payments.col;
    p.booking[row] = i;
    p.status[row] = status; // paid → succeeded, pending, failed
    p.createdAt[row] = createdAt;
    p.paidAt[row] = status === PAID ? Math.min(createdAt + int(2, 20) * 1000, NOW_MS) : NaN;
  }
  // Mentees who ever paid have a Stripe customer.
  const byId = new Map(people.users.map((u) => [u.id, u]));
  for (let row = 0; row < payments.length; row++) {
    const user = byId.get(b.userId[payments.col.booking[row]]);
    if (user && !user.stripeCustomerId) user.stripeCustomerId = `cus_seed_${pad(user.id)}`;
  }
  progress("payments", payments.length, payments.length);
  return payments;
}

/**
 * A review of a session and the reply it would get (prisma/seed-reviews.ts), of a kind drawn for its rating and about
 * the session's topic. The demo never repeats a review: a kind already written about that topic gives way to the next.
 */
function reviewAndReply(rating: number, topic: string, mentor: string, written: Set<string> | null) {
  const kinds = THEMES[rating - 1].length;
  const first = int(0, kinds - 1);
  for (let k = 0; k < kinds; k++) {
    const pair = reviewPair(rating, first + k, topic, mentor);
    if (!written || !written.has(pair.review)) {
      written?.add(pair.review);
      return pair;
    }
  }
  throw new Error(`Every kind of ${rating}-star review of "${topic}" is taken: add kinds to prisma/seed-reviews.ts`);
}

function buildReviews(bookings: Bookings, people: People, words: Words): Reviews {
  const guides = new Map(people.guides.map((g) => [g.id, g]));
  const b = bookings.col;
  const demoUserId = people.demoUser.id;
  let completed = 0;
  // The demo user's latest finished session is still waiting for a review; the others all have one.
  let awaitingReview = -1;
  for (let i = 0; i < bookings.length; i++) {
    if (b.status[i] !== COMPLETED) continue;
    completed++;
    if (b.userId[i] === demoUserId) awaitingReview = i;
  }
  const target = Math.floor(bookings.length / 4);
  const rate = Math.min(1, target / Math.max(1, completed));
  const drafts = new Columns(["booking", "rating", "respondedAt", "createdAt"], target + 100);
  const content: string[] = [];
  const replies: Array<string | null> = [];
  const written = SCALED ? null : new Set<string>();
  for (let i = 0; i < bookings.length; i++) {
    if (b.status[i] !== COMPLETED) continue;
    const isDemoUser = b.userId[i] === demoUserId;
    if (i === awaitingReview) continue;
    if (!isDemoUser && !chance(rate)) continue;
    const guide = guides.get(b.guideId[i])!;
    const rating = chance(0.05) ? int(1, 2) : Math.max(1, Math.min(5, Math.round(guide.quality + (faker.number.float() - 0.5) * 2.2)));
    const createdAt = Math.min(b.startsAt[i] + HOUR + int(0, 10 * 24) * HOUR, NOW_MS);
    const responds = chance(rating <= 3 ? 0.6 : 0.35);
    const respondedAt = responds ? createdAt + int(1, 6) * DAY : null;
    const canRespond = respondedAt !== null && respondedAt < NOW_MS;
    const { review, reply } = reviewAndReply(rating, words.get(b.topic[i]) ?? "", guide.firstName, written);
    content.push(review);
    replies.push(canRespond ? reply : null);
    const row = drafts.add();
    const r = drafts.col;
    r.booking[row] = i;
    r.rating[row] = rating;
    r.respondedAt[row] = canRespond ? respondedAt : NaN;
    r.createdAt[row] = createdAt;
  }
  const { createdAt, booking } = drafts.col;
  const order = sortedOrder(drafts.length, (x, y) => createdAt[x] - createdAt[y] || booking[x] - booking[y]);
  const rows = drafts.reordered(order);
  // Exactly one review whose reviewer gave no date.
  let undated = -1;
  for (let row = 0; row < rows.length && undated < 0; row++) {
    const i = rows.col.booking[row];
    if (b.userId[i] !== demoUserId && b.guideId[i] !== people.demoGuide.id) undated = row;
  }
  if (undated < 0 && rows.length) undated = 0;
  progress("reviews", rows.length, rows.length);
  return { rows, content: Array.from(order, (i) => content[i]), replies: Array.from(order, (i) => replies[i]), undated };
}

// ─── Writing ────────────────────────────────────────────────────────────────────────────────

type DB = Database.Database;

/** Every table in an order that deletes children before parents. */
const TABLES_CHILD_FIRST = [
  "ProblemReport", "Payout", "PayoutAccount", "Notification", "Message", "Review", "Payment", "TimeClaim", "Booking", "Availability", "AvailabilityOverride", "SessionOption", "PublishedContent", "GuideLanguage",
  "GuideProfile", "UserSpecialty", "GuideRequest", "CustomerQuery", "PageContent", "Session", "Password",
  "Resource", "Post", "User", "Upload", "Verification", "Faq", "PlatformSettings", "OutboxMail",
] as const;

/** The full-text search tables (trigram FTS5, rowid = the row's id) and how each is filled from its table. */
const SEARCH_TABLES = [
  { table: "UserSearch", trigger: "User_search_insert", fill: `INSERT INTO "UserSearch"(rowid, name, email, organisation) SELECT id, name, email, coalesce(organisation, '') FROM "User" ORDER BY id` },
  { table: "BookingSearch", trigger: "Booking_search_insert", fill: `INSERT INTO "BookingSearch"(rowid, topic) SELECT id, topic FROM "Booking" ORDER BY id` },
  { table: "ReviewSearch", trigger: "Review_search_insert", fill: `INSERT INTO "ReviewSearch"(rowid, content) SELECT id, content FROM "Review" ORDER BY id` },
  { table: "OutboxSearch", trigger: "OutboxMail_search_insert", fill: `INSERT INTO "OutboxSearch"(rowid, "to", subject) SELECT id, "to", subject FROM "OutboxMail" ORDER BY id` },
  {
    table: "CustomerQuerySearch",
    trigger: "CustomerQuery_search_insert",
    fill: `INSERT INTO "CustomerQuerySearch"(rowid, name, email, subject, message) SELECT id, name, email, subject, message FROM "CustomerQuery" ORDER BY id`,
  },
] as const;

function resetDatabase(db: DB) {
  for (const table of TABLES_CHILD_FIRST) db.prepare(`DELETE FROM "${table}"`).run();
  for (const { table } of SEARCH_TABLES) db.prepare(`DELETE FROM "${table}"`).run();
  db.prepare(`DELETE FROM sqlite_sequence`).run();
}

/** Writes rows 0..total-1 with `write`, one transaction per BATCH rows, and reports progress. */
function insertRows(db: DB, label: string, total: number, write: (i: number) => void) {
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) write(i);
  });
  for (let from = 0; from < total; from += BATCH) {
    const to = Math.min(total, from + BATCH);
    batch(from, to);
    progress(label, to, total);
  }
  if (total === 0) progress(label, 0, 0);
}

/**
 * Drops the secondary indexes of the tables a scaled seed fills in bulk, and the triggers that copy each
 * new row into its search table; the returned function fills those tables in one statement each and runs
 * the very same CREATE statements again, so the schema ends as the migrations left it.
 */
function dropForBulkInsert(db: DB): () => void {
  const bulk = ["User", "Password", "UserSpecialty", "Booking", "Payment", "Review", "CustomerQuery"];
  const triggers = SEARCH_TABLES.map(({ trigger }) => trigger);
  const dropped = db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master
       WHERE sql IS NOT NULL AND ((type = 'index' AND tbl_name IN (${bulk.map(() => "?").join(", ")}))
         OR (type = 'trigger' AND name IN (${triggers.map(() => "?").join(", ")})))
       ORDER BY rowid`,
    )
    .all(...bulk, ...triggers) as Array<{ type: "index" | "trigger"; name: string; sql: string }>;
  for (const { type, name } of dropped) db.exec(`DROP ${type.toUpperCase()} "${name}"`);
  return () => {
    for (const { table, fill } of SEARCH_TABLES) {
      db.exec(fill);
      progress(table, (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n);
    }
    for (const { name, sql } of dropped) {
      db.exec(sql);
      progress(name);
    }
  };
}

/** Pictures at SEED_SCALE: the guides share this many looks (the demo draws one for each person). */
const SHARED_LOOKS = 120;

type Picture = { id: string; data: Buffer };

/**
 * Each person's profile picture (prisma/seed-avatars.ts), by id. The demo draws everyone their own. At SEED_SCALE the
 * demo accounts and every guide get one, drawn from SHARED_LOOKS looks so that drawing stays about a second's work, and
 * the 100,000 mentees none (the default picture; theirs would add hundreds of megabytes of pictures nobody browses).
 */
async function drawPictures(people: People): Promise<Map<number, Picture>> {
  const pictured = (SCALED ? [people.admin, people.demoUser, ...people.guides] : [people.admin, ...people.guides, ...people.users]).sort((a, b) => a.id - b.id);
  const looks = new Map<string, Look>();
  const lookKeys = pictured.map((person, n) => {
    const look = lookFor(SCALED ? n % SHARED_LOOKS : n, person.presentation);
    const key = JSON.stringify(look);
    looks.set(key, look);
    return key;
  });
  const drawn = await renderAvatars([...looks.values()]);
  const byLook = new Map([...looks.keys()].map((key, i) => [key, drawn[i]]));
  progress("pictures", looks.size);
  return new Map(pictured.map((person, n) => [person.id, { id: avatarId(person.id), data: byLook.get(lookKeys[n])! }]));
}

function insertPeople(db: DB, people: People, passwordHash: string, pictures: Map<number, Picture>) {
  const upload = db.prepare(`INSERT INTO "Upload" (id, contentType, fileName, byteSize, data, createdAt) VALUES (?, 'image/webp', ?, ?, ?, ?)`);
  const user = db.prepare(
    `INSERT INTO "User" (id, role, email, name, title, organisation, bio, education, experience, challenges, status,
       isVerified, emailVerifiedAt, isDeleted, deletedAt, stripeCustomerId, notifications, darkMode, communication, timeZone, imageId, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'email', ?, ?, ?, ?)`,
  );
  const password = db.prepare(`INSERT INTO "Password" (hash, userId) VALUES (?, ?)`);
  const specialty = db.prepare(`INSERT INTO "UserSpecialty" (userId, code) VALUES (?, ?)`);
  const everyone = [people.admin, ...people.guides, ...people.users].sort((a, b) => a.id - b.id);
  const pictured = everyone.filter((p) => pictures.has(p.id));
  insertRows(db, "pictures", pictured.length, (i) => {
    const p = pictured[i];
    const picture = pictures.get(p.id)!;
    upload.run(picture.id, `${slug(p.name)}.webp`, picture.data.byteLength, picture.data, iso(p.createdAt));
  });
  insertRows(db, "people", everyone.length, (i) => {
    const p = everyone[i];
    user.run(
      p.id, p.role, p.email, p.name, p.title, p.organisation, p.bio, p.education, p.experience, p.challenges, p.status,
      // A mentee's isVerified is their e-mail verification; guides (isVerified: approved) and the admin own theirs.
      bool(p.isVerified), p.role !== "user" || p.isVerified ? iso(p.createdAt) : null,
      bool(p.isDeleted), isoOrNull(p.deletedAt), p.stripeCustomerId, bool(p.notifications),
      bool(p.darkMode), p.timeZone, pictures.get(p.id)?.id ?? null, iso(p.createdAt), iso(p.updatedAt),
    );
    // Everyone shares the demo password, so one hash serves all (argon2 is slow on purpose).
    password.run(passwordHash, p.id);
    for (const code of p.specialties) specialty.run(p.id, code);
  });
}

function insertGuideProfiles(db: DB, people: People) {
  const profile = db.prepare(
    `INSERT INTO "GuideProfile" (id, userId, phone, experienceYears, mentoredYears, category, recentSuccess, videoUrl,
       payWhatYouWant, hourlyRateCents, education, expertise, "references", contentLinks, content, availabilityDescription,
       uniqueExperiences, ratingAverage, ratingCount, searchText, isLive, specialtyMask, languageList, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?)`,
  );
  const language = db.prepare(`INSERT INTO "GuideLanguage" (guideProfileId, language, position) VALUES (?, ?, ?)`);
  const request = db.prepare(
    `INSERT INTO "GuideRequest" (guideId, status, message, declineReason, decidedById, decidedAt, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const availability = db.prepare(`INSERT INTO "Availability" (guideId, weekday, startTime, endTime) VALUES (?, ?, ?, ?)`);
  const guides = [...people.guides].sort((a, b) => a.profile.id - b.profile.id);
  for (const g of guides) {
    const p = g.profile;
    // Find a Mentor's fields, as the app writes them (app/modules/guides/search-fields.ts).
    const search = guideSearchFields({ ...g, expertise: JSON.stringify(p.expertise) });
    profile.run(
      p.id, g.id, p.phone, p.experienceYears, p.mentoredYears, p.category, p.recentSuccess, p.videoUrl,
      bool(p.payWhatYouWant), p.hourlyRateCents, JSON.stringify(p.education), JSON.stringify(p.expertise),
      JSON.stringify(p.references), JSON.stringify(p.contentLinks), p.content, p.availabilityDescription,
      p.uniqueExperiences, search.searchText, bool(search.isLive), search.specialtyMask, search.languageList,
      iso(g.createdAt), iso(g.updatedAt),
    );
    g.languages.forEach((lang, i) => language.run(p.id, lang, i));
  }
  // Requests in the order they were made.
  for (const g of [...people.guides].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)) {
    const decided = g.request !== "pending";
    request.run(
      g.id, g.request, g.requestMessage, g.declineReason, decided ? people.admin.id : null, isoOrNull(g.decidedAt),
      iso(g.createdAt + int(5, 90) * 60_000),
    );
  }
  // Weekly hours in each guide's own time zone: two to four days, a few hours each (the demo guide: Tuesday and
  // Thursday mornings, as their profile says, drawn like the others so the rest of the seed stays the same).
  const weekly = new Map<number, WeeklyRange[]>();
  for (const g of people.guides) {
    if (g.request !== "approved" || g.isDeleted) continue;
    let ranges: WeeklyRange[] = [];
    for (const weekday of pickSome([1, 2, 3, 4, 5, 6], 2, 4).sort()) {
      const start = int(8, 14);
      ranges.push({ weekday, startTime: `${pad(start, 2)}:00`, endTime: `${pad(start + int(2, 5), 2)}:00` });
    }
    if (g.id === people.demoGuide.id) {
      ranges = [2, 4].map((weekday) => ({ weekday, startTime: "08:00", endTime: "12:00" }));
    } else if (g.id % 3 === 0) {
      // Some guides keep an evening too.
      ranges.push({ weekday: ranges[0].weekday, startTime: "18:00", endTime: "20:00" });
    }
    for (const range of ranges) availability.run(g.id, range.weekday, range.startTime, range.endTime);
    weekly.set(g.id, ranges);
  }
  return weekly;
}

/** What each guide offers, drawn from nothing but their id and rate (no random draws): lengths, prices, rules. */
function scheduleOf(g: Guide, demoGuideId: number) {
  const rate = g.profile.hourlyRateCents;
  const price = (minutes: number) => Math.max(500, Math.round((rate * minutes) / 60 / 500) * 500);
  const lengths = g.id === demoGuideId ? [30, 60, 90] : [60, ...(g.id % 3 === 0 ? [30] : []), ...(g.id % 4 === 1 ? [90] : []), ...(g.id % 5 === 2 ? [45] : [])];
  return {
    options: lengths.sort((a, b) => a - b).map((minutes) => ({ minutes, priceCents: minutes === 60 ? rate : price(minutes) })),
    bufferMinutes: g.id % 4 === 0 ? 15 : 0,
    noticeHours: g.id % 5 === 0 ? 48 : 24,
    horizonDays: g.id % 7 === 0 ? 30 : 60,
    reviewsRequests: g.id % 6 === 1,
    freeIntroMinutes: g.id === demoGuideId ? 15 : g.id % 8 === 3 ? 30 : null,
    meetingUrl: `https://meet.example.com/${slug(g.name)}-${g.id}`,
  };
}

/** Session lengths with prices (the 60-minute one is the hourly rate search shows) and booking rules. */
function insertSchedules(db: DB, people: People) {
  const option = db.prepare(`INSERT INTO "SessionOption" (guideId, minutes, priceCents) VALUES (?, ?, ?)`);
  const rules = db.prepare(
    `UPDATE "GuideProfile" SET bufferMinutes = ?, noticeHours = ?, horizonDays = ?, reviewsRequests = ?, freeIntroMinutes = ?,
       meetingUrl = ?, suggestedCents = ?, minimumCents = ? WHERE userId = ?`,
  );
  for (const g of people.guides) {
    const schedule = scheduleOf(g, people.demoGuide.id);
    for (const { minutes, priceCents } of schedule.options) option.run(g.id, minutes, priceCents);
    const pwyw = g.profile.payWhatYouWant;
    rules.run(
      schedule.bufferMinutes, schedule.noticeHours, schedule.horizonDays, bool(schedule.reviewsRequests), schedule.freeIntroMinutes,
      schedule.meetingUrl, pwyw ? g.profile.hourlyRateCents : null, pwyw ? 1000 : null, g.id,
    );
  }
}

/** Upcoming confirmed sessions claim their time (TimeClaim: 15-minute blocks of the session and the guide's buffer). */
function insertTimeClaims(db: DB, bookings: Bookings, people: People) {
  // Two seeded sessions of a guide may overlap (they are placed on the hour or half hour): the later claim gives way.
  const claim = db.prepare(`INSERT OR IGNORE INTO "TimeClaim" (guideId, blockStart, bookingId, expiresAt) VALUES (?, ?, ?, NULL)`);
  const buffers = new Map(people.guides.map((g) => [g.id, scheduleOf(g, people.demoGuide.id).bufferMinutes]));
  const { guideId, startsAt, status } = bookings.col;
  const confirmed = BOOKING_STATUSES.indexOf("confirmed");
  let claims = 0;
  for (let i = 0; i < bookings.length; i++) {
    if (status[i] !== confirmed || startsAt[i] <= NOW_MS) continue;
    for (const block of blocksFor(new Date(startsAt[i]), 60, buffers.get(guideId[i]) ?? 0)) claims += claim.run(guideId[i], iso(block.getTime()), i + 1).changes;
  }
  progress("time claims", claims);
}

function insertBookings(db: DB, bookings: Bookings, words: Words) {
  const booking = db.prepare(
    `INSERT INTO "Booking" (id, userId, guideId, startsAt, topic, additionalNotes, rateCents, paymentStatus, status, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const { userId, guideId, startsAt, topic, notes, rateCents, paymentStatus, status, createdAt, updatedAt } = bookings.col;
  insertRows(db, "bookings", bookings.length, (i) => {
    booking.run(
      i + 1, userId[i], guideId[i], iso(startsAt[i]), words.get(topic[i]), words.get(notes[i]), rateCents[i],
      PAYMENT_STATUSES[paymentStatus[i]], BOOKING_STATUSES[status[i]], iso(createdAt[i]), iso(updatedAt[i]),
    );
  });
}

function insertPayments(db: DB, payments: Payments, bookings: Bookings) {
  const payment = db.prepare(
    `INSERT INTO "Payment" (id, bookingId, userId, guideId, amountCents, currency, status, stripePaymentIntentId, stripeChargeId, paidAt, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, 'usd', ?, ?, ?, ?, ?, ?)`,
  );
  const { booking, status, createdAt, paidAt } = payments.col;
  const { userId, guideId, rateCents } = bookings.col;
  insertRows(db, "payments", payments.length, (row) => {
    const id = row + 1;
    const i = booking[row];
    const paid = !Number.isNaN(paidAt[row]);
    payment.run(
      id, i + 1, userId[i], guideId[i], rateCents[i], PAYMENT_ROW_STATUSES[status[row]], `pi_seed_${pad(id)}`,
      status[row] === PAID ? `ch_seed_${pad(id)}` : null, paid ? iso(paidAt[row]) : null, iso(createdAt[row]),
      iso(paid ? paidAt[row] : createdAt[row]),
    );
  });
}

/**
 * The totals the app keeps as it writes, computed once for the rows the seed wrote: the overview's bookings and
 * revenue per month, as the migration 20261129023553_overview_totals_from_the_domain fills "MonthTotal" and the app
 * adds to it (app/modules/stats/month-totals.server.ts). Replaces what a reset left.
 */
function insertTotals(db: DB) {
  db.exec(`DELETE FROM "MonthTotal";`);
  db.exec(`INSERT INTO "MonthTotal" ("month", "bookings", "revenueCents")
    SELECT "month", SUM("bookings"), SUM("revenueCents") FROM (
      SELECT substr("createdAt", 1, 7) AS "month", COUNT(*) AS "bookings", 0 AS "revenueCents" FROM "Booking" GROUP BY 1
      UNION ALL
      SELECT substr("createdAt", 1, 7), 0, SUM("amountCents" - "refundedCents") FROM "Payment" WHERE "status" = 'succeeded' GROUP BY 1
    ) GROUP BY "month"`);
}

/**
 * Where each paid session's money is, as the payments module would have left it (app/modules/payments/payouts.server.ts):
 * every approved guide but the demo guide has a connected payouts account; a session still ahead is held; one over
 * (completed, or cancelled with the price kept) is paid out the dispute window (48 hours) after it, or still releasing
 * when that has not passed or, for the demo guide, who has not connected payouts yet. Sessions completed get their
 * completion time, and everyone accepted the Terms when they joined.
 */
function insertPayouts(db: DB, people: People) {
  const fee = 10;
  const isoSql = (column: string, modifier: string) => `strftime('%Y-%m-%dT%H:%M:%f+00:00', ${column}, ${modifier})`;
  db.prepare(
    `INSERT INTO "PayoutAccount" (guideId, stripeAccountId, status, createdAt, updatedAt)
     SELECT id, 'acct_seed_' || printf('%06d', id), 'active', createdAt, createdAt FROM "User"
     WHERE role = 'guide' AND isVerified = 1 AND id <> ?`,
  ).run(people.demoGuide.id);
  db.prepare(`UPDATE "Booking" SET completedAt = ${isoSql("startsAt", "'+' || durationMinutes || ' minutes'")} WHERE status = 'completed'`).run();
  const over = `CASE WHEN b.status = 'completed' THEN b.completedAt ELSE b.updatedAt END`;
  const release = isoSql(over, "'+48 hours'");
  db.prepare(
    `INSERT INTO "Payout" (id, bookingId, paymentId, guideId, status, feePercent, amountCents, overAt, stripeTransferId, paidAt, createdAt, updatedAt)
     SELECT p.id, p.bookingId, p.id, p.guideId,
       CASE WHEN b.status = 'confirmed' THEN 'held' WHEN a.guideId IS NULL OR ${release} > ? THEN 'releasing' ELSE 'paid' END,
       ${fee}, p.amountCents - CAST(ROUND(p.amountCents * ${fee} / 100.0) AS INTEGER),
       CASE WHEN b.status = 'confirmed' THEN NULL ELSE ${over} END,
       CASE WHEN b.status <> 'confirmed' AND a.guideId IS NOT NULL AND ${release} <= ? THEN 'tr_seed_' || printf('%06d', p.id) END,
       CASE WHEN b.status <> 'confirmed' AND a.guideId IS NOT NULL AND ${release} <= ? THEN ${isoSql(over, "'+48 hours', '+2 minutes'")} END,
       p.paidAt, p.paidAt
     FROM "Payment" p JOIN "Booking" b ON b.id = p.bookingId LEFT JOIN "PayoutAccount" a ON a.guideId = p.guideId
     WHERE p.status = 'succeeded'`,
  ).run(iso(NOW_MS), iso(NOW_MS), iso(NOW_MS));
  db.prepare(`UPDATE "User" SET termsVersion = ?, termsAcceptedAt = createdAt WHERE role <> 'admin'`).run(TERMS_VERSION);
}

function insertReviews(db: DB, reviews: Reviews, bookings: Bookings) {
  const review = db.prepare(
    `INSERT INTO "Review" (id, bookingId, authorId, guideId, rating, content, date, mentorResponse, mentorRespondedAt, createdAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const { booking, rating, respondedAt, createdAt } = reviews.rows.col;
  const { userId, guideId, startsAt } = bookings.col;
  const { content, replies, undated } = reviews;
  insertRows(db, "reviews", reviews.rows.length, (row) => {
    const i = booking[row];
    const reply = replies[row];
    review.run(
      row + 1, i + 1, userId[i], guideId[i], rating[row], content[row], row === undated ? "0000-00-00" : day(startsAt[i]),
      reply, reply === null ? null : iso(respondedAt[row]), iso(createdAt[row]),
    );
  });
}

function updateRatings(db: DB) {
  // Guides without reviews keep the 0 and 0 they were inserted with.
  db.prepare(
    `UPDATE "GuideProfile" SET ratingAverage = r.average, ratingCount = r.n
     FROM (SELECT guideId, round(avg(rating), 2) AS average, count(*) AS n FROM "Review" GROUP BY guideId) AS r
     WHERE r.guideId = "GuideProfile".userId`,
  ).run();
}

/**
 * GuideProfile.nextFreeAt, which the schedule module keeps (app/modules/schedule): each live guide's soonest free
 * start of their shortest length, from their weekly hours minus the time upcoming sessions claim, computed with the
 * app's own engine relative to the fixed NOW (so runs stay identical; the app refreshes times that have passed).
 */
function setNextFreeTimes(db: DB, people: People, weekly: Map<number, WeeklyRange[]>, bookings: Bookings) {
  const busy = new Map<number, number[]>();
  const { guideId, startsAt, status } = bookings.col;
  const confirmed = BOOKING_STATUSES.indexOf("confirmed");
  for (let i = 0; i < bookings.length; i++) {
    if (status[i] !== confirmed || startsAt[i] <= NOW_MS) continue;
    const guide = guideId[i];
    const list = busy.get(guide) ?? [];
    list.push(startsAt[i]);
    busy.set(guide, list);
  }
  db.prepare(`UPDATE "GuideProfile" SET nextFreeAt = NULL`).run();
  const update = db.prepare(`UPDATE "GuideProfile" SET nextFreeAt = ? WHERE userId = ?`);
  for (const g of people.guides) {
    if (g.request !== "approved" || g.status !== "active" || g.isDeleted) continue;
    const schedule = scheduleOf(g, people.demoGuide.id);
    const blocks = (busy.get(g.id) ?? []).flatMap((start) => blocksFor(new Date(start), 60, schedule.bufferMinutes).map((block) => block.getTime()));
    const [soonest] = computeFreeTimes(
      { timeZone: g.timeZone, weekly: weekly.get(g.id) ?? [], overrides: [], bufferMinutes: schedule.bufferMinutes, noticeHours: schedule.noticeHours, horizonDays: schedule.horizonDays, paused: false },
      { minutes: schedule.options[0].minutes, from: NOW, to: new Date(NOW_MS + schedule.horizonDays * DAY), now: NOW, busy: blocks, limit: 1 },
    );
    if (soonest) update.run(iso(soonest.getTime()), g.id);
  }
}

function insertPublishedContent(db: DB, people: People) {
  const content = db.prepare(
    `INSERT INTO "PublishedContent" (guideId, title, url, description, type, publishedDate, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const rows: Array<[number, string, string, string | null, string, number, number]> = [];
  for (const g of people.guides) {
    if (g.request !== "approved") continue;
    const isDemo = g.id === people.demoGuide.id;
    const n = isDemo ? 6 : int(0, 5);
    const titles = faker.helpers.arrayElements(CONTENT_TITLES, n);
    titles.forEach((title, i) => {
      const type = isDemo ? CONTENT_TYPES[i % CONTENT_TYPES.length] : pick(CONTENT_TYPES);
      const url = `https://example.org/${slug(g.name)}/${type}s/${slug(title)}`;
      const createdAt = between(g.decidedAt ?? g.createdAt, NOW_MS - HOUR);
      rows.push([g.id, title, url, chance(0.8) ? pick(CONTENT_DESCRIPTIONS) : null, type, daysAgo(10, 6 * 365), createdAt]);
    });
  }
  rows.sort((a, b) => a[6] - b[6]);
  for (const [guideId, title, url, description, type, publishedDate, createdAt] of rows) {
    content.run(guideId, title, url, description, type, iso(publishedDate), iso(createdAt));
  }
  return rows.length;
}

// ─── Support, content and settings ──────────────────────────────────────────────────────────

const QUERY_TEMPLATES: Array<{ subject: string; message: string; answer: string }> = [
  { subject: "Rescheduling a session", message: "Something came up at church on Thursday. How do I move my session to next week?", answer: "You can reschedule from Bookings in your dashboard up to 24 hours before the session. We've moved this one for you." },
  { subject: "Refund for a cancelled session", message: "My guide cancelled our session but I was still charged. Can you help?", answer: "Sorry about that! The refund has been issued and should appear on your card within 5–10 business days." },
  { subject: "Trouble signing in", message: "I reset my password but the link says it has expired.", answer: "Reset links last one hour. We've sent a fresh link; please use it within the hour." },
  { subject: "Can our church pay for staff sessions?", message: "Our church would like to cover mentoring for our three staff pastors. Can we get one invoice?", answer: "Yes. Each staff member books as usual, and we can send a single monthly invoice to your church treasurer." },
  { subject: "Guide application status", message: "I applied to become a guide two weeks ago. Is there anything else you need from me?", answer: "Thanks for your patience. We're waiting on one of your references and will be in touch this week." },
  { subject: "Invoice for our treasurer", message: "Could you send a receipt with our church's name and address for last month's sessions?", answer: "Receipts are in Payments in your dashboard; we've also e-mailed one addressed to your church." },
  { subject: "Spanish-speaking mentor", message: "Do you have guides who can mentor in Spanish? Our congregation is bilingual.", answer: "Yes. On Find a Mentor, filter by language and choose Spanish to see them." },
  { subject: "Confidentiality question", message: "Are sessions recorded? I'd like to discuss a sensitive staff situation.", answer: "Sessions are never recorded by the platform. What you share stays between you and your guide." },
  { subject: "Pay-what-you-want question", message: "Is it okay to book a pay-what-you-want guide if our church can't afford much right now?", answer: "Absolutely. That's exactly why guides offer it. Pay what fits your church's budget." },
  { subject: "Changing my e-mail address", message: "I'm moving to a new church and need to change the e-mail on my account.", answer: "You can change it under Settings. A confirmation code will be sent to the new address." },
  { subject: "Guide no-show", message: "I waited 20 minutes and my guide never joined the call.", answer: "We're very sorry. We've contacted the guide and refunded the session in full." },
  { subject: "Group sessions", message: "Can our whole elder board join one session with a guide?", answer: "Yes, up to six people can join a session. Just mention it in the notes when you book." },
];

function insertQueries(db: DB, people: People) {
  const query = db.prepare(
    `INSERT INTO "CustomerQuery" (askerId, name, email, subject, message, answer, answeredById, answeredAt, createdAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const count = QUERY_COUNT;
  const activeUsers = people.users.filter((u) => !u.isDeleted);
  const activeGuides = people.guides.filter((g) => !g.isDeleted);
  const rows: Array<[number | null, string, string, string, string, string | null, number | null, number | null, number]> = [];
  const add = (asker: Person | null, name: string, email: string, answered: boolean, createdAt: number) => {
    const t = pick(QUERY_TEMPLATES);
    const answeredAt = answered ? Math.min(createdAt + int(2, 72) * HOUR, NOW_MS - HOUR) : null;
    rows.push([asker?.id ?? null, name, email, t.subject, t.message, answered ? t.answer : null, answered ? people.admin.id : null, answeredAt, createdAt]);
  };
  add(people.demoUser, people.demoUser.name, people.demoUser.email, true, NOW_MS - 45 * DAY);
  add(people.demoUser, people.demoUser.name, people.demoUser.email, false, NOW_MS - 2 * DAY);
  add(people.demoGuide, people.demoGuide.name, people.demoGuide.email, true, NOW_MS - 80 * DAY);
  add(people.demoGuide, people.demoGuide.name, people.demoGuide.email, false, NOW_MS - 1 * DAY);
  for (let i = rows.length; i < count; i++) {
    const createdAt = daysAgo(0, 365);
    const answered = createdAt < NOW_MS - 7 * DAY ? chance(0.8) : chance(0.2);
    const kind = weighted([[45, "user"], [15, "guide"], [40, "anonymous"]] as const);
    if (kind === "anonymous") {
      const first = pick(FIRST_NAMES).name;
      const last = pick(LAST_NAMES);
      add(null, `${first} ${last}`, uniqueEmail(first, last), answered, createdAt);
    } else {
      const asker = kind === "user" ? pick(activeUsers) : pick(activeGuides);
      add(asker, asker.name, asker.email, answered, Math.max(createdAt, asker.createdAt + HOUR));
    }
  }
  rows.sort((a, b) => a[8] - b[8]);
  insertRows(db, "customer queries", rows.length, (i) => {
    const r = rows[i];
    query.run(r[0], r[1], r[2], r[3], r[4], r[5], r[6], isoOrNull(r[7]), iso(r[8]));
  });
}

/**
 * The mail the product kept without an SMTP server (the console's Outbox): each person's welcome code when they
 * joined, and each approved guide's approval; at SEED_SCALE about one message per person (100 000 and more).
 */
function insertOutbox(db: DB, people: People) {
  const mail = db.prepare(`INSERT INTO "OutboxMail" ("to", subject, text, html, "createdAt") VALUES (?, ?, ?, ?, ?)`);
  const html = (text: string) =>
    `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p style="font-weight:700;color:#4338ca">Ministry Mentors</p><p>${text}</p></body></html>`;
  const rows: Array<[string, string, string, number]> = [];
  for (const person of [...people.users, ...people.guides]) {
    // No random draw here: the draws after this keep their order (and the rows they make).
    const code = String((person.id * 7919) % 1_000_000).padStart(6, "0");
    rows.push([person.email, "Your Ministry Mentors verification code", `Enter this code on the verification page to confirm your e-mail address: ${code}`, person.createdAt]);
    if (person.role === "guide" && person.isVerified) {
      rows.push([person.email, "Your guide application has been approved", `Hello ${person.name}, your application to mentor on Ministry Mentors has been approved.`, person.createdAt + DAY]);
    }
  }
  rows.sort((a, b) => a[3] - b[3]);
  insertRows(db, "outbox mail", rows.length, (i) => {
    const [to, subject, text, at] = rows[i];
    mail.run(to.toLowerCase(), subject, text, html(text), iso(Math.min(at, NOW_MS)));
  });
}

function insertMessages(db: DB, people: People) {
  const message = db.prepare(`INSERT INTO "Message" (senderId, recipientId, body, readAt, createdAt) VALUES (?, ?, ?, ?, ?)`);
  const { admin, demoGuide: guide, demoUser: user } = people;
  type Line = [Person, Person, string, number, boolean];
  const lines: Line[] = [
    [user, guide, "Hi Pastor David, thank you for making time last week. I shared the campaign timeline with our board.", -16, true],
    [guide, user, "Wonderful! How did they respond to the three-phase approach?", -16, true],
    [user, guide, "Mostly positive. One elder is worried about asking for pledges before Christmas.", -15, true],
    [guide, user, "That's a fair concern. Let's talk through timing in our next session; bring your giving history by month.", -15, true],
    [user, guide, "Will do. Could we also talk about burnout on our small staff? Two of our team are running on empty.", -4, true],
    [guide, user, "Yes, let's make that the main topic. Praying for your team this week.", -3, true],
    [guide, user, "I've added a short article on sabbath rhythms to my published content; it may help before we meet.", -1, false],
    [guide, user, "See you on Wednesday!", 0, false],
    [admin, guide, "Hi David, your profile was featured on the home page this month. Thanks for serving so many leaders!", -30, true],
    [guide, admin, "Thank you, Grace. Happy to help. Let me know if you need anything for the newsletter.", -29, true],
    [admin, user, "Welcome to Ministry Mentors, Sarah! Reply here if you need help finding the right guide.", -500, true],
    [user, admin, "Thanks! Could you recommend someone for building campaigns?", -499, true],
    [admin, user, "David Mitchell has led two campaigns and is a great fit. You'll find him under Senior Pastors.", -499, true],
  ];
  const others = [...people.users.slice(1, 4), ...people.guides.filter((g) => g.request === "pending").slice(0, 2)];
  others.forEach((p, i) => {
    lines.push([admin, p, p.role === "guide" ? "Thanks for applying! We're reviewing your references and will write to you as soon as we have decided." : "Hi! Just checking in: is there anything we can help you with on the platform?", -(i + 1) * 3, i % 2 === 0]);
    if (i % 2 === 0) lines.push([p, admin, "Thank you, that's very helpful.", -(i + 1) * 3 + 1, false]);
  });
  lines.sort((a, b) => a[3] - b[3]);
  lines.forEach(([from, to, body, offsetDays, read], i) => {
    const createdAt = Math.min(NOW_MS + offsetDays * DAY - (lines.length - i) * 60_000, NOW_MS - HOUR);
    message.run(from.id, to.id, body, read ? iso(Math.min(createdAt + int(5, 240) * 60_000, NOW_MS)) : null, iso(createdAt));
  });
  return lines.length;
}

/**
 * At SEED_SCALE, conversations and bells at marketplace size: for every fourth booking, the mentee writes to the
 * guide about its topic and the guide answers (two messages, both read and long past the unread e-mail, so a
 * server started on the database has nothing to send), and each of them has a read notification of the booking.
 * The busiest guide and mentee then have long thread lists and bells to page through.
 */
function insertScaledConversations(db: DB, bookings: Bookings, words: Words) {
  if (!SCALED) return;
  const message = db.prepare(`INSERT INTO "Message" (senderId, recipientId, body, readAt, emailedAt, createdAt) VALUES (?, ?, ?, ?, NULL, ?)`);
  const notification = db.prepare(`INSERT INTO "Notification" (userId, kind, title, body, href, readAt, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const { userId, guideId, topic, createdAt } = bookings.col;
  const REPLIES = ["Thank you for sharing this. Let's start there when we meet.", "Good question. Bring a few notes and we'll work through it together.", "I've been praying for you and your team. See you soon."];
  const threads = Math.ceil(bookings.length / 4);
  insertRows(db, "conversations", threads, (t) => {
    const i = t * 4;
    const at = Math.min(createdAt[i] + HOUR, NOW_MS - DAY);
    const subject = words.get(topic[i]) ?? "our next session";
    const id = i + 1;
    message.run(userId[i], guideId[i], `Hello! Before our session I'd like to talk about ${subject.toLowerCase()}.`, iso(at + HOUR), iso(at));
    message.run(guideId[i], userId[i], REPLIES[t % REPLIES.length], iso(at + 3 * HOUR), iso(at + 2 * HOUR));
    notification.run(guideId[i], "booking", "New booking", subject, `${mentorLinks.bookings}?booking=${id}`, iso(at), iso(createdAt[i]));
    notification.run(userId[i], "booking", "Session booked", subject, `${userLinks.bookings}?booking=${id}`, iso(at), iso(createdAt[i]));
  });
}

/**
 * The demo mentee's and demo guide's bells: a few notifications of each kind the product sends, some read and some
 * not, so the bell and the Notifications screen are not empty on first sign-in. The unread "New message" ones
 * match the unread messages of insertMessages (opening the conversation marks them read).
 */
function insertDemoNotifications(db: DB, people: People) {
  const notification = db.prepare(`INSERT INTO "Notification" ("userId", kind, title, body, href, "readAt", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const { demoGuide: guide, demoUser: user } = people;
  type Row = [Person, kind: string, title: string, body: string | null, href: string, hoursAgo: number, read: boolean];
  const rows: Row[] = [
    [user, "booking", `Session with ${guide.name} confirmed`, "Capital campaign kick-off Sunday", userLinks.bookings, 72, true],
    [user, "payment", "Your payment went through", "Capital campaign kick-off Sunday", userLinks.payments, 71, true],
    [user, "booking", `Session with ${guide.name} completed`, "Leave a review of your session.", userLinks.bookings, 30, false],
    [user, "message", `New message from ${guide.name}`, "See you on Wednesday!", userLinks.conversation(guide.id), 2, false],
    [guide, "review", `New 5-star review from ${user.name}`, "Succession planning for senior leaders", mentorLinks.reviews, 120, true],
    [guide, "booking", "A new session request is waiting for you", "Preventing burnout on a small staff", mentorLinks.bookings, 26, false],
    [guide, "payment", "Payment received", "Capital campaign kick-off Sunday", mentorLinks.billing, 70, true],
    [guide, "message", `New message from ${user.name}`, "Will do. Could we also talk about burnout on our small staff?", mentorLinks.conversation(user.id), 96, true],
  ];
  rows.sort((a, b) => b[5] - a[5]);
  for (const [person, kind, title, body, href, hoursAgo, read] of rows) {
    const createdAt = NOW_MS - hoursAgo * HOUR;
    notification.run(person.id, kind, title, body, href, read ? iso(createdAt + HOUR) : null, iso(createdAt));
  }
  return rows.length;
}

// Answers about refunds, payouts and holds are the policy module's placeholders (app/modules/policies), filled from the
// settings when shown, so they stay true when an operator changes the rules.
const FAQS: Array<[type: "general" | "user" | "guide" | "payments", question: string, answer: string, active: boolean]> = [
  ["general", "What is Ministry Mentors?", "A marketplace that connects pastors and ministry leaders with experienced guides for one-on-one mentoring sessions.", true],
  ["general", "Who are the guides?", "Senior pastors, youth, worship, children's and multi-site leaders with years of local-church experience. Every guide is verified and provides references.", true],
  ["general", "Is what I share confidential?", "Yes. Sessions are never recorded by the platform and guides agree to keep conversations confidential.", true],
  ["general", "Which denominations do you serve?", "Leaders from many traditions use the platform: Baptist, Anglican, Presbyterian, Pentecostal, non-denominational and more.", true],
  ["general", "Do you offer in-person sessions?", "Not at the moment; all sessions take place by video call.", false],
  ["user", "How do I book a session?", "Find a guide on Find a Mentor, open their profile, choose an open time and confirm. You'll get an e-mail with the call link.", true],
  ["user", "Can I reschedule a session?", "Yes, from Bookings in your dashboard. {reschedulePolicy}", true],
  ["user", "What if my mentor does not answer my request?", "{requestExpiryPolicy}", true],
  ["user", "What should I prepare before my first session?", "A short description of your church and the question you most want help with. Add it in the notes when you book.", true],
  ["user", "Can my whole staff team join one session?", "Up to six people can join a session. Mention it in the booking notes so your guide can prepare.", true],
  ["guide", "How do I become a guide?", "Apply through Become a Mentor. We review your experience and references and usually decide within {applicationDecisionTime}.", true],
  ["guide", "How long does verification take?", "Most applications are decided within {applicationDecisionTime}.", true],
  ["guide", "Can I set my own rate?", "Yes. Set an hourly rate or switch on pay-what-you-want so mentees choose what to pay.", true],
  ["guide", "How are guides paid?", "{payoutPolicy}", true],
  ["guide", "Do guides need to be ordained?", "No. We look for proven ministry leadership and good references rather than a particular credential.", false],
  ["payments", "How does pay-what-you-want work?", "Some guides let you choose the price, including nothing at all, so cost never keeps a leader from getting help.", true],
  ["payments", "When is my card charged?", "When you confirm the booking, on Stripe's secure payment page. {holdPolicy}", true],
  ["payments", "What is the cancellation policy?", "{cancellationPolicy}", true],
  ["payments", "What if my mentor does not come?", "{noShowPolicy}", true],
  ["payments", "Can my church pay for my sessions?", "Yes. Contact support and we'll send a monthly invoice to your church.", true],
  ["payments", "Do you accept checks?", "We only accept card payments at the moment.", false],
];

function insertFaqs(db: DB) {
  const faq = db.prepare(`INSERT INTO "Faq" (type, question, answer, isActive, position, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const positions = new Map<string, number>();
  FAQS.forEach(([type, question, answer, active], i) => {
    const position = positions.get(type) ?? 0;
    positions.set(type, position + 1);
    const createdAt = NOW_MS - (400 - i * 7) * DAY;
    faq.run(type, question, answer, bool(active), position, iso(createdAt), iso(createdAt + (active ? 0 : 30 * DAY)));
  });
  return FAQS.length;
}

const RESOURCES: Array<[title: string, type: "article" | "guide" | "video" | "podcast" | "template", description: string]> = [
  ["Volunteer Onboarding Checklist", "template", "A one-page checklist for welcoming, training and following up with new volunteers."],
  ["12-Month Preaching Calendar", "template", "Plan sermon series around the church year, school calendar and local events."],
  ["Leading Through a Building Campaign", "guide", "From feasibility study to dedication Sunday: phases, timelines and communication."],
  ["Child Safety Policy Starter Guide", "guide", "Check-in, two-adult rules, background checks and incident reporting for churches of any size."],
  ["Planning a Worship Set in Five Steps", "video", "A worship pastor walks through building a set that serves the sermon."],
  ["The Small Church Leadership Podcast: Volunteers", "podcast", "Three pastors of churches under 150 share how they raise up leaders."],
  ["How to Run an Effective Elder Meeting", "article", "Agendas, prayer, decisions and minutes: a practical guide for boards."],
  ["Annual Church Budget Template", "template", "A spreadsheet with ministry lines, giving forecasts and a reserve plan."],
  ["First 100 Days as Senior Pastor", "guide", "What to learn, who to meet and what not to change in your first season."],
  ["Sabbath Rhythms for Busy Pastors", "article", "Why rest is part of leadership and how to protect a weekly day off."],
  ["Launching Small Groups This Fall", "video", "Recruit hosts, choose curriculum and connect new people in six weeks."],
  ["Youth Ministry Parent Meeting Kit", "template", "Slides, agenda and handouts for a start-of-year parents' meeting."],
  ["Church Planting Core Team Guide", "guide", "How to gather, train and keep a core team before launch Sunday."],
  ["Livestream Setup on a Budget", "video", "Cameras, audio and volunteers for a simple, reliable church livestream."],
  ["Caring for the Grieving", "podcast", "A hospital chaplain on visiting, listening and the long months after a funeral."],
];

function insertResources(db: DB) {
  const resource = db.prepare(`INSERT INTO "Resource" (title, description, type, link, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)`);
  RESOURCES.forEach(([title, type, description], i) => {
    const createdAt = NOW_MS - (360 - i * 23) * DAY;
    resource.run(title, description, type, `https://example.org/resources/${slug(title)}`, iso(createdAt), iso(createdAt));
  });
  return RESOURCES.length;
}

const PAGE_CONTENT: Record<"home" | "platform" | "become_a_guide", unknown> = {
  home: {
    hero: {
      heading: "Wise counsel for the people who shepherd others",
      subheading: "Book one-on-one sessions with experienced pastors and ministry leaders who have walked the road you're on: building campaigns and burnout, youth ministry and church planting.",
      ctaLabel: "Find a mentor",
      ctaHref: "/search",
    },
    sections: [
      { heading: "Mentors who have been there", body: "Every guide is a verified ministry leader with years of local-church experience and references we have checked: senior pastors, youth and worship pastors, children's ministry directors and multi-site leaders." },
      { heading: "Sessions that fit a ministry calendar", body: "Book an hour when you need it, not a year-long programme. Pick a time that works around Sunday, bring your real questions and leave with next steps." },
      { heading: "Help for every kind of church", body: "Rural and urban, church plants and hundred-year-old congregations, bivocational pastors and large staff teams. Many guides offer pay-what-you-want sessions so cost never keeps a leader from getting help." },
    ],
    testimonials: [
      { quote: "Three sessions with my guide gave me the courage and a plan to lead our first capital campaign. We opened the new children's wing in October.", author: "Sarah J.", role: "Associate Pastor, New Hope Fellowship" },
      { quote: "I was close to quitting. Talking with someone who had survived the same season changed everything.", author: "Marcus T.", role: "Youth Pastor" },
      { quote: "Practical, prayerful and honest. Our elder meetings are completely different now.", author: "Rev. Linda K.", role: "Lead Pastor, Hope City Church" },
    ],
    cta: { heading: "You don't have to lead alone", body: "Find a guide who understands your church, your role and your season of ministry.", label: "Browse mentors", href: "/search" },
  },
  platform: {
    hero: {
      heading: "How Ministry Mentors works",
      subheading: "A simple, safe place for church leaders to find experienced mentors, book sessions and grow, with everything from scheduling to payment in one place.",
      ctaLabel: "Get started",
      ctaHref: "/signup",
    },
    sections: [
      { heading: "1. Find the right guide", body: "Search by ministry area, specialty, language and price. Read guides' stories, watch their introduction videos and see what other leaders say." },
      { heading: "2. Book a time", body: "Choose an open slot on the guide's calendar. Add a few notes about your church and your question so your guide can prepare." },
      { heading: "3. Meet and grow", body: "Meet by video for an hour. Many leaders book a follow-up a month later to report back and take the next step." },
      { heading: "Safe and confidential", body: "Guides are verified and agree to a code of conduct. Sessions are never recorded, and payments are handled securely by our card provider." },
    ],
    testimonials: [
      { quote: "Booking took two minutes and my guide had read my notes before we even started.", author: "Daniel R.", role: "Church Planter" },
      { quote: "Our church pays for mentoring for all three staff pastors with a single monthly invoice.", author: "Grace M.", role: "Church Administrator" },
    ],
    cta: { heading: "Ready for a conversation that moves your ministry forward?", body: "Create a free account and book your first session today.", label: "Create an account", href: "/signup" },
  },
  become_a_guide: {
    hero: {
      heading: "Pass on what God has taught you",
      subheading: "Mentor the next generation of pastors and ministry leaders. Share the lessons of your years in ministry, on your schedule and at your price.",
      ctaLabel: "Apply to be a guide",
      ctaHref: "/guide-application",
    },
    sections: [
      { heading: "Who we're looking for", body: "Pastors and ministry leaders with at least three years of leadership experience, a healthy home church and two references who can speak to your character and ministry." },
      { heading: "Set your own schedule and rate", body: "Open the times that suit you and choose an hourly rate, or offer pay-what-you-want sessions to serve smaller churches." },
      { heading: "How the application works", body: "Tell us about your ministry, upload a short introduction video and add your references. Our team reviews every application and writes to you either way." },
    ],
    testimonials: [
      { quote: "Mentoring younger pastors has been the most life-giving part of my week since I retired from the pulpit.", author: "Pastor Harold W.", role: "Pastor Emeritus" },
      { quote: "I mentor worship leaders on three continents without leaving my studio.", author: "Ana P.", role: "Director of Worship Arts" },
    ],
    cta: { heading: "Your story could be someone's turning point", body: "Join a community of guides serving leaders who serve the church.", label: "Start your application", href: "/guide-application" },
  },
};

function insertPagesAndSettings(db: DB, people: People) {
  const page = db.prepare(`INSERT INTO "PageContent" (slug, content, updatedById, updatedAt) VALUES (?, ?, ?, ?)`);
  Object.entries(PAGE_CONTENT).forEach(([slugName, doc], i) => {
    page.run(slugName, JSON.stringify(doc), people.admin.id, iso(NOW_MS - (40 - i * 10) * DAY));
  });
  db.prepare(`INSERT INTO "PlatformSettings" (id, updatedAt) VALUES (1, ?)`).run(iso(NOW_MS - 100 * DAY));
}

// ─── Main ───────────────────────────────────────────────────────────────────────────────────

function databasePath(): string {
  const url = process.env.DATABASE_URL ?? "file:./data/app.db";
  return path.resolve(process.cwd(), url.replace(/^file:/, ""));
}

function openDatabase(file: string): DB {
  if (!fs.existsSync(file)) {
    console.error(`No database at ${file}. Create it first with: npx prisma migrate deploy`);
    process.exit(1);
  }
  const db = new Database(file, { fileMustExist: true });
  // At SEED_SCALE the generated keys are trusted rather than checked row by row (a quarter of the
  // writing time); the demo, which the tests use, is checked.
  db.pragma(`foreign_keys = ${SCALED ? "OFF" : "ON"}`);
  // While seeding: the rollback journal in memory and no fsync (main() puts WAL back at the end).
  db.pragma("journal_mode = MEMORY");
  db.pragma("synchronous = OFF");
  db.pragma("temp_store = MEMORY");
  db.pragma("cache_size = -524288"); // 512 MB page cache for inserting and building indexes
  db.pragma("threads = 2"); // CREATE INDEX sorts with a helper thread
  const hasUsers = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'User'`).get();
  if (!hasUsers) {
    console.error(`${file} has no tables. Run the migrations first: npx prisma migrate deploy`);
    process.exit(1);
  }
  return db;
}

/** Rows per table, in the order the summary lists them. */
function sqliteCounts(db: DB): Array<[string, number]> {
  return [...TABLES_CHILD_FIRST].reverse().map((table) => [table, (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n]);
}

function printSummary(counts: Array<[string, number]>) {
  console.log(`\nSeeded in ${elapsed()}:`);
  for (const [table, n] of counts) console.log(`  ${table.padEnd(18)} ${thousands(n).padStart(9)}`);
  const base = `http://localhost:${PORT}`;
  console.log(`\nDemo sign-in (password: ${DEMO_PASSWORD_LABEL}):`);
  console.log(`  admin  admin@example.com  → ${base}/admin/login`);
  console.log(`  guide  guide@example.com  → ${base}/login`);
  console.log(`  user   user@example.com   → ${base}/login`);
}

/**
 * Generates the marketplace and writes it into `db`. `forCopy`: the file is only read again to be copied into
 * PostgreSQL, so the scaled seed leaves SQLite's dropped indexes and search tables unbuilt and skips ANALYZE.
 */
async function seedInto(db: DB, { reset, forCopy }: { reset: boolean; forCopy: boolean }) {
  const passwordHash = await hash(DEMO_PASSWORD);

  // Every random draw happens in this order, so the rows stay the same from run to run.
  console.log("Generating:");
  const people = buildPeople();
  assignGuideTimeZones(people);
  progress("people", people.users.length + people.guides.length + 1);
  const calendar = new Calendar();
  const words = bookingWords();
  const bookings = buildBookings(people, calendar, words);
  drawRetiredOpenSlots(people);
  const payments = buildPayments(bookings, people);
  const reviews = buildReviews(bookings, people, words);
  const postCovers = await renderPostCovers(); // blog posts and success stories (prisma/seed-posts.ts)
  const pictures = await drawPictures(people);

  console.log(forCopy ? "Writing (a temporary SQLite file):" : "Writing:");
  if (reset) db.transaction(() => resetDatabase(db))();
  const restoreIndexes = SCALED ? dropForBulkInsert(db) : null;
  insertPeople(db, people, passwordHash, pictures);
  const weeklyHours = db.transaction(() => insertGuideProfiles(db, people))();
  db.transaction(() => insertSchedules(db, people))();
  progress("guide profiles", people.guides.length);
  insertBookings(db, bookings, words);
  insertPayments(db, payments, bookings);
  db.transaction(() => insertPayouts(db, people))();
  progress("payouts");
  insertReviews(db, reviews, bookings);
  db.transaction(() => insertPublishedContent(db, people))();
  insertQueries(db, people);
  insertOutbox(db, people);
  insertScaledConversations(db, bookings, words);
  db.transaction(() => {
    insertMessages(db, people);
    insertDemoNotifications(db, people);
    insertFaqs(db);
    insertResources(db);
    insertPosts(db, postCovers, { nowMs: NOW_MS, iso });
    insertPagesAndSettings(db, people);
  })();
  progress("messages, FAQs, resources, pages");
  db.transaction(() => insertTotals(db))();
  progress("totals");
  if (restoreIndexes && !forCopy) {
    console.log("Indexing:");
    restoreIndexes();
  }
  updateRatings(db);
  progress("guide ratings", people.guides.length);
  db.transaction(() => insertTimeClaims(db, bookings, people))();
  db.transaction(() => setNextFreeTimes(db, people, weeklyHours, bookings))();
  // Every server reads the live guides again (what the app does in each transaction that changes one).
  db.prepare(`UPDATE "GuideSearchGeneration" SET generation = lower(hex(randomblob(8))) WHERE id = 1`).run();
  progress("next free times", people.guides.length);
  if (forCopy) return;

  // Merge each full-text index into one segment (faster searches), refresh the planner's
  // statistics, and leave the file in WAL mode like the app's own connections.
  for (const { table } of SEARCH_TABLES) db.prepare(`INSERT INTO "${table}"("${table}") VALUES ('optimize')`).run();
  db.exec("ANALYZE");
  progress("analyze");
  db.pragma("journal_mode = WAL");
  db.pragma("wal_checkpoint(TRUNCATE)");
}

const startMessage = (target: string) =>
  `Seeding ${target}: ${thousands(USER_COUNT)} users, ${thousands(GUIDE_COUNT)} guides, ~${thousands(BOOKING_TARGET)} bookings…`;
const alreadySeeded = (target: string, users: number) =>
  `${target} already has ${users} users. Run with SEED_RESET=1 to delete all rows and seed again.`;

async function seedSqlite() {
  const file = databasePath();
  const db = openDatabase(file);
  const { n: existingUsers } = db.prepare(`SELECT count(*) AS n FROM "User"`).get() as { n: number };
  const reset = process.env.SEED_RESET === "1";
  if (existingUsers > 0 && !reset) {
    console.error(alreadySeeded(file, existingUsers));
    process.exit(1);
  }
  console.log(startMessage(file));
  await seedInto(db, { reset, forCopy: false });
  printSummary(sqliteCounts(db));
  db.close();
}

/**
 * PostgreSQL: the same seed into a temporary SQLite file, then every table copied across in one transaction
 * (scripts/seed-postgres.ts): the target is emptied first, its sequences continue after the largest ids.
 */
async function seedPostgres(url: string) {
  const target = new URL(url);
  const name = `PostgreSQL ${target.host}${target.pathname}`;
  const client = await connect(url);
  let existingUsers: number;
  try {
    existingUsers = await postgresUsers(client);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  } finally {
    await client.end();
  }
  if (existingUsers > 0 && process.env.SEED_RESET !== "1") {
    console.error(alreadySeeded(name, existingUsers));
    process.exit(1);
  }
  console.log(startMessage(name));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-"));
  try {
    const file = path.join(dir, "seed.db");
    createSqliteFile(file);
    const db = openDatabase(file);
    await seedInto(db, { reset: false, forCopy: true });
    db.close();
    console.log("Copying into PostgreSQL:");
    const counts = await copyToPostgres(file, url, progress);
    const shown = new Map(counts);
    printSummary([...TABLES_CHILD_FIRST].reverse().map((table) => [table, shown.get(table) ?? 0]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const url = process.env.DATABASE_URL ?? "file:./data/app.db";
await (isPostgresUrl(url) ? seedPostgres(url) : seedSqlite());
