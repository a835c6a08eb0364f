import { Form, Link } from "react-router";
import type { Route } from "./+types/organisation-merge";
import { Button } from "#app/components/ui/button.tsx";
import { ProfileError } from "#app/components/ui/profile-parts.tsx";
import { adminLinks } from "#app/lib/admin-links.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, parseOr400, recordParam, throwForScreen } from "#app/lib/http.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { OrganisationSuggestions } from "#app/modules/organisations/organisation-suggestions.tsx";
import { findOrganisationByName, getOrganisation, mergeOrganisation } from "#app/modules/organisations/organisations.server.ts";
import { mergeSchema } from "#app/modules/organisations/schema.ts";

const NOT_FOUND = "Organisation not found";
const members = (count: number) => (count === 1 ? "1 member" : `${count.toLocaleString("en-US")} members`);

/**
 * The merge's confirmation (a page of its own, so it works without JavaScript): the organisation named in `into`,
 * looked up by name (case and spacing aside), and what merging will do; or why it cannot.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = signedInUser(context);
  try {
    const organisation = await getOrganisation(recordParam(params.id, NOT_FOUND), admin);
    const name = (new URL(request.url).searchParams.get("into") ?? "").trim().slice(0, 200);
    const into = name ? await findOrganisationByName(name, admin) : null;
    const problem = !name
      ? "Name the organisation to merge this one into."
      : !into
        ? `No organisation is called “${name}”. Pick one of the suggestions, or check the spelling.`
        : into.id === organisation.id
          ? "An organisation cannot be merged into itself: pick another one."
          : null;
    return { organisation, name, into: problem ? null : into, problem };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const id = recordParam(params.id, NOT_FOUND);
  let intoId: number;
  try {
    // Only a hand-made request lacks the confirmation's hidden field: a 400 page.
    ({ intoId } = parseOr400(mergeSchema, Object.fromEntries(await request.formData())));
  } catch (error) {
    throwForScreen(error);
  }
  try {
    const into = await mergeOrganisation(id, intoId, admin);
    return redirectWithSuccess(adminLinks.organisation(into.id), { message: "Organisations Merged", description: `Its members now belong to “${into.name}”.` });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithError(error.status === 404 ? adminLinks.organisations : adminLinks.organisation(id), { message: "Merge Failed", description: error.message });
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Merge ${data?.organisation.name ?? "organisation"} · Ministry Mentors` }];

export default function OrganisationMerge({ loaderData }: Route.ComponentProps) {
  const { organisation, name, into, problem } = loaderData;
  const merging = useIsPending();
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <div>
        <Link to={adminLinks.organisation(organisation.id)} className="text-sm font-medium text-brand-700 hover:underline">← Back to {organisation.name}</Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Merge “{organisation.name}”</h1>
      </div>
      <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="merge-heading">
        {into ? (
          <>
            <h2 id="merge-heading" className="text-lg font-semibold text-slate-900">Merge into “{into.name}”?</h2>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>{members(organisation.memberCount)} of “{organisation.name}” move to “{into.name}” ({members(into.memberCount)} today), and their records show that name.</li>
              <li>“{organisation.name}” is removed. This cannot be undone.</li>
            </ul>
            <Form method="post" className="flex flex-wrap justify-end gap-3">
              <input type="hidden" name="intoId" value={into.id} />
              <Button variant="secondary" asChild>
                <Link to={adminLinks.organisation(organisation.id)}>Cancel</Link>
              </Button>
              <Button type="submit" variant="danger" disabled={merging}>{merging ? "Merging…" : "Merge organisations"}</Button>
            </Form>
          </>
        ) : (
          <>
            <h2 id="merge-heading" className="text-lg font-semibold text-slate-900">Which organisation stays?</h2>
            <p role="alert" className="text-sm text-red-700">{problem}</p>
            <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="grid flex-1 gap-1">
                <label htmlFor="merge-into" className="text-sm font-medium text-slate-800">Organisation that stays</label>
                <OrganisationSuggestions id="merge-into" name="into" defaultValue={name} required maxLength={200} />
              </div>
              <Button type="submit" variant="secondary">Review the merge</Button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return <ProfileError title="Merge organisations" message={message || "Failed to load the organisation"} backHref={adminLinks.organisations} backLabel="Back to organisations" />;
}
