import { StatusBadge } from "#app/components/ui/badge.tsx";
import { ListRows, ListTable, Pagination, SearchBox, SortHeader } from "#app/components/ui/data-table.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { cellClass, PlainHeader } from "#app/components/ui/profile-parts.tsx";
import { formatMoney } from "#app/lib/format.ts";
import type { ListDefaults, ListMeta, ListState } from "#app/lib/list.ts";
import type { PaymentRow } from "./payments.server.ts";
import { paymentStatusLabel, type PaymentSort } from "./schema.ts";

const texts = {
  guide: { search: "Search payments...", loading: "Loading payments...", empty: "No payments found.", caption: "Payments" },
  user: { search: "Search payment records...", loading: "Loading payment records...", empty: "No payment records found.", caption: "Payment records" },
} as const;

/**
 * A profile's payments: the guide payments list (Guide Name and Paid At sortable) or the user's payment
 * records (User Name, Amount and Status sortable), searched, sorted and paged on the server.
 */
export function PaymentsTable({
  party,
  payments,
  meta,
  state,
  defaults,
  loading,
}: {
  party: "guide" | "user";
  payments: PaymentRow[];
  meta: ListMeta;
  state: ListState<PaymentSort>;
  defaults: ListDefaults<PaymentSort>;
  loading: boolean;
}) {
  const list = { state, defaults };
  const text = texts[party];
  return (
    <section aria-label={text.caption} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex justify-end border-b border-slate-200 px-4 py-4">
        <SearchBox {...list} placeholder={text.search} label={text.search.replace("...", "")} />
      </div>
      <ListTable caption={text.caption}>
        <thead className="bg-slate-50">
          <tr>
            {party === "guide" ? (
              <>
                <SortHeader {...list} column="guideName">Guide Name</SortHeader>
                <PlainHeader>Amount</PlainHeader>
                <PlainHeader>Status</PlainHeader>
                <SortHeader {...list} column="paidAt">Paid At</SortHeader>
              </>
            ) : (
              <>
                <SortHeader {...list} column="userName">User Name</SortHeader>
                <SortHeader {...list} column="amount">Amount</SortHeader>
                <SortHeader {...list} column="status">Status</SortHeader>
                <PlainHeader>Paid at</PlainHeader>
              </>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          <ListRows colSpan={4} loading={loading} rows={payments} loadingText={text.loading} empty={text.empty}>
            {(payment) => {
              const status = paymentStatusLabel(payment.status);
              return (
                <tr key={payment.id} className="hover:bg-slate-50">
                  <td className={`${cellClass} font-medium text-slate-900`}>{party === "guide" ? payment.guideName : payment.userName}</td>
                  <td className={cellClass}>{formatMoney(payment.amountCents)}</td>
                  <td className={cellClass}><StatusBadge tone={status.tone}>{status.label}</StatusBadge></td>
                  <td className={cellClass}><LocalTime value={payment.paidAt} /></td>
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
