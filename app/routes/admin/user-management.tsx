import { Eye, Pencil, Trash2 } from "lucide-react";
import type { Route } from "./+types/user-management";
import { ConfirmDeleteDialog } from "#app/components/ui/confirm-delete-dialog.tsx";
import { ListError, ListRows, ListTable, Pagination, RowActions, RowLink, SearchBox, SortHeader, useListLoading } from "#app/components/ui/data-table.tsx";
import { ListHeader } from "#app/components/ui/list-header.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { StatusSwitch } from "#app/components/ui/status-switch.tsx";
import { adminLinks } from "#app/lib/links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { accountListAction, accountListLoader } from "#app/modules/accounts/account-list.server.ts";
import { userListDefaults } from "#app/modules/users/schema.ts";

const COLUMNS = 5;
const table = { caption: "Users", minWidth: "44rem" };

export function loader({ request }: Route.LoaderArgs) {
  return accountListLoader({ request, role: "user" });
}

export function action({ request, context }: Route.ActionArgs) {
  return accountListAction({ request, context, role: "user" });
}

export const meta: Route.MetaFunction = () => [{ title: "User Management · Ministry Mentors" }];

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const { accounts: users, meta, state, toDelete } = loaderData;
  const searchHref = useSearchHref();
  const loading = useListLoading();
  const list = { state, defaults: userListDefaults };
  const cancelHref = searchHref({ delete: null });

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">User Management</h1>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="users-heading">
        <ListHeader
          id="users-heading"
          title="Users"
          addHref={adminLinks.addUser}
          search={<SearchBox {...list} placeholder="Search Users..." label="Search users by name, email or organisation" />}
        />
        <ListTable {...table}>
          <thead className="bg-slate-50">
            <tr>
              <SortHeader {...list} column="name">Name</SortHeader>
              <SortHeader {...list} column="email">Email</SortHeader>
              <SortHeader {...list} column="organisation">Organisation</SortHeader>
              <SortHeader {...list} column="status">Status</SortHeader>
              <th scope="col" className="px-4 py-3 text-right font-semibold text-slate-700">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            <ListRows colSpan={COLUMNS} loading={loading} rows={users}>
              {(user) => (
                <tr key={user.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3 font-medium text-slate-900">{user.name}</td>
                  <td className="px-4 py-3 text-slate-600">{user.email}</td>
                  <td className="px-4 py-3 text-slate-600">{user.organisation || "N/A"}</td>
                  <td className="px-4 py-3"><StatusSwitch id={user.id} active={user.status === "active"} name={user.name} /></td>
                  <RowActions>
                    <RowLink to={adminLinks.userProfile(user.id)} label={`View ${user.name}`} icon={Eye} />
                    <RowLink to={adminLinks.editUser(user.id)} label={`Edit ${user.name}`} icon={Pencil} />
                    <RowLink to={searchHref({ delete: user.id })} preventScrollReset label={`Delete ${user.name}`} icon={Trash2} danger />
                  </RowActions>
                </tr>
              )}
            </ListRows>
          </tbody>
        </ListTable>
        <Pagination {...list} meta={meta} />
      </section>
      {toDelete ? <ConfirmDeleteDialog id={toDelete.id} name={toDelete.name} fallbackName="this user" cancelHref={cancelHref} /> : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return (
    <ListError title="User Management" heading="Users" {...table} colSpan={COLUMNS}>
      Failed to load data{message ? `: ${message}` : ""}
    </ListError>
  );
}
