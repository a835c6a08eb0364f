import { z } from "zod";
import { idSchema } from "#app/lib/id.ts";
import { dateRange } from "#app/lib/date-range.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";
import { peopleFilterAliases, peopleFilters } from "#app/modules/users/schema.ts";

export const reviewSortColumns = ["createdAt", "rating"] as const;
export type ReviewSort = (typeof reviewSortColumns)[number];

/** Console-wide reviews (GET /api/admin/all/reviews): newest first, 10 a page. */
export const reviewListDefaults = {
  sortable: reviewSortColumns,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<ReviewSort>;

/** A profile's Review tab (and GET /api/admin/{guides|users}/reviews/{id}): 5 a page. */
export const profileReviewListDefaults = { ...reviewListDefaults, defaultLimit: 5 } as const satisfies ListDefaults<ReviewSort>;

/** Reviews the guide has not replied to yet (`awaiting`), or has. */
const replyFilter = z.enum(["awaiting", "replied"], { error: "reply must be awaiting or replied" }).optional();

/**
 * The Reviews screen and GET /api/admin/all/reviews (which says sortBy, sortOrder and mentorId); `from` and `to` are
 * days of the date each review shows; `reply=awaiting` the reviews waiting for their guide's reply.
 */
export const reviewList = defineList({
  defaults: reviewListDefaults,
  filters: { ...peopleFilters, ...dateRange(), reply: replyFilter },
  aliases: { sort: "sortBy", order: "sortOrder", ...peopleFilterAliases },
});

/** A profile's Review tab and its twin GET /api/admin/{guides|users}/reviews/{id}: the same list of that person's reviews. */
export const profileReviewList = { ...reviewList, defaults: profileReviewListDefaults };

/**
 * The review sort select, with its labels and values exactly as SPEC §2 gives them (DESC is labelled
 * 'Sort by Oldest'); DESC is the default.
 */
export const reviewSortOptions = [
  { value: "DESC", label: "Sort by Oldest" },
  { value: "ASC", label: "Sort by Latest" },
] as const;

/** The same select on a guide's own Reviews screen, outside the console: its labels say which reviews come first. */
export const guideReviewSortOptions = [
  { value: "DESC", label: "Newest first" },
  { value: "ASC", label: "Oldest first" },
] as const;

export type ReviewSortOptions = typeof reviewSortOptions | typeof guideReviewSortOptions;

/** Review text longer than this is cut, with See More / See Less. */
export const REVIEW_CUT = 200;
/** A review's text as a card first shows it: cut at REVIEW_CUT characters. */
export const reviewExcerpt = (text: string) => (text.length > REVIEW_CUT ? `${text.slice(0, REVIEW_CUT)}...` : text);
export const RATING_SCALE = 5;
/** The date a reviewer leaves when they gave none. */
export const ZERO_DATE = "0000-00-00";

/** The date a review shows: the reviewer's date, or createdAt when that is missing or the zero date. */
export function reviewDate(date: string | null | undefined, createdAt: string) {
  return !date || date.startsWith(ZERO_DATE) ? createdAt : date;
}

// ─── Writing, answering and moderating reviews ──────────────────────────────────────────────

/** A mentee may change their review for this many days after writing it; then it is read-only. */
export const REVIEW_EDIT_DAYS = 14;
export const REVIEW_MIN = 10;
export const REVIEW_MAX = 2000;
export const REPLY_MAX = 1000;
export const HIDE_REASON_MAX = 500;

/** Every message of the review, reply and hide forms, word for word (forms, actions and tests share them). */
export const reviewMessages = {
  ratingRequired: "Please choose a rating from 1 to 5 stars",
  contentRequired: "Please write a few words about your session",
  contentLength: `Your review must be between ${REVIEW_MIN} and ${REVIEW_MAX} characters`,
  replyRequired: "Please write your reply",
  replyLength: `Your reply must be at most ${REPLY_MAX} characters`,
  reasonRequired: "Please give a reason for hiding this review",
  reasonLength: `The reason must be at most ${HIDE_REASON_MAX} characters`,
  notCompleted: "You can review a session once it has been completed.",
  alreadyReviewed: "You have already reviewed this session.",
  editWindowOver: `Reviews can be changed for ${REVIEW_EDIT_DAYS} days after they are written. This one can no longer be changed.`,
  hiddenReadOnly: "This review was hidden by our team and can no longer be changed.",
  noReviewYet: "There is no review of this session to change yet.",
  alreadyReplied: "You have already replied to this review.",
  bookingNotFound: "This booking could not be found.",
  reviewNotFound: "This review could not be found.",
} as const;
const rm = reviewMessages;

const rating = z.preprocess(
  (value) => (typeof value === "string" && /^[1-5]$/.test(value.trim()) ? Number(value) : value),
  z.number({ error: rm.ratingRequired }).int(rm.ratingRequired).min(1, rm.ratingRequired).max(5, rm.ratingRequired),
);

/** The mentee's review form: `intent` create (the first review) or update (a change within the 14 days). */
export const reviewFormSchema = z.object({
  intent: z.enum(["create", "update"], { error: "Unknown action" }),
  rating,
  content: z
    .string({ error: rm.contentRequired })
    .trim()
    .min(1, { error: rm.contentRequired, abort: true })
    .min(REVIEW_MIN, rm.contentLength)
    .max(REVIEW_MAX, rm.contentLength),
});
export type ReviewInput = z.output<typeof reviewFormSchema>;

/** The guide's reply under a review (once). */
export const reviewReplySchema = z.object({
  reviewId: idSchema(rm.reviewNotFound),
  response: z.string({ error: rm.replyRequired }).trim().min(1, rm.replyRequired).max(REPLY_MAX, rm.replyLength),
});

/** The reason a hidden review keeps (the guide sees it): one review's hide dialog, and a bulk hide's one reason for all. */
export const hideReasonSchema = z.string({ error: rm.reasonRequired }).trim().min(1, rm.reasonRequired).max(HIDE_REASON_MAX, rm.reasonLength);

/** The console hides a review with a reason, or shows it again. */
export const reviewModerationSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("hide"),
    reviewId: idSchema(rm.reviewNotFound),
    reason: hideReasonSchema,
  }),
  z.object({ intent: z.literal("unhide"), reviewId: idSchema(rm.reviewNotFound) }),
], { error: "Unknown action" });

/** The guide's Reviews screen: their reviews, newest first, 10 a page, filtered by whether they replied. */
export const guideReviewList = defineList({
  defaults: reviewListDefaults,
  filters: { reply: replyFilter },
});
