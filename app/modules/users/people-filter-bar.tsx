import { FilterBar, type FilterSelect } from "#app/components/ui/filter-bar.tsx";
import type { PersonOption } from "./people-filters.server.ts";

/**
 * The filters of the bookings, payments and reviews lists: the list's own selects, then Guide, and a chip
 * for the user the list is filtered by (?userId= from a row or a profile).
 */
export function PeopleFilterBar({
  selects = [],
  guides,
  guideId,
  user,
}: {
  selects?: FilterSelect[];
  guides: PersonOption[];
  guideId: number | undefined;
  user: { name: string } | null;
}) {
  return (
    <FilterBar
      selects={[
        ...selects,
        {
          name: "guideId",
          label: "Guide",
          value: guideId ? String(guideId) : "",
          allLabel: "All guides",
          options: guides.map((guide) => ({ value: String(guide.id), label: guide.name })),
        },
      ]}
      chips={user ? [{ param: "userId", label: `User: ${user.name}` }] : []}
    />
  );
}
