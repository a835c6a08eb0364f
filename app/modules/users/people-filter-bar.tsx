import { PersonPicker } from "#app/components/list/person-picker.tsx";
import { DateRangeFilter, type DateRangeProps } from "#app/components/ui/date-range-filter.tsx";
import { FilterBar, type FilterSelect } from "#app/components/ui/filter-bar.tsx";
import type { PeopleFilterBarData } from "./person-picker.server.ts";
import { guidePicker } from "./schema.ts";

/**
 * The filters of the bookings, payments and reviews lists: the list's own selects, its date range, the Guide picker, and a chip
 * for the user the list is filtered by (?userId= from a row or a profile). The loader's `peopleFilterBar` gives
 * the rest of the props.
 */
export function PeopleFilterBar({ selects, range, guide, user, guideSearch }: { selects?: FilterSelect[]; range?: DateRangeProps } & PeopleFilterBarData) {
  return (
    <FilterBar selects={selects} chips={user ? [{ param: "userId", label: `User: ${user.name}` }] : []}>
      {range ? <DateRangeFilter {...range} /> : null}
      <PersonPicker picker={guidePicker} chosen={guide} typed={guideSearch} />
    </FilterBar>
  );
}
