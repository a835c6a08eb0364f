import { isIP } from "node:net";
import { z } from "zod";

const DEV_SESSION_SECRET = "dev-only-session-secret-change-me";
const DEV_TOTP_KEY = "dev-only-totp-key-change-me";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every setting the server reads, with its default. README's configuration table mirrors this. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().default("file:./data/app.db"),
  SESSION_SECRET: z.string().optional().transform((value) => value || undefined),
  /** Encrypts the authenticator secrets of two-factor sign-in (AES-256-GCM, key derived from it). */
  TOTP_KEY: z.string().optional().transform((value) => value || undefined),
  MAIL_FROM: z.string().default("Ministry Mentors <no-reply@ministrymentors.org>"),
  /** The address pages and e-mails tell people to write to, until an operator sets another in the console's Settings. */
  SUPPORT_EMAIL: z.email({ error: "SUPPORT_EMAIL must be an e-mail address" }).default("support@ministrymentors.org"),
  SMTP_URL: z.string().optional(),
  /** The port the server listens on (server/index.mjs); the default APP_URL follows it. */
  PORT: positiveInt(3000),
  /**
   * The site's public origin, for absolute links in e-mails and Stripe's return URLs (never taken from a request's
   * Host header). Unset, this server on localhost at PORT, so `PORT=4000 npm start` works as it is.
   */
  APP_URL: z
    .url({ protocol: /^https?$/, error: "APP_URL must be an http(s) URL such as https://mentors.example.org" })
    .optional()
    .transform((value) => value?.replace(/\/+$/, "")),
  /** Largest request body without files (JSON, forms), in kilobytes. */
  BODY_LIMIT_KB: positiveInt(64),
  /** Sessions of users and guides: ended after this long without a request, and at most this long after sign-in. */
  SESSION_IDLE_MINUTES: positiveInt(7 * 24 * 60),
  SESSION_MAX_HOURS: positiveInt(30 * 24),
  /** The administrator's sessions are shorter: the console can change everything. */
  ADMIN_SESSION_IDLE_MINUTES: positiveInt(30),
  ADMIN_SESSION_MAX_HOURS: positiveInt(12),
  /** Requests a personal access token may make to /api/v1 per minute (counted across all app servers); then 429. */
  API_RATE_PER_MINUTE: positiveInt(120),
  /** Behind a proxy: take the client's address from the last X-Forwarded-For hop and the host from X-Forwarded-Host. */
  TRUST_PROXY: z.enum(["0", "1", "false", "true"]).default("0").transform((value) => value === "1" || value === "true"),
  /**
   * Stripe: the secret API key (sk_live_… or sk_test_…) and the signing secret of the webhook endpoint
   * (whsec_…, from the endpoint POST /api/webhooks/stripe in Stripe's dashboard). Both or neither: without them
   * the app runs against its local test-mode stand-in (app/modules/payments/stripe-test-mode.server.ts).
   */
  STRIPE_SECRET_KEY: z.string().optional().transform((value) => value || undefined),
  STRIPE_WEBHOOK_SECRET: z.string().optional().transform((value) => value || undefined),
  /** The signing secret of the webhook endpoint for connected accounts (guides' payouts accounts), when it has its own. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional().transform((value) => value || undefined),
  /** How much the server logs (one JSON line per request at `info`): fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** GET /metrics answers a request carrying `Authorization: Bearer <METRICS_TOKEN>`… */
  METRICS_TOKEN: z.string().optional().transform((value) => value || undefined),
  /** …or one from a socket address in this list of addresses and CIDRs (`127.0.0.1,10.0.0.0/8`); with neither, nobody. */
  METRICS_ALLOW: z
    .string()
    .optional()
    .transform((value) => (value ?? "").split(",").map((entry) => entry.trim()).filter(Boolean))
    .refine((entries) => entries.every(isAddressOrCidr), { error: "METRICS_ALLOW must list IP addresses or CIDRs, such as 127.0.0.1,10.0.0.0/8" }),
  /**
   * Hosts webhook endpoints may name although they are not public https addresses (development and tests:
   * `127.0.0.1,localhost`); `http` is allowed for them too. Nothing else passes the address check.
   */
  WEBHOOK_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((value) => (value ?? "").split(",").map((entry) => entry.trim().toLowerCase()).filter(Boolean)),
}).refine((settings) => Boolean(settings.STRIPE_SECRET_KEY) === Boolean(settings.STRIPE_WEBHOOK_SECRET), {
  error: "Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or neither, for the local test mode).",
});

function isAddressOrCidr(entry: string) {
  const [address, prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

export type Env = Omit<z.infer<typeof schema>, "SESSION_SECRET" | "TOTP_KEY" | "APP_URL"> & { SESSION_SECRET: string; TOTP_KEY: string; APP_URL: string };


let cached: Env | undefined;

/**
 * The server's settings. Production refuses to run without its own SESSION_SECRET and TOTP_KEY (the development
 * ones are public, so anyone could sign cookies or read the authenticator secrets with them); `npm start` generates
 * both for the demo and keeps them.
 */
export function env(): Env {
  if (!cached) {
    const parsed = schema.parse(process.env);
    if (!parsed.SESSION_SECRET && parsed.NODE_ENV === "production") {
      throw new Error("SESSION_SECRET is not set. Production needs a long random secret, the same on every app server.");
    }
    if (!parsed.TOTP_KEY && parsed.NODE_ENV === "production") {
      throw new Error("TOTP_KEY is not set. Production needs a long random key, the same on every app server, kept with the backups.");
    }
    cached = {
      ...parsed,
      SESSION_SECRET: parsed.SESSION_SECRET ?? DEV_SESSION_SECRET,
      TOTP_KEY: parsed.TOTP_KEY ?? DEV_TOTP_KEY,
      APP_URL: parsed.APP_URL ?? `http://localhost:${parsed.PORT}`,
    };
  }
  return cached;
}

export const isProduction = () => env().NODE_ENV === "production";

/** An absolute link to a path of this site (for e-mails), from APP_URL: `siteUrl("/login")`. */
export const siteUrl = (path: string) => `${env().APP_URL}${path.startsWith("/") ? path : `/${path}`}`;
