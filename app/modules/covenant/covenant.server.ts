import { Prisma } from "#app/generated/prisma/client.ts";
import { isUniqueViolation, lockWithin, prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { HttpError, fieldError } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { COVENANT_MESSAGES } from "./messages.ts";
import { requireCovenantEditor } from "./policy.ts";
import type { PublishCovenantInput } from "./schema.ts";

// The confidentiality covenant between each mentee and guide: versions an admin publishes (never edited), and each
// person's acceptance of a version toward one counterpart. With no version published nothing is asked.

export type CovenantVersionView = { version: number; text: string; publishedAt: string; publishedBy: string };

const versionSelect = { version: true, text: true, publishedAt: true, publishedBy: { select: { name: true } } } as const;

const toView = (row: { version: number; text: string; publishedAt: Date; publishedBy: { name: string } }): CovenantVersionView => ({
  version: row.version,
  text: row.text,
  publishedAt: row.publishedAt.toISOString(),
  publishedBy: row.publishedBy.name,
});

/** The version in force: the latest published, or null when none is. */
export async function currentCovenant(db: Transaction | typeof prisma = prisma) {
  return db.covenantVersion.findFirst({ orderBy: { version: "desc" }, select: { version: true, text: true } });
}

/**
 * A condition of raw SQL: a version is published and `personId` has not accepted it toward the person in `counterpart`
 * (a column of the statement: a booking's guide or mentee). What the overviews count as still to accept.
 */
export function covenantAwaited(personId: number, counterpart: Prisma.Sql) {
  return Prisma.sql`EXISTS (SELECT 1 FROM "CovenantVersion") AND NOT EXISTS (SELECT 1 FROM "CovenantAcceptance" c
    WHERE c."personId" = ${personId} AND c."counterpartId" = ${counterpart} AND c.version = (SELECT MAX(version) FROM "CovenantVersion"))`;
}

/** Every version, the current first, with who published it and when (the console's page). */
export async function covenantVersions(actor: SessionUser): Promise<CovenantVersionView[]> {
  requireCovenantEditor(actor);
  const rows = await prisma.covenantVersion.findMany({ orderBy: { version: "desc" }, select: versionSelect });
  return rows.map(toView);
}

/** Publishes the next version (N+1) with its audit row; two admins publishing at once: the second is told to retry. */
export async function publishCovenant(actor: SessionUser, input: PublishCovenantInput): Promise<CovenantVersionView> {
  requireCovenantEditor(actor);
  try {
    const row = await transaction(async (tx) => {
      const latest = await currentCovenant(tx);
      const version = (latest?.version ?? 0) + 1;
      const created = await tx.covenantVersion.create({ data: { version, text: input.text, publishedById: actor.id }, select: versionSelect });
      await recordAudit(tx, actor, { kind: "covenant", id: version, label: `Covenant version ${version}`, action: "publish", after: { version, text: input.text } });
      return created;
    });
    return toView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, COVENANT_MESSAGES.publishedTwice);
    throw error;
  }
}

/** The version `personId` still has to accept toward `counterpartId` (with its text), or null when nothing is asked. */
export async function covenantToAccept(personId: number, counterpartId: number) {
  const current = await currentCovenant();
  if (!current) return null;
  const accepted = await prisma.covenantAcceptance.findUnique({
    where: { personId_counterpartId_version: { personId, counterpartId, version: current.version } },
    select: { id: true },
  });
  return accepted ? null : current;
}

/**
 * Inside the transaction of what needs it (a booking, a guide's accept): when the current version is not yet accepted
 * by `personId` toward `counterpartId`, the version the person ticked (`offered`) must be that one, and the acceptance
 * is stored with the change. A refusal names the form's `covenantVersion` field: 400 unticked, 409 when a newer
 * version was published after the form was shown.
 */
export async function requireCovenantWithin(tx: Transaction, personId: number, counterpartId: number, offered: number | undefined, now = new Date()) {
  const current = await currentCovenant(tx);
  if (!current) return;
  await lockWithin(tx, "covenant-acceptance", personId);
  const key = { personId, counterpartId, version: current.version };
  const accepted = await tx.covenantAcceptance.findUnique({ where: { personId_counterpartId_version: key }, select: { id: true } });
  if (accepted) return;
  if (offered === undefined) throw fieldError(400, "covenantVersion", COVENANT_MESSAGES.acceptRequired(current.version));
  if (offered !== current.version) throw fieldError(409, "covenantVersion", COVENANT_MESSAGES.versionChanged(current.version));
  await tx.covenantAcceptance.create({ data: { ...key, acceptedAt: now } });
}

export type CovenantState = { version: number; mine: string | null; theirs: string | null };

/**
 * The current version (its text, to read before accepting it) and its acceptances between `personId` and each of
 * `otherIds` (both ways): what a booking shows as "Covenant version N: accepted by you on …; by <other> on …". No
 * states when no version is published.
 */
export async function covenantStates(personId: number, otherIds: number[]) {
  const states = new Map<number, CovenantState>();
  if (otherIds.length === 0) return { current: null, states };
  const current = await currentCovenant();
  if (!current) return { current, states };
  const others = [...new Set(otherIds)];
  const rows = await prisma.covenantAcceptance.findMany({
    where: {
      version: current.version,
      OR: [
        { personId, counterpartId: { in: others } },
        { personId: { in: others }, counterpartId: personId },
      ],
    },
    select: { personId: true, counterpartId: true, acceptedAt: true },
  });
  for (const other of others) states.set(other, { version: current.version, mine: null, theirs: null });
  for (const row of rows) {
    if (row.personId === personId) states.get(row.counterpartId)!.mine = row.acceptedAt.toISOString();
    else states.get(row.personId)!.theirs = row.acceptedAt.toISOString();
  }
  return { current, states };
}
