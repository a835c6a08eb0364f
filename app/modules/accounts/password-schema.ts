import { z } from "zod";
import { PASSWORD_MAX_LENGTH, passwordTooLong, passwordUnchanged } from "#app/lib/password-rules.ts";
import { guidePasswordFields, passwordsMustMatch } from "#app/modules/guides/schema.ts";

/**
 * A person changing their own password: the admin's Change Password (and PUT /api/admin/change-password) and the
 * Settings of both dashboards. One form, with the guide form's rules and messages for the new password (SPEC §5).
 */

export const currentPasswordMessages = {
  required: "Current password is required",
  incorrect: "Current password is incorrect",
} as const;

/** The current password as typed (checked by the server, never here beyond its length). */
export const currentPasswordField = z.string({ error: currentPasswordMessages.required }).max(PASSWORD_MAX_LENGTH, passwordTooLong);

export const changeOwnPasswordSchema = z
  .object({ currentPassword: currentPasswordField.min(1, currentPasswordMessages.required), ...guidePasswordFields })
  .superRefine(
    (value, ctx) => {
      passwordsMustMatch(value, ctx);
      if (value.password && value.password === value.currentPassword) {
        ctx.addIssue({ code: "custom", path: ["password"], message: passwordUnchanged });
      }
    },
    { when: () => true },
  );
export type ChangeOwnPasswordInput = z.output<typeof changeOwnPasswordSchema>;
