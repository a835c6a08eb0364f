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

type ListTab = Exclude<(typeof profileTabs)[number]["id"], "general">;

/** What a list tab says when it cannot load, the same on either profile. */
export const listTabFailureText: Record<ListTab, (message: string | undefined) => string> = {
  payment: (message) => `Failed to load payments: ${message ?? "Unknown error"}`,
  review: (message) => `Failed to load reviews: ${message ?? "Unknown error"}`,
  booking: (message) => `Failed to load bookings: ${message ?? "Unknown error"}`,
};
