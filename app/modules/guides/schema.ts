import { z } from "zod";
import { freeText, isTitleText, newPassword, personName, phoneNumber, titleText } from "#app/lib/person-fields.ts";
import { meetsPasswordRule, PASSWORD_MAX_LENGTH, passwordTooLong } from "#app/lib/password-rules.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";
import { videoEmbedFor } from "#app/modules/mentor-profile/video.ts";
import { GUIDE_CATEGORIES, SPECIALTY_CODES, type SpecialtyCode } from "./options.ts";

export { EXPERTISE_TYPING, GUIDE_CATEGORIES, SPECIALTY_CODES, SPECIALTY_OPTIONS, type SpecialtyCode } from "./options.ts";

const specialtyCodes: ReadonlySet<string> = new Set(SPECIALTY_CODES);
const isSpecialtyCode = (code: string): code is SpecialtyCode => specialtyCodes.has(code);

export const guideListDefaults = {
  sortable: ["name", "email", "category", "organisation", "verified", "status"],
  defaultSort: "name",
  defaultOrder: "asc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<"name" | "email" | "category" | "organisation" | "verified" | "status">;

export type GuideSort = (typeof guideListDefaults.sortable)[number];

/**
 * Guides (the console screen and GET /api/admin/get-mentor-list); `freeTime=none`: live guides (bookable on Find a
 * Mentor) with no free time in the next 14 days.
 */
export const guideList = defineList({
  defaults: guideListDefaults,
  filters: { freeTime: z.enum(["none"], { error: "freeTime must be none" }).optional() },
});
export type GuideFilters = { freeTime?: "none" };

/** SPEC §5 'Guide form': every message word for word. */
export const guideMessages = {
  nameRequired: "Name is required",
  nameFormat: "Name must be 2-50 characters, letters, spaces, apostrophes, or hyphens only",
  emailRequired: "Email is required",
  emailFormat: "Invalid email format",
  phoneRequired: "Phone number is required",
  phoneFormat: "Invalid phone number format (e.g., +1234567890 or 123-456-7890)",
  experienceRequired: "Experience is required",
  experienceRange: "Enter a number between 0 and 50",
  passwordRequired: "Password is required",
  passwordStrength:
    "Password must contain at least one lowercase letter, one uppercase letter, one number, one special character, and be at least 8 characters long",
  confirmRequired: "Confirm password is required",
  passwordsDiffer: "Passwords do not match",
  titleRequired: "Title is required",
  titleFormat: "Invalid title format",
  organisationRequired: "Organisation is required",
  organisationFormat: "Invalid organisation format",
  bioRequired: "Bio is required",
  bioFormat: "Invalid bio format",
  categoryRequired: "Category selection is required",
  specialtiesRequired: "At least one specialty is required",
  languagesRequired: "At least one language is required",
  languageFormat: "Each language must be 2-50 characters, letters, spaces, apostrophes, or hyphens only",
  expertiseRequired: "At least one area of expertise is required",
  expertiseFormat: "Each area of expertise must be 2-50 characters, letters, spaces, apostrophes, or hyphens only",
  educationRequired: "At least one education entry is required",
  educationFormat: "Each education entry must be 2-100 characters of letters, numbers, spaces and punctuation",
  recentSuccessFormat: "Recent success must be 0-200 characters, letters, spaces, commas, apostrophes, or hyphens only",
  referenceLength: "Reference must be between 2 and 100 characters",
  videoUrl: "Video URL must be a valid http(s) link",
  videoHost: "Video URL must be a YouTube or Vimeo video link",
  specialtyUnknown: "Choose specialties from the list",
} as const;
const m = guideMessages;

// Names, phone numbers, titles, the bio and the password follow lib/person-fields.ts, with SPEC §5's messages.
const isListWords = (entry: string) => /^[\p{L}\p{M}\s'’-]{2,50}$/u.test(entry);
const isEducationEntry = (entry: string) => entry.length >= 2 && entry.length <= 100 && isTitleText(entry);

/** A required text field: trimmed, with its 'required' message for a missing or blank value. */
const requiredText = (required: string) => z.string({ error: required }).trim().min(1, { error: required, abort: true });

/** A list field: one value or several, entries trimmed, blank entries ignored; a JSON array text is read too. */
function toList(value: unknown, { json = false } = {}): unknown {
  if (value === undefined || value === null || value === "") return [];
  if (json && typeof value === "string" && value.trim().startsWith("[")) {
    try {
      return toList(JSON.parse(value));
    } catch {
      return [value];
    }
  }
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => (typeof item === "string" ? item.trim() : item)).filter((item) => item !== "" && item !== undefined && item !== null);
}

/** A list of free-text entries with a minimum count and a rule per entry; duplicates are dropped. */
function textList({ min, required, accepts, format }: { min: number; required?: string; accepts: (entry: string) => boolean; format: string }) {
  return z.preprocess(
    (value) => toList(value),
    z
      .array(z.string({ error: format }))
      .min(min, required)
      .superRefine((items, ctx) => {
        if (items.some((item) => !accepts(item))) ctx.addIssue({ code: "custom", message: format });
      })
      .transform((items) => [...new Set(items)]),
  );
}

/** Experience in whole years, 0-50: typed as text in the form, a number or text in the API. */
const experience = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value),
  requiredText(m.experienceRequired)
    .regex(/^\d{1,2}$/, m.experienceRange)
    .transform(Number)
    .pipe(z.number().max(50, m.experienceRange)),
);

