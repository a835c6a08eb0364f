import { PersonPicker } from "#app/components/list/person-picker.tsx";
import { FilterBar, type FilterDate, type FilterSelect } from "#app/components/ui/filter-bar.tsx";
import type { PeopleFilterBarData } from "./person-picker.server.ts";
import { guidePicker } from "./schema.ts";

/**
 * The filters of the bookings, payments and reviews lists: the list's own selects, the Guide picker, and a chip
 * for the user the list is filtered by (?userId= from a row or a profile). The loader's `peopleFilterBar` gives
 * the rest of the props.
 */
export function PeopleFilterBar({ selects, dates, guide, user, guideSearch }: { selects?: FilterSelect[]; dates?: FilterDate[] } & PeopleFilterBarData) {
  return (
    <FilterBar selects={selects} dates={dates} chips={user ? [{ param: "userId", label: `User: ${user.name}` }] : []}>
      <PersonPicker picker={guidePicker} chosen={guide} typed={guideSearch} />
    </FilterBar>
  );
}
