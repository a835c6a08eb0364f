import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState, type ComponentProps, type ReactNode } from "react";
import { describedBy, Field, Input, Textarea } from "./field.tsx";

/**
 * A conform field as a labelled text box (or a textarea with `multiline`): its label, an optional hint under the
 * label, its messages, and the ids that describe it. Every form's text fields are this one component.
 */
export function TextField({
  field,
  label,
  hint,
  optional,
  multiline,
  rows = 4,
  type = "text",
  className,
  suggestFrom,
  ...control
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  field: FieldMetadata<string | null | undefined, any, string[]>;
  label: string;
  hint?: ReactNode;
  optional?: boolean;
  multiline?: boolean;
  rows?: number;
  type?: "text" | "email" | "tel" | "url" | "password";
  className?: string;
  /** A JSON route of suggestions for what is typed (`?search=` → `{data: string[]}`), offered from a <datalist> once the page runs. */
  suggestFrom?: string;
} & Pick<ComponentProps<"input">, "autoComplete" | "placeholder" | "maxLength" | "inputMode" | "onInput">) {
  const ariaDescribedBy = describedBy(field.id, field.errorId, Boolean(hint));
  const [suggestions, setSuggestions] = useState<string[]>([]);
  let input: ReactNode;
  if (multiline) {
    const { key, ...props } = getTextareaProps(field);
    input = <Textarea key={key} {...props} rows={rows} placeholder={control.placeholder} maxLength={control.maxLength} aria-describedby={ariaDescribedBy} />;
  } else {
    const { key, ...props } = getInputProps(field, { type });
    input = (
      <Input
        key={key}
        {...props}
        {...control}
        list={suggestFrom && `${field.id}-list`}
        onInput={suggestFrom ? (event) => import("#app/lib/suggest.ts").then(({ suggest }) => suggest(suggestFrom, (event.target as HTMLInputElement).value, setSuggestions)) : control.onInput}
        aria-describedby={ariaDescribedBy}
      />
    );
  }
  return (
    <Field label={label} htmlFor={field.id} hint={hint} optional={optional} errors={field.errors} errorId={field.errorId} className={className}>
      {input}
      {suggestFrom && (
        <datalist id={`${field.id}-list`}>
          {suggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
    </Field>
  );
}
