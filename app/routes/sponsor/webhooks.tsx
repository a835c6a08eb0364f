import type { Route } from "./+types/webhooks";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { requireSponsorAdmin } from "#app/modules/sponsorship/sponsorship.server.ts";
import { SPONSOR_EVENTS } from "#app/modules/webhooks/events.ts";
import { WebhooksSection } from "#app/modules/webhooks/webhooks-section.tsx";
import { sponsorWebhookEndpointsOf } from "#app/modules/webhooks/webhooks.server.ts";
import { webhookAction } from "#app/routes/dashboard/webhook-actions.server.ts";

// /sponsor/webhooks: the sponsor's own webhook endpoints, told when a session it covers is booked or cancelled: the
// pastor and the amounts (sponsorship/policy.ts), never the guide, topic, time or date.

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const actor = signedInUser(context);
    return { endpoints: await sponsorWebhookEndpointsOf(actor, await requireSponsorAdmin(actor)) };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInUser(context);
  try {
    const organisationId = await requireSponsorAdmin(actor);
    const answer = await webhookAction(actor, await request.formData(), "/sponsor/webhooks", organisationId);
    if (answer) return answer;
  } catch (error) {
    throwForScreen(error);
  }
  throwForScreen(new HttpError(400, "Unknown form"));
}

export const meta: Route.MetaFunction = () => [{ title: "Webhooks · Sponsorship · Ministry Mentors" }];

export default function SponsorWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  const replies = actionData && typeof actionData === "object" ? (actionData as { webhookSecret?: { url: string; secret: string }; newWebhook?: Parameters<typeof WebhooksSection>[0]["lastResult"] }) : undefined;
  return (
    <div className="grid max-w-3xl gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Webhooks</h1>
        <p className="text-slate-600">
          Tell your own systems at once when a session you cover is booked or cancelled: a signed POST with the pastor, the amount you cover and its period. Never the
          mentor, the topic, the time or the date.
        </p>
      </header>
      <section aria-labelledby="sponsor-webhooks-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="sponsor-webhooks-heading" className="sr-only">Your endpoints</h2>
        <WebhooksSection endpoints={loaderData.endpoints} secret={replies?.webhookSecret} lastResult={replies?.newWebhook} choices={SPONSOR_EVENTS} />
      </section>
    </div>
  );
}
