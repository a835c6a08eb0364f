import { RateLimiterPrisma } from "rate-limiter-flexible";
import { prisma } from "./db.server.ts";
import { HttpError } from "./http.server.ts";

/**
 * Limits on repeated failures (wrong passwords, wrong codes), counted per account and per client address in the
 * database (the RateLimit table, through rate-limiter-flexible), so every app server sees the same counts.
 * A form checks `assertAllowed` before doing the work, calls `recordFailure` when the attempt fails and
 * `clear` when it succeeds (the account's count starts again; the address's does not).
 */
type Keys = { account?: string | null; address?: string | null };

/**
 * Where every limiter keeps its counts. The table's retention is the library's own: each limiter deletes, every 5
 * minutes, the rows whose window (`expire`, indexed) ended more than an hour ago.
 */
export const rateLimitStore = { storeClient: prisma, tableName: "rateLimit", clearExpiredByTimeout: true };

export class AttemptLimit {
  private readonly perAccount: RateLimiterPrisma;
  private readonly perAddress: RateLimiterPrisma;

  constructor(
    readonly name: string,
    private readonly limits: { perAccount: number; perAddress: number; windowMinutes: number },
  ) {
    const options = { ...rateLimitStore, duration: limits.windowMinutes * 60 };
    this.perAccount = new RateLimiterPrisma({ ...options, keyPrefix: `${name}:account`, points: limits.perAccount });
    this.perAddress = new RateLimiterPrisma({ ...options, keyPrefix: `${name}:address`, points: limits.perAddress });
  }

  private *counters({ account, address }: Keys) {
    if (account) yield [this.perAccount, account.trim().toLowerCase(), this.limits.perAccount] as const;
    // Requests with no known address (only the in-process tests) are limited per account alone.
    if (address) yield [this.perAddress, address, this.limits.perAddress] as const;
  }

  /** 429 with Retry-After when the account or the address has used up its attempts. */
  async assertAllowed(keys: Keys) {
    for (const [limiter, key, points] of this.counters(keys)) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= points) {
        const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
        const minutes = Math.ceil(seconds / 60);
        throw new HttpError(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
          "Retry-After": String(seconds),
        });
      }
    }
  }

  async recordFailure(keys: Keys) {
    for (const [limiter, key] of this.counters(keys)) await limiter.penalty(key, 1);
  }

  async clear({ account }: Keys) {
    if (account) await this.perAccount.delete(account.trim().toLowerCase());
  }
}

/** Sign-in on /login, /admin/login and POST /api/auth/login: 5 wrong passwords per account, 20 per address, per 15 minutes. */
export const signInAttempts = new AttemptLimit("sign-in", { perAccount: 5, perAddress: 20, windowMinutes: 15 });

/**
 * Wrong codes at sign-in's second step (and when turning two-factor sign-in off or making new recovery codes): the
 * same 5 per account and 20 per address per 15 minutes, counted apart from passwords, because a right password
 * clears the password count and must not clear this one.
 */
export const secondFactorAttempts = new AttemptLimit("second-factor", { perAccount: 5, perAddress: 20, windowMinutes: 15 });
