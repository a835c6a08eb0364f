import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/pay-booking";
import { Button } from "#app/components/ui/button.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { idParam, throwForScreen } from "#app/lib/http.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithInfo } from "#app/lib/toast.server.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { bookingLink } from "#app/modules/bookings/dashboard-schema.ts";
import { heldBookingOf, startCheckout } from "#app/modules/bookings/checkout.server.ts";

// "Complete your payment": a held booking's way (back) to Stripe Checkout, for its mentee. GET shows what is being
// paid for and until when the time is held; POST starts (or resumes) the Checkout Session and goes there. A booking
// that no longer waits for payment goes to the mentee's bookings; anyone else's is a 404.

export const middleware: Route.MiddlewareFunction[] = [requireRole(["user", "guide", "admin"])];

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const bookingId = idParam(params.bookingId, "booking id");
    const booking = await heldBookingOf(bookingId, signedInUser(context));
    if (!booking) throw redirect(bookingLink("user", bookingId));
    return { booking };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ params, context }: Route.ActionArgs) {
  try {
    const bookingId = idParam(params.bookingId, "booking id");
    const booking = await heldBookingOf(bookingId, signedInUser(context));
    if (!booking) return redirectWithInfo(bookingLink("user", bookingId), { message: "Nothing to pay", description: "This booking is no longer waiting for payment." });
    return redirect((await startCheckout(booking.id)).url);
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Complete your payment · Ministry Mentors" }, { name: "robots", content: "noindex" }];

export default function PayBooking({ loaderData }: Route.ComponentProps) {
  const { booking } = loaderData;
  const pending = useIsPending();
  return (
    <main id="main" className="min-h-screen bg-slate-50 px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-lg">
        <Link to="/" className="text-lg font-bold text-brand-800">Ministry Mentors</Link>
        <section aria-labelledby="pay-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 id="pay-title" className="text-xl font-semibold text-slate-900">Complete your payment</h1>
          <p className="mt-2 text-sm text-slate-600">
            Your time with {booking.guide.name} is held until <LocalTime value={booking.holdExpiresAt} format="slot" />. Pay before then to book it.
          </p>
          <dl className="mt-5 grid gap-3 text-sm">
            <div className="flex justify-between gap-4"><dt className="text-slate-600">Session</dt><dd className="text-right text-slate-900"><LocalTime value={booking.startsAt} format="slot" /> · {booking.durationMinutes} minutes</dd></div>
            <div className="flex justify-between gap-4"><dt className="text-slate-600">Topic</dt><dd className="text-right text-slate-900 [overflow-wrap:anywhere]">{booking.topic}</dd></div>
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-3"><dt className="font-medium text-slate-900">Total</dt><dd className="font-semibold tabular-nums text-slate-900">{formatMoney(booking.rateCents)}</dd></div>
          </dl>
          <Form method="post" className="mt-6">
            <Button type="submit" size="lg" className="w-full" disabled={pending}>{pending ? "Opening checkout…" : `Pay ${formatMoney(booking.rateCents)}`}</Button>
          </Form>
          <p className="mt-3 text-center text-xs text-slate-500">Card payments are handled by Stripe.</p>
        </section>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Complete your payment</h1>
      <p role="alert" className="mt-4 text-slate-700">{routeErrorMessage(error) || "This booking could not be opened."}</p>
      <Link to="/" className="mt-6 inline-block font-medium text-brand-700 underline">Back to Ministry Mentors</Link>
    </main>
  );
}
