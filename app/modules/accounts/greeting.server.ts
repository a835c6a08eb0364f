import { Prisma } from "#app/generated/prisma/client.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";

/** An account counts as new for its first day: the visits that follow signing up (or the console making it). */
export const NEW_ACCOUNT_HOURS = 24;

/**
 * The dashboards' greeting, decided from the account's age: "Welcome, Ruth" while it is new, "Welcome back, Ruth" once
 * the person has been with us a while.
 */
export async function greetingFor(actor: SessionUser, now = new Date()) {
  const [row] = await queryRows({ createdAt: column.date }, Prisma.sql`SELECT "createdAt" FROM "User" WHERE id = ${actor.id}`);
  const createdAt = row?.createdAt ?? now;
  const firstName = actor.name.trim().split(/\s+/)[0] || actor.name;
  return now.getTime() - createdAt.getTime() < NEW_ACCOUNT_HOURS * 3_600_000 ? `Welcome, ${firstName}` : `Welcome back, ${firstName}`;
}
