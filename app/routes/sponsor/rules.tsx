import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/rules";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input, Select } from "#app/components/ui/field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { guidesByIds } from "#app/modules/guides/guide-names.server.ts";
import { BUDGET_PERIODS } from "#app/modules/sponsorship/messages.ts";
import { rulesSchema } from "#app/modules/sponsorship/schema.ts";
import { guideCategories, requireSponsorAdmin, saveRules, sponsorAccountOf } from "#app/modules/sponsorship/sponsorship.server.ts";

// /sponsor/rules: what the sponsor covers: a budget per pastor per period, a price ceiling, the pastor's co-pay, and
// optionally only some categories or guides.

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const [{ rules }, categories] = await Promise.all([sponsorAccountOf(signedInUser(context)), guideCategories()]);
    return { rules, categories, guides: await guidesByIds(rules.guideIds) };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const submission = parseWithZod(await request.formData(), { schema: rulesSchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    await saveRules(actor, await requireSponsorAdmin(actor), submission.value);
  } catch (error) {
    if (error instanceof HttpError && error.status !== 404) return refuseForm(submission, error, { toast: "Update Failed" });
    throw error;
  }
  return redirectWithSuccess("/sponsor", { message: "Rules Saved", description: "New bookings follow these rules from now on." });
}

export const meta: Route.MetaFunction = () => [{ title: "Rules · Sponsorship · Ministry Mentors" }];

const dollars = (cents: number | null) => (cents === null ? "" : String(cents / 100));

export default function SponsorRules({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, categories, guides } = loaderData;
  const navigation = useNavigation();
  const saving = useIsPending();
  const [form, fields] = useAppForm({
    id: "sponsor-rules",
    lastResult: navigation.state === "idle" ? actionData : null,
    defaultValue: { budget: dollars(rules.budgetCents), budgetPeriod: rules.budgetPeriod, ceiling: dollars(rules.ceilingCents), copayPercent: String(rules.copayPercent) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/sponsorship/schema.ts").then((module) => module.rulesSchema),
  });
  return (
    <div className="grid max-w-2xl gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Rules</h1>
        <p className="text-slate-600">What your sponsorship covers. A change applies to bookings made from now on.</p>
      </header>
      <Form method="post" {...getFormProps(form)} className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Budget per pastor (USD)" htmlFor={fields.budget.id} errors={fields.budget.errors} errorId={fields.budget.errorId}>
            <Input {...getInputProps(fields.budget, { type: "text" })} inputMode="decimal" />
          </Field>
          <Field label="Per" htmlFor={fields.budgetPeriod.id} errors={fields.budgetPeriod.errors} errorId={fields.budgetPeriod.errorId}>
            <Select {...getSelectProps(fields.budgetPeriod)}>
              {BUDGET_PERIODS.map((period) => <option key={period.value} value={period.value}>{period.label}</option>)}
            </Select>
          </Field>
          <Field label="Price ceiling per session (USD)" optional hint="Sessions priced above it are not covered." htmlFor={fields.ceiling.id} errors={fields.ceiling.errors} errorId={fields.ceiling.errorId}>
            <Input {...getInputProps(fields.ceiling, { type: "text" })} inputMode="decimal" />
          </Field>
          <Field label="Co-pay (%)" hint="The share of each session the pastor pays." htmlFor={fields.copayPercent.id} errors={fields.copayPercent.errors} errorId={fields.copayPercent.errorId}>
            <Input {...getInputProps(fields.copayPercent, { type: "number" })} min={0} max={100} step={1} />
          </Field>
        </div>
        {categories.length ? (
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-slate-800">Categories covered <span className="font-normal text-slate-500">(none ticked and no guides listed: every guide)</span></legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {categories.map((category) => (
                <label key={category} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" name="categories" value={category} defaultChecked={rules.categories.includes(category)} className="size-4" />
                  {category}
                </label>
              ))}
            </div>
            <ErrorList id={fields.categories.errorId} errors={fields.categories.errors} />
          </fieldset>
        ) : null}
        <fieldset className="grid gap-3">
          <legend className="text-sm font-medium text-slate-800">Guides covered <span className="font-normal text-slate-500">(none chosen and no category ticked: every guide)</span></legend>
          {guides.length ? (
            <ul className="grid gap-1" aria-label="Chosen guides">
              {guides.map((guide) => (
                <li key={guide.id}>
                  <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" name="guideIds" value={guide.id} defaultChecked className="size-4" />
                    {guide.name}
                    {guide.live ? null : <span className="text-slate-500">(not taking bookings now)</span>}
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          <ErrorList id={fields.guideIds.errorId} errors={fields.guideIds.errors} />
          <TextField
            field={fields.addGuide}
            label={guides.length ? "Add another guide" : "Add a guide"}
            optional
            hint={guides.length ? "Untick a guide to stop covering them. Add one by the name Find a Mentor shows, or paste their profile's address." : "The name Find a Mentor shows, or their profile's address."}
            suggestFrom="/api/mentor-names"
            autoComplete="off"
          />
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div><Button type="submit" disabled={saving}>{saving ? "Saving…" : "Save rules"}</Button></div>
      </Form>
    </div>
  );
}
