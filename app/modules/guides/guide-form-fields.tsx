import { getCollectionProps, getInputProps, getSelectProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Plus, X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Input, Select } from "#app/components/ui/field.tsx";
import { cn } from "#app/lib/cn.ts";
import { GUIDE_CATEGORIES, SPECIALTY_OPTIONS } from "./options.ts";

/**
 * The pieces of every form with the guide form's fields (SPEC §3, §5): the console's Create/Edit Guide, the public
 * guide application and the guide's own profile. One copy, so a rule or a label changes in one place.
 */

/** Values of a form with list fields (education, languages…): conform's form type, whatever else it holds. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyValues = Record<string, any>;

/** A numbered part of a long form: its heading, a sentence on why we ask, and its fields. */
export function FormSection({ step, title, intro, children }: { step: number; title: string; intro: string; children: ReactNode }) {
  const headingId = `section-${step}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-5 border-t border-slate-200 pt-8 first:border-t-0 first:pt-0">
      <div className="flex items-start gap-3">
        <span aria-hidden className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">{step}</span>
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            <span className="sr-only">{`Step ${step}: `}</span>
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{intro}</p>
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** A labelled control with a hint under the label and its messages, both read with the control. */
export function HintedField({
  label,
  htmlFor,
  hint,
  errors,
  errorId,
  optional,
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: ReactNode;
  errors?: string[];
  errorId: string;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="ml-1 font-normal text-slate-500">(optional)</span> : null}
      </label>
      {hint ? <p id={`${htmlFor}-hint`} className="text-xs text-slate-500">{hint}</p> : null}
      {children}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** The ids a control is described by: its hint (when it has one) and its messages. */
export const describedBy = (id: string, errorId: string, hasHint = true) => cn(hasHint && `${id}-hint`, errorId);

/**
 * A list of short entries (languages, references…). Add and Remove are submit buttons carrying conform's intents,
 * so they work before JavaScript loads (the server answers with the list one longer or shorter, as typed). With
 * JavaScript, Enter in a filled entry adds the next one, and focus moves to the entry just added.
 */
export function ListField<V extends AnyValues>({
  form,
  field,
  label,
  entryLabel,
  hint,
  optional,
  filter,
  placeholder,
  className,
}: {
  form: FormMetadata<V>;
  field: FieldMetadata<string[], V>;
  label: string;
  entryLabel: string;
  hint?: string;
  optional?: boolean;
  filter?: RegExp;
  placeholder?: string;
  className?: string;
}) {
  const entries = field.getFieldList();
  const count = useRef(entries.length);
  useEffect(() => {
    // Focus the entry just added (not on the first render, nor after a removal).
    if (entries.length > count.current) document.getElementById(entries[entries.length - 1].id)?.focus();
    count.current = entries.length;
  }, [entries]);
  const hintId = `${field.id}-hint`;
  return (
    <fieldset className={cn("grid content-start gap-2", className)} aria-describedby={cn(hint && hintId, field.errorId)}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="ml-1 font-normal text-slate-500">(optional)</span> : null}
      </legend>
      {hint ? <p id={hintId} className="-mt-1 text-xs text-slate-500">{hint}</p> : null}
      {entries.length === 0 ? <p className="text-sm text-slate-500">{`No ${entryLabel.toLowerCase()} added yet.`}</p> : null}
      {entries.map((entry, index) => {
        const { key: _key, ...props } = getInputProps(entry, { type: "text" });
        return (
          <div key={entry.key ?? index} className="flex items-center gap-2">
            <Input
              {...props}
              placeholder={placeholder}
              aria-label={`${entryLabel} ${index + 1}`}
              aria-invalid={field.errors?.length || entry.errors?.length ? true : undefined}
              onInput={filter ? (event) => void (event.currentTarget.value = event.currentTarget.value.replace(filter, "")) : undefined}
              onKeyDown={(event) => {
                if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
                // Enter never submits the whole application from a list entry: it starts the next entry.
                event.preventDefault();
                if (event.currentTarget.value.trim()) form.insert({ name: field.name, defaultValue: "" });
              }}
            />
            <Button
              type="submit"
              variant="ghost"
              size="icon"
              className="shrink-0"
              {...form.remove.getButtonProps({ name: field.name, index })}
              aria-label={`Remove ${entryLabel.toLowerCase()} ${index + 1}`}
            >
              <X aria-hidden className="size-4" />
            </Button>
          </div>
        );
      })}
      <Button type="submit" variant="secondary" size="sm" className="w-fit" {...form.insert.getButtonProps({ name: field.name, defaultValue: "" })}>
        <Plus aria-hidden className="size-4" />
        {`Add ${entryLabel.toLowerCase()}`}
      </Button>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** The guide categories (SPEC §3) as a select, with its hint and messages. */
export function CategoryField<V extends AnyValues>({ field, hint }: { field: FieldMetadata<string, V>; hint?: string }) {
  const { key, ...props } = getSelectProps(field);
  return (
    <HintedField label="Category" htmlFor={field.id} hint={hint} errors={field.errors} errorId={field.errorId}>
      <Select key={key} {...props} aria-describedby={describedBy(field.id, field.errorId, Boolean(hint))}>
        <option value="">Select a category</option>
        {GUIDE_CATEGORIES.map((category) => (
          <option key={category} value={category}>{category}</option>
        ))}
      </Select>
    </HintedField>
  );
}

/** The 16 specialties (SPEC §3) as checkboxes, at least one required. */
export function SpecialtiesField<V extends AnyValues>({ field, hint = "Choose at least one.", className }: { field: FieldMetadata<string[], V>; hint?: string; className?: string }) {
  const hintId = `${field.id}-hint`;
  return (
    <fieldset className={cn("grid gap-2 sm:col-span-2", className)} aria-describedby={cn(hint && hintId, field.errorId)}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Specialties</legend>
      {hint ? <p id={hintId} className="-mt-1 text-xs text-slate-500">{hint}</p> : null}
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {getCollectionProps(field, { type: "checkbox", options: SPECIALTY_OPTIONS.map((option) => option.code) }).map(({ key, ...props }, index) => (
          <label key={`${props.value}-${key}`} htmlFor={props.id} className="flex items-center gap-2 rounded-md px-1 py-1 text-sm text-slate-700 hover:bg-slate-50">
            <input {...props} className="size-4 rounded border-slate-300 accent-brand-600" />
            {SPECIALTY_OPTIONS[index].label}
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
