import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { describedBy, Select } from "#app/components/ui/field.tsx";
import { orderedZones, zoneChoice } from "#app/lib/time-zone-names.ts";
import { timeZoneChoices } from "#app/lib/time-zones.ts";

// The time zone picker without JavaScript: a plain select, drawn by the server only (inside <noscript>), so a page's
// script holds none of it. In the client's forms chunk with the new account's zone (public forms have a script budget).

/**
 * Every zone as the picker names it ('Central Time (America/Chicago), GMT-6'), the likely ones first: the zone the
 * browser last reported (`device`, its hint cookie), the one chosen now (UTC for a new account) and those at the first
 * one's offset, then common ones, then all the others from west to east.
 */
export function PlainTimeZoneSelect({ field, device, hasHint = true }: { field: FieldMetadata<string | null | undefined>; device: string | null; hasHint?: boolean }) {
  // Nothing chosen yet (a new account): UTC, as the server takes a form without a zone, unless the browser said more.
  // A form sent back with the field repeated (or a file in it) holds no one zone: UTC too.
  const current = typeof field.initialValue === "string" && field.initialValue ? field.initialValue : "UTC";
  const { likely, common, rest } = orderedZones({ zones: timeZoneChoices(current), device, current });
  const { key: _key, defaultValue, ...props } = getSelectProps(field) as ReturnType<typeof getSelectProps> & { key?: string };
  const options = (zones: string[]) =>
    zones.map((zone) => {
      return <option key={zone} value={zone}>{zoneChoice(zone).label}</option>;
    });
  return (
    <Select {...props} defaultValue={Array.isArray(defaultValue) ? "" : defaultValue} aria-describedby={describedBy(field.id, field.errorId, hasHint)}>
      {likely.length ? <optgroup label="Suggested">{options(likely)}</optgroup> : null}
      <optgroup label="Common time zones">{options(common)}</optgroup>
      <optgroup label="All time zones">{options(rest)}</optgroup>
    </Select>
  );
}
