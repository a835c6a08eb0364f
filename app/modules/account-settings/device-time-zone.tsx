import type { FieldMetadata } from "@conform-to/react";
import { Field } from "#app/components/ui/field.tsx";
import { PlainTimeZoneSelect } from "./time-zone-plain-select.tsx";
import { useHintedTimeZone } from "./time-zone-hint.ts";

// A new account's time zone (sign-up, the guide application). In the client's forms chunk (vite.config.ts) and
// kept small: the public forms' scripts have a budget (tests/integration/page-weight.test.ts).

/** Fills the hidden field with the browser's zone as the page starts running (empty until then, and without JavaScript). */
const fillWithDeviceZone = (input: HTMLInputElement | null) => {
  if (input) input.value = Intl.DateTimeFormat().resolvedOptions().timeZone;
};

/**
 * A new account's time zone. Once the page runs, the browser sends its zone as `deviceTimeZone` (a hidden field):
 * nothing to fill in. Without JavaScript, `field` (`timeZone`) is a labelled select to pick from, the likely zones
 * first, with the server's message when it refused the pick; only the server renders it (with JavaScript, React never
 * renders a <noscript>'s content), so the browser's script holds none of it.
 */
export function NewAccountTimeZone({ field }: { field: FieldMetadata<string | null | undefined> }) {
  const hinted = useHintedTimeZone();
  return (
    <>
      <input type="hidden" name="deviceTimeZone" ref={fillWithDeviceZone} />
      <noscript>
        {import.meta.env.SSR ? (
          <Field label="Time zone" htmlFor={field.id} hint="Session times and e-mails use this zone; you can change it in Settings." errors={field.errors} errorId={field.errorId}>
            <PlainTimeZoneSelect field={field} device={hinted} />
          </Field>
        ) : null}
      </noscript>
    </>
  );
}
