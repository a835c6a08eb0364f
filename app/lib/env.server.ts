import { z } from "zod";

/** Every setting the server reads, with its default. README's configuration table mirrors this. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().default("file:./data/app.db"),
  SESSION_SECRET: z.string().min(1).default("dev-only-session-secret-change-me"),
  MAIL_FROM: z.string().default("Ministry Mentors <no-reply@example.com>"),
  SMTP_URL: z.string().optional(),
  OUTBOX_DIR: z.string().default("./outbox"),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    cached = schema.parse(process.env);
    if (cached.NODE_ENV === "production" && cached.SESSION_SECRET === "dev-only-session-secret-change-me") {
      console.warn("SESSION_SECRET is not set: sessions are signed with a development secret.");
    }
  }
  return cached;
}

export const isProduction = () => env().NODE_ENV === "production";
