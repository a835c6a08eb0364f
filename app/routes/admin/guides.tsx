import { Eye, Pencil, Trash2 } from "lucide-react";
import { Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/guides";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { ConfirmDeleteDialog } from "#app/components/ui/confirm-delete-dialog.tsx";
import { Pagination, SearchBox, SortHeader, StateRow, useListLoading } from "#app/components/ui/data-table.tsx";
import { ListHeader } from "#app/components/ui/list-header.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { StatusSwitch } from "#app/components/ui/status-switch.tsx";
import { cn } from "#app/lib/cn.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { parseListParams } from "#app/lib/list.server.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { findGuideName, listGuides } from "#app/modules/guides/guides.server.ts";
import { guideListDefaults } from "#app/modules/guides/schema.ts";
import { setAccountStatus, softDeleteAccount } from "#app/modules/users/users.server.ts";

const base = "/admin/dashboard";
const COLUMNS = 7;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const state = parseListParams(url.searchParams, guideListDefaults);
    const { data, meta } = await listGuides(state);
    if (meta.page !== state.page) {
      // Past the last page: show the first one, and say so in the URL.
      url.searchParams.delete("page");
      throw redirect(url.pathname + url.search);
    }
    const deleteParam = url.searchParams.get("delete");
    const toDelete = deleteParam && /^\d+$/.test(deleteParam) ? await findGuideName(Number(deleteParam)) : null;
    return { guides: data, meta, state, toDelete };
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
      await setAccountStatus({ accountType: "guide", id: input.id, action: input.status }, admin);
      return redirectWithSuccess(back, {
        message: "Action Successful",
        description: input.status === "active" ? "Activated successfully" : "Deactivated successfully",
      });
    }
    const guide = await findGuideName(input.id);
    await softDeleteAccount("guide", input.id, admin);
    return redirectWithSuccess(back, { message: "Mentor Deleted", description: `${guide?.name ?? "The guide"} has been deleted.` });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithError(back, {
      message: isDelete ? "Deletion Failed" : "Action Failed",
      description: error.message || (isDelete ? "Failed to delete mentor" : "Failed to update status"),
    });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Guides · Ministry Mentors" }];

function GuidesTable({ children }: { children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[60rem] text-sm">
        <caption className="sr-only">Guides</caption>
        {children}
      </table>
    </div>
  );
}

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
  const { guides, meta, state, toDelete } = loaderData;
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
          addHref={`${base}/add-Guide`}
          search={<SearchBox {...list} placeholder="Search Guides..." label="Search guides by name, email or organisation" />}
        />
        <GuidesTable>
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
            {loading ? (
              <StateRow colSpan={COLUMNS}>Loading...</StateRow>
            ) : guides.length === 0 ? (
              <StateRow colSpan={COLUMNS}>No data found</StateRow>
            ) : (
              guides.map((guide) => (
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
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <Link to={`${base}/viewAddGuide/${guide.id}`} aria-label={`View ${guide.name}`} className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-brand-700">
                        <Eye aria-hidden className="size-4" />
                      </Link>
                      <Link to={`${base}/editGuide/${guide.id}`} aria-label={`Edit ${guide.name}`} className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-brand-700">
                        <Pencil aria-hidden className="size-4" />
                      </Link>
                      <Link to={searchHref({ delete: guide.id })} preventScrollReset aria-label={`Delete ${guide.name}`} className="rounded-md p-2 text-slate-600 hover:bg-red-50 hover:text-red-700">
                        <Trash2 aria-hidden className="size-4" />
                      </Link>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </GuidesTable>
        <Pagination {...list} meta={meta} />
      </section>
      {toDelete ? <ConfirmDeleteDialog id={toDelete.id} name={toDelete.name} fallbackName="this guide" cancelHref={cancelHref} /> : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = error && typeof error === "object" && "data" in error ? (error as { data?: { message?: string } }).data?.message : undefined;
  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Guide Management</h1>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 className="border-b border-slate-200 px-4 py-4 text-lg font-semibold">Guides</h2>
        <GuidesTable>
          <tbody>
            <StateRow colSpan={COLUMNS} tone="error">
              Failed to load data{message ? `: ${message}` : ""}
              <br />
              <Link to="." className="mt-2 inline-block font-medium text-brand-600 underline">Reset the list</Link>
            </StateRow>
          </tbody>
        </GuidesTable>
      </section>
    </div>
  );
}
