import { isUniqueViolation, prisma } from "#app/lib/db.server.ts";
import { fieldError, notFound } from "#app/lib/http.server.ts";
import { hashPassword, verifyPassword } from "#app/lib/password.server.ts";
import { endSessionsOf, type SessionUser } from "#app/lib/session.server.ts";
import { deleteUpload, storeImage } from "#app/modules/uploads/uploads.server.ts";
import { emailTaken } from "#app/modules/accounts/accounts.server.ts";
import { currentPasswordMessages, type AdminProfileInput, type ChangePasswordInput } from "./schema.ts";

export type AdminProfile = {
  id: number;
  name: string;
  email: string;
  role: string;
  imageId: string | null;
  imageUrl: string;
  createdAt: string;
  updatedAt: string;
};

/** The signed-in admin's own account. */
export async function getAdminProfile(admin: SessionUser): Promise<AdminProfile> {
  const user = await prisma.user.findFirst({
    where: { id: admin.id, role: "admin", isDeleted: false },
    select: { id: true, name: true, email: true, role: true, imageId: true, createdAt: true, updatedAt: true },
  });
  if (!user) throw notFound("Admin not found");
  return {
    ...user,
    imageUrl: user.imageId ? `/images/${user.imageId}` : "/images/default",
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** Refuses (400, on the currentPassword field) unless `typed` is the admin's current password. */
async function checkCurrentPassword(admin: SessionUser, typed: string | null) {
  if (!typed) throw fieldError(400, "currentPassword", currentPasswordMessages.required);
  const stored = await prisma.password.findUnique({ where: { userId: admin.id }, select: { hash: true } });
  if (!stored || !(await verifyPassword(typed, stored.hash))) throw fieldError(400, "currentPassword", currentPasswordMessages.incorrect);
}

/**
 * Changes the admin's own name and e-mail; a new e-mail needs the current password, and one another
 * account uses is refused (409).
 */
export async function updateAdminProfile(admin: SessionUser, input: AdminProfileInput) {
  const { email } = await getAdminProfile(admin);
  if (input.email !== email) await checkCurrentPassword(admin, input.currentPassword);
  const taken = await prisma.user.findFirst({ where: { email: input.email, id: { not: admin.id } }, select: { id: true } });
  if (taken) throw emailTaken();
  try {
    await prisma.user.update({ where: { id: admin.id }, data: { name: input.name, email: input.email } });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return getAdminProfile(admin);
}

/** Replaces the admin's own picture (checked by content and re-encoded); the old one is removed. */
export async function setAdminPicture(admin: SessionUser, file: unknown) {
  const { imageId: previous } = await getAdminProfile(admin);
  const upload = await storeImage(file);
  await prisma.user.update({ where: { id: admin.id }, data: { imageId: upload.id } });
  if (previous && previous !== upload.id) await deleteUpload(previous);
  return getAdminProfile(admin);
}

/**
 * Changes the admin's own password after checking the current one, then ends every other session of
 * the admin (other browsers and API tokens); the session making the change (`keepToken`) stays.
 */
export async function changeAdminPassword(admin: SessionUser, input: ChangePasswordInput, { keepToken }: { keepToken: string | null }) {
  await checkCurrentPassword(admin, input.currentPassword);
  const hash = await hashPassword(input.password);
  await prisma.password.update({ where: { userId: admin.id }, data: { hash } });
  await endSessionsOf(admin.id, { except: keepToken ?? undefined });
}
