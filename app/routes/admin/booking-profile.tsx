import { Link } from "react-router";
import type { Route } from "./+types/booking-profile";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { CloseButton } from "#app/components/ui/close-button.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { ProfileField, ProfileSection } from "#app/components/ui/profile-parts.tsx";
import { capitalise, formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { getBooking } from "#app/modules/bookings/bookings.server.ts";
import { bookingPaymentBadge } from "#app/modules/bookings/schema.ts";

const listHref = adminLinks.bookings;

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { booking: await getBooking(idParam(params.id, "booking id"), signedInUser(context)) };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.booking ? `Booking #${data.booking.id}` : "Booking Details"} · Ministry Mentors` },
];

export default function BookingProfile({ loaderData }: Route.ComponentProps) {
  const { booking } = loaderData;
  const badge = bookingPaymentBadge(booking.rateCents, booking.paymentStatus);
  return (
    <div className="mx-auto max-w-4xl">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Booking Details</h1>
          <p className="mt-1 text-sm text-slate-500">Booking #{booking.id}</p>
        </div>
        <CloseButton fallbackHref={listHref} />
      </div>
      <div className="grid gap-4">
        <ProfileSection title="Session">
          <dl className="grid gap-4 sm:grid-cols-2">
            <ProfileField label="Topic" value={booking.topic} wide />
            <ProfileField label="Payment Status" value={<StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>} />
            <ProfileField label="Rate" value={formatMoney(booking.rateCents)} />
            <ProfileField label="Session date" value={booking.slot ? <LocalTime value={booking.slot.startsAt} /> : null} />
            <ProfileField label="Booking status" value={capitalise(booking.status)} />
            <ProfileField label="Booked on" value={<LocalTime value={booking.createdAt} />} />
            <ProfileField label="Additional notes" value={booking.additionalNotes} wide />
          </dl>
        </ProfileSection>
        <div className="grid gap-4 md:grid-cols-2">
          <ProfileSection title="User">
            <dl className="grid gap-4">
              <ProfileField label="User Name" value={booking.user.name} />
              <ProfileField label="User Email" value={booking.user.email} />
            </dl>
          </ProfileSection>
          <ProfileSection title="Guide">
            <dl className="grid gap-4">
              <ProfileField label="Guide Name" value={booking.guide.name} />
              <ProfileField label="Guide Email" value={booking.guide.email} />
            </dl>
          </ProfileSection>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Booking Details</h1>
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-700">
        {message || "Failed to fetch booking"}
        <br />
        <Link to={listHref} className="mt-2 inline-block font-medium text-brand-600 underline">Back to Bookings</Link>
      </p>
    </div>
  );
}
