import { ListScreen, type ExportList, type ListFrame } from "#app/components/list/list-screen.tsx";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { cellClass } from "#app/components/ui/profile-parts.tsx";
import { formatMoney } from "#app/lib/format.ts";
import type { ListDefaults, ListMeta, ListState } from "#app/lib/list.ts";
import type { PaymentRow } from "./payments.server.ts";
import { paymentStatusLabel, type PaymentSort } from "./schema.ts";

/** The guide payments list (Guide Name and Paid At sortable) and the user's payment records (User Name, Amount and Status sortable). */
const frames = {
  guide: {
    label: "Payments",
    search: { placeholder: "Search payments...", label: "Search payments" },
    columns: [{ label: "Guide Name", sort: "guideName" }, { label: "Amount" }, { label: "Status" }, { label: "Paid At", sort: "paidAt" }],
    loadingText: "Loading payments...",
    empty: "No payments found.",
  },
  user: {
    label: "Payment records",
    search: { placeholder: "Search payment records...", label: "Search payment records" },
    columns: [{ label: "User Name", sort: "userName" }, { label: "Amount", sort: "amount" }, { label: "Status", sort: "status" }, { label: "Paid at" }],
    loadingText: "Loading payment records...",
    empty: "No payment records found.",
  },
} satisfies Record<"guide" | "user", ListFrame<PaymentSort>>;

/** A profile's payments, searched, sorted and paged on the server. */
export function PaymentsTable({
  party,
  payments,
  meta,
  state,
  list,
  exportList,
}: {
  party: "guide" | "user";
  payments: PaymentRow[];
  meta: ListMeta;
  state: ListState<PaymentSort>;
  list: { defaults: ListDefaults<PaymentSort> };
  /** In the console: the list's CSV export. */
  exportList?: ExportList;
}) {
  return (
    <ListScreen frame={frames[party]} exportList={exportList} list={list} state={state} meta={meta} rows={payments}>
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
    </ListScreen>
  );
}
