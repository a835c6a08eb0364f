import { Form, Link, redirect } from "react-router";
import { TestModeBanner, TestModePageError } from "#app/components/layout/test-mode.tsx";
import { z } from "zod";
import type { Route } from "./+types/test-checkout";
import { Button } from "#app/components/ui/button.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { finishTestCheckout, getTestCheckout } from "#app/modules/bookings/checkout.server.ts";
import { completeStripeCheckout, expireStripeCheckout } from "#app/modules/payments/stripe-test-mode.server.ts";
import { testFundingCheckout } from "#app/modules/sponsorship/sponsorship.server.ts";

// The local test-mode checkout: where a test-mode Checkout Session sends the mentee when no Stripe keys are set
// (the demo, the tests). It stands in for Stripe's hosted page and says so. Pay or Decline sends the signed
// webhook event Stripe would send, then goes on to the session's success or cancel URL (its path, on this host), as Stripe does.
// Only the booking's mentee may open it (anyone else: 404); signed-out visitors sign in first. A sponsor's funding of
// its balance has its own Checkout too: only its sponsor admins open that one, and Pay sends the same signed event.

export const middleware: Route.MiddlewareFunction[] = [requireRole(["user", "guide", "admin"])];

const choiceSchema = z.object({ intent: z.enum(["pay", "decline"], { error: "Choose Pay or Decline." }) });

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const funding = await testFundingCheckout(params.sessionId, signedInUser(context));
    if (funding) return { funding, checkout: null };
    return { funding: null, checkout: await getTestCheckout(params.sessionId, signedInUser(context)) };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const funding = await testFundingCheckout(params.sessionId, signedInUser(context));
    if (funding) {
      const { intent } = parseOr400(choiceSchema, Object.fromEntries(await request.formData()));
      const session = intent === "pay" ? await completeStripeCheckout(funding.sessionId) : await expireStripeCheckout(funding.sessionId);
      if (intent === "pay" && session?.status === "complete") return redirectWithSuccess(funding.successUrl, { message: "Payment received", description: `${formatMoney(funding.amountCents)} paid for the mentoring fund of ${funding.organisation}.` });
      return redirectWithInfo(funding.cancelUrl, { message: "Checkout ended", description: "Nothing was charged." });
    }
    // Whose it is first (anyone else: 404), then what they chose.
    const checkout = await getTestCheckout(params.sessionId, signedInUser(context));
    const { intent } = parseOr400(choiceSchema, Object.fromEntries(await request.formData()));
    const outcome = await finishTestCheckout(checkout, intent);
    switch (outcome) {
      case "paid":
        return redirectWithSuccess(checkout.successUrl, { message: "Payment received", description: `${formatMoney(checkout.amountCents)} paid for your session with ${checkout.guide.name}.` });
      case "declined":
        return redirectWithError(checkout.cancelUrl, { message: "Payment declined", description: "Your session was not booked and the time you held was released." });
      case "already-paid":
        return redirect(checkout.successUrl);
      default:
        return redirectWithInfo(checkout.cancelUrl, { message: "Checkout ended", description: "This checkout has ended. Please book again." });
    }
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Test mode checkout · Ministry Mentors" }, { name: "robots", content: "noindex" }];

export default function TestCheckout({ loaderData }: Route.ComponentProps) {
  const { checkout, funding } = loaderData;
  if (funding) return <FundingCheckout funding={funding} />;
  return checkout ? <BookingCheckout checkout={checkout} /> : null;
}

