import { isUniqueViolation, prisma } from "#app/lib/db.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { deleteUpload, storeImage } from "#app/modules/uploads/uploads.server.ts";
import { emailTaken } from "#app/modules/accounts/accounts.server.ts";
import { checkCurrentPassword } from "#app/modules/accounts/own-password.server.ts";
import type { AdminProfileInput } from "./schema.ts";

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
