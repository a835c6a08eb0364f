import type { Transaction } from "#app/lib/db.server.ts";
import { organisationNameKey, tidyOrganisationName } from "./organisation-name.ts";

// Organisations people belong to. A person's `organisation` column repeats their organisation's name (lists sort and
// search it); this module is the one place that writes both, in the caller's transaction.

/** The organisation with this name (case and spacing aside), made when there is none yet. */
export async function findOrCreateOrganisation(tx: Transaction, name: string) {
  const nameKey = organisationNameKey(name);
  // An upsert on the one unique key: two people naming a new organisation at once end up in the same record.
  return tx.organisation.upsert({
    where: { nameKey },
    create: { name: tidyOrganisationName(name), nameKey },
    update: {},
    select: { id: true, name: true },
  });
}

/** Makes the person a member of the named organisation (or of none, for an empty name). */
export async function setMembership(tx: Transaction, userId: number, name: string | null | undefined) {
  const organisation = name?.trim() ? await findOrCreateOrganisation(tx, name) : null;
  await tx.user.update({
    where: { id: userId },
    data: { organisationId: organisation?.id ?? null, organisation: organisation?.name ?? null },
  });
  return organisation;
}
