import type { LinkTab } from "#app/components/ui/link-tabs.tsx";

/**
 * The tabs of a person's profile in the console (SPEC §2, User Profile and Guide Profile): General Info, then the
 * lists of their records. The Guide Profile adds Publish Content. Each list tab is loaded by loadProfileTab.
 */
export const profileTabs = [
  { id: "general", label: "General Info" },
  { id: "payment", label: "Payment" },
  { id: "review", label: "Review" },
  { id: "booking", label: "Booking" },
] as const satisfies readonly LinkTab<string>[];
