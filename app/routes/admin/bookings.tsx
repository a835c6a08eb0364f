import { Eye } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/bookings";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { ListError, ListRows, ListTable, Pagination, SearchBox, SortHeader, useListLoading } from "#app/components/ui/data-table.tsx";
import { ListHeader } from "#app/components/ui/list-header.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { PersonCell } from "#app/components/ui/person-cell.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { capitalise, formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { parseListParams, redirectPastLastPage } from "#app/lib/list.server.ts";
import { adminLinks } from "#app/lib/links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { listBookings } from "#app/modules/bookings/bookings.server.ts";
import { bookingListDefaults, bookingPaymentBadge, bookingPaymentStatusFilterSchema, bookingPaymentStatuses } from "#app/modules/bookings/schema.ts";
import { PeopleFilterBar } from "#app/modules/users/people-filter-bar.tsx";
import { guideOptions, peopleFilters } from "#app/modules/users/people-filters.server.ts";

const COLUMNS = 7;
const table = { caption: "All bookings", minWidth: "60rem" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const state = parseListParams(url.searchParams, bookingListDefaults);
    const paymentStatus = parseOr400(bookingPaymentStatusFilterSchema, url.searchParams.get("paymentStatus") || undefined, "paymentStatus");
    const { guideId, userId, user } = await peopleFilters(url.searchParams);
    const guides = await guideOptions(guideId);
    const { data: bookings, meta } = await listBookings(state, { guideId, userId, paymentStatus }, signedInUser(context));
    redirectPastLastPage(url, state, meta);
    return { bookings, meta, state, filters: { guideId, userId, paymentStatus }, user, guides };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Bookings · Ministry Mentors" }];

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { bookings, meta, state, filters, user, guides } = loaderData;
  const loading = useListLoading();
  const searchHref = useSearchHref();
  const list = { state, defaults: bookingListDefaults };
  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Bookings</h1>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="bookings-heading">
        <ListHeader
          id="bookings-heading"
          title="All Bookings"
          search={<SearchBox {...list} placeholder="Search bookings..." label="Search bookings by topic, user or guide name or email" />}
        />
        <PeopleFilterBar
          selects={[
            {
              name: "paymentStatus",
              label: "Payment status",
              value: filters.paymentStatus ?? "",
              allLabel: "All payment statuses",
              options: bookingPaymentStatuses.map((status) => ({ value: status, label: capitalise(status) })),
            },
          ]}
          guides={guides}
          guideId={filters.guideId}
          user={user}
        />
        <ListTable {...table}>
          <thead className="bg-slate-50">
            <tr>
              <SortHeader {...list} column="id">Booking ID</SortHeader>
              <SortHeader {...list} column="topic">Topic</SortHeader>
              <SortHeader {...list} column="userName">User</SortHeader>
              <SortHeader {...list} column="guideName">Guide</SortHeader>
              <SortHeader {...list} column="slotDate">Session date</SortHeader>
              <SortHeader {...list} column="rate">Rate ($)</SortHeader>
              <SortHeader {...list} column="paymentStatus">Payment Status</SortHeader>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            <ListRows colSpan={COLUMNS} loading={loading} rows={bookings} loadingText="Loading bookings..." empty="No bookings found">
              {(booking) => {
                const badge = bookingPaymentBadge(booking.rateCents, booking.paymentStatus);
                const profile = adminLinks.bookingProfile(booking.id);
                return (
                  <tr key={booking.id} className="hover:bg-slate-50">
                    <td className="px-4 py-3">
                      <Link to={profile} title="View booking" className="inline-flex items-center gap-1.5 whitespace-nowrap font-medium text-brand-700 underline-offset-2 hover:underline">
                        <Eye aria-hidden className="size-4" />#{booking.id}
                      </Link>
                    </td>
                    <td className="min-w-[12rem] max-w-[18rem] px-4 py-3 text-slate-900">{booking.topic}</td>
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
            </ListRows>
          </tbody>
        </ListTable>
        <Pagination {...list} meta={meta} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return (
    <ListError title="Bookings" heading="All Bookings" {...table} colSpan={COLUMNS} width="max-w-7xl">
      Failed to load bookings: {message || "Unknown error"}
    </ListError>
  );
}
