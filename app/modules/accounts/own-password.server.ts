import { prisma, transaction } from "#app/lib/db.server.ts";
import { fieldError } from "#app/lib/http.server.ts";
import { runJobsSoon } from "#app/lib/jobs.server.ts";
import { hashPassword, verifyPassword } from "#app/lib/password.server.ts";
import { endSessionsOf, type SessionUser } from "#app/lib/session.server.ts";
import { currentPasswordMessages, type ChangeOwnPasswordInput } from "./password-schema.ts";
import { queueSecurityMail } from "./security-mail.server.ts";

/** Whether `typed` is the person's current password. */
export async function passwordMatches(person: SessionUser, typed: string) {
  const stored = await prisma.password.findUnique({ where: { userId: person.id }, select: { hash: true } });
  return Boolean(stored && (await verifyPassword(typed, stored.hash)));
}

/** Refuses (400, on the currentPassword field) unless `typed` is the person's current password. */
export async function checkCurrentPassword(person: SessionUser, typed: string | null) {
  if (!typed) throw fieldError(400, "currentPassword", currentPasswordMessages.required);
  if (!(await passwordMatches(person, typed))) throw fieldError(400, "currentPassword", currentPasswordMessages.incorrect);
}

/**
 * A person changes their own password (an admin on Change Password or the API, a mentee or guide in Settings): after
 * checking the current one, then every other session of theirs ends (other browsers, API tokens); the one making the
 * change (`keepToken`) stays signed in, and the account's address is told (security mail, from `clientAddress`). The
 * new password's rule and "must be different" are changeOwnPasswordSchema's.
 */
export async function changeOwnPassword(
  person: SessionUser,
  input: ChangeOwnPasswordInput,
  { keepToken, clientAddress }: { keepToken: string | null; clientAddress: string | null },
) {
  await checkCurrentPassword(person, input.currentPassword);
  const hash = await hashPassword(input.password);
  await transaction(async (tx) => {
    await tx.password.update({ where: { userId: person.id }, data: { hash } });
    await queueSecurityMail(person.id, "password-changed", { within: tx, clientAddress });
  });
  runJobsSoon();
  await endSessionsOf(person.id, { except: keepToken ?? undefined });
}
