import { Eye, Pencil, Trash2 } from "lucide-react";
import type { Route } from "./+types/guides";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { ConfirmDeleteDialog } from "#app/components/ui/confirm-delete-dialog.tsx";
import { ListError, ListRows, ListTable, Pagination, RowActions, RowLink, SearchBox, SortHeader, useListLoading } from "#app/components/ui/data-table.tsx";
import { ListHeader } from "#app/components/ui/list-header.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { StatusSwitch } from "#app/components/ui/status-switch.tsx";
import { cn } from "#app/lib/cn.ts";
import { adminLinks } from "#app/lib/links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { guideListDefaults } from "#app/modules/guides/schema.ts";
import { accountListAction, accountListLoader } from "#app/modules/accounts/account-list.server.ts";

const COLUMNS = 7;
const table = { caption: "Guides", minWidth: "60rem" };

export function loader({ request }: Route.LoaderArgs) {
  return accountListLoader({ request, role: "guide" });
}

export function action({ request, context }: Route.ActionArgs) {
  return accountListAction({ request, context, role: "guide" });
}

export const meta: Route.MetaFunction = () => [{ title: "Guides · Ministry Mentors" }];

function VerifiedBadge({ verified }: { verified: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        verified ? "bg-green-50 text-green-800 ring-green-600/30" : "bg-amber-50 text-amber-800 ring-amber-600/30",
      )}
    >
      {verified ? "Approved" : "Pending"}
    </span>
  );
}

export default function Guides({ loaderData }: Route.ComponentProps) {
  const { accounts: guides, meta, state, toDelete } = loaderData;
  const searchHref = useSearchHref();
  const loading = useListLoading();
  const list = { state, defaults: guideListDefaults };
  const cancelHref = searchHref({ delete: null });

  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Guide Management</h1>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="guides-heading">
        <ListHeader
          id="guides-heading"
          title="Guides"
          addHref={adminLinks.addGuide}
          search={<SearchBox {...list} placeholder="Search Guides..." label="Search guides by name, email or organisation" />}
        />
        <ListTable {...table}>
          <thead className="bg-slate-50">
            <tr>
              <SortHeader {...list} column="name">Name</SortHeader>
              <SortHeader {...list} column="email">Email</SortHeader>
              <SortHeader {...list} column="category">Category</SortHeader>
              <SortHeader {...list} column="organisation">Organisation</SortHeader>
              <SortHeader {...list} column="verified">Verified</SortHeader>
              <SortHeader {...list} column="status">Status</SortHeader>
              <th scope="col" className="px-4 py-3 text-right font-semibold text-slate-700">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            <ListRows colSpan={COLUMNS} loading={loading} rows={guides}>
              {(guide) => (
                <tr key={guide.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <Avatar imageId={guide.imageId} name={guide.name} className="size-8 shrink-0" />
                      <span className="font-medium text-slate-900">{guide.name}</span>
                    </div>
                  </td>
                  <td className="px-4 py-3 text-slate-600">{guide.email}</td>
                  <td className="px-4 py-3 text-slate-600">{guide.category || "N/A"}</td>
                  <td className="px-4 py-3 text-slate-600">{guide.organisation || "N/A"}</td>
                  <td className="px-4 py-3"><VerifiedBadge verified={guide.isVerified} /></td>
                  <td className="px-4 py-3"><StatusSwitch id={guide.id} active={guide.status === "active"} name={guide.name} /></td>
                  <RowActions>
                    <RowLink to={adminLinks.guideProfile(guide.id)} label={`View ${guide.name}`} icon={Eye} />
                    <RowLink to={adminLinks.editGuide(guide.id)} label={`Edit ${guide.name}`} icon={Pencil} />
                    <RowLink to={searchHref({ delete: guide.id })} preventScrollReset label={`Delete ${guide.name}`} icon={Trash2} danger />
                  </RowActions>
                </tr>
              )}
            </ListRows>
          </tbody>
        </ListTable>
        <Pagination {...list} meta={meta} />
      </section>
      {toDelete ? <ConfirmDeleteDialog id={toDelete.id} name={toDelete.name} fallbackName="this guide" cancelHref={cancelHref} /> : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return (
    <ListError title="Guide Management" heading="Guides" {...table} colSpan={COLUMNS} width="max-w-7xl">
      Failed to load data{message ? `: ${message}` : ""}
    </ListError>
  );
}
