import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Check, X } from "#app/components/ui/icons.ts";
import { Form, Link } from "react-router";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { DateRangeFilter } from "#app/components/ui/date-range-filter.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import type { Route } from "./+types/guide-requests";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Textarea } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { RouteDialog, useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { backTo, HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { dateRangeChoices } from "#app/lib/date-range.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { knownTimeZone } from "#app/lib/time-zones.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending, usePendingFormData } from "#app/lib/use-is-pending.ts";
import { decideGuideRequest, findPendingRequestGuide, listGuideRequests } from "#app/modules/guide-requests/guide-requests.server.ts";
import {
  APPROVE,
  decisionSchema,
  DEFAULT_REQUEST_STATUS,
  guideRequestList,
  guideRequestStatuses,
  guideRequestStatusLabels,
  REJECT,
  type GuideRequestSort,
  type GuideRequestStatusFilter,
} from "#app/modules/guide-requests/schema.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";
import { EmailAddress } from "#app/components/ui/email-address.tsx";

const frame = {
  title: "Guide Requests",
  width: "max-w-7xl",
  heading: "Pending Requests",
  search: { placeholder: "Search Guide Requests...", label: "Search guide requests by name, email or organisation" },
  caption: "Pending guide requests",
  minWidth: "56rem",
  columns: [
    { label: "Name", sort: "name" },
    { label: "Email", sort: "email" },
    { label: "Organisation", sort: "organisation" },
    { label: "Category", sort: "category" },
    { label: "Requested", sort: "requested" },
    { label: "Actions", align: "right" },
  ],
} satisfies ListFrame<GuideRequestSort>;

