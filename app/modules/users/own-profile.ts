import { z } from "zod";
import { userFields } from "./schema.ts";

/**
 * A mentee's own Profile screen: the User form's fields and messages (SPEC §3 and §5) without e-mail or password
 * (the e-mail is shown, not edited; the password is changed in Settings).
 */
const { password: _password, confirmPassword: _confirmPassword, ...profileFields } = userFields;
export const ownProfileSchema = z.object(profileFields);
export type OwnProfileInput = z.output<typeof ownProfileSchema>;
