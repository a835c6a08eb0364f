import { z } from "zod";
import { personName, titleText } from "#app/lib/person-fields.ts";
import { passwordHints, PASSWORD_MAX_LENGTH, passwordTooLong } from "#app/lib/password-rules.ts";
import { idSchema } from "#app/lib/id.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";
import { SPECIALTY_CODES, SPECIALTY_OPTIONS } from "#app/modules/guides/schema.ts";
import { imageFileSchema } from "#app/modules/uploads/schema.ts";
import { userFormMessages } from "./messages.ts";

export const userListDefaults = {
  sortable: ["name", "email", "organisation", "status"],
  defaultSort: "name",
  defaultOrder: "asc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<"name" | "email" | "organisation" | "status">;

export type UserSort = (typeof userListDefaults.sortable)[number];

const id = idSchema();

export const accountTypes = ["user", "guide"] as const;
export const statusActions = ["active", "inactive"] as const;

/** PATCH /api/admin/{accountType}/{id}/status/{action}, and the status switch of the lists. */
export const statusChangeSchema = z.object({
  accountType: z.enum(accountTypes, { error: "accountType must be user or guide" }),
  id,
  action: z.enum(statusActions, { error: "action must be active or inactive" }),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** The User Management and Guides screens' actions: the status switch and the delete dialog. */
export const accountListIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), id, status: z.enum(statusActions, { error: "status must be active or inactive" }) }),
  z.object({ intent: z.literal("delete"), id }),
], { error: "Unknown action" });

export const isVerifiedFilterSchema = z
  .enum(["true", "false"], { error: "isVerified must be true or false" })
  .transform((value) => value === "true")
  .optional();

/** User Management and GET /api/admin/get-user-list (which also filters by isVerified). */
export const userList = defineList({ defaults: userListDefaults, filters: { isVerified: isVerifiedFilterSchema } });

export const userIdSchema = z.object({ id });

// ─── Specialties (SPEC §3; the codes and labels are SPECIALTY_OPTIONS of the guides module) ────

/** The label of a specialty code (an unknown code is shown as it is). */
export function specialtyLabel(code: string) {
  return SPECIALTY_OPTIONS.find((option) => option.code === code)?.label ?? code;
}

/**
 * A list of specialty codes as a form (one value or several), a JSON client (an array, or a JSON string
 * of one, as SPEC §3 allows) or nothing sends it; duplicates are dropped.
 */
export const specialtiesSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === "") return [];
    if (typeof value === "string") {
      if (!value.trim().startsWith("[")) return [value];
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    }
    return value;
  },
  z
    .array(z.enum(SPECIALTY_CODES, { error: "Please choose specialties from the list." }), { error: "Specialties must be a list of specialty codes." })
    .transform((codes) => [...new Set(codes)]),
);

// ─── User form (SPEC §5 'User form') ─────────────────────────────────────────────────────────

// The texts and hints live in messages.ts (no zod) so the public pages can show them cheaply.
export { userFormMessages } from "./messages.ts";

