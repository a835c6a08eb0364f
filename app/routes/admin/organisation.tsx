import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/organisation";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ListTable, Pagination } from "#app/components/ui/data-table.tsx";
import { ErrorList, Field, Input, Select } from "#app/components/ui/field.tsx";
import { ProfileError } from "#app/components/ui/profile-parts.tsx";
import { adminLinks } from "#app/lib/admin-links.ts";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, recordParam, throwForScreen } from "#app/lib/http.server.ts";
import { parseScreenList } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { OrganisationSuggestions } from "#app/modules/organisations/organisation-suggestions.tsx";
import { ORGANISATION_KINDS, organisationKindLabels } from "#app/modules/organisations/options.ts";
import { getOrganisation, listMembers, updateOrganisation } from "#app/modules/organisations/organisations.server.ts";
import { memberList, organisationFormSchema } from "#app/modules/organisations/schema.ts";
import { EmailAddress } from "#app/components/ui/email-address.tsx";

const NOT_FOUND = "Organisation not found";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = signedInUser(context);
  try {
    const id = recordParam(params.id, NOT_FOUND);
    const { state } = parseScreenList(memberList, new URL(request.url));
    const [organisation, members] = await Promise.all([getOrganisation(id, admin), listMembers(id, state, admin)]);
    return { organisation, members, state, constraint: getZodConstraint(organisationFormSchema) };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const id = recordParam(params.id, NOT_FOUND);
  const submission = parseWithZod(await request.formData(), { schema: organisationFormSchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    const organisation = await updateOrganisation(id, submission.value, admin);
    return redirectWithSuccess(adminLinks.organisation(id), { message: "Organisation Updated", description: `“${organisation.name}” is saved; its members' records show its name.` });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 404) return redirectWithError(adminLinks.organisations, { message: "Update Failed", description: error.message });
    return refuseForm(submission, error, { conflictField: "name", toast: "Save Failed" });
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.organisation.name ?? "Organisation"} · Ministry Mentors` }];

const sectionClass = "grid gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm";

export default function Organisation({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, members, state, constraint } = loaderData;
  const saving = useIsPending({ formMethod: "POST" });
  const [form, fields] = useAppForm({
    id: `organisation-${organisation.id}`,
    lastResult: actionData,
    constraint,
    defaultValue: { name: organisation.name, kind: organisation.kind, city: organisation.city ?? "", country: organisation.country ?? "", website: organisation.website ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/organisations/schema.ts").then((module) => module.organisationFormSchema),
  });

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div>
        <Link to={adminLinks.organisations} className="text-sm font-medium text-brand-700 hover:underline">← All organisations</Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">{organisation.name}</h1>
        <p className="text-sm text-slate-600">{organisation.memberCount === 1 ? "1 member" : `${organisation.memberCount.toLocaleString("en-US")} members`}</p>
      </div>

      <Form method="post" {...getFormProps(form)} className={sectionClass} aria-labelledby="organisation-details-heading">
        <h2 id="organisation-details-heading" className="text-lg font-semibold text-slate-900">Details</h2>
        <Field label="Name" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId}>
          <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="off" aria-describedby={`${fields.name.errorId} name-hint`} />
          <p id="name-hint" className="text-xs text-slate-500">A new name is shown on every member&apos;s records at once.</p>
        </Field>
        <Field label="Kind" htmlFor={fields.kind.id} errors={fields.kind.errors} errorId={fields.kind.errorId}>
          <Select {...getSelectProps(fields.kind)}>
            {ORGANISATION_KINDS.map((kind) => <option key={kind} value={kind}>{organisationKindLabels[kind]}</option>)}
          </Select>
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="City" optional htmlFor={fields.city.id} errors={fields.city.errors} errorId={fields.city.errorId}>
            <Input {...getInputProps(fields.city, { type: "text" })} autoComplete="off" />
          </Field>
          <Field label="Country" optional htmlFor={fields.country.id} errors={fields.country.errors} errorId={fields.country.errorId}>
            <Input {...getInputProps(fields.country, { type: "text" })} autoComplete="off" />
          </Field>
        </div>
        <Field label="Website" optional htmlFor={fields.website.id} errors={fields.website.errors} errorId={fields.website.errorId}>
          <Input {...getInputProps(fields.website, { type: "url" })} placeholder="https://" autoComplete="off" />
        </Field>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>{saving ? "Saving…" : "Save changes"}</Button>
        </div>
      </Form>

      <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="organisation-members-heading">
        <h2 id="organisation-members-heading" className="px-6 pt-5 pb-3 text-lg font-semibold text-slate-900">Members</h2>
        {members.data.length ? (
          <>
            <ListTable caption={`Members of ${organisation.name}`} minWidth="36rem">
              <thead className="bg-slate-50">
                <tr>
                  {["Name", "Email", "Role", "Status"].map((label) => <th key={label} scope="col" className="px-4 py-3 text-left font-medium text-slate-700">{label}</th>)}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {members.data.map((member) => (
                  <tr key={member.id}>
                    <td className="whole-words px-4 py-3">
                      <Link to={member.role === "guide" ? adminLinks.guideProfile(member.id) : member.role === "user" ? adminLinks.userProfile(member.id) : adminLinks.peopleDirectory} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">{member.name}</Link>
                    </td>
                    <td className="px-4 py-3 text-slate-600"><EmailAddress email={member.email} /></td>
                    <td className="px-4 py-3 text-slate-600">{member.role === "guide" ? "Guide" : member.role === "user" ? "User" : "Admin"}</td>
                    <td className="px-4 py-3">
                      {member.isDeleted ? <StatusBadge tone="red">Deleted</StatusBadge> : <StatusBadge tone={member.status === "inactive" ? "amber" : "green"}>{member.status === "inactive" ? "Inactive" : "Active"}</StatusBadge>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </ListTable>
            <Pagination state={state} defaults={memberList.defaults} meta={members.meta} />
          </>
        ) : (
          <p className="px-6 pb-6 text-sm text-slate-600">Nobody belongs to this organisation yet.</p>
        )}
      </section>

      <section className={sectionClass} aria-labelledby="organisation-merge-heading">
        <h2 id="organisation-merge-heading" className="text-lg font-semibold text-slate-900">Merge into another organisation</h2>
        <p className="text-sm text-slate-600">
          When this is a duplicate, fold it into the organisation that stays: its members move there, their records show that name, and this record is removed.
          You confirm on the next page.
        </p>
        <Form method="get" action={adminLinks.mergeOrganisation(organisation.id)} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-1">
            <label htmlFor="merge-into" className="text-sm font-medium text-slate-800">Organisation that stays</label>
            <OrganisationSuggestions id="merge-into" name="into" required maxLength={200} />
          </div>
          <Button type="submit" variant="secondary">Review the merge</Button>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return <ProfileError title="Organisation" message={message || "Failed to load the organisation"} backHref={adminLinks.organisations} backLabel="Back to organisations" />;
}
