import type { Route } from "./+types/guide-profile-picture";
import { api, formBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { setGuidePicture } from "#app/modules/guides/guides.server.ts";

export const loader = () => methodNotAllowed();

/** PUT /api/admin/update-guide-profile-picture/{id}: multipart, the image in field imageUrl (or file) → {imageUrl}. */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const id = idParam(params.id);
  const body = await formBody(request);
  const result = await setGuidePicture(id, body.imageUrl ?? body.file, signedInUser(context));
  return { message: "Profile picture updated", ...result };
});
