import { z } from "zod";
import { PASSWORD_MAX_LENGTH, passwordTooLong, passwordUnchanged } from "#app/lib/password-rules.ts";
import { guideCreateSchema, guideMessages } from "#app/modules/guides/schema.ts";
import { imageFileSchema } from "#app/modules/uploads/schema.ts";

// The admin's own name, e-mail and password follow the guide form's rules and messages (SPEC §5).
const { name, email, password, confirmPassword } = guideCreateSchema.shape;

export const currentPasswordMessages = {
  required: "Current password is required",
  incorrect: "Current password is incorrect",
} as const;

const currentPassword = z.string({ error: currentPasswordMessages.required }).max(PASSWORD_MAX_LENGTH, passwordTooLong);

/**
 * My Profile and PUT /api/admin/update-admin-profile {name, email, currentPassword}: a new e-mail needs the
 * current password (checked by updateAdminProfile); a name alone does not.
 */
export const adminProfileSchema = z.object({ name, email, currentPassword: currentPassword.nullish().transform((value) => value || null) });
export type AdminProfileInput = z.output<typeof adminProfileSchema>;

/** Change Password and PUT /api/admin/change-password. */
export const changePasswordSchema = z
  .object({
    currentPassword: currentPassword.min(1, currentPasswordMessages.required),
    password,
    confirmPassword,
  })
  .superRefine(
    (value, ctx) => {
      if (value.password && value.confirmPassword && value.password !== value.confirmPassword) {
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: guideMessages.passwordsDiffer });
      }
      if (value.password && value.password === value.currentPassword) {
        ctx.addIssue({ code: "custom", path: ["password"], message: passwordUnchanged });
      }
    },
    { when: () => true },
  );
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** My Profile's picture form: the image in `imageUrl`, as PUT /api/admin/update-admin-profile-picture names it. */
export const adminPictureSchema = z.object({ imageUrl: imageFileSchema });
