import { z } from "zod";

/** Sign-in form and POST /api/auth/login. */
export const credentialsSchema = z.object({
  email: z.string({ error: "Email is required" }).trim().toLowerCase().email("Invalid email format"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});
