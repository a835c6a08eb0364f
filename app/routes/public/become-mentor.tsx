import { ArrowRight } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import type { Route } from "./+types/become-mentor";
import { APPLICATION_DECISION_TIME } from "#app/modules/guide-requests/decision-time.ts";
import { PageContentView } from "#app/modules/page-content/page-view.tsx";
import { getPageContent } from "#app/modules/page-content/page-content.server.ts";

export async function loader() {
  const { content } = await getPageContent("become_a_guide");
  return { content };
}

export const meta: Route.MetaFunction = () => [
  { title: "Become a Mentor · Ministry Mentors" },
  { name: "description", content: "Mentor pastors and ministry leaders: share the lessons of your years in ministry." },
];

/** Always on the page, whatever its content says: the way to apply, and what happens next. */
function ApplyBand() {
  return (
    <section aria-labelledby="apply-heading" className="mx-auto max-w-6xl px-6">
      <div className="flex flex-col gap-6 rounded-2xl border border-brand-100 bg-white p-6 shadow-sm sm:p-8 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="apply-heading" className="text-2xl font-bold text-brand-900">Ready to walk alongside another leader?</h2>
          <p className="mt-2 text-slate-600">
            Apply in about 15 minutes: tell us about your ministry and how you would like to serve. We confirm your e-mail, read every
            application and usually answer within {APPLICATION_DECISION_TIME}.
          </p>
        </div>
        <Link
          to="/guide-application"
          className="inline-flex shrink-0 items-center justify-center gap-2 rounded-md bg-brand-600 px-6 py-3 font-semibold text-white shadow hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          Apply to become a mentor
          <ArrowRight className="size-4" />
        </Link>
      </div>
    </section>
  );
}

export default function BecomeMentorPage({ loaderData }: Route.ComponentProps) {
  return <PageContentView content={loaderData.content} afterHero={<ApplyBand />} />;
}
