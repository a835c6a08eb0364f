import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { fieldError, HttpError, notFound } from "#app/lib/http.server.ts";
import { endSessionsOf, type SessionUser } from "#app/lib/session.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { passwordMatches } from "#app/modules/accounts/own-password.server.ts";
import { refreshGuideSearch } from "#app/modules/guides/search-fields.server.ts";
import { refreshNextFreeAt } from "#app/modules/schedule/schedule.server.ts";
import { COMMUNICATION_CHOICES, DELETE_CONFIRMATION_WORD, type Communication } from "./options.ts";
import type { DeleteAccountInput, PreferencesInput } from "./schema.ts";

/**
 * A person's own settings (mentees and guides: the Settings screen of both dashboards): time zone,
 * notifications, how to reach them, dark mode, their password, and closing the account.
 */

/** Booking states that still hold a future session on someone's calendar. */
const UPCOMING_STATES = ["confirmed", "requested"];

export type AccountSettings = {
  email: string;
  role: string;
  timeZone: string;
  notifications: boolean;
  communication: Communication;
  darkMode: boolean;
  /** Future confirmed or requested sessions: while there are any, the account cannot be deleted. */
  upcomingBookings: number;
};

/** Only the people of the two dashboards have these settings (the console has its own screens). */
function requireMenteeOrGuide(actor: SessionUser) {
  if (actor.role !== "user" && actor.role !== "guide") throw new HttpError(403, "Settings are for mentees and mentors");
}

const upcomingWhere = (actor: SessionUser) => ({
  ...(actor.role === "guide" ? { guideId: actor.id } : { userId: actor.id }),
  status: { in: UPCOMING_STATES },
  startsAt: { gt: new Date() },
});

export async function getAccountSettings(actor: SessionUser): Promise<AccountSettings> {
  requireMenteeOrGuide(actor);
  // One raw statement (see "Reading raw rows" in lib/sql.server.ts): the person and their upcoming sessions.
  const side = Prisma.raw(actor.role === "guide" ? `"guideId"` : `"userId"`);
  const [person] = await queryRows(
    { email: column.text, role: column.text, timeZone: column.text, notifications: column.bool, communication: column.text, darkMode: column.bool, upcoming: column.int },
    Prisma.sql`
    SELECT u.email, u.role, u."timeZone", u.notifications, u.communication, u."darkMode",
      (SELECT COUNT(*) FROM "Booking" b WHERE b.${side} = u.id AND b.status IN (${Prisma.join(UPCOMING_STATES)}) AND b."startsAt" > ${new Date()}) AS upcoming
    FROM "User" u WHERE u.id = ${actor.id} AND u."isDeleted" = FALSE`,
  );
  if (!person) throw notFound("Account not found");
  const communication = (COMMUNICATION_CHOICES as readonly string[]).includes(person.communication) ? (person.communication as Communication) : "email";
  return {
    email: person.email,
    role: person.role,
    timeZone: person.timeZone,
    notifications: person.notifications,
    communication,
    darkMode: person.darkMode,
    upcomingBookings: person.upcoming,
  };
}

/** Saves time zone, notifications, communication and dark mode together. */
export async function updatePreferences(actor: SessionUser, input: PreferencesInput) {
  requireMenteeOrGuide(actor);
  const { count } = await prisma.user.updateMany({
    where: { id: actor.id, isDeleted: false },
    data: { timeZone: input.timeZone, notifications: input.notifications, communication: input.communication, darkMode: input.darkMode },
  });
  if (count === 0) throw notFound("Account not found");
  await zoneChanged(actor);
}

/** Saves the person's time zone alone ("Use …" of the notice a device in another zone shows). */
export async function setTimeZone(actor: SessionUser, timeZone: string) {
  requireMenteeOrGuide(actor);
  const { count } = await prisma.user.updateMany({ where: { id: actor.id, isDeleted: false }, data: { timeZone } });
  if (count === 0) throw notFound("Account not found");
  await zoneChanged(actor);
}

/** A guide's weekly hours are kept in their zone: a new zone moves their free times, so the soonest one is read again. */
async function zoneChanged(actor: SessionUser) {
  if (actor.role === "guide") await refreshNextFreeAt([actor.id]);
}

export const deleteMessages = {
  wrongConfirmation: `That is neither ${DELETE_CONFIRMATION_WORD} nor your password`,
  upcoming: (count: number) =>
    `You have ${count} upcoming ${count === 1 ? "session" : "sessions"}. Cancel ${count === 1 ? "it" : "them"} (or let ${count === 1 ? "it" : "them"} take place) before deleting your account.`,
} as const;

/**
 * Closes the person's account (a soft delete: isDeleted, deletedAt) and ends all their sessions. Their bookings,
 * payments, reviews and messages stay for the books and for the people they met with. Refused (409) while they
 * have upcoming confirmed or requested sessions, so nobody is left waiting for a session that will not happen.
 */
export async function deleteOwnAccount(actor: SessionUser, input: DeleteAccountInput) {
  requireMenteeOrGuide(actor);
  if (input.confirmation !== DELETE_CONFIRMATION_WORD && !(await passwordMatches(actor, input.confirmation))) {
    throw fieldError(400, "confirmation", deleteMessages.wrongConfirmation);
  }
  const upcoming = await prisma.booking.count({ where: upcomingWhere(actor) });
  if (upcoming > 0) throw new HttpError(409, deleteMessages.upcoming(upcoming));
  await transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: actor.id, isDeleted: false },
      data: { isDeleted: true, deletedAt: new Date() },
    });
    if (count === 0) throw notFound("Account not found");
    await refreshGuideSearch(tx, [actor.id]);
  });
  await endSessionsOf(actor.id);
}
