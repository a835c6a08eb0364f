import { Eye } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import type { Route } from "./+types/bookings";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { PersonCell } from "#app/components/ui/person-cell.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { capitalise, formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { dateRangeChoices } from "#app/lib/date-range.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { knownTimeZone } from "#app/lib/time-zones.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { listBookings } from "#app/modules/bookings/bookings.server.ts";
import { bookingList, bookingPaymentBadge, bookingPaymentStatuses, type BookingSort } from "#app/modules/bookings/schema.ts";
import { BOOKING_ENDER_OPTIONS, BOOKING_OUTCOME_OPTIONS } from "#app/modules/bookings/outcomes.ts";
import { BOOKING_STATUS_LABELS, type BookingStatus } from "#app/modules/bookings/status.ts";
import { PeopleFilterBar } from "#app/modules/users/people-filter-bar.tsx";
import { peopleFilterBar } from "#app/modules/users/person-picker.server.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";

const frame = {
  title: "Bookings",
  width: "max-w-7xl",
  heading: "All Bookings",
  search: { placeholder: "Search bookings...", label: "Search bookings by topic, user or guide name or email" },
  caption: "All bookings",
  minWidth: "60rem",
  columns: [
    { label: "Booking ID", sort: "id" },
    { label: "Topic", sort: "topic" },
    { label: "User", sort: "userName" },
    { label: "Guide", sort: "guideName" },
    { label: "Session date", sort: "slotDate" },
    { label: "Rate ($)", sort: "rate" },
    { label: "Payment Status", sort: "paymentStatus" },
  ],
  loadingText: "Loading bookings...",
  empty: "No bookings found",
} satisfies ListFrame<BookingSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(bookingList, url);
    const admin = signedInUser(context);
    const people = await peopleFilterBar(url.searchParams, filters);
    const { data: bookings, meta } = await listBookings(state, filters, admin);
    redirectPastLastPage(url, state, meta);
    return { bookings, meta, state, filters, people, rangeChoices: dateRangeChoices(knownTimeZone(admin.timeZone)) };
  } catch (error) {
    throwForScreen(error);
  }
}

/** Which date a range narrows (`date=session|booked|ended|answered`; the session's without it). */
const BOOKING_DATE_OPTIONS = [
  { value: "session", label: "Session" },
  { value: "booked", label: "Booked" },
  { value: "ended", label: "Ended" },
  { value: "answered", label: "Request answered" },
];

export const meta: Route.MetaFunction = () => [{ title: "Bookings · Ministry Mentors" }];

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { bookings, meta, state, filters, people, rangeChoices } = loaderData;
  const searchHref = useSearchHref();
  return (
    <ListScreen
      saveView={<SaveView list="bookings" />}
      exportList={{ name: "bookings" }}
      frame={frame}
      list={bookingList}
      state={state}
      meta={meta}
      rows={bookings}
      filters={
        <PeopleFilterBar
          {...people}
          selects={[
            {
              name: "paymentStatus",
              label: "Payment status",
              value: filters.paymentStatus ?? "",
              allLabel: "All payment statuses",
              options: bookingPaymentStatuses.map((status) => ({ value: status, label: capitalise(status) })),
            },
            { name: "outcome", label: "Outcome", value: filters.outcome ?? "", allLabel: "All outcomes", options: BOOKING_OUTCOME_OPTIONS },
            { name: "cancelledBy", label: "Cancelled by", value: filters.cancelledBy ?? "", allLabel: "Anyone", options: BOOKING_ENDER_OPTIONS },
            { name: "repeat", label: "Repeat", value: filters.repeat ?? "", allLabel: "All bookings", options: [{ value: "1", label: "Second within 90 days" }] },
          ]}
          range={{
            legend: "Dates",
            from: filters.from ?? "",
            to: filters.to ?? "",
            choices: rangeChoices,
            which: { name: "date", label: "Date of", value: filters.date ?? "session", options: BOOKING_DATE_OPTIONS },
          }}
        />
      }
    >
      {(booking) => {
        const badge = bookingPaymentBadge(booking.rateCents, booking.paymentStatus);
        return (
          <tr key={booking.id} className="hover:bg-slate-50">
            <td className="px-4 py-3">
              <Link to={adminLinks.bookingProfile(booking.id)} title="View booking" className="inline-flex items-center gap-1.5 whitespace-nowrap font-medium text-brand-700 underline-offset-2 hover:underline">
                <Eye className="size-4" />#{booking.id}
              </Link>
            </td>
            <td className="min-w-[10rem] max-w-[18rem] px-4 py-3 text-slate-900">
              <span className="block">{booking.topic}</span>
              {/* The booking's own state, under its topic: the table keeps SPEC's columns and fits a laptop. */}
              <span className="block text-xs text-slate-600">{BOOKING_STATUS_LABELS[booking.status as BookingStatus] ?? booking.status}</span>
            </td>
            <td className="px-4 py-3">
              <PersonCell
                {...booking.user}
                onlyHref={filters.userId ? null : searchHref({ userId: booking.user.id, page: null })}
                onlyLabel={`Show only bookings of ${booking.user.name}`}
              />
            </td>
            <td className="px-4 py-3">
              <PersonCell
                {...booking.guide}
                onlyHref={filters.guideId ? null : searchHref({ guideId: booking.guide.id, page: null })}
                onlyLabel={`Show only bookings of ${booking.guide.name}`}
              />
            </td>
            <td className="min-w-[9rem] px-4 py-3 text-slate-700"><LocalTime value={booking.slot?.startsAt} /></td>
            <td className="whitespace-nowrap px-4 py-3 tabular-nums text-slate-700">{formatMoney(booking.rateCents)}</td>
            <td className="whitespace-nowrap px-4 py-3"><StatusBadge tone={badge.tone}>{badge.label}</StatusBadge></td>
          </tr>
        );
      }}
    </ListScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListScreenError frame={frame}>Failed to load bookings: {routeErrorMessage(error) || "Unknown error"}</ListScreenError>;
}
