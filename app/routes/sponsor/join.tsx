import { Form, Link } from "react-router";
import type { Route } from "./+types/join";
import { Button } from "#app/components/ui/button.tsx";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { dataWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { SPONSOR_SEES } from "#app/modules/sponsorship/messages.ts";
import { acceptSchema } from "#app/modules/sponsorship/schema.ts";
import { acceptInvite, inviteByToken } from "#app/modules/sponsorship/sponsorship.server.ts";

// /sponsor/join/:token: an invitation. Signed out, the pastor signs in (or up) and comes back here. They read
// exactly what the sponsor will and will not see, choose whether it may see their mentors' names, and join only by
// accepting.

export const middleware: Route.MiddlewareFunction[] = [requireRole(["user"])];

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const invite = await inviteByToken(params.token, signedInUser(context));
    return { organisation: invite.organisation, current: invite.current?.organisation ?? null };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = signedInUser(context);
  try {
    const { showGuides } = parseOr400(acceptSchema, Object.fromEntries(await request.formData()));
    const invite = await acceptInvite(actor, params.token, showGuides);
    return redirectWithSuccess("/user-dashboard/settings", { message: "You Joined", description: `${invite.organisation} now helps pay for your mentoring.` });
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return dataWithError(null, { message: "Not Joined", description: error.message });
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Join a sponsorship · Ministry Mentors" }, { name: "robots", content: "noindex" }];

export default function JoinSponsorship({ loaderData }: Route.ComponentProps) {
  const { organisation, current } = loaderData;
  const joining = useIsPending();
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{organisation} would like to sponsor your mentoring</h1>
        <p className="mt-1 text-slate-700">They pay for your sessions under their rules. Here is exactly what they see.</p>
      </header>
      <section aria-labelledby="will-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="will-heading" className="font-semibold text-slate-900">{organisation} will see</h2>
        <ul className="mt-2 list-disc pl-5 text-slate-800">{SPONSOR_SEES.will.map((line) => <li key={line}>{line}</li>)}</ul>
        <h2 className="mt-4 font-semibold text-slate-900">Only if you allow it</h2>
        <ul className="mt-2 list-disc pl-5 text-slate-800"><li>{SPONSOR_SEES.ifAllowed}</li></ul>
        <h2 className="mt-4 font-semibold text-slate-900">{organisation} will never see</h2>
        <ul className="mt-2 list-disc pl-5 text-slate-800">{SPONSOR_SEES.never.map((line) => <li key={line}>{line}</li>)}</ul>
        <p className="mt-3 text-sm text-slate-600">You can leave at any time in Settings; from then nothing new is covered or shown.</p>
      </section>
      {current && current !== organisation ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900">You are sponsored by {current} now. Leave it in <Link to="/user-dashboard/settings" className="underline">Settings</Link> before joining another.</p>
      ) : (
        <Form method="post" className="grid gap-4">
          <label className="inline-flex items-start gap-3 text-slate-800">
            <input type="checkbox" name="showGuides" className="mt-1 size-4" />
            <span>Let {organisation} see my mentors' names</span>
          </label>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={joining}>{joining ? "Joining…" : `Accept and join ${organisation}`}</Button>
            <Link to="/user-dashboard" className="inline-flex min-h-11 items-center text-brand-700 underline underline-offset-2">Not now</Link>
          </div>
        </Form>
      )}
    </div>
  );
}
