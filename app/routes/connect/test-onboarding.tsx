import { Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/test-onboarding";
import { Button } from "#app/components/ui/button.tsx";
import { TestModeBanner, TestModePageError } from "#app/components/layout/test-mode.tsx";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { completeTestOnboarding, getTestOnboarding } from "#app/modules/payments/connect.server.ts";

// The local test-mode payouts setup: where a test-mode account link sends a guide when no Stripe keys are set (the
// demo, the tests). It stands in for Stripe's Express onboarding and says so. Finishing it updates the account in the
// stand-in, which sends the signed account.updated event Stripe would send, then goes back to Billing as Stripe does.
// Only the account's guide may open it (anyone else: 404).

export const middleware: Route.MiddlewareFunction[] = [requireRole(["guide"])];

const choiceSchema = z.object({ intent: z.enum(["complete", "later", "restricted"], { error: "Choose how to finish the setup." }) });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  try {
    const link = new URL(request.url).searchParams.get("link");
    return { onboarding: await getTestOnboarding(params.accountId, link, signedInUser(context)) };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const link = new URL(request.url).searchParams.get("link");
    const onboarding = await getTestOnboarding(params.accountId, link, signedInUser(context));
    const { intent } = parseOr400(choiceSchema, Object.fromEntries(await request.formData()));
    const next = await completeTestOnboarding(onboarding, intent);
    return redirectWithSuccess(next, {
      message: intent === "complete" ? "Payouts set up" : "Setup saved",
      description: intent === "complete" ? "Stripe can now pay your earnings to your bank account." : "You can finish setting up payouts from Billing at any time.",
    });
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Test mode payouts setup · Ministry Mentors" }, { name: "robots", content: "noindex" }];

const fieldClass = "grid gap-1 text-sm";
const valueClass = "rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-slate-800";

export default function TestOnboarding({ loaderData }: Route.ComponentProps) {
  const { onboarding } = loaderData;
  const busy = useIsPending();
  return (
    <div className="min-h-screen bg-slate-100">
      <TestModeBanner>No bank account is connected. This page stands in for Stripe's payouts setup because no Stripe keys are configured.</TestModeBanner>
      <main id="main" className="mx-auto grid max-w-2xl gap-6 px-4 py-8 sm:py-12">
        <div>
          <Link to="/" className="text-lg font-bold text-brand-800">Ministry Mentors</Link>
          <h1 className="mt-6 text-2xl font-bold text-slate-900">Set up payouts</h1>
          <p className="mt-2 text-sm text-slate-600">
            Ministry Mentors uses Stripe to pay mentors. Stripe would ask for your identity and bank account here; in test mode these details are filled in for you.
          </p>
        </div>
        <section aria-labelledby="details-heading" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="details-heading" className="text-lg font-semibold text-slate-900">Your details</h2>
          <dl className="grid gap-3 sm:grid-cols-2">
            <div className={fieldClass}><dt className="text-slate-600">Legal name</dt><dd className={valueClass}>{onboarding.guide.name}</dd></div>
            <div className={fieldClass}><dt className="text-slate-600">E-mail</dt><dd className={`${valueClass} [overflow-wrap:anywhere]`}>{onboarding.guide.email}</dd></div>
            <div className={fieldClass}><dt className="text-slate-600">Bank routing number</dt><dd className={valueClass}>110000000</dd></div>
            <div className={fieldClass}><dt className="text-slate-600">Bank account number</dt><dd className={valueClass}>000123456789</dd></div>
          </dl>
          <Form method="post" className="mt-2 grid gap-3">
            <Button type="submit" name="intent" value="complete" size="lg" disabled={busy} className="w-full">Agree and finish setup</Button>
            <Button type="submit" name="intent" value="later" variant="secondary" size="lg" disabled={busy} className="w-full">Save and finish later</Button>
            <Button type="submit" name="intent" value="restricted" variant="ghost" disabled={busy} className="w-full">Finish with a verification problem (to try a restricted account)</Button>
          </Form>
          <p className="text-xs text-slate-500">Connected account {onboarding.accountId}</p>
        </section>
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TestModePageError title="Set up payouts" message={routeErrorMessage(error) || "This payouts setup could not be opened."} backHref="/mentor-dashboard/billing" backLabel="Back to Billing" />;
}
