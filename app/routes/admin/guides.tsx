import { Eye, Pencil, Trash2 } from "#app/components/ui/icons.ts";
import type { Route } from "./+types/guides";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { ConfirmDeleteDialog } from "#app/components/ui/confirm-delete-dialog.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { RowActions, RowLink } from "#app/components/ui/data-table.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { StatusSwitch } from "#app/components/ui/status-switch.tsx";
import { cn } from "#app/lib/cn.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { guideList, type GuideSort } from "#app/modules/guides/schema.ts";
import { accountListAction, accountListLoader } from "./account-list.server.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";
import { EmailAddress } from "#app/components/ui/email-address.tsx";

const frame = {
  title: "Guide Management",
  width: "max-w-7xl",
  heading: "Guides",
  search: { placeholder: "Search Guides...", label: "Search guides by name, email or organisation" },
  minWidth: "60rem",
  columns: [
    { label: "Name", sort: "name" },
    { label: "Email", sort: "email" },
    { label: "Category", sort: "category" },
    { label: "Organisation", sort: "organisation" },
    { label: "Verified", sort: "verified" },
    { label: "Status", sort: "status" },
    { label: "Actions", align: "right" },
  ],
} satisfies ListFrame<GuideSort>;

export function loader({ request }: Route.LoaderArgs) {
  return accountListLoader({ request, role: "guide" });
}

export function action({ request, context }: Route.ActionArgs) {
  return accountListAction({ request, context, role: "guide" });
}

const selection = { list: "guides", rowOf: (row: { id: number; name: string }) => ({ id: row.id, name: row.name }) } as const;

export const meta: Route.MetaFunction = () => [{ title: "Guides · Ministry Mentors" }];

/** Approved guides are verified; an unapproved one is Pending, or Rejected when their latest request was turned down. */
function VerifiedBadge({ verified, requestStatus }: { verified: boolean; requestStatus: string | null }) {
  const rejected = !verified && requestStatus === "rejected";
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        verified ? "bg-green-50 text-green-800 ring-green-600/30" : rejected ? "bg-red-50 text-red-800 ring-red-600/30" : "bg-amber-50 text-amber-800 ring-amber-600/30",
      )}
    >
      {verified ? "Approved" : rejected ? "Rejected" : "Pending"}
    </span>
  );
}

export default function Guides({ loaderData }: Route.ComponentProps) {
  const { accounts: guides, meta, state, filters, toDelete } = loaderData;
  const searchHref = useSearchHref();
  return (
    <>
      <ListScreen
        saveView={<SaveView list="guides" />}
        exportList={{ name: "guides" }}
        frame={frame}
        list={guideList}
        state={state}
        meta={meta}
        rows={guides}
        selection={selection}
        addHref={adminLinks.addGuide}
        filters={
          <FilterBar
            selects={[
              { name: "freeTime", label: "Free time", value: filters.freeTime ?? "", allLabel: "Any", options: [{ value: "none", label: "None in the next 14 days (live guides)" }] },
            ]}
          />
        }
      >
        {(guide) => (
          <tr key={guide.id} className="hover:bg-slate-50">
            <td className="px-4 py-3">
              <div className="flex items-center gap-3">
                <Avatar imageId={guide.imageId} name={guide.name} className="size-8 shrink-0" />
                <span className="whole-words font-medium text-slate-900">{guide.name}</span>
              </div>
            </td>
            <td className="px-4 py-3 text-slate-600"><EmailAddress email={guide.email} /></td>
            <td className="px-4 py-3 text-slate-600">{guide.category || "N/A"}</td>
            <td className="px-4 py-3 text-slate-600">{guide.organisation || "N/A"}</td>
            <td className="px-4 py-3"><VerifiedBadge verified={guide.isVerified} requestStatus={guide.requestStatus} /></td>
            <td className="px-4 py-3"><StatusSwitch id={guide.id} active={guide.status === "active"} name={guide.name} /></td>
            <RowActions>
              <RowLink to={adminLinks.guideProfile(guide.id)} label={`View ${guide.name}`} icon={Eye} />
              <RowLink to={adminLinks.editGuide(guide.id)} label={`Edit ${guide.name}`} icon={Pencil} />
              <RowLink to={searchHref({ delete: guide.id })} preventScrollReset label={`Delete ${guide.name}`} icon={Trash2} danger />
            </RowActions>
          </tr>
        )}
      </ListScreen>
      {toDelete ? <ConfirmDeleteDialog id={toDelete.id} name={toDelete.name} fallbackName="this guide" cancelHref={searchHref({ delete: null })} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return <ListScreenError frame={frame}>Failed to load data{message ? `: ${message}` : ""}</ListScreenError>;
}
