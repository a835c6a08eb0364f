import { priceSummary, type PricedLength } from "#app/modules/schedule/prices.ts";
import type { VideoEmbed } from "./video.ts";

/** The public mentor profile (/mentor/{id}): what its loader returns. No zod here: the page's bundle imports it. */

/** Reviews shown a page, newest first; the page is the URL's `?reviewsPage=` (links, so it works without JavaScript). */
export const REVIEWS_PER_PAGE = 5;
export const REVIEWS_PAGE_PARAM = "reviewsPage";
/** The next free times shown (the guide's rules minus claimed time, app/modules/schedule). */
export const FREE_TIMES_SHOWN = 6;
export const PUBLISHED_CONTENT_SHOWN = 20;
/** The id of the free-times section: where a signed-in mentee's "Book a session" goes until the booking dialog exists. */
export const FREE_TIMES_ANCHOR = "free-times";

export type MentorReview = {
  id: number;
  /** The reviewer's first name only: a public page does not show mentees' full names. */
  reviewer: string;
  /** The reviewer's date (YYYY-MM-DD), or createdAt when they gave the zero date. */
  date: string;
  rating: number;
  content: string;
  mentorResponse: string | null;
};

export type MentorProfile = {
  id: number;
  name: string;
  title: string | null;
  organisation: string | null;
  bio: string | null;
  imageId: string | null;
  experienceYears: number;
  category: string | null;
  /** Specialty labels (SPEC §3), in the form's order. */
  specialties: string[];
  expertise: string[];
  languages: string[];
  education: string[];
  recentSuccess: string | null;
  /** The video introduction when it is on an allowed host (YouTube, Vimeo); null otherwise. */
  video: VideoEmbed | null;
  payWhatYouWant: boolean;
  /** The lengths offered and their prices (one hour at the hourly rate before the guide chose any). */
  lengths: PricedLength[];
  updatedAt: string;
  content: { id: number; title: string; type: string; url: string | null; publishedDate: string }[];
  rating: { average: number; count: number; distribution: { stars: number; count: number }[] };
  reviews: { page: number; totalPages: number; items: MentorReview[] };
  freeTimes: { startsAt: string; durationMinutes: number }[];
};

/** What the profile says about the price, as Find a Mentor's cards do: '$95.00 for 60 minutes', 'from $50.00 for 30 minutes'. */
export const priceText = (profile: Pick<MentorProfile, "payWhatYouWant" | "lengths">) => priceSummary(profile.lengths, profile.payWhatYouWant);

/** The meta description of a profile: who they are and what they help with, at most 160 characters. */
export function profileDescription(profile: Pick<MentorProfile, "name" | "title" | "organisation" | "specialties" | "bio">) {
  const who = [profile.title, profile.organisation].filter(Boolean).join(" at ");
  const parts = [`${profile.name}${who ? `, ${who}` : ""}, mentors church and ministry leaders on Ministry Mentors.`];
  if (profile.specialties.length) parts.push(`Specialties: ${profile.specialties.slice(0, 4).join(", ")}.`);
  const text = parts.join(" ");
  const withBio = profile.bio ? `${text} ${profile.bio}` : text;
  return withBio.length > 160 ? `${withBio.slice(0, 157).trimEnd()}…` : withBio;
}
