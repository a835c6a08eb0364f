// The people factories: a mentee, a guide with their profile, what each guide offers (lengths, prices, rules and
// weekly hours) and everyone's picture. The demo's own people (demo.ts) are made with the same pieces.
import { lookFor, renderAvatars, avatarId, type Look, type Presentation } from "./avatars.ts";
import { FIRST_NAMES, LAST_NAMES, MENTEE_FIRST_NAMES, MENTEE_LAST_NAMES, type FirstName } from "./names.ts";
import { DAY, HOUR, NOW_MS, between, chance, daysAgo, faker, int, pad, pick, pickSome, progress, slug, emailPart, weighted } from "./clock.ts";
import {
  AVAILABILITY_DESCRIPTIONS, CATEGORIES, CATEGORY_PROFILE, DECLINE_REASONS, EXPERTISE, GUIDE_BIO_CLOSERS, GUIDE_BIO_MIDDLES,
  GUIDE_EDUCATION, GUIDE_ORGANISATIONS, LANGUAGES, ORGANISATION_FIRST_WORDS, ORGANISATION_LAST_WORDS, RECENT_SUCCESSES, REFERENCE_ROLES, REQUEST_MESSAGES, SPECIALTIES,
  SPECIALTY_FOCUS, TIME_ZONES, UNIQUE_EXPERIENCES, USER_BIO_CLOSERS, USER_BIO_MIDDLES, USER_BIO_OPENERS, USER_CHALLENGES,
  USER_EDUCATION, USER_EXPERIENCE, USER_INFORMAL_EDUCATION, USER_ORGANISATIONS, USER_TITLES, type Category, type Specialty,
} from "./vocabulary.ts";
import type { WeeklyRange } from "../../app/modules/schedule/free-times.ts";

const EMAIL_FALLBACK_NAMES = ["ministry", "leader"];

type Role = "user" | "guide" | "admin";

