import { LocalTime } from "#app/components/ui/local-time.tsx";
import { ProfileField } from "#app/components/ui/profile-parts.tsx";
import type { TermsAcceptance } from "./policies.ts";

/** The console profiles' line on the Terms: the version a person accepted and when, or that they have not. */
export function TermsAcceptanceField({ acceptance }: { acceptance: TermsAcceptance }) {
  const accepted = acceptance.acceptedAt ? (
    <>
      the Terms of Service (version {acceptance.version ?? "unknown"}) on <LocalTime value={acceptance.acceptedAt} format="date" />
    </>
  ) : null;
  return (
    <ProfileField
      label="Terms of Service"
      wide
      value={
        acceptance.current ? (
          <>Accepted {accepted}</>
        ) : accepted ? (
          <>Has not accepted the current Terms (accepted {accepted})</>
        ) : (
          "Has not accepted the current Terms"
        )
      }
    />
  );
}
