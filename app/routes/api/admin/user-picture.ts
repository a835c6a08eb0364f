import type { Route } from "./+types/user-picture";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, idParam } from "#app/lib/http.server.ts";
import { setUserPicture } from "#app/modules/users/users.server.ts";

export const loader = () => methodNotAllowed();

/**
 * PUT /api/admin/update-user-profile-picture/{id}, multipart with the image in `imageUrl` (or `file`)
 * → {message, user: {id, imageId, imageUrl}}; 400 no file, 413 too large, 415 not an image, 404 no such user.
 */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const id = idParam(params.id);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new HttpError(400, "Send the picture as multipart/form-data in the field imageUrl");
  }
  const picture = await setUserPicture(id, form.get("imageUrl") ?? form.get("file"), signedInUser(context));
  return { message: "Profile picture updated", user: picture };
});
