import { Eye, Pencil, Trash2 } from "lucide-react";
import { Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/user-management";
import { ConfirmDeleteDialog } from "#app/components/ui/confirm-delete-dialog.tsx";
import { Pagination, SearchBox, SortHeader, StateRow, useListLoading } from "#app/components/ui/data-table.tsx";
import { ListHeader } from "#app/components/ui/list-header.tsx";
import { StatusSwitch } from "#app/components/ui/status-switch.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { parseListParams } from "#app/lib/list.server.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { userListDefaults } from "#app/modules/users/schema.ts";
import { findUserName, listUsers, setAccountStatus, softDeleteAccount } from "#app/modules/users/users.server.ts";

const base = "/admin/dashboard";
const COLUMNS = 5;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const state = parseListParams(url.searchParams, userListDefaults);
    const { data, meta } = await listUsers(state);
    if (meta.page !== state.page) {
      // Past the last page: show the first one, and say so in the URL.
      url.searchParams.delete("page");
      throw redirect(url.pathname + url.search);
    }
    const deleteParam = url.searchParams.get("delete");
    const toDelete = deleteParam && /^\d+$/.test(deleteParam) ? await findUserName(Number(deleteParam)) : null;
    return { users: data, meta, state, toDelete };
  } catch (error) {
    throwForScreen(error);
  }
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), id: z.coerce.number().int().positive(), status: z.enum(["active", "inactive"], { error: "status must be active or inactive" }) }),
  z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive() }),
], { error: "Unknown action" });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const url = new URL(request.url);
  url.searchParams.delete("delete");
  url.searchParams.delete("index");
  const back = url.pathname + url.search;
  const form = Object.fromEntries(await request.formData());
  const isDelete = form.intent === "delete";
  try {
    const input = parseOr400(intentSchema, form);
    if (input.intent === "status") {
      await setAccountStatus({ accountType: "user", id: input.id, action: input.status }, admin);
      return redirectWithSuccess(back, {
        message: "Action Successful",
        description: input.status === "active" ? "Activated successfully" : "Deactivated successfully",
      });
    }
    const user = await findUserName(input.id);
    await softDeleteAccount("user", input.id, admin);
    return redirectWithSuccess(back, { message: "User Deleted", description: `${user?.name ?? "The user"} has been deleted.` });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithError(back, {
      message: isDelete ? "Deletion Failed" : "Action Failed",
      description: error.message || (isDelete ? "Failed to delete user" : "Failed to update status"),
    });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "User Management · Ministry Mentors" }];

function UsersTable({ children }: { children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">Users</caption>
        {children}
      </table>
    </div>
  );
}

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const { users, meta, state, toDelete } = loaderData;
  const location = useLocation();
  const loading = useListLoading();
  const list = { state, defaults: userListDefaults };
  const params = new URLSearchParams(location.search);
  const hrefWith = (id: number) => {
    const next = new URLSearchParams(params);
    next.set("delete", String(id));
    return `${location.pathname}?${next}`;
  };
  const cancelHref = (() => {
    const next = new URLSearchParams(params);
    next.delete("delete");
    const query = next.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  })();

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">User Management</h1>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="users-heading">
        <ListHeader
          id="users-heading"
          title="Users"
          addHref={`${base}/add-User`}
          search={<SearchBox {...list} placeholder="Search Users..." label="Search users by name, email or organisation" />}
        />
        <UsersTable>
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
            {loading ? (
              <StateRow colSpan={COLUMNS}>Loading...</StateRow>
            ) : users.length === 0 ? (
              <StateRow colSpan={COLUMNS}>No data found</StateRow>
            ) : (
              users.map((user) => (
                <tr key={user.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3 font-medium text-slate-900">{user.name}</td>
                  <td className="px-4 py-3 text-slate-600">{user.email}</td>
                  <td className="px-4 py-3 text-slate-600">{user.organisation || "N/A"}</td>
                  <td className="px-4 py-3"><StatusSwitch id={user.id} active={user.status === "active"} name={user.name} /></td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <Link to={`${base}/viewuser/${user.id}`} aria-label={`View ${user.name}`} className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-brand-700">
                        <Eye aria-hidden className="size-4" />
                      </Link>
                      <Link to={`${base}/edit-User/${user.id}`} aria-label={`Edit ${user.name}`} className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-brand-700">
                        <Pencil aria-hidden className="size-4" />
                      </Link>
                      <Link to={hrefWith(user.id)} preventScrollReset aria-label={`Delete ${user.name}`} className="rounded-md p-2 text-slate-600 hover:bg-red-50 hover:text-red-700">
                        <Trash2 aria-hidden className="size-4" />
                      </Link>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </UsersTable>
        <Pagination {...list} meta={meta} />
      </section>
      {toDelete ? <ConfirmDeleteDialog id={toDelete.id} name={toDelete.name} fallbackName="this user" cancelHref={cancelHref} /> : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = error && typeof error === "object" && "data" in error ? (error as { data?: { message?: string } }).data?.message : undefined;
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">User Management</h1>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 className="border-b border-slate-200 px-4 py-4 text-lg font-semibold">Users</h2>
        <UsersTable>
          <tbody>
            <StateRow colSpan={COLUMNS} tone="error">
              Failed to load data{message ? `: ${message}` : ""}
              <br />
              <Link to="." className="mt-2 inline-block font-medium text-brand-600 underline">Reset the list</Link>
            </StateRow>
          </tbody>
        </UsersTable>
      </section>
    </div>
  );
}
