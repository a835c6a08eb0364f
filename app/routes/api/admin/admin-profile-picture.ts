import type { Route } from "./+types/admin-profile-picture";
import { api, formBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { setAdminPicture } from "#app/modules/admin-account/admin-account.server.ts";

export const loader = () => methodNotAllowed();

/**
 * PUT /api/admin/update-admin-profile-picture, multipart with the image in `imageUrl` → {message, user};
 * 400 no file, 413 too large, 415 not an image.
 */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const body = await formBody(request);
  const user = await setAdminPicture(signedInUser(context), body.imageUrl);
  return { message: "Profile picture updated successfully", user };
});
