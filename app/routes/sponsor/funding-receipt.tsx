import type { Route } from "./+types/funding-receipt";
import { formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { recordParam, throwForScreen } from "#app/lib/http.server.ts";
import { zoneTitle } from "#app/lib/time-zone-names.ts";
import { ReceiptError, ReceiptFrame, ReceiptRow } from "#app/modules/payments/receipt-frame.tsx";
import { getFundingReceipt } from "#app/modules/sponsorship/sponsorship.server.ts";

// /sponsor/fundings/:id/receipt: the receipt of money the organisation added to its balance, printable for its books.
// Its sponsor admins' only (anyone else's, and a funding not paid, is a 404).

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const receipt = await getFundingReceipt(signedInUser(context), recordParam(params.id, "Receipt not found"));
    return { receipt, zone: zoneTitle(receipt.timeZone) };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded ? `Receipt ${loaded.receipt.reference}` : "Receipt"} · Sponsorship · Ministry Mentors` }];

const back = { href: "/sponsor/ledger", label: "Back to the ledger" };

export default function FundingReceipt({ loaderData }: Route.ComponentProps) {
  const { receipt, zone } = loaderData;
  const amount = formatMoney(receipt.amountCents);
  return (
    <ReceiptFrame
      back={back}
      platform={receipt.platform}
      title="Receipt"
      reference={receipt.reference}
      status={{ tone: "green", label: "Paid" }}
      billedTo={[receipt.organisation.name, receipt.organisation.place, receipt.payer && `Paid by ${receipt.payer.name}`, receipt.payer?.email]}
      date={{ label: "Paid on", value: receipt.paidAt }}
      zone={zone}
    >
      <div className="flex flex-col gap-1 text-sm sm:flex-row sm:justify-between">
        <div>
          <p className="font-medium text-slate-900">{`Mentoring fund of ${receipt.organisation.name}`}</p>
          <p className="text-slate-600">Added to the balance that covers the organisation&apos;s pastors&apos; sessions under its rules.</p>
        </div>
        <p className="font-medium tabular-nums text-slate-900">{amount}</p>
      </div>
      <dl className="mt-6 divide-y divide-slate-200 border-t border-slate-200 text-sm">
        <ReceiptRow label="Total paid" strong>{amount} USD</ReceiptRow>
      </dl>
    </ReceiptFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ReceiptError error={error} back={back} missing="There is no such funding among your organisation's." />;
}
