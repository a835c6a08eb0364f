import { ArrowLeft, Printer } from "#app/components/ui/icons.ts";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { StatusBadge, type Tone } from "#app/components/ui/badge.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";

/**
 * A printable receipt: who was paid and the reference, who paid and when (in the reader's zone, named), what was
 * bought (`children`), and whom to write to about it. A mentee's payment and a sponsor's funding are both drawn in it.
 */
export function ReceiptFrame({
  back,
  platform,
  title,
  reference,
  status,
  billedTo,
  date,
  zone,
  children,
}: {
  back: { href: string; label: string };
  platform: { name: string; supportEmail: string };
  title: string;
  reference: string;
  status: { tone: Tone; label: string };
  /** Who paid, a line each (a name, a place, an address). */
  billedTo: Array<string | null | undefined | false>;
  date: { label: string; value: string };
  zone: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={back.href} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" /> {back.label}
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
            <p className="text-lg font-bold text-brand-800">{platform.name}</p>
            <p className="text-sm text-slate-600">{platform.supportEmail}</p>
          </div>
          <div className="sm:text-right">
            <h1 id="receipt-title" className="text-2xl font-bold text-slate-900">{title}</h1>
            {/* A card provider's id runs to 66 characters: on a line of its own, under its label. */}
            <p className="mt-1 text-sm text-slate-600">Reference <span className="block font-mono text-slate-900 [overflow-wrap:anywhere]">{reference}</span></p>
            <p className="mt-2"><StatusBadge tone={status.tone}>{status.label}</StatusBadge></p>
          </div>
        </header>

        <dl className="grid gap-4 border-b border-slate-200 py-6 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-slate-500">Billed to</dt>
            <dd className="mt-1 text-slate-900">
              {billedTo.filter((line): line is string => Boolean(line)).map((line) => (
                <span key={line} className="block [overflow-wrap:anywhere]">{line}</span>
              ))}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">{date.label}</dt>
            <dd className="mt-1 text-slate-900"><LocalTime value={date.value} format="full" /></dd>
            <dd className="text-xs text-slate-500">Times in {zone}</dd>
          </div>
        </dl>

        <section aria-labelledby="receipt-items" className="py-6">
          <h2 id="receipt-items" className="sr-only">Items</h2>
          {children}
        </section>

        <footer className="border-t border-slate-200 pt-4 text-xs text-slate-500">
          {`Questions about this payment? Write to ${platform.supportEmail} and quote the reference above. Card payments are processed by Stripe.`}
        </footer>
      </article>
    </div>
  );
}

/** One line of a receipt's totals. */
export function ReceiptRow({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-2 ${strong ? "font-semibold text-slate-900" : "text-slate-700"}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

/** A receipt that could not be shown: none of the reader's by that number (404), or another failure. */
export function ReceiptError({ error, back, missing }: { error: unknown; back: { href: string; label: string }; missing: string }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <h1 className="text-xl font-semibold text-slate-900">{notFound ? "Receipt not found" : "The receipt could not be loaded"}</h1>
      <p className="mt-2 text-sm text-slate-600">{notFound ? missing : "Please try again."}</p>
      <Link to={back.href} className="mt-4 inline-block font-medium text-brand-700 underline">{back.label}</Link>
    </div>
  );
}
