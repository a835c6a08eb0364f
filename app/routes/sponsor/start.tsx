import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/start";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input, Select } from "#app/components/ui/field.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { SPONSOR_KINDS } from "#app/modules/sponsorship/messages.ts";
import { foundSchema } from "#app/modules/sponsorship/schema.ts";
import { foundSponsor, sponsorAdminships, startFunding } from "#app/modules/sponsorship/sponsorship.server.ts";
import { twoFactorState } from "#app/modules/two-factor/two-factor.server.ts";

// /sponsor/start ("Sponsor your pastors" in Settings): a NEW organisation (name, kind, city, country) with its first
// funding; its founder becomes its sponsor admin. An organisation already on Ministry Mentors is refused here: its
// sponsor admin is made by our team, so nobody claims "Grace Church" by typing it.

export const middleware: Route.MiddlewareFunction[] = [requireRole(["user", "guide"])];

export async function loader({ context }: Route.LoaderArgs) {
  const person = signedInUser(context);
  const [running, twoFactor] = await Promise.all([sponsorAdminships(person.id), twoFactorState(person.id)]);
  return { running, twoFactorOn: twoFactor.enabled };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const submission = parseWithZod(await request.formData(), { schema: foundSchema });
  if (submission.status !== "success") return replyToForm(submission);
  let organisation;
  try {
    organisation = await foundSponsor(actor, submission.value);
  } catch (error) {
    if (error instanceof HttpError && error.status !== 404) return refuseForm(submission, error);
    throw error;
  }
  const { url } = await startFunding(actor, organisation.id, submission.value.amount);
  throw redirect(url);
}

export const meta: Route.MetaFunction = () => [{ title: "Sponsor your pastors · Ministry Mentors" }];

export default function SponsorStart({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = useIsPending();
  const [form, fields] = useAppForm({
    id: "sponsor-start",
    lastResult: navigation.state === "idle" ? actionData : null,
    defaultValue: { kind: "church" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/sponsorship/schema.ts").then((module) => module.foundSchema),
  });
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Sponsor your pastors</h1>
        <p className="mt-1 text-slate-700">
          Pay for your pastors' mentoring while what they say stays private: you see how many sessions you covered and the amounts, never
          their topics, notes, messages, reviews or when they meet.
        </p>
        {loaderData.running.length ? (
          <p className="mt-2 text-sm text-slate-700">You already run the sponsorship of {loaderData.running.map((row) => row.name).join(", ")}: <Link to="/sponsor" className="font-medium text-brand-700 underline underline-offset-2">open it</Link>.</p>
        ) : null}
        <p className="mt-2 text-sm text-slate-600">Is your organisation already on Ministry Mentors? Write to our team through Support and we will make you its sponsor admin.</p>
      </header>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <Field label="Organisation's name" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId}>
          <Input {...getInputProps(fields.name, { type: "text" })} maxLength={100} autoComplete="organization" />
        </Field>
        <Field label="Kind" htmlFor={fields.kind.id} errors={fields.kind.errors} errorId={fields.kind.errorId}>
          <Select {...getSelectProps(fields.kind)}>
            {SPONSOR_KINDS.map((kind) => <option key={kind.value} value={kind.value}>{kind.label}</option>)}
          </Select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="City" optional htmlFor={fields.city.id} errors={fields.city.errors} errorId={fields.city.errorId}>
            <Input {...getInputProps(fields.city, { type: "text" })} maxLength={100} autoComplete="address-level2" />
          </Field>
          <Field label="Country" optional htmlFor={fields.country.id} errors={fields.country.errors} errorId={fields.country.errorId}>
            <Input {...getInputProps(fields.country, { type: "text" })} maxLength={100} autoComplete="country-name" />
          </Field>
        </div>
        <Field label="First funding (USD)" hint="Between $10 and $50,000, paid by card on the next page." htmlFor={fields.amount.id} errors={fields.amount.errors} errorId={fields.amount.errorId}>
          <Input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" />
        </Field>
        {loaderData.twoFactorOn ? null : (
          <p className="text-sm text-slate-700">
            Whoever runs a sponsorship signs in with a code from an authenticator app too: once you have paid, you turn on two-factor sign-in, then
            your sponsorship opens.
          </p>
        )}
        <ErrorList id={form.errorId} errors={form.errors} />
        <div><Button type="submit" disabled={sending}>{sending ? "Opening checkout…" : "Create and fund"}</Button></div>
      </Form>
    </div>
  );
}
