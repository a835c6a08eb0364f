import { z } from "zod";
import { PASSWORD_MAX_LENGTH, passwordTooLong } from "./password-rules.ts";

/** Sign-in form and POST /api/auth/login. */
export const credentialsSchema = z.object({
  email: z.string({ error: "Email is required" }).trim().toLowerCase().email("Invalid email format"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX_LENGTH, passwordTooLong),
});
