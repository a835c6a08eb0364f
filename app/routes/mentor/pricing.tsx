import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/pricing";
import { replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { PricingForm, type PricingDefaults } from "#app/modules/schedule/pricing-form.tsx";
import { introLength, offeredLengths, priceSummary } from "#app/modules/schedule/prices.ts";
import { getSchedule, savePricing } from "#app/modules/schedule/schedule.server.ts";
import { centsToDollars, pricingSchema } from "#app/modules/schedule/schema.ts";

/** /mentor-dashboard/pricing: the signed-in guide's own prices (the layout lets guides only in). */
export async function loader({ context }: Route.LoaderArgs) {
  const guide = signedInUser(context);
  const schedule = await getSchedule(guide.id);
  // A guide who has chosen no lengths yet offers the hour their application priced: it has its price field too.
  const offered = offeredLengths(schedule.options, schedule.hourlyRateCents);
  const defaults: PricingDefaults = {
    prices: offered.map((option) => ({ minutes: String(option.minutes), price: centsToDollars(option.priceCents) })),
    payWhatYouWant: schedule.payWhatYouWant ? "on" : undefined,
    suggested: centsToDollars(schedule.suggestedCents),
    minimum: centsToDollars(schedule.minimumCents),
    freeIntroMinutes: schedule.freeIntroMinutes ? String(schedule.freeIntroMinutes) : "",
  };
  return {
    defaults,
    price: priceSummary(offered, schedule.payWhatYouWant),
    payWhatYouWant: schedule.payWhatYouWant,
    /** The free intro session as the booking dialog offers it to a new mentee. */
    intro: schedule.freeIntroMinutes ? introLength(schedule.freeIntroMinutes) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const guide = signedInUser(context);
  const submission = parseWithZod(await request.formData(), { schema: pricingSchema });
  if (submission.status !== "success") return replyToForm(submission);
  await savePricing(guide.id, submission.value);
  return redirectWithSuccess(new URL(request.url).pathname, { message: "Pricing Saved", description: "Your prices are saved." });
}

export const meta: Route.MetaFunction = () => [{ title: "Pricing · Ministry Mentors" }];

export default function Pricing({ loaderData, actionData }: Route.ComponentProps) {
  const { defaults, price, payWhatYouWant, intro } = loaderData;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Pricing</h1>
        <p className="mt-1 text-sm text-slate-600">
          {payWhatYouWant ? "Mentees choose what they pay; your profile and Find a Mentor show “Pay what you want”." : `Your profile and Find a Mentor show “${price}”.`}
          {intro ? ` The booking dialog also offers each new mentee “${intro}”.` : null}
        </p>
      </header>
      <PricingForm key={JSON.stringify(defaults)} defaults={defaults} lastResult={actionData} />
    </div>
  );
}
