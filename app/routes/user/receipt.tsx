import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { Route } from "./+types/receipt";
import { formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { recordParam, throwForScreen } from "#app/lib/http.server.ts";
import { userLinks } from "#app/lib/links.ts";
import { zoneTitle } from "#app/lib/time-zone-names.ts";
import { menteePaymentStatus } from "#app/modules/payments/mentee-payments.ts";
import { getReceipt } from "#app/modules/payments/mentee-payments.server.ts";
import { ReceiptError, ReceiptFrame, ReceiptRow } from "#app/modules/payments/receipt-frame.tsx";

/** A payment's receipt: the payer's own only (anyone else's is a 404), printable. Times in the payer's zone, named. */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const receipt = await getReceipt(recordParam(params.id, "Payment not found"), signedInUser(context));
    return { receipt, zone: zoneTitle(receipt.timeZone) };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded ? `Receipt ${loaded.receipt.reference}` : "Receipt"} · Ministry Mentors` }];

const back = { href: userLinks.payments, label: "Back to payments" };

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt, zone } = loaderData;
  const paid = receipt.status === "succeeded";
  const net = receipt.amountCents - receipt.refundedCents;
  return (
    <ReceiptFrame
      back={back}
      platform={receipt.platform}
      title={paid ? "Receipt" : "Payment record"}
      reference={receipt.reference}
      status={menteePaymentStatus(receipt)}
      billedTo={[receipt.payer.name, receipt.payer.email]}
      date={{ label: paid ? "Paid on" : "Started on", value: receipt.paidAt ?? receipt.createdAt }}
      zone={zone}
    >
      <div className="flex flex-col gap-1 text-sm sm:flex-row sm:justify-between">
        <div>
          <p className="font-medium text-slate-900">Mentoring session with {receipt.guide.name}</p>
          {receipt.booking ? (
            <p className="text-slate-600">
              {receipt.booking.topic}
              {receipt.booking.startsAt ? <> · <LocalTime value={receipt.booking.startsAt} format="full" /> · {receipt.booking.durationMinutes} minutes</> : null}
            </p>
          ) : null}
        </div>
        <p className="font-medium tabular-nums text-slate-900">{formatMoney(receipt.amountCents)}</p>
      </div>
      <dl className="mt-6 divide-y divide-slate-200 border-t border-slate-200 text-sm">
        <ReceiptRow label="Amount">{formatMoney(receipt.amountCents)} {receipt.currency.toUpperCase()}</ReceiptRow>
        {receipt.refundedCents > 0 ? (
          <ReceiptRow label={receipt.refundedAt ? <>Refunded on <LocalTime value={receipt.refundedAt} format="full" /></> : "Refunded"}>−{formatMoney(receipt.refundedCents)}</ReceiptRow>
        ) : null}
        <ReceiptRow label={paid ? "Total paid" : "Total"} strong>{formatMoney(paid ? net : 0)} {receipt.currency.toUpperCase()}</ReceiptRow>
      </dl>
      {receipt.coveredBy && receipt.coveredBy.coveredCents > 0 ? (
        <p className="mt-4 text-sm text-slate-600">{`The rest of the session, ${formatMoney(receipt.coveredBy.coveredCents)}, was covered by ${receipt.coveredBy.organisation}.`}</p>
      ) : null}
    </ReceiptFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ReceiptError error={error} back={back} missing="There is no such payment among yours." />;
}
