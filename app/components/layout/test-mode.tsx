import type { ReactNode } from "react";
import { Link } from "react-router";

// The pages of the local test-mode stand-in for Stripe (checkout, payouts setup), shown only when no Stripe keys are
// set: a banner that says so on every one, and one way to say a page could not be opened.

/** The strip across the top of a test-mode page: "Test mode" and what the page stands in for. */
export function TestModeBanner({ children }: { children: ReactNode }) {
  return (
    <div role="note" aria-label="Test mode" className="bg-amber-400 px-4 py-2 text-center text-sm font-semibold text-amber-950">
      <span className="mr-2 inline-block rounded bg-amber-950 px-2 py-0.5 text-xs uppercase tracking-wide text-amber-50">Test mode</span>
      {children}
    </div>
  );
}

/** A test-mode page that could not be opened (someone else's, ended, or real keys are set), and the way back. */
export function TestModePageError({ title, message, backHref, backLabel }: { title: string; message: string; backHref: string; backLabel: string }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p role="alert" className="mt-4 text-slate-700">{message}</p>
      <Link to={backHref} className="mt-6 inline-block font-medium text-brand-700 underline">{backLabel}</Link>
    </main>
  );
}
