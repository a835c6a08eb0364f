import { z } from "zod";
import { newAccountTimeZone, newAccountTimeZoneFields } from "#app/lib/time-zone-schema.ts";
import { checkPasswords, passwordsAlways, userEmail, userFields } from "#app/modules/users/schema.ts";
import { accountMessages } from "./messages.ts";

/**
 * The public account forms: sign-up, e-mail verification and password reset. Shared by the browser (conform's
 * instant messages) and the server, which always checks again. Field rules and texts are those of SPEC §5 'User form'.
 */
export { accountMessages } from "./messages.ts";

const email = userEmail;

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => value || null);

/** Six digits; spaces or dashes a person types between them ("123 456") are ignored. */
const code = z.preprocess(
  (value) => (typeof value === "string" ? value.replace(/[\s-]/g, "") : value),
  z.string({ error: accountMessages.code }).regex(/^\d{6}$/, accountMessages.code),
);

/**
 * /signup: a mentee account. Name, e-mail, password (SPEC §5 rules, live hints), confirmation, job title and
 * organisation are required; education and bio can wait for the profile. The terms must be accepted. The time zone
 * is the browser's (or picked without JavaScript).
 */
export const signUpSchema = z
  .object({
    name: userFields.name,
    email,
    password: userFields.password,
    confirmPassword: userFields.confirmPassword,
    title: userFields.title,
    organisation: userFields.organisation,
    education: optionalText(1000, "Education"),
    bio: optionalText(2000, "Bio"),
    terms: z.literal("on", { error: accountMessages.terms }),
    ...newAccountTimeZoneFields,
  })
  .superRefine(checkPasswords("create"), passwordsAlways)
  .transform(({ deviceTimeZone, ...account }) => ({ ...account, timeZone: newAccountTimeZone({ timeZone: account.timeZone, deviceTimeZone }) }));
export type SignUpInput = z.output<typeof signUpSchema>;

/** /verify-email: the address and the code sent to it. */
export const verifyEmailSchema = z.object({ email, code });

/** "Send a new code" on /verify-email, and step 1 of /reset-password. */
export const emailOnlySchema = z.object({ email });

/** Step 2 of /reset-password: the code, and the new password with the same rules as sign-up. */
export const resetPasswordSchema = z
  .object({ email, code, password: userFields.password, confirmPassword: userFields.confirmPassword })
  .superRefine(checkPasswords("create"), passwordsAlways);
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;
