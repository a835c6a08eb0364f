import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input, Select } from "#app/components/ui/field.tsx";
import { mentorLinks } from "#app/lib/links.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { INTRO_CHOICES } from "./schema.ts";

export type PricingDefaults = {
  prices: Array<{ minutes: string; price: string }>;
  payWhatYouWant: "on" | undefined;
  suggested: string;
  minimum: string;
  freeIntroMinutes: string;
};

const sectionClass = "grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
const legendClass = "float-left mb-1 w-full text-lg font-semibold text-slate-900";
const dollarsClass = "pl-7";

/** A dollar amount field: "$" before the box, whole dollars or cents. */
function DollarInput(props: React.ComponentProps<typeof Input>) {
  return (
    <div className="relative max-w-40">
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">$</span>
      <Input {...props} inputMode="decimal" className={dollarsClass} />
    </div>
  );
}

/** The Pricing screen's form: a price per offered length, pay what you want, and the free intro session. */
export function PricingForm({ defaults, lastResult }: { defaults: PricingDefaults; lastResult: SubmissionResult<string[]> | undefined }) {
  const saving = useIsPending();
  const [form, fields] = useAppForm({
    id: "pricing",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/schedule/schema.ts").then((module) => module.pricingSchema),
  });
  const prices = fields.prices.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6">
      <fieldset className={sectionClass}>
        <legend className={legendClass}>Price per session</legend>
        {prices.length === 0 ? (
          <p className="text-sm text-slate-700">
            Choose the session lengths you offer on the <Link to={mentorLinks.availability} className="font-medium text-brand-700 underline">Availability</Link> screen first.
          </p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {prices.map((row, index) => {
              const entry = row.getFieldset();
              return (
                <div key={row.key ?? index}>
                  <input {...getInputProps(entry.minutes, { type: "hidden" })} />
                  <Field label={`${entry.minutes.initialValue ?? entry.minutes.value} minutes`} htmlFor={entry.price.id} errors={entry.price.errors} errorId={entry.price.errorId}>
                    <DollarInput {...getInputProps(entry.price, { type: "text" })} />
                  </Field>
                </div>
              );
            })}
          </div>
        )}
        <p className="text-sm text-slate-600">Find a Mentor&apos;s “Price for an hour” filter and its price sort use your 60-minute price (or your shortest session&apos;s, scaled to an hour).</p>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Pay what you want</legend>
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input {...getInputProps(fields.payWhatYouWant, { type: "checkbox" })} className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600" />
          <span>
            <span className="font-medium">Let mentees choose what they pay</span>
            <span className="block text-slate-600">They see your suggested amount and cannot pay less than your minimum. Prices above are not used while this is on.</span>
          </span>
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Suggested amount" htmlFor={fields.suggested.id} errors={fields.suggested.errors} errorId={fields.suggested.errorId}>
            <DollarInput {...getInputProps(fields.suggested, { type: "text" })} />
          </Field>
          <Field label="Minimum amount" htmlFor={fields.minimum.id} errors={fields.minimum.errors} errorId={fields.minimum.errorId}>
            <DollarInput {...getInputProps(fields.minimum, { type: "text" })} />
          </Field>
        </div>
        <p className="-mt-2 text-sm text-slate-600">Leave the minimum empty (or 0) to let mentees book for free.</p>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Free intro session</legend>
        <Field label="Offer each new mentee a free first session" htmlFor={fields.freeIntroMinutes.id} errors={fields.freeIntroMinutes.errors} errorId={fields.freeIntroMinutes.errorId}>
          <Select {...getSelectProps(fields.freeIntroMinutes)} className="max-w-xs">
            <option value="">No intro session</option>
            {INTRO_CHOICES.map((minutes) => (
              <option key={minutes} value={String(minutes)}>{`${minutes} minutes, free`}</option>
            ))}
          </Select>
        </Field>
        <p className="-mt-2 text-sm text-slate-600">One per mentee: a short call to see whether you are a good fit.</p>
      </fieldset>

      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={saving}>{saving ? "Saving…" : "Save pricing"}</Button>
      </div>
    </Form>
  );
}
