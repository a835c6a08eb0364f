import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useState, type ReactNode } from "react";
import { describedBy, Field } from "#app/components/ui/field.tsx";
import { timeZoneChoices } from "#app/lib/time-zones.ts";
import { TimeZoneCombobox } from "./time-zone-combobox.tsx";
import { useHintedTimeZone } from "./time-zone-hint.ts";
import { PlainTimeZoneSelect } from "./time-zone-plain-select.tsx";

/**
 * The labelled time zone picker (Settings, Availability). Once the page runs, a searchable combobox of friendly names
 * (time-zone-combobox.tsx); without JavaScript, a plain select with the likely zones first, which only the server
 * draws. Given `value` and `onChange` it is controlled (Settings offers the device's zone with one click); otherwise it
 * starts at the field's value. `zones`: the zones the server accepts.
 */
export function TimeZoneSelect({
  field,
  label = "Time zone",
  hint,
  zones,
  value,
  onChange,
  className,
}: {
  field: FieldMetadata<string | null | undefined>;
  label?: string;
  hint?: ReactNode;
  zones?: string[];
  value?: string;
  onChange?: (zone: string) => void;
  className?: string;
}) {
  const hinted = useHintedTimeZone();
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  const [own, setOwn] = useState(field.initialValue || "UTC");
  const zone = value ?? own;
  return (
    <Field label={label} htmlFor={field.id} hint={hint} errors={field.errors} errorId={field.errorId} className={className}>
      {/* As tall as the box, so nothing moves when the combobox takes the place of the select the server drew. */}
      <div className="min-h-[2.375rem]">
        {running ? (
          <TimeZoneCombobox
            id={field.id}
            name={field.name}
            zones={zones ?? timeZoneChoices(zone)}
            value={zone}
            onChange={(next) => (onChange ? onChange(next) : setOwn(next))}
            describedBy={describedBy(field.id, field.errorId, Boolean(hint))}
            invalid={Boolean(field.errors?.length)}
          />
        ) : (
          <noscript>{import.meta.env.SSR ? <PlainTimeZoneSelect field={field} device={hinted} hasHint={Boolean(hint)} /> : null}</noscript>
        )}
      </div>
    </Field>
  );
}
