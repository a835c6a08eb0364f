import { Prisma } from "#app/generated/prisma/client.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isPartyTo, partiesScope } from "#app/modules/accounts/policy.ts";

/** The bookings (alias `b`) `actor` may see: an admin all, a guide those with them, a user those they made. */
export const bookingScope = (actor: SessionUser) => partiesScope(actor, { user: Prisma.sql`b."userId"`, guide: Prisma.sql`b."guideId"` });

export const canSeeBooking = (actor: SessionUser, booking: { userId: number; guideId: number }) => isPartyTo(actor, booking);
