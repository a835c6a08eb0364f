import { z } from "zod";
import { MAX_LIST_ITEMS, pageSlugs, type PageSlug } from "./pages.ts";

export { MAX_LIST_ITEMS, pageLabels, pageSlugs, type PageSlug } from "./pages.ts";

export const slugSchema = z.enum(pageSlugs, { error: `slug must be one of: ${pageSlugs.join(", ")}` });

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .transform((value) => value || undefined)
    .optional();

const linkMessage = "Link must be a path on this site (starting with /) or an http(s) URL";
const href = optional(2000).refine((value) => value === undefined || /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/\S+$/i.test(value), linkMessage);

/** A button needs both a label and where it goes, or neither. */
function pairedButton(labelKey: string, hrefKey: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (value[labelKey] && !value[hrefKey]) ctx.addIssue({ code: "custom", path: [hrefKey], message: "Add a link for the button" });
    if (value[hrefKey] && !value[labelKey]) ctx.addIssue({ code: "custom", path: [labelKey], message: "Add a label for the button" });
  };
}

const hero = z
  .object({
    heading: required("Heading is required", 200),
    subheading: optional(1000),
    ctaLabel: optional(60),
    ctaHref: href,
    imageId: z.coerce.string({ error: "imageId must be an upload id" }).regex(/^[\w-]{1,64}$/, "imageId must be an upload id").optional(),
  })
  .superRefine(pairedButton("ctaLabel", "ctaHref"));

const section = z.object({ heading: required("Heading is required", 200), body: required("Text is required", 5000) });
const testimonial = z.object({
  quote: required("Quote is required", 1000),
  author: required("Author is required", 100),
  role: optional(150),
});
const cta = z
  .object({ heading: optional(200), body: optional(1000), label: optional(60), href })
  .superRefine(pairedButton("label", "href"));

/**
 * The document stored in PageContent.content for every page: a hero, text sections, testimonials and
 * a closing call to action. Shared by the console's editors and PUT /api/admin/home-content/quotes.
 */
export const pageContentSchema = z.object({
  hero,
  sections: z.array(section).max(MAX_LIST_ITEMS, `At most ${MAX_LIST_ITEMS} sections`).default([]),
  testimonials: z.array(testimonial).max(MAX_LIST_ITEMS, `At most ${MAX_LIST_ITEMS} testimonials`).default([]),
  cta: cta.default({}),
});
export type PageContent = z.output<typeof pageContentSchema>;

/** The console's editor: the document plus an optional new hero image, or the old one removed. */
export const pageContentFormSchema = pageContentSchema.extend({
  heroImage: z
    .instanceof(File, { error: "Please select a valid image file." })
    .refine((file) => file.type.startsWith("image/"), "Please select a valid image file.")
    .optional(),
  removeHeroImage: z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false),
});

/** PUT /api/admin/home-content/quotes {slug, content} */
export const pageContentUpdateSchema = z.object({ slug: slugSchema, content: pageContentSchema });

/** What a page shows before anything is saved (or if what is saved cannot be read). */
export const defaultPageContent: Record<PageSlug, PageContent> = {
  home: {
    hero: {
      heading: "Wisdom for the road of ministry",
      subheading: "Pastors and ministry leaders meet experienced mentors who have walked the same road — for counsel, encouragement and growth.",
      ctaLabel: "Find a Mentor",
      ctaHref: "/search",
    },
    sections: [
      { heading: "Find the right guide", body: "Search mentors by ministry area, specialty and language." },
      { heading: "Book a session", body: "Pick a time that suits you and pay securely by card." },
      { heading: "Grow together", body: "Keep the conversation going with messages between sessions." },
    ],
    testimonials: [],
    cta: { heading: "Have years of ministry to share?", body: "Mentor the next generation of church leaders.", label: "Become a Mentor", href: "/become-mentor" },
  },
  platform: {
    hero: {
      heading: "How Ministry Mentors works",
      subheading: "Find an experienced mentor, book a session and grow, with scheduling and payment in one place.",
      ctaLabel: "Find a Mentor",
      ctaHref: "/search",
    },
    sections: [
      { heading: "Find the right guide", body: "Search by ministry area, specialty, language and price." },
      { heading: "Book a time", body: "Choose an open slot on the guide's calendar and add a note about your question." },
      { heading: "Meet and grow", body: "Meet by video call and keep the conversation going with messages." },
    ],
    testimonials: [],
    cta: {},
  },
  become_a_guide: {
    hero: {
      heading: "Become a Mentor",
      subheading: "Share the lessons of your years in ministry with pastors and leaders who are walking the same road.",
      ctaLabel: "Apply to be a mentor",
      ctaHref: "/guide-application",
    },
    sections: [
      { heading: "Who we're looking for", body: "Pastors and ministry leaders with proven leadership experience and references." },
      { heading: "Your schedule, your rate", body: "Open the times that suit you and choose your rate, or offer pay-what-you-want sessions." },
    ],
    testimonials: [],
    cta: {},
  },
};
