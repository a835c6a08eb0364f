import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ChangeEventHandler, ReactNode } from "react";
import { describedBy, Field, Select } from "#app/components/ui/field.tsx";
import { timeZoneChoices } from "#app/lib/time-zones.ts";

/**
 * The labelled select of every IANA zone, UTC first (Settings; a new account's form without JavaScript). Given
 * `value` and `onChange` it is controlled (Settings offers the device's zone with one click); otherwise it starts at
 * the field's value.
 */
export function TimeZoneSelect({
  field,
  hint,
  zones = timeZoneChoices(),
  ...control
}: {
  field: FieldMetadata<string | null | undefined>;
  hint: ReactNode;
  zones?: string[];
  value?: string;
  onChange?: ChangeEventHandler<HTMLSelectElement>;
}) {
  const { key: _key, ...props } = getSelectProps(field) as ReturnType<typeof getSelectProps> & { key?: string };
  return (
    <Field label="Time zone" htmlFor={field.id} hint={hint} errors={field.errors} errorId={field.errorId}>
      <Select {...props} {...(control.onChange ? { defaultValue: undefined, ...control } : {})} aria-describedby={describedBy(field.id, field.errorId)}>
        {zones.map((zone) => <option key={zone} value={zone}>{zone.replaceAll("_", " ")}</option>)}
      </Select>
    </Field>
  );
}
