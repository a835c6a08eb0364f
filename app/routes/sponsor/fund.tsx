import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/fund";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { fundSchema } from "#app/modules/sponsorship/schema.ts";
import { requireSponsorAdmin, sponsorAccountOf, startFunding } from "#app/modules/sponsorship/sponsorship.server.ts";

// /sponsor/fund: add money to the balance by card, through Stripe Checkout (the local test page without keys). The
// balance grows only when Stripe's signed confirmation arrives, once per Checkout.

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { organisation, balanceCents } = await sponsorAccountOf(signedInUser(context));
    return { organisation, balanceCents, cancelled: new URL(request.url).searchParams.get("checkout") === "cancelled" };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const submission = parseWithZod(await request.formData(), { schema: fundSchema });
  if (submission.status !== "success") return replyToForm(submission);
  const { url } = await startFunding(actor, await requireSponsorAdmin(actor), submission.value.amount);
  throw redirect(url);
}

export const meta: Route.MetaFunction = () => [{ title: "Add funds · Sponsorship · Ministry Mentors" }];

export default function SponsorFund({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const paying = useIsPending();
  const [form, fields] = useAppForm({
    id: "sponsor-fund",
    lastResult: navigation.state === "idle" ? actionData : null,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/sponsorship/schema.ts").then((module) => module.fundSchema),
  });
  return (
    <div className="grid max-w-lg gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Add funds</h1>
        <p className="text-slate-600">The balance of {loaderData.organisation.name} is {formatMoney(loaderData.balanceCents)}. You pay by card on the next page; a receipt follows by e-mail.</p>
      </header>
      {loaderData.cancelled ? <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">The payment was not completed, so nothing was added.</p> : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <Field label="Amount (USD)" hint="Between $10 and $50,000." htmlFor={fields.amount.id} errors={fields.amount.errors} errorId={fields.amount.errorId}>
          <Input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" />
        </Field>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div><Button type="submit" disabled={paying}>{paying ? "Opening checkout…" : "Continue to payment"}</Button></div>
      </Form>
    </div>
  );
}