function BookingCheckout({ checkout }: { checkout: NonNullable<Route.ComponentProps["loaderData"]["checkout"]> }) {
  const paying = useIsPending({ intent: "pay" });
  const declining = useIsPending({ intent: "decline" });
  const amount = formatMoney(checkout.amountCents);
  return (
    <div className="min-h-screen bg-slate-100">
      <TestModeBanner>No card is charged. This page stands in for Stripe Checkout because no Stripe keys are configured.</TestModeBanner>
      <main id="main" className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:py-12 md:grid-cols-2 md:gap-10">
        <section aria-labelledby="order-heading" className="md:pt-4">
          <Link to="/" className="text-lg font-bold text-brand-800">Ministry Mentors</Link>
          <h1 id="order-heading" className="mt-6 text-sm font-medium text-slate-600">Pay Ministry Mentors</h1>
          <p className="mt-1 text-4xl font-bold tabular-nums text-slate-900">{amount}</p>
          <dl className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
            <div>
              <dt className="sr-only">Item</dt>
              <dd className="font-medium text-slate-900">{checkout.description}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Mentor</dt>
              <dd className="text-right font-medium text-slate-900">{checkout.guide.name}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Time</dt>
              <dd className="text-right text-slate-900"><LocalTime value={checkout.booking.startsAt} format="slot" /></dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Length</dt>
              <dd className="text-right text-slate-900">{checkout.booking.durationMinutes} minutes</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Topic</dt>
              <dd className="text-right text-slate-900 [overflow-wrap:anywhere]">{checkout.booking.topic}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-3">
              <dt className="font-medium text-slate-900">Total due</dt>
              <dd className="font-semibold tabular-nums text-slate-900">{amount}</dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="pay-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="pay-heading" className="text-lg font-semibold text-slate-900">
            {checkout.status === "open" ? "Pay with a test card" : checkout.status === "complete" ? "This checkout is paid" : "This checkout has ended"}
          </h2>
          {checkout.status === "open" ? (
            <>
              <p className="mt-2 text-sm text-slate-600">
                Choose what the card does. Pay confirms your booking; Decline ends this checkout and releases the time you held.
              </p>
              <Form method="post" className="mt-6 grid gap-3">
                <Button type="submit" name="intent" value="pay" size="lg" disabled={paying || declining} className="w-full">
                  {paying ? "Paying…" : `Pay ${amount}`}
                </Button>
                <Button type="submit" name="intent" value="decline" variant="secondary" size="lg" disabled={paying || declining} className="w-full">
                  {declining ? "Declining…" : "Decline"}
                </Button>
              </Form>
            </>
          ) : checkout.status === "complete" ? (
            <p className="mt-2 text-sm text-slate-600">
              Your payment went through. <a href={checkout.successUrl} className="font-medium text-brand-700 underline">See your booking</a>
            </p>
          ) : (
            <p className="mt-2 text-sm text-slate-600">
              Nothing was charged. <a href={checkout.cancelUrl} className="font-medium text-brand-700 underline">Back to {checkout.guide.name}'s profile</a>
            </p>
          )}
          <p className="mt-6 text-xs text-slate-500">Checkout session {checkout.sessionId}</p>
        </section>
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TestModePageError title="Checkout" message={routeErrorMessage(error) || "This checkout could not be opened."} backHref="/" backLabel="Back to Ministry Mentors" />;
}

/** The test page for a sponsor's funding: the amount, the organisation, Pay or Decline. */
function FundingCheckout({ funding }: { funding: NonNullable<Route.ComponentProps["loaderData"]["funding"]> }) {
  const paying = useIsPending({ intent: "pay" });
  const amount = formatMoney(funding.amountCents);
  return (
    <div className="min-h-screen bg-slate-100">
      <TestModeBanner>No card is charged. This page stands in for Stripe Checkout because no Stripe keys are configured.</TestModeBanner>
      <main id="main" className="mx-auto grid max-w-lg gap-6 px-4 py-8 sm:py-12">
        <Link to="/" className="text-lg font-bold text-brand-800">Ministry Mentors</Link>
        <section aria-labelledby="pay-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 id="pay-heading" className="text-sm font-medium text-slate-600">Mentoring fund of {funding.organisation}</h1>
          <p className="mt-1 text-4xl font-bold tabular-nums text-slate-900">{amount}</p>
          <Form method="post" className="mt-6 grid gap-3">
            <Button type="submit" name="intent" value="pay" size="lg" disabled={paying} className="w-full">{paying ? "Paying…" : `Pay ${amount}`}</Button>
            <Button type="submit" name="intent" value="decline" variant="secondary" size="lg" disabled={paying} className="w-full">Decline</Button>
          </Form>
          <p className="mt-6 text-xs text-slate-500">Checkout session {funding.sessionId}</p>
        </section>
      </main>
    </div>
  );
}
