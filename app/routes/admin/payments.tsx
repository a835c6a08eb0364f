import { Link } from "react-router";
import type { Route } from "./+types/payments";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { PersonCell } from "#app/components/ui/person-cell.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { dateRangeChoices } from "#app/lib/date-range.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { knownTimeZone } from "#app/lib/time-zones.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { listPayments } from "#app/modules/payments/payments.server.ts";
import { paymentList, paymentStatuses, paymentStatusLabel, type PaymentSort } from "#app/modules/payments/schema.ts";
import { PeopleFilterBar } from "#app/modules/users/people-filter-bar.tsx";
import { peopleFilterBar } from "#app/modules/users/person-picker.server.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";

const frame = {
  title: "Transactions",
  width: "max-w-7xl",
  heading: "All Payments",
  search: { placeholder: "Search payments...", label: "Search payments by user or guide name or email, or payment intent id" },
  caption: "All payments",
  minWidth: "52rem",
  columns: [
    { label: "ID" },
    { label: "User", sort: "userName" },
    { label: "Guide", sort: "guideName" },
    { label: "Amount", sort: "amount" },
    { label: "Status", sort: "status" },
    { label: "Paid at", sort: "paidAt" },
  ],
  loadingText: "Loading payments...",
  empty: "No payments found.",
} satisfies ListFrame<PaymentSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(paymentList, url);
    const admin = signedInUser(context);
    const people = await peopleFilterBar(url.searchParams, filters);
    const { data: payments, meta } = await listPayments(state, filters, admin);
    redirectPastLastPage(url, state, meta);
    return { payments, meta, state, filters, people, rangeChoices: dateRangeChoices(knownTimeZone(admin.timeZone)) };
  } catch (error) {
    throwForScreen(error);
  }
}

/** Which date a range narrows (`date=paid|refunded`; the day paid without it). */
const PAYMENT_DATE_OPTIONS = [
  { value: "paid", label: "Paid" },
  { value: "refunded", label: "Refunded" },
];

export const meta: Route.MetaFunction = () => [{ title: "Transactions · Ministry Mentors" }];

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { payments, meta, state, filters, people, rangeChoices } = loaderData;
  const searchHref = useSearchHref();
  return (
    <ListScreen
      saveView={<SaveView list="transactions" />}
      exportList={{ name: "payments" }}
      frame={frame}
      list={paymentList}
      state={state}
      meta={meta}
      rows={payments}
      filters={
        <PeopleFilterBar
          {...people}
          selects={[
            {
              name: "status",
              label: "Status",
              value: filters.status ?? "",
              allLabel: "All statuses",
              options: paymentStatuses.map((status) => ({ value: status, label: paymentStatusLabel(status).label })),
            },
          ]}
          range={{
            legend: "Dates",
            from: filters.from ?? "",
            to: filters.to ?? "",
            choices: rangeChoices,
            which: { name: "date", label: "Date of", value: filters.date ?? "paid", options: PAYMENT_DATE_OPTIONS },
          }}
        />
      }
    >
      {(payment) => {
        const status = paymentStatusLabel(payment.status);
        return (
          <tr key={payment.id} className="hover:bg-slate-50">
            <td className="px-4 py-3 text-slate-700">
              <span className="font-medium text-slate-900">#{payment.id}</span>
              {payment.bookingId ? (
                <Link to={adminLinks.bookingProfile(payment.bookingId)} className="block whitespace-nowrap text-xs text-brand-700 underline-offset-2 hover:underline">
                  Booking #{payment.bookingId}
                </Link>
              ) : null}
            </td>
            <td className="px-4 py-3">
              <PersonCell
                name={payment.userName}
                email={payment.userEmail}
                onlyHref={filters.userId ? null : searchHref({ userId: payment.userId, page: null })}
                onlyLabel={`Show only payments of ${payment.userName}`}
              />
            </td>
            <td className="px-4 py-3">
              <PersonCell
                name={payment.guideName}
                email={payment.guideEmail}
                onlyHref={filters.guideId ? null : searchHref({ guideId: payment.guideId, page: null })}
                onlyLabel={`Show only payments of ${payment.guideName}`}
              />
            </td>
            <td className="px-4 py-3 tabular-nums text-slate-900">
              {formatMoney(payment.amountCents)}
              {payment.source === "sponsor" ? <span className="block text-xs text-slate-600">Covered by the sponsor</span> : null}
              {payment.refundedCents > 0 ? (
                <span className="block text-xs text-slate-600">
                  {payment.refundedCents >= payment.amountCents ? "Refunded in full" : `Refunded ${formatMoney(payment.refundedCents)}`}
                </span>
              ) : null}
            </td>
            <td className="px-4 py-3"><StatusBadge tone={status.tone}>{status.label}</StatusBadge></td>
            <td className="px-4 py-3 text-slate-700">
              {payment.paidAt ? (
                <LocalTime value={payment.paidAt} />
              ) : (
                <>
                  <span className="text-slate-500">Not paid</span>
                  <span className="block text-xs text-slate-500">Created <LocalTime value={payment.createdAt} /></span>
                </>
              )}
            </td>
          </tr>
        );
      }}
    </ListScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ListScreenError frame={frame} linkLabel="Retry">
      Failed to load payments: {routeErrorMessage(error) || "Unknown error"}
    </ListScreenError>
  );
}