export interface Person {
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

export interface Guide extends Person {
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

/** The demo's three people (demo.ts), whom every seed has: they sign in with the demo password. */
export interface Cast {
  admin: Person;
  demoGuide: Guide;
  demoUser: Person;
}

export interface People extends Cast {
  guides: Guide[];
  users: Person[];
}

let emailCounter = 0;
/** Names given so far, when each person gets a name of their own (the demo; at scale names repeat, as in life). */
const namesTaken = new Set<string>();

/** A first and last name from the lists; with `unique`, drawn again while someone already has that name. */
function personName(firsts: readonly FirstName[], lasts: readonly string[], unique: boolean): [FirstName, string] {
  for (;;) {
    const first = pick(firsts);
    const last = pick(lasts);
    if (!unique) return [first, last];
    const name = `${first.name} ${last}`;
    if (!namesTaken.has(name)) {
      namesTaken.add(name);
      return [first, last];
    }
  }
}

export function uniqueEmail(first: string, last: string): string {
  emailCounter += 1;
  const a = emailPart(first) || EMAIL_FALLBACK_NAMES[0];
  const b = emailPart(last) || EMAIL_FALLBACK_NAMES[1];
  return `${a}.${b}.${emailCounter}@example.org`;
}

export function basePerson(role: Role, first: string, last: string, createdAt: number, presentation: Presentation): Person {
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

/** The organisations mentees belong to: the demo's dozen, or at scale about one per 40 mentees (buildPeople). */
let userOrganisations: readonly string[] = USER_ORGANISATIONS;

const CAMPUSES = ["", " North", " South", " East", " West", " Downtown"];

/** `count` church names ("Millbrook Baptist Church", "Grace Fellowship North"), the demo's dozen first, each once. */
export function scaleOrganisations(count: number): string[] {
  const names = new Set<string>(USER_ORGANISATIONS);
  const firsts = ORGANISATION_FIRST_WORDS.length;
  const lasts = ORGANISATION_LAST_WORDS.length;
  for (let i = 0; names.size < count && i < firsts * lasts * CAMPUSES.length; i++) {
    const first = ORGANISATION_FIRST_WORDS[i % firsts];
    const [last] = ORGANISATION_LAST_WORDS[(i * 7 + Math.floor(i / firsts)) % lasts];
    names.add(`${first} ${last}${CAMPUSES[Math.floor(i / (firsts * lasts))]}`);
  }
  return [...names];
}

/** A mentee; `createdAt` spreads sign-ups over the last ~26 months. */
function makeUser(uniqueNames: boolean): Person {
  // Mentees' names are the ones the user form takes (letters and spaces).
  const [first, last] = personName(MENTEE_FIRST_NAMES, MENTEE_LAST_NAMES, uniqueNames);
  const user = basePerson("user", first.name, last, daysAgo(1, 800), first.presentation);
  const title = pick(USER_TITLES);
  // Some churches are much larger than others: the draw leans to the first names of the pool.
  const org = userOrganisations[Math.floor(userOrganisations.length * (int(0, 999_999) / 1_000_000) ** 2)];
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
function makeGuide(index: number, kind: Guide["request"], fate: "active" | "inactive" | "deleted", uniqueNames: boolean): Guide {
  const [first, last] = personName(FIRST_NAMES, LAST_NAMES, uniqueNames);
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

/** How many people a seed makes besides the cast: mentees and guides in all (the cast's two among them). */
export type Crowd = { users: number; guides: number; uniqueNames: boolean };

/**
 * The cast and the crowd around them. Of the guides after the demo guide, the first are approved (every category and
 * specialty covered by an active guide), then come pending and rejected applicants. Ids follow sign-up order, the
 * cast taking the first ones.
 */
export function buildPeople(cast: Cast, crowd: Crowd): People {
  const { admin, demoGuide, demoUser } = cast;
  const others = crowd.guides - 1;
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
    guides.push(makeGuide(i, kind, fate, crowd.uniqueNames));
  }

  userOrganisations = crowd.users > 1000 ? scaleOrganisations(Math.round(crowd.users / 40)) : USER_ORGANISATIONS;
  const users: Person[] = [demoUser];
  for (let i = 1; i < crowd.users; i++) users.push(makeUser(crowd.uniqueNames));

  const fixed: Person[] = [admin, demoGuide, demoUser];
  const rest = [...guides.slice(1), ...users.slice(1)].sort((a, b) => a.createdAt - b.createdAt);
  let id = 0;
  for (const p of [...fixed, ...rest]) p.id = ++id;
  guides.forEach((g, i) => (g.profile.id = i + 1));
  guides.sort((a, b) => a.id - b.id);
  users.sort((a, b) => a.id - b.id);
  assignGuideTimeZones(guides, demoGuide);
  return { admin, demoGuide, demoUser, guides, users };
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
function assignGuideTimeZones(guides: Guide[], demoGuide: Guide) {
  for (const g of guides) {
    if (g.id === demoGuide.id) continue;
    const tz = GUIDE_TIME_ZONES[g.id % GUIDE_TIME_ZONES.length];
    g.timeZone = tz.zone;
    g.utcOffset = tz.offset;
  }
}

/** A guide who can be booked: approved, active and not deleted. */
export const bookable = (g: Guide) => g.request === "approved" && g.status === "active" && !g.isDeleted;

/** What each guide offers, drawn from nothing but their id and rate (no random draws): lengths, prices, rules. */
export function scheduleOf(g: Guide, demoGuideId: number) {
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

/**
 * Weekly hours in each approved guide's own time zone: two to four days, a few hours each, and an evening for every
 * third guide (the demo guide: Tuesday and Thursday mornings, as their profile says, drawn like the others so every
 * later draw stays the same).
 */
export function drawWeeklyHours(people: People): Map<number, WeeklyRange[]> {
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
      ranges.push({ weekday: ranges[0].weekday, startTime: "18:00", endTime: "20:00" });
    }
    weekly.set(g.id, ranges);
  }
  return weekly;
}

export type Picture = { id: string; data: Buffer };

/**
 * Each person's profile picture (avatars.ts), by id. With `sharedLooks` null everyone is drawn their own; otherwise the
 * cast and every guide get one of that many looks (drawing stays about a second's work) and the mentees none (the
 * default picture: theirs would add hundreds of megabytes of pictures nobody browses).
 */
export async function drawPictures(people: People, sharedLooks: number | null): Promise<Map<number, Picture>> {
  const pictured = (sharedLooks ? [people.admin, people.demoUser, ...people.guides] : [people.admin, ...people.guides, ...people.users]).sort((a, b) => a.id - b.id);
  const looks = new Map<string, Look>();
  const lookKeys = pictured.map((person, n) => {
    const look = lookFor(sharedLooks ? n % sharedLooks : n, person.presentation);
    const key = JSON.stringify(look);
    looks.set(key, look);
    return key;
  });
  const drawn = await renderAvatars([...looks.values()]);
  const byLook = new Map([...looks.keys()].map((key, i) => [key, drawn[i]]));
  progress("pictures", looks.size);
  return new Map(pictured.map((person, n) => [person.id, { id: avatarId(person.id), data: byLook.get(lookKeys[n])! }]));
}