/** The frame of the chosen view: the pending queue as always, or the decided requests with their decision. */
function frameFor(status: GuideRequestStatusFilter): ListFrame<GuideRequestSort> {
  if (status === "pending") return frame;
  const heading = `${guideRequestStatusLabels[status]} Requests`;
  return {
    ...frame,
    heading,
    caption: `${status === "all" ? "All" : guideRequestStatusLabels[status]} guide requests`,
    columns: [...frame.columns.slice(0, -1), { label: "Decision" }],
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInUser(context);
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(guideRequestList, url);
    const status = filters.status ?? DEFAULT_REQUEST_STATUS;
    const { data, meta } = await listGuideRequests(state, { ...filters, status }, admin);
    redirectPastLastPage(url, state, meta);
    const rejectId = parseId(url.searchParams.get("reject"));
    const toReject = rejectId ? await findPendingRequestGuide(rejectId) : null;
    const range = { from: filters.from ?? "", to: filters.to ?? "", choices: dateRangeChoices(knownTimeZone(admin.timeZone)) };
    return { requests: data, meta, state, status, range, toReject };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const back = backTo(request, ["reject"]);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: decisionSchema });
  if (submission.status !== "success") {
    // The reject dialog shows its messages in place; anything else is a failed action.
    if (formData.get("actionId") === String(REJECT)) return replyToForm(submission, { as: "result" });
    const first = Object.values(submission.error ?? {}).flat()[0];
    return redirectWithError(back, { message: "Action Failed", description: first || "Failed to process mentor request" });
  }
  try {
    await decideGuideRequest(submission.value, admin);
    return redirectWithSuccess(back, {
      message: "Action Successful",
      description: submission.value.actionId === APPROVE ? "Guide request Approved" : "Guide request Rejected",
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithError(back, { message: "Action Failed", description: error.message || "Failed to process mentor request" });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Guide Requests · Ministry Mentors" }];

function RejectDialog({ guide, closeHref, lastResult }: { guide: { id: number; name: string }; closeHref: string; lastResult: Route.ComponentProps["actionData"] }) {
  const [form, fields] = useAppForm({
    id: `reject-${guide.id}`,
    lastResult: lastResult?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/guide-requests/schema.ts").then((module) => module.decisionSchema),
  });
  const submitting = useIsPending({ match: (form) => form.get("actionId") === String(REJECT) });
  return (
    <RouteDialog
      title="Reject Guide Request"
      description={`Tell ${guide.name} why the request is declined. They will receive this reason by e-mail.`}
      closeHref={closeHref}
    >
      <Form method="post" {...getFormProps(form)} preventScrollReset className="grid gap-4">
        <input type="hidden" name="guideId" value={guide.id} />
        <input type="hidden" name="actionId" value={REJECT} />
        <Field label="Reason for declining" htmlFor={fields.declineReason.id} errors={fields.declineReason.errors} errorId={fields.declineReason.errorId}>
          <Textarea {...getTextareaProps(fields.declineReason)} rows={4} autoFocus />
        </Field>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" asChild>
            <Link to={closeHref} replace preventScrollReset>Cancel</Link>
          </Button>
          <Button type="submit" variant="danger" disabled={submitting}>{submitting ? "Rejecting…" : "Reject"}</Button>
        </div>
      </Form>
    </RouteDialog>
  );
}

type RequestRow = Route.ComponentProps["loaderData"]["requests"][number];

/** A request as the bulk changes name it: its guide. */
const selection = { list: "guide-requests", rowOf: (request: { id: number; name: string }) => ({ id: request.id, name: request.name }) } as const;

/** The applicant's own words (how they would like to serve, their references), folded in their row. */
function ApplicantWords({ request }: { request: RequestRow }) {
  if (!request.howToServe && request.references.length === 0 && !request.message) {
    return null;
  }
  return (
    <details className="mt-1 w-full text-sm">
      <summary className="w-fit cursor-pointer rounded text-xs font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-500">
        Read application<span className="sr-only">{` of ${request.name}`}</span>
      </summary>
      <div className="mt-2 grid w-72 max-w-full gap-3 rounded-md border border-slate-200 bg-slate-50 p-3">
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">How they would like to serve</h3>
          <p className="mt-1 whitespace-pre-line break-words text-slate-800">{request.howToServe || request.message || "Not given"}</p>
        </div>
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">References</h3>
          {request.references.length ? (
            <ul className="mt-1 list-inside list-disc text-slate-800">
              {request.references.map((reference, index) => <li key={`${index}-${reference}`} className="break-words">{reference}</li>)}
            </ul>
          ) : (
            <p className="mt-1 text-slate-500">None given</p>
          )}
          <Link to={adminLinks.guideProfile(request.guideId)} className="mt-3 inline-block font-medium text-brand-700 underline">Full profile</Link>
        </div>
      </div>
    </details>
  );
}

/** A decided request's outcome: Approved or Rejected, when and by whom, and the reason given for a rejection. */
function DecisionCell({ request }: { request: RequestRow }) {
  const approved = request.status === "approved";
  return (
    <div className="grid justify-items-start gap-1 text-sm">
      <StatusBadge tone={approved ? "green" : "red"}>{approved ? "Approved" : "Rejected"}</StatusBadge>
      {request.decidedAt ? (
        <p className="text-slate-600">
          <LocalTime value={request.decidedAt} format="date" />
          {request.decidedBy ? ` by ${request.decidedBy}` : null}
        </p>
      ) : null}
      {!approved && request.declineReason ? <p className="max-w-64 whitespace-pre-line break-words text-slate-600">{`Reason: ${request.declineReason}`}</p> : null}
    </div>
  );
}

const statusOptions = guideRequestStatuses
  .filter((status) => status !== DEFAULT_REQUEST_STATUS)
  .map((status) => ({ value: status, label: guideRequestStatusLabels[status] }));

export default function GuideRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { requests, meta, state, status, range, toReject } = loaderData;
  const searchHref = useSearchHref();
  const approvingId = usePendingFormData({ match: (form) => form.get("actionId") === String(APPROVE) })?.get("guideId");
  const approving = (guideId: number) => approvingId === String(guideId);

  return (
    <>
      <ListScreen
        saveView={<SaveView list="guide-requests" />}
        exportList={{ name: "guide-requests" }}
        frame={frameFor(status)}
        list={guideRequestList}
        state={state}
        meta={meta}
        rows={requests}
        selection={selection}
        filters={
          <FilterBar
            selects={[
              {
                name: "status",
                label: "Status",
                // The pending queue is the list without a status (its first option).
                value: status === DEFAULT_REQUEST_STATUS ? "" : status,
                allLabel: guideRequestStatusLabels[DEFAULT_REQUEST_STATUS],
                options: statusOptions,
              },
            ]}
          >
            <DateRangeFilter legend="Requested" {...range} />
          </FilterBar>
        }
      >
        {(request) => (
          <tr key={request.id} className="align-top hover:bg-slate-50">
            <td className="px-4 py-3">
              <p className="whole-words font-medium text-slate-900">{request.name}</p>
              <ApplicantWords request={request} />
            </td>
            <td className="px-4 py-3 text-slate-600"><EmailAddress email={request.email} /></td>
            <td className="px-4 py-3 text-slate-600">{request.organisation || "N/A"}</td>
            <td className="px-4 py-3 text-slate-600">{request.category || "N/A"}</td>
            <td className="px-4 py-3 text-slate-600"><LocalTime value={request.requestedAt} format="date" /></td>
            <td className="px-4 py-3">
              {request.status === "pending" ? (
                <div className={status === "pending" ? "whole-words flex flex-wrap justify-end gap-2" : "whole-words flex flex-wrap items-center gap-2"}>
                  {status === "pending" ? null : <StatusBadge tone="amber">Pending</StatusBadge>}
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="guideId" value={request.guideId} />
                    <input type="hidden" name="actionId" value={APPROVE} />
                    <Button type="submit" size="sm" aria-label={`Approve ${request.name}`} disabled={approving(request.guideId)}>
                      <Check className="size-4" />
                      Approve
                    </Button>
                  </Form>
                  <Button variant="secondary" size="sm" asChild>
                    <Link to={searchHref({ reject: request.guideId })} preventScrollReset aria-label={`Reject ${request.name}`}>
                      <X className="size-4" />
                      Reject
                    </Link>
                  </Button>
                </div>
              ) : (
                <DecisionCell request={request} />
              )}
            </td>
          </tr>
        )}
      </ListScreen>
      {toReject ? <RejectDialog guide={toReject} closeHref={searchHref({ reject: null })} lastResult={actionData} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return <ListScreenError frame={frame}>Failed to load data{message ? `: ${message}` : ""}</ListScreenError>;
}
