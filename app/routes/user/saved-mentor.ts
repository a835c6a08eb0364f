import { data, redirect } from "react-router";
import type { Route } from "./+types/saved-mentor";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, parseOr400 } from "#app/lib/http.server.ts";
import { userLinks } from "#app/lib/links.ts";
import { safeRedirect } from "#app/lib/redirect.server.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { savedMentorSchema } from "#app/modules/saved-mentors/schema.ts";
import { saveMentor, unsaveMentor } from "#app/modules/saved-mentors/saved-mentors.server.ts";

// The Save / Saved toggle (modules/saved-mentors/save-toggle.tsx) posts here. A fetcher (via=fetcher) gets
// {saved} back; a form without JavaScript goes back where it came from with a toast. GET shows My Mentors.

export const loader = () => redirect(userLinks.mentors);

export async function action({ request, context }: Route.ActionArgs) {
  const mentee = signedInUser(context);
  const formData = await request.formData();
  const viaFetcher = formData.get("via") === "fetcher";
  const back = safeRedirect(formData.get("redirectTo"), request, userLinks.mentors);
  try {
    const input = parseOr400(savedMentorSchema, Object.fromEntries(formData));
    const guide = input.intent === "save" ? await saveMentor(mentee, input.guideId) : await unsaveMentor(mentee, input.guideId);
    const saved = input.intent === "save";
    if (viaFetcher) return { saved };
    return redirectWithSuccess(back, saved
      ? { message: "Mentor Saved", description: `${guide.name} is in your saved mentors.` }
      : { message: "Mentor Removed", description: `${guide.name} is no longer in your saved mentors.` });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // A hand-made request (no such id, no intent) is a 400; a mentor who is no longer available goes back with a toast.
    if (viaFetcher || error.status === 400) return data({ message: error.message }, { status: error.status });
    return redirectWithError(back, { message: "Save Failed", description: error.message });
  }
}
