// Find a Mentor's fields of a guide, defined once: free of the server and the database, so the seed computes them too.
import { SPECIALTY_OPTIONS } from "./options.ts";

/** What decides a guide's search fields. */
export type GuideSearchSource = {
  role: string;
  isVerified: boolean;
  status: string;
  isDeleted: boolean;
  name: string;
  title: string | null;
  organisation: string | null;
  bio: string | null;
  /** GuideProfile."expertise": a JSON list of phrases. */
  expertise: string;
  specialties: readonly string[];
  /** In the guide's order. */
  languages: readonly string[];
};

export type GuideSearchFields = { searchText: string; isLive: boolean; specialtyMask: number; languageList: string };

/**
 * A guide is live (found, shown, bookable) when approved, active and not deleted: the one rule, which Prisma reads as
 * a `where` and `isLiveGuide` and `liveGuideSql` (search-fields.server.ts) test.
 */
export const LIVE_GUIDE = { role: "guide", isVerified: true, status: "active", isDeleted: false } as const;

export const isLiveGuide = (person: Pick<GuideSearchSource, keyof typeof LIVE_GUIDE>) =>
  (Object.keys(LIVE_GUIDE) as Array<keyof typeof LIVE_GUIDE>).every((key) => person[key] === LIVE_GUIDE[key]);

const expertiseOf = (json: string): string[] => {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
};

/**
 * The search fields of a guide: the keyword text (name, title, organisation, specialty labels, expertise and bio;
 * never the e-mail), whether they are live, their specialties as bits in SPECIALTY_OPTIONS' order and their
 * languages joined by "|".
 */
export function guideSearchFields(source: GuideSearchSource): GuideSearchFields {
  const specialties = SPECIALTY_OPTIONS.filter((option) => source.specialties.includes(option.code));
  const searchText = [
    source.name,
    source.title,
    source.organisation,
    specialties.map((option) => option.label).join(" "),
    expertiseOf(source.expertise).join(", "),
    source.bio,
  ]
    .filter(Boolean)
    .join(" ");
  const specialtyMask = specialties.reduce((mask, option) => mask | (1 << SPECIALTY_OPTIONS.indexOf(option)), 0);
  return { searchText, isLive: isLiveGuide(source), specialtyMask, languageList: source.languages.join("|") };
}
