import { Link } from "react-router";
import type { Route } from "./+types/payments";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { ListError, ListRows, ListTable, Pagination, SearchBox, SortHeader, useListLoading } from "#app/components/ui/data-table.tsx";
import { ListHeader } from "#app/components/ui/list-header.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { PersonCell } from "#app/components/ui/person-cell.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/links.ts";
import { parseListParams, redirectPastLastPage } from "#app/lib/list.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { listPayments } from "#app/modules/payments/payments.server.ts";
import { paymentListDefaults, paymentStatuses, paymentStatusFilterSchema, paymentStatusLabel } from "#app/modules/payments/schema.ts";
import { PeopleFilterBar } from "#app/modules/users/people-filter-bar.tsx";
import { guideOptions, peopleFilters } from "#app/modules/users/people-filters.server.ts";

const COLUMNS = 6;
const table = { caption: "All payments", minWidth: "52rem" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const state = parseListParams(url.searchParams, paymentListDefaults);
    const status = parseOr400(paymentStatusFilterSchema, url.searchParams.get("status") || undefined, "status");
    const { guideId, userId, user } = await peopleFilters(url.searchParams);
    const guides = await guideOptions(guideId);
    const { data: payments, meta } = await listPayments(state, { guideId, userId, status }, signedInUser(context));
    redirectPastLastPage(url, state, meta);
    return { payments, meta, state, filters: { guideId, userId, status }, user, guides };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Transactions · Ministry Mentors" }];

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { payments, meta, state, filters, user, guides } = loaderData;
  const loading = useListLoading();
  const searchHref = useSearchHref();
  const list = { state, defaults: paymentListDefaults };
  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Transactions</h1>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="payments-heading">
        <ListHeader
          id="payments-heading"
          title="All Payments"
          search={<SearchBox {...list} placeholder="Search payments..." label="Search payments by user or guide name or email, or payment intent id" />}
        />
        <PeopleFilterBar
          selects={[
            {
              name: "status",
              label: "Status",
              value: filters.status ?? "",
              allLabel: "All statuses",
              options: paymentStatuses.map((status) => ({ value: status, label: paymentStatusLabel(status).label })),
            },
          ]}
          guides={guides}
          guideId={filters.guideId}
          user={user}
        />
        <ListTable {...table}>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-4 py-3 text-left font-semibold text-slate-700">ID</th>
              <SortHeader {...list} column="userName">User</SortHeader>
              <SortHeader {...list} column="guideName">Guide</SortHeader>
              <SortHeader {...list} column="amount">Amount</SortHeader>
              <SortHeader {...list} column="status">Status</SortHeader>
              <SortHeader {...list} column="paidAt">Paid at</SortHeader>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            <ListRows colSpan={COLUMNS} loading={loading} rows={payments} loadingText="Loading payments..." empty="No payments found.">
              {(payment) => {
                const status = paymentStatusLabel(payment.status);
                return (
                  <tr key={payment.id} className="hover:bg-slate-50">
                    <td className="px-4 py-3 text-slate-700">
                      <span className="font-medium text-slate-900">#{payment.id}</span>
                      {payment.bookingId ? (
                        <Link to={adminLinks.bookingProfile(payment.bookingId)} className="block text-xs text-brand-700 underline-offset-2 hover:underline">
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
                    <td className="px-4 py-3 tabular-nums text-slate-900">{formatMoney(payment.amountCents)}</td>
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
    <ListError title="Transactions" heading="All Payments" {...table} colSpan={COLUMNS} width="max-w-7xl" linkLabel="Retry">
      Failed to load payments: {message || "Unknown error"}
    </ListError>
  );
}
