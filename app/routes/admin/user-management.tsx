import { Eye, Pencil, Trash2 } from "#app/components/ui/icons.ts";
import type { Route } from "./+types/user-management";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { ConfirmDeleteDialog } from "#app/components/ui/confirm-delete-dialog.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { RowActions, RowLink } from "#app/components/ui/data-table.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { StatusSwitch } from "#app/components/ui/status-switch.tsx";
import { adminLinks } from "#app/lib/admin-links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { accountListAction, accountListLoader } from "./account-list.server.ts";
import { userList, type UserSort } from "#app/modules/users/schema.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";
import { EmailAddress } from "#app/components/ui/email-address.tsx";

const frame = {
  title: "User Management",
  heading: "Users",
  search: { placeholder: "Search Users...", label: "Search users by name, email or organisation" },
  minWidth: "44rem",
  columns: [
    { label: "Name", sort: "name" },
    { label: "Email", sort: "email" },
    { label: "Organisation", sort: "organisation" },
    { label: "Status", sort: "status" },
    { label: "Actions", align: "right" },
  ],
} satisfies ListFrame<UserSort>;

export function loader({ request }: Route.LoaderArgs) {
  return accountListLoader({ request, role: "user" });
}

export function action({ request, context }: Route.ActionArgs) {
  return accountListAction({ request, context, role: "user" });
}

const selection = { list: "users", rowOf: (row: { id: number; name: string }) => ({ id: row.id, name: row.name }) } as const;

export const meta: Route.MetaFunction = () => [{ title: "User Management · Ministry Mentors" }];

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const { accounts: users, meta, state, filters, toDelete } = loaderData;
  // ?isVerified= has no select (a saved view or a link carries it): a chip says the list is narrowed, and removes it.
  const verified = filters.isVerified === undefined ? null : <FilterBar chips={[{ param: "isVerified", label: filters.isVerified ? "Verified: Yes" : "Verified: No" }]} />;
  const searchHref = useSearchHref();
  return (
    <>
      <ListScreen saveView={<SaveView list="users" />} exportList={{ name: "users" }} frame={frame} list={userList} state={state} meta={meta} rows={users} selection={selection} addHref={adminLinks.addUser} filters={verified}>
        {(user) => (
          <tr key={user.id} className="hover:bg-slate-50">
            <td className="whole-words px-4 py-3 font-medium text-slate-900">{user.name}</td>
            <td className="px-4 py-3 text-slate-600"><EmailAddress email={user.email} /></td>
            <td className="px-4 py-3 text-slate-600">{user.organisation || "N/A"}</td>
            <td className="px-4 py-3"><StatusSwitch id={user.id} active={user.status === "active"} name={user.name} /></td>
            <RowActions>
              <RowLink to={adminLinks.userProfile(user.id)} label={`View ${user.name}`} icon={Eye} />
              <RowLink to={adminLinks.editUser(user.id)} label={`Edit ${user.name}`} icon={Pencil} />
              <RowLink to={searchHref({ delete: user.id })} preventScrollReset label={`Delete ${user.name}`} icon={Trash2} danger />
            </RowActions>
          </tr>
        )}
      </ListScreen>
      {toDelete ? <ConfirmDeleteDialog id={toDelete.id} name={toDelete.name} fallbackName="this user" cancelHref={searchHref({ delete: null })} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return <ListScreenError frame={frame}>Failed to load data{message ? `: ${message}` : ""}</ListScreenError>;
}
