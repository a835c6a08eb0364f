import type { Route } from "./+types/booking-calendar";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, throwForScreen } from "#app/lib/http.server.ts";
import { bookingCalendar } from "#app/modules/bookings/lifecycle.server.ts";

/**
 * GET …/bookings/:id/calendar.ics (both dashboards: "Add to calendar"): the signed-in person's own booking as a
 * calendar file, the event its e-mails carry (bookingCalendar). Another person's booking is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const invite = await bookingCalendar(signedInUser(context), idParam(params.id, "booking id"));
    return new Response(invite.content, {
      headers: {
        "Content-Type": `text/calendar; charset=utf-8; method=${invite.method}`,
        "Content-Disposition": `attachment; filename="session-${params.id}.ics"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    throwForScreen(error);
  }
}