/** A switch: 'on' from a form checkbox, true/false from the API, absent means off. */
const toggle = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

const fields = {
  name: personName({ required: m.nameRequired, format: m.nameFormat }),
  email: requiredText(m.emailRequired).toLowerCase().pipe(z.email(m.emailFormat)),
  phone: phoneNumber({ required: m.phoneRequired, format: m.phoneFormat }),
  title: titleText({ required: m.titleRequired, format: m.titleFormat }, 500),
  organisation: titleText({ required: m.organisationRequired, format: m.organisationFormat }, 500),
  bio: freeText({ required: m.bioRequired, format: m.bioFormat }, 500),
  experience,
  category: z.enum(GUIDE_CATEGORIES, { error: m.categoryRequired }),
  specialties: z.preprocess(
    (value) => toList(value, { json: true }),
    z
      .array(z.string({ error: m.specialtyUnknown }))
      .min(1, m.specialtiesRequired)
      .refine((codes) => codes.every(isSpecialtyCode), m.specialtyUnknown)
      .transform((codes) => [...new Set(codes as SpecialtyCode[])]),
  ),
  languages: textList({ min: 1, required: m.languagesRequired, accepts: isListWords, format: m.languageFormat }),
  expertise: textList({ min: 1, required: m.expertiseRequired, accepts: isListWords, format: m.expertiseFormat }),
  education: textList({ min: 1, required: m.educationRequired, accepts: isEducationEntry, format: m.educationFormat }),
  references: textList({ min: 0, accepts: (entry) => entry.length >= 2 && entry.length <= 100, format: m.referenceLength }),
  recentSuccess: optionalText(200, m.recentSuccessFormat),
  videoUrl: z
    .string({ error: m.videoUrl })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .pipe(z.url({ protocol: /^https?$/, error: m.videoUrl }).max(500, m.videoUrl).nullable()),
};

const password = newPassword({ required: m.passwordRequired, rule: m.passwordStrength });
const confirmPassword = z.string({ error: m.confirmRequired }).min(1, m.confirmRequired);
const always = { when: () => true };

/** The guide form's field rules, shared with the public guide application (guide-requests/schema.ts). */
export const guideFields = fields;
export const guidePasswordFields = { password, confirmPassword } as const;
/** Guide form passwords: the two must match (its message on confirmPassword). */
export function passwordsMustMatch(value: { password?: string | null; confirmPassword?: string | null }, ctx: z.RefinementCtx) {
  if (value.password && value.confirmPassword && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: m.passwordsDiffer });
  }
}

/** Create: a password is required, and the two switches (pay what you want, verified) are sent. */
export const guideCreateSchema = z
  .object({ ...fields, password, confirmPassword, isToggled: toggle, accountStatus: toggle })
  .superRefine((value, ctx) => {
    if (value.password && value.confirmPassword && value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: m.passwordsDiffer });
    }
  }, always);

/**
 * Edit: the password is checked only when a password or its confirmation is typed, and then it changes
 * the password. The switches are not part of an update.
 */
export const guideUpdateSchema = z
  .object({ ...fields, password: z.string().nullish(), confirmPassword: z.string().nullish() })
  .superRefine((value, ctx) => {
    const { password: typed, confirmPassword: confirmation } = value;
    if (!typed && !confirmation) return;
    if (!typed) ctx.addIssue({ code: "custom", path: ["password"], message: m.passwordRequired });
    else if (typed.length > PASSWORD_MAX_LENGTH) ctx.addIssue({ code: "custom", path: ["password"], message: passwordTooLong });
    else if (!meetsPasswordRule(typed)) ctx.addIssue({ code: "custom", path: ["password"], message: m.passwordStrength });
    if (!confirmation) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: m.confirmRequired });
    else if (typed && typed !== confirmation) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: m.passwordsDiffer });
  }, always)
  .transform(({ password: typed, confirmPassword: _confirmation, ...rest }) => ({ ...rest, password: typed || null }));

export type GuideCreateInput = z.output<typeof guideCreateSchema>;
export type GuideUpdateInput = z.output<typeof guideUpdateSchema>;

/**
 * The guide's own profile (/mentor-dashboard/profile): the guide form's public fields with SPEC §5's rules and
 * messages. The e-mail address and password are account settings, references the admin team's; the video must be
 * one the public profile can play (YouTube or Vimeo).
 */
export const guideProfileSchema = z.object({
  name: fields.name,
  phone: fields.phone,
  title: fields.title,
  organisation: fields.organisation,
  bio: fields.bio,
  experience: fields.experience,
  category: fields.category,
  specialties: fields.specialties,
  languages: fields.languages,
  expertise: fields.expertise,
  education: fields.education,
  recentSuccess: fields.recentSuccess,
  videoUrl: fields.videoUrl.refine((url) => url === null || videoEmbedFor(url) !== null, m.videoHost),
});

export type GuideProfileInput = z.output<typeof guideProfileSchema>;
