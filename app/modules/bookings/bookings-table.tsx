import { Link } from "react-router";
import { ListScreen, type ExportList, type ListFrame } from "#app/components/list/list-screen.tsx";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { cellClass } from "#app/components/ui/profile-parts.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import type { ListDefaults, ListMeta, ListState } from "#app/lib/list.ts";
import type { BookingRow } from "./bookings.server.ts";
import { bookingPaymentBadge, type BookingSort } from "./schema.ts";
import { EmailAddress } from "#app/components/ui/email-address.tsx";

type Props = {
  bookings: BookingRow[];
  meta: ListMeta;
  state: ListState<BookingSort>;
  list: { defaults: ListDefaults<BookingSort> };
  /** In the console: the list's CSV export. */
  exportList?: ExportList;
};

const guideFrame = {
  label: "Bookings",
  search: { placeholder: "Search bookings...", label: "Search bookings" },
  minWidth: "60rem",
  columns: [
    { label: "Booking ID", sort: "id" },
    { label: "Rate ($)", sort: "rate" },
    { label: "Payment Status", sort: "paymentStatus" },
    { label: "User Name", sort: "userName" },
    { label: "User Email", sort: "userEmail" },
    { label: "Guide Name", sort: "guideName" },
    { label: "Guide Email", sort: "guideEmail" },
  ],
  loadingText: "Loading bookings...",
  empty: "No bookings found",
} satisfies ListFrame<BookingSort>;

/** The Guide Profile's Booking tab: every column sortable over the whole list (in SQL), with the payment badge. */
export function GuideBookingsTable({ bookings, meta, state, list, exportList }: Props) {
  return (
    <ListScreen frame={guideFrame} exportList={exportList} list={list} state={state} meta={meta} rows={bookings}>
      {(booking) => {
        const badge = bookingPaymentBadge(booking.rateCents, booking.paymentStatus);
        return (
          <tr key={booking.id} className="hover:bg-slate-50">
            <td className={cellClass}>
              <Link to={adminLinks.bookingProfile(booking.id)} className="font-medium text-brand-700 underline-offset-2 hover:underline" aria-label={`Booking ${booking.id}: ${booking.topic}`}>
                {booking.id}
              </Link>
            </td>
            <td className={cellClass}>{formatMoney(booking.rateCents)}</td>
            <td className={cellClass}><StatusBadge tone={badge.tone}>{badge.label}</StatusBadge></td>
            <td className={`${cellClass} font-medium text-slate-900`}>{booking.user.name}</td>
            <td className={cellClass}><EmailAddress email={booking.user.email} /></td>
            <td className={cellClass}>{booking.guide.name}</td>
            <td className={cellClass}><EmailAddress email={booking.guide.email} /></td>
          </tr>
        );
      }}
    </ListScreen>
  );
}

const userFrame = {
  label: "Booking records",
  search: { placeholder: "Search booking records...", label: "Search booking records" },
  minWidth: "44rem",
  columns: [
    { label: "Guide Name", sort: "guideName" },
    { label: "User Name", sort: "userName" },
    { label: "Booking Date", sort: "slotDate" },
    { label: "Status", sort: "paymentStatus" },
    { label: "Rate", sort: "rate" },
  ],
  loadingText: "Loading bookings...",
  empty: "No booking records found.",
} satisfies ListFrame<BookingSort>;

/** The User Profile's Booking tab: guide, mentee, session date, status (Paid/Pending/Failed/N/A/Unknown) and rate. */
export function UserBookingsTable({ bookings, meta, state, list, exportList }: Props) {
  return (
    <ListScreen frame={userFrame} exportList={exportList} list={list} state={state} meta={meta} rows={bookings}>
      {(booking) => {
        const status = bookingPaymentBadge(booking.rateCents, booking.paymentStatus, { chargedOnly: true });
        return (
          <tr key={booking.id} className="hover:bg-slate-50">
            <td className={`${cellClass} font-medium text-slate-900`}>{booking.guide.name}</td>
            <td className={cellClass}>{booking.user.name}</td>
            <td className={cellClass}><LocalTime value={booking.slot?.startsAt} format="date" /></td>
            <td className={cellClass}><StatusBadge tone={status.tone}>{status.label}</StatusBadge></td>
            <td className={cellClass}>{booking.rateCents ? formatMoney(booking.rateCents) : "N/A"}</td>
          </tr>
        );
      }}
    </ListScreen>
  );
}
