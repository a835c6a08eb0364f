import { z } from "zod";
import { currentPasswordField } from "#app/modules/accounts/password-schema.ts";
import { guideCreateSchema } from "#app/modules/guides/schema.ts";
import { imageFileSchema } from "#app/modules/uploads/schema.ts";

// The admin's own name and e-mail follow the guide form's rules and messages (SPEC §5); the password's form is
// accounts/password-schema.ts, the same for everyone.
const { name, email } = guideCreateSchema.shape;

/**
 * My Profile and PUT /api/admin/update-admin-profile {name, email, currentPassword}: a new e-mail needs the
 * current password (checked by updateAdminProfile); a name alone does not.
 */
export const adminProfileSchema = z.object({ name, email, currentPassword: currentPasswordField.nullish().transform((value) => value || null) });
export type AdminProfileInput = z.output<typeof adminProfileSchema>;

/** My Profile's picture form: the image in `imageUrl`, as PUT /api/admin/update-admin-profile-picture names it. */
export const adminPictureSchema = z.object({ imageUrl: imageFileSchema });
