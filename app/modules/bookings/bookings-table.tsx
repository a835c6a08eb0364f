import { Link } from "react-router";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { ListRows, ListTable, Pagination, SearchBox, SortHeader } from "#app/components/ui/data-table.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { cellClass } from "#app/components/ui/profile-parts.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { adminLinks } from "#app/lib/links.ts";
import type { ListDefaults, ListMeta, ListState } from "#app/lib/list.ts";
import type { BookingRow } from "./bookings.server.ts";
import { bookingPaymentBadge, bookingStatusLabel, type BookingSort } from "./schema.ts";

type Props = {
  bookings: BookingRow[];
  meta: ListMeta;
  state: ListState<BookingSort>;
  defaults: ListDefaults<BookingSort>;
  loading: boolean;
};

const frame = "rounded-xl border border-slate-200 bg-white shadow-sm";

/** The Guide Profile's Booking tab: every column sortable over the whole list (in SQL), with the payment badge. */
export function GuideBookingsTable({ bookings, meta, state, defaults, loading }: Props) {
  const list = { state, defaults };
  return (
    <section aria-label="Bookings" className={frame}>
      <div className="flex justify-end border-b border-slate-200 px-4 py-4">
        <SearchBox {...list} placeholder="Search bookings..." label="Search bookings" />
      </div>
      <ListTable caption="Bookings" minWidth="60rem">
        <thead className="bg-slate-50">
          <tr>
            <SortHeader {...list} column="id">Booking ID</SortHeader>
            <SortHeader {...list} column="rate">Rate ($)</SortHeader>
            <SortHeader {...list} column="paymentStatus">Payment Status</SortHeader>
            <SortHeader {...list} column="userName">User Name</SortHeader>
            <SortHeader {...list} column="userEmail">User Email</SortHeader>
            <SortHeader {...list} column="guideName">Guide Name</SortHeader>
            <SortHeader {...list} column="guideEmail">Guide Email</SortHeader>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          <ListRows colSpan={7} loading={loading} rows={bookings} loadingText="Loading bookings..." empty="No bookings found">
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
                  <td className={cellClass}>{booking.user.email}</td>
                  <td className={cellClass}>{booking.guide.name}</td>
                  <td className={cellClass}>{booking.guide.email}</td>
                </tr>
              );
            }}
          </ListRows>
        </tbody>
      </ListTable>
      <Pagination {...list} meta={meta} />
    </section>
  );
}

/** The User Profile's Booking tab: guide, mentee, session date, status (Paid/Pending/Failed/N/A/Unknown) and rate. */
export function UserBookingsTable({ bookings, meta, state, defaults, loading }: Props) {
  const list = { state, defaults };
  return (
    <section aria-label="Booking records" className={frame}>
      <div className="flex justify-end border-b border-slate-200 px-4 py-4">
        <SearchBox {...list} placeholder="Search booking records..." label="Search booking records" />
      </div>
      <ListTable caption="Booking records" minWidth="44rem">
        <thead className="bg-slate-50">
          <tr>
            <SortHeader {...list} column="guideName">Guide Name</SortHeader>
            <SortHeader {...list} column="userName">User Name</SortHeader>
            <SortHeader {...list} column="slotDate">Booking Date</SortHeader>
            <SortHeader {...list} column="paymentStatus">Status</SortHeader>
            <SortHeader {...list} column="rate">Rate</SortHeader>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          <ListRows colSpan={5} loading={loading} rows={bookings} loadingText="Loading bookings..." empty="No booking records found.">
            {(booking) => {
              const status = bookingStatusLabel(booking.paymentStatus, booking.rateCents);
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
          </ListRows>
        </tbody>
      </ListTable>
      <Pagination {...list} meta={meta} />
    </section>
  );
}