const requiredText = (message: string, max: number, label: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters.`);

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => value || null);

/**
 * The password rule (lib/password-rules.ts) in the user form's words: SPEC's message for the length and the capital
 * letter, then each other unmet part as its live hint says it.
 */
function passwordIssues(password: string): string[] {
  const [required, length, capital] = passwordHints;
  if (!required.test(password)) return [required.message];
  const issues: string[] = [];
  if (!length.test(password) || !capital.test(password)) issues.push(userFormMessages.password);
  for (const hint of passwordHints.slice(3)) if (!hint.test(password)) issues.push(hint.message);
  if (password.length > PASSWORD_MAX_LENGTH) issues.push(passwordTooLong);
  return issues;
}

export const userFields = {
  name: personName({ required: userFormMessages.nameRequired, format: userFormMessages.name, length: userFormMessages.nameLength }),
  title: titleText({ required: userFormMessages.title, format: userFormMessages.titleFormat, length: "Job title must be at most 200 characters." }, 200),
  organisation: titleText({ required: userFormMessages.organisation, format: userFormMessages.organisationFormat, length: "Organization must be at most 200 characters." }, 200),
  education: requiredText(userFormMessages.education, 1000, "Education"),
  bio: requiredText(userFormMessages.bio, 2000, "Bio"),
  experience: optionalText(2000, "Experience"),
  challenges: optionalText(2000, "Share Your Journey"),
  specialties: specialtiesSchema,
  password: z.string({ error: "Password must be text." }).nullish().transform((value) => value ?? ""),
  confirmPassword: z.string({ error: "Confirm password must be text." }).nullish().transform((value) => value ?? ""),
};

/** The user form's e-mail address (create only): required, then the usual shape (SPEC §5). */
export const userEmail = z
  .string({ error: userFormMessages.emailRequired })
  .trim()
  .refine((email) => email.length > 0, userFormMessages.emailRequired)
  .toLowerCase()
  .pipe(z.email(userFormMessages.email).max(254, userFormMessages.email));

/** Password messages show together with the other fields' messages, not only once those are fixed. */
export const passwordsAlways = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };

export function checkPasswords(mode: "create" | "edit") {
  return (value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) => {
    const password = typeof value.password === "string" ? value.password : "";
    const confirmPassword = typeof value.confirmPassword === "string" ? value.confirmPassword : "";
    if (mode === "edit" && !password && !confirmPassword) return;
    if (!password && confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: userFormMessages.passwordFirst });
      if (mode === "edit") return;
    }
    for (const message of passwordIssues(password)) ctx.addIssue({ code: "custom", path: ["password"], message });
    if (password && password !== confirmPassword) {
      // An empty confirmation is still to be typed, not a mismatch.
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: confirmPassword ? userFormMessages.passwordMismatch : userFormMessages.confirmRequired });
    }
  };
}

const createFields = {
  ...userFields,
  email: userEmail,
  userType: z.literal("user", { error: "userType must be user" }).optional(),
};

/** POST /api/admin/create-user, and the Create User form without its picture. */
export const createUserSchema = z.object(createFields).superRefine(checkPasswords("create"), passwordsAlways);
export type CreateUserInput = z.output<typeof createUserSchema>;

/** The Create User form: the account and, optionally, a profile picture (stored once the user exists). */
export const createUserFormSchema = z
  .object({ ...createFields, image: imageFileSchema.optional() })
  .superRefine(checkPasswords("create"), passwordsAlways);

/** Edit User (form, action and PUT /api/admin/update-user-by-id): no e-mail; a password only if one is given. */
export const updateUserSchema = z.object(userFields).superRefine(checkPasswords("edit"), passwordsAlways);
export type UpdateUserInput = z.output<typeof updateUserSchema>;

/** The Edit User picture form (intent "image"), uploaded as soon as a file is picked. */
export const userPictureFormSchema = z.object({ image: imageFileSchema });

const optionalPersonId = (name: string) =>
  idSchema(`${name} must be a positive whole number`).optional();

/** The `?guideId=&userId=` filters of the bookings, payments and reviews lists (empty means no filter). */
export const peopleFilters = {
  guideId: optionalPersonId("guideId"),
  userId: optionalPersonId("userId"),
};

/** `mentorId` is the API's other name for guideId. */
export const peopleFilterAliases = { guideId: "mentorId" } as const;

/** A person a picker offers: the e-mail tells apart two people of the same name (the console's pickers only). */
export type PersonChoice = { id: number; name: string; email: string };

/**
 * The Guide filter's picker: the filter it sets; the search typed into it, which the server answers with the
 * matching guides when the form is submitted (without JavaScript); and where it asks for suggestions as one
 * types (the resource route admin/person-options of app/routes.ts).
 */
export const guidePicker = {
  label: "Guide",
  plural: "guides",
  param: "guideId",
  searchParam: "guideSearch",
  suggestions: "/admin/dashboard/person-options/guide",
} as const;
