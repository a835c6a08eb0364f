import { ArrowLeft, Printer } from "#app/components/ui/icons.ts";
import { isRouteErrorResponse, Link } from "react-router";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { Route } from "./+types/receipt";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { recordParam, throwForScreen } from "#app/lib/http.server.ts";
import { userLinks } from "#app/lib/links.ts";
import { zoneTitle } from "#app/lib/time-zone-names.ts";
import { menteePaymentStatus } from "#app/modules/payments/mentee-payments.ts";
import { getReceipt } from "#app/modules/payments/mentee-payments.server.ts";

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

function Row({ label, children, strong }: { label: React.ReactNode; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-2 ${strong ? "font-semibold text-slate-900" : "text-slate-700"}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt, zone } = loaderData;
  const status = menteePaymentStatus(receipt);
  const paid = receipt.status === "succeeded";
  const net = receipt.amountCents - receipt.refundedCents;
  return (
    <div className="mx-auto max-w-2xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={userLinks.payments} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" /> Back to payments
        </Link>
        <button
          type="button"
          onClick={() => window.print()}
          className="inline-flex h-9 items-center gap-2 rounded-md bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
        >
          <Printer className="size-4" /> Print or save as PDF
        </button>
      </div>
      <article aria-labelledby="receipt-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 print:border-0 print:p-0 print:shadow-none">
        <header className="flex flex-col gap-4 border-b border-slate-200 pb-6 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="text-lg font-bold text-brand-800">{receipt.platform.name}</p>
            <p className="text-sm text-slate-600">{receipt.platform.supportEmail}</p>
          </div>
          <div className="sm:text-right">
            <h1 id="receipt-title" className="text-2xl font-bold text-slate-900">{paid ? "Receipt" : "Payment record"}</h1>
            <p className="mt-1 text-sm text-slate-600">Reference <span className="font-mono text-slate-900">{receipt.reference}</span></p>
            <p className="mt-2"><StatusBadge tone={status.tone}>{status.label}</StatusBadge></p>
          </div>
        </header>

        <dl className="grid gap-4 border-b border-slate-200 py-6 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-slate-500">Billed to</dt>
            <dd className="mt-1 text-slate-900">{receipt.payer.name}<br />{receipt.payer.email}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">{paid ? "Paid on" : "Started on"}</dt>
            <dd className="mt-1 text-slate-900"><LocalTime value={receipt.paidAt ?? receipt.createdAt} format="full" /></dd>
            <dd className="text-xs text-slate-500">Times in {zone}</dd>
          </div>
        </dl>

        <section aria-labelledby="receipt-items" className="py-6">
          <h2 id="receipt-items" className="sr-only">Items</h2>
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
            <Row label="Amount">{formatMoney(receipt.amountCents)} {receipt.currency.toUpperCase()}</Row>
            {receipt.refundedCents > 0 ? (
              <Row label={receipt.refundedAt ? <>Refunded on <LocalTime value={receipt.refundedAt} format="full" /></> : "Refunded"}>−{formatMoney(receipt.refundedCents)}</Row>
            ) : null}
            <Row label={paid ? "Total paid" : "Total"} strong>{formatMoney(paid ? net : 0)} {receipt.currency.toUpperCase()}</Row>
          </dl>
          {receipt.coveredBy && receipt.coveredBy.coveredCents > 0 ? (
            <p className="mt-4 text-sm text-slate-600">{`The rest of the session, ${formatMoney(receipt.coveredBy.coveredCents)}, was covered by ${receipt.coveredBy.organisation}.`}</p>
          ) : null}
        </section>

        <footer className="border-t border-slate-200 pt-4 text-xs text-slate-500">
          Questions about this payment? Write to {receipt.platform.supportEmail} and quote the reference above. Card payments are processed by Stripe.
        </footer>
      </article>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <h1 className="text-xl font-semibold text-slate-900">{missing ? "Receipt not found" : "The receipt could not be loaded"}</h1>
      <p className="mt-2 text-sm text-slate-600">{missing ? "There is no such payment among yours." : "Please try again."}</p>
      <Link to={userLinks.payments} className="mt-4 inline-block font-medium text-brand-700 underline">Back to payments</Link>
    </div>
  );
}
