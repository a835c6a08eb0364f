import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/invites";
import { ListScreen, type ListFrame } from "#app/components/list/list-screen.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { cellClass } from "#app/components/ui/profile-parts.tsx";
import { replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { dataWithSuccess, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { INVITE_STATUSES, sponsorInviteListDefaults, type SponsorInviteSort } from "#app/modules/sponsorship/lists.ts";
import { inviteSchema, sponsorInviteList } from "#app/modules/sponsorship/schema.ts";
import { createInvite, requireSponsorAdmin, revokeInvite, sponsorInvites } from "#app/modules/sponsorship/sponsorship.server.ts";

// /sponsor/invites: invite a pastor by e-mail (they get the link) or make a shareable link; revoke either. A link is
// shown once, when it is made (only its hash is kept).

const frame = {
  heading: "Invitations made",
  search: { placeholder: "Search by e-mail...", label: "Search invitations by e-mail" },
  caption: "Invitations made, with whom they were sent to and whether they still open",
  minWidth: "36rem",
  columns: [
    { label: "Sent to", sort: "email" },
    { label: "Made", sort: "createdAt" },
    { label: "Status" },
    { label: "Actions", align: "right" },
  ],
  loadingText: "Loading invitations...",
  empty: "No invitations match.",
} satisfies ListFrame<SponsorInviteSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(sponsorInviteList, url);
    const { organisation, invites, meta } = await sponsorInvites(signedInUser(context), state, filters);
    redirectPastLastPage(url, state, meta);
    return { organisation, invites, meta, state, status: filters.status ?? "" };
  } catch (error) {
    throwForScreen(error);
  }
}

const revokeSchema = z.object({ inviteId: z.coerce.number().int().positive() });

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await request.formData();
  try {
    const organisationId = await requireSponsorAdmin(actor);
    if (formData.get("intent") === "revoke") {
      const { inviteId } = parseOr400(revokeSchema, Object.fromEntries(formData));
      await revokeInvite(actor, organisationId, inviteId);
      // Back to the list as it was (its page, search and filters).
      const back = new URL(request.url);
      return redirectWithSuccess(back.pathname + back.search, { message: "Invitation Revoked", description: "Its link no longer opens anything." });
    }
    const submission = parseWithZod(formData, { schema: inviteSchema });
    if (submission.status !== "success") return replyToForm(submission);
    const { link } = await createInvite(actor, organisationId, submission.value.email);
    return dataWithSuccess(
      { link, emailed: submission.value.email },
      { message: "Invitation Ready", description: submission.value.email ? `We e-mailed the link to ${submission.value.email}.` : "Copy the link and share it with your pastors." },
    );
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Invitations · Sponsorship · Ministry Mentors" }];

export default function SponsorInvites({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const creating = useIsPending({ intent: "create" });
  const made = actionData && "link" in actionData ? actionData : null;
  // A new invitation: the focus goes to its link, ready to copy (it was lost with the button's re-render).
  const linkRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (made) linkRef.current?.focus();
  }, [made]);
  const [form, fields] = useAppForm({
    id: "sponsor-invite",
    lastResult: navigation.state === "idle" && actionData && !("link" in actionData) ? actionData : null,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/sponsorship/schema.ts").then((module) => module.inviteSchema),
  });
  return (
    <div className="grid max-w-5xl gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Invitations</h1>
        <p className="text-slate-600">A pastor who opens the link sees exactly what {loaderData.organisation.name} will and will not see, and joins only if they accept.</p>
      </header>
      {made ? (
        <section aria-labelledby="link-heading" className="grid gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
          <h2 id="link-heading" className="font-semibold text-emerald-900 [overflow-wrap:anywhere]">{made.emailed ? `Sent to ${made.emailed}` : "Your shareable link"}</h2>
          <label htmlFor="invite-link" className="text-sm text-emerald-900">The link (shown only now; revoke it below at any time)</label>
          <div className="flex flex-wrap items-center gap-2">
            <Input ref={linkRef} id="invite-link" readOnly value={made.link} onFocus={(event) => event.currentTarget.select()} className="min-w-0 flex-1 basis-64 font-mono text-sm" />
            <CopyLink key={made.link} link={made.link} field={linkRef} />
          </div>
        </section>
      ) : null}
      {/* Made: the form starts empty again (the address just invited stayed in it, one click from a second e-mail). */}
      <Form key={made?.link ?? "new"} method="post" {...getFormProps(form)} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4">
        <Field label="Pastor's e-mail" optional hint="Leave it empty to make a link you share yourself." htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
          <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />
        </Field>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div><Button type="submit" name="intent" value="create" disabled={creating}>{creating ? "Making…" : "Make invitation"}</Button></div>
      </Form>
      <ListScreen
        frame={loaderData.state.search || loaderData.status ? frame : { ...frame, empty: "No invitations yet. Make one above: by e-mail, or a link to share." }}
        list={{ defaults: sponsorInviteListDefaults }}
        state={loaderData.state}
        meta={loaderData.meta}
        rows={loaderData.invites}
        filters={<FilterBar selects={[{ name: "status", label: "Status", value: loaderData.status, allLabel: "Every invitation", options: INVITE_STATUSES }]} />}
      >
        {(invite) => (
          <tr key={invite.id} className="hover:bg-slate-50">
            <td className={`${cellClass} break-all`}>{invite.email ?? "Shareable link"}</td>
            <td className={cellClass}><LocalTime value={invite.createdAt} format="date" /></td>
            <td className={cellClass}>{invite.revokedAt ? <>Revoked <LocalTime value={invite.revokedAt} format="date" /></> : "Open"}</td>
            <td className={`${cellClass} text-right`}>
              {invite.revokedAt ? null : (
                <Form method="post">
                  <input type="hidden" name="inviteId" value={invite.id} />
                  <Button type="submit" name="intent" value="revoke" variant="secondary" size="sm">Revoke<span className="sr-only"> the invitation {invite.email ? `to ${invite.email}` : "link"} made <LocalTime value={invite.createdAt} format="date" /></span></Button>
                </Form>
              )}
            </td>
          </tr>
        )}
      </ListScreen>
    </div>
  );
}

/** "Copy link": the link on the clipboard, said so; where the browser refuses, the link selected to copy by hand. */
function CopyLink({ link, field }: { link: string; field: React.RefObject<HTMLInputElement | null> }) {
  const [said, say] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      say("Link copied. Paste it into your message to the pastor.");
    } catch {
      field.current?.select();
      say("Your browser did not let us copy: the link is selected, press Ctrl+C (⌘C on a Mac).");
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void copy()}>Copy link</Button>
      <p role="status" className="basis-full text-sm text-emerald-900">{said}</p>
    </>
  );
}
