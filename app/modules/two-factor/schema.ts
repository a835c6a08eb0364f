import { z } from "zod";
import { credentialsSchema } from "#app/lib/auth-schema.ts";
import { currentPasswordField, currentPasswordMessages } from "#app/modules/accounts/password-schema.ts";
import { twoFactorMessages } from "./messages.ts";

export { twoFactorMessages } from "./messages.ts";

/** A code from the authenticator app (6 digits) or a recovery code (xxxxx-xxxxx), spaces ignored. */
export const codeField = z
  .string({ error: twoFactorMessages.code })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().min(1, twoFactorMessages.code).max(20, twoFactorMessages.wrongCode));

/** The sign-in's second step, and confirming setup or new recovery codes. */
export const secondFactorSchema = z.object({ code: codeField });

/** Turning two-factor sign-in off: the password and a current code. */
export const turnOffSchema = z.object({ currentPassword: currentPasswordField.min(1, currentPasswordMessages.required), code: codeField });

/** POST /api/auth/login: the sign-in's e-mail and password, and the code when the account has two-factor sign-in. */
export const apiSignInSchema = credentialsSchema.extend({ code: codeField.optional() });
