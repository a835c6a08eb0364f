import { Link } from "react-router";
import type { Route } from "./+types/payments";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { cellClass } from "#app/components/ui/profile-parts.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { userLinks } from "#app/lib/links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { menteePaymentList, menteePaymentStatus, type MenteePaymentSort } from "#app/modules/payments/mentee-payments.ts";
import { listMenteePayments } from "#app/modules/payments/mentee-payments.server.ts";

const frame = {
  title: "Payments",
  width: "max-w-5xl",
  heading: "Payment history",
  search: { placeholder: "Search by mentor or topic...", label: "Search your payments by mentor or session topic" },
  caption: "Your payments",
  minWidth: "44rem",
  columns: [
    { label: "Date", sort: "date" },
    { label: "Mentor", sort: "guideName" },
    { label: "Session" },
    { label: "Amount", sort: "amount" },
    { label: "Status" },
    { label: "Receipt", align: "right" },
  ],
  loadingText: "Loading payments...",
  empty: "No payments yet. Payments for paid sessions appear here with their receipts.",
} satisfies ListFrame<MenteePaymentSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const { state } = parseScreenList(menteePaymentList, url);
    const { data: payments, meta } = await listMenteePayments(state, signedInUser(context));
    redirectPastLastPage(url, state, meta);
    return { payments, meta, state };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Payments · Ministry Mentors" }];

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { payments, meta, state } = loaderData;
  return (
    <ListScreen frame={frame} list={menteePaymentList} state={state} meta={meta} rows={payments}>
      {(payment) => {
        const status = menteePaymentStatus(payment);
        return (
          <tr key={payment.id} className="hover:bg-slate-50">
            <td className={cellClass}><LocalTime value={payment.date} format="date" /></td>
            <td className={`${cellClass} font-medium text-slate-900`}>
              <Link to={`/mentor/${payment.guideId}`} className="hover:underline">{payment.guideName}</Link>
            </td>
            <td className={cellClass}>
              {payment.topic ?? "—"}
              {payment.sessionAt ? <span className="block text-xs text-slate-500"><LocalTime value={payment.sessionAt} format="slot" /></span> : null}
            </td>
            <td className={`${cellClass} tabular-nums`}>
              {formatMoney(payment.amountCents)}
              {payment.refundedCents > 0 ? <span className="block text-xs text-slate-500">{formatMoney(payment.refundedCents)} refunded</span> : null}
            </td>
            <td className={cellClass}><StatusBadge tone={status.tone}>{status.label}</StatusBadge></td>
            <td className={`${cellClass} text-right`}>
              <Link to={userLinks.receipt(payment.id)} className="font-medium text-brand-700 underline underline-offset-2">
                {payment.status === "succeeded" ? "Receipt" : "Details"}
                <span className="sr-only"> for the payment of {formatMoney(payment.amountCents)} to {payment.guideName}</span>
              </Link>
            </td>
          </tr>
        );
      }}
    </ListScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListScreenError frame={frame}>{routeErrorMessage(error) ?? "Failed to load payments"}</ListScreenError>;
}
