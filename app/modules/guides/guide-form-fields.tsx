import { getCollectionProps, getInputProps, getSelectProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Plus, X } from "#app/components/ui/icons.ts";
import { describedBy, ErrorList, Field, Input, Select } from "#app/components/ui/field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { clsx } from "clsx";
import { EXPERTISE_TYPING, GUIDE_CATEGORIES, SPECIALTY_OPTIONS } from "./options.ts";

/**
 * The pieces of every form with the guide form's fields (SPEC §3, §5): the console's Create/Edit Guide, the public
 * guide application and the guide's own profile. One copy, so a rule or a label changes in one place.
 */

/** Values of a form with list fields (education, languages…): conform's form type, whatever else it holds. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyValues = Record<string, any>;

/** A guide's own fields as every guide form holds them: text (the form's schema turns them into a guide). */
export type GuideFieldValues = {
  name: string;
  phone: string;
  title: string;
  organisation: string;
  experience: string;
  category: string;
  education: string[];
  languages: string[];
  expertise: string[];
  bio: string;
  specialties: string[];
  recentSuccess: string;
  videoUrl: string;
};

/** The fields of a form that creates a guide's account (the console's Create Guide, the application). */
export type GuideAccountValues = { email: string; password: string; confirmPassword: string };

/** The conform fields of the guide's own fields, in a form that may hold more. */
type GuideFieldset<V extends AnyValues> = { [K in keyof GuideFieldValues]: FieldMetadata<GuideFieldValues[K], V, string[]> };

/** A guide as the forms read it (getGuide), for the fields' first values. */
type GuideRecord = Record<"name", string> &
  Record<"phone" | "title" | "organisation" | "category" | "bio" | "recentSuccess" | "videoUrl", string | null> &
  Record<"education" | "languages" | "expertise" | "specialties", string[]> & { experience: number };

/** A guide's fields as the form's first values; each list shows at least one entry to type in. */
export function guideFieldDefaults(guide: GuideRecord): GuideFieldValues {
  const atLeastOne = (items: string[]) => (items.length ? items : [""]);
  return {
    name: guide.name,
    phone: guide.phone ?? "",
    title: guide.title ?? "",
    organisation: guide.organisation ?? "",
    experience: String(guide.experience),
    category: guide.category ?? "",
    education: atLeastOne(guide.education),
    languages: atLeastOne(guide.languages),
    expertise: atLeastOne(guide.expertise),
    bio: guide.bio ?? "",
    specialties: guide.specialties,
    recentSuccess: guide.recentSuccess ?? "",
    videoUrl: guide.videoUrl ?? "",
  };
}

/** Keeps only digits as they are typed (years of experience). */
const digitsOnly = (event: { currentTarget: HTMLInputElement }) => void (event.currentTarget.value = event.currentTarget.value.replace(/\D/g, ""));

/** Step 2 of the guide's own forms (the application, the guide's profile): where the guide serves. */
export function MinistrySection<V extends AnyValues>({ form, fields, titleHint }: { form: FormMetadata<V>; fields: GuideFieldset<V>; titleHint?: string }) {
  return (
    <FormSection step={2} title="Your ministry" intro="Where you serve, and the road that brought you there.">
      <TextField field={fields.title} label="Job title" placeholder="Senior Pastor" hint={titleHint} autoComplete="organization-title" />
      <TextField field={fields.organisation} label="Church or organisation" autoComplete="organization" suggestFrom="/api/organisations" />
      <TextField field={fields.experience} label="Years of ministry experience" hint="A whole number from 0 to 50." inputMode="numeric" placeholder="0-50" onInput={digitsOnly} />
      <CategoryField field={fields.category} hint="The leaders you are best placed to mentor." />
      <ListField form={form} field={fields.education} label="Education" entryLabel="Education entry" placeholder="M.Div., Fuller Theological Seminary" hint="Degrees, seminary or training, one per entry." />
      <ListField form={form} field={fields.languages} label="Languages" entryLabel="Language" hint="Languages you can mentor in." />
    </FormSection>
  );
}

/** Step 3 of the guide's own forms: what a pastor reads to choose the guide (a video the profile can play: YouTube or Vimeo). */
export function MentoringSection<V extends AnyValues>({
  form,
  fields,
  intro,
}: {
  form: FormMetadata<V>;
  fields: GuideFieldset<V>;
  intro: string;
}) {
  return (
    <FormSection step={3} title="Your mentoring" intro={intro}>
      <TextField className="sm:col-span-2" field={fields.bio} label="Bio" multiline rows={5} maxLength={500} hint="A few sentences about you and your ministry (up to 500 characters)." />
      <SpecialtiesField className="sm:col-span-2" field={fields.specialties} />
      <ListField form={form} field={fields.expertise} label="Areas of expertise" entryLabel="Area of expertise" filter={EXPERTISE_TYPING} placeholder="Conflict resolution" hint="Letters and spaces, one area per entry." />
      <div className="grid content-start gap-5">
        <TextField field={fields.recentSuccess} label="Recent success" optional hint="Something from your ministry you are thankful for (up to 200 characters)." />
        <TextField field={fields.videoUrl} label="Video introduction link" type="url" optional placeholder="https://www.youtube.com/watch?v=…" hint="A YouTube or Vimeo link to a short video of you." />
      </div>
    </FormSection>
  );
}

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
    <fieldset className={clsx("grid content-start gap-2", className)} aria-describedby={clsx(hint && hintId, field.errorId)}>
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
              <X className="size-4" />
            </Button>
          </div>
        );
      })}
      <Button type="submit" variant="secondary" size="sm" className="w-fit" {...form.insert.getButtonProps({ name: field.name, defaultValue: "" })}>
        <Plus className="size-4" />
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
    <Field label="Category" htmlFor={field.id} hint={hint} errors={field.errors} errorId={field.errorId}>
      <Select key={key} {...props} aria-describedby={describedBy(field.id, field.errorId, Boolean(hint))}>
        <option value="">Select a category</option>
        {GUIDE_CATEGORIES.map((category) => (
          <option key={category} value={category}>{category}</option>
        ))}
      </Select>
    </Field>
  );
}

/** The 16 specialties (SPEC §3) as checkboxes, at least one required. */
export function SpecialtiesField<V extends AnyValues>({ field, hint = "Choose at least one.", className }: { field: FieldMetadata<string[] | undefined, V>; hint?: string; className?: string }) {
  const hintId = `${field.id}-hint`;
  return (
    <fieldset className={clsx("grid gap-2", className)} aria-describedby={clsx(hint && hintId, field.errorId)}>
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
