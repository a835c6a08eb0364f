import { ChevronDown } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import type { Route } from "./+types/faq";
import { faqTypeLabels } from "#app/modules/faqs/types.ts";
import { activeFaqsByType } from "#app/modules/faqs/faqs.server.ts";

export async function loader() {
  return { groups: await activeFaqsByType() };
}

export const meta: Route.MetaFunction = () => [
  { title: "Frequently Asked Questions · Ministry Mentors" },
  { name: "description", content: "Answers to common questions about mentoring, booking sessions, becoming a guide and payments." },
];

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Frequently Asked Questions</h1>
      <p className="mt-3 text-lg text-slate-600">
        Answers to the questions pastors, ministry leaders and guides ask us most.
      </p>
      {groups.length > 1 ? (
        <nav aria-label="FAQ topics" className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {groups.map((group) => (
              <li key={group.type}>
                <a href={`#faq-${group.type}`} className="inline-block rounded-full bg-brand-50 px-4 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-100">
                  {faqTypeLabels[group.type]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {groups.length === 0 ? (
        <p className="mt-10 rounded-xl border border-slate-200 bg-white p-6 text-slate-600">No questions have been published yet.</p>
      ) : (
        groups.map((group) => (
          <section key={group.type} id={`faq-${group.type}`} aria-labelledby={`faq-${group.type}-heading`} className="mt-12 scroll-mt-6">
            <h2 id={`faq-${group.type}-heading`} className="text-xl font-semibold text-brand-900">{faqTypeLabels[group.type]}</h2>
            <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
              {group.faqs.map((faq) => (
                <details key={faq.id} className="group px-5 py-4">
                  <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
                    <span>{faq.question}</span>
                    <ChevronDown className="mt-0.5 size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
                  </summary>
                  <p className="mt-3 whitespace-pre-line leading-relaxed text-slate-700">{faq.answer}</p>
                </details>
              ))}
            </div>
          </section>
        ))
      )}
      <p className="mt-12 text-slate-600">
        Still have a question? <Link to="/support" className="font-medium text-brand-700 underline">Visit the Support Center</Link>.
      </p>
    </div>
  );
}
