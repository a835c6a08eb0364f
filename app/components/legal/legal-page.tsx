import type { ReactNode } from "react";
import { Link } from "react-router";
import { dateFormat } from "#app/lib/format.ts";

export type LegalSection = { id: string; heading: string; body: ReactNode };

const updatedLabel = dateFormat({ dateStyle: "long", timeZone: "UTC" });

/** The shared look of the legal pages' text: readable line length, spacing, lists, links. */
const prose =
  "text-base leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a]:break-words [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1.5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";

/**
 * A legal or information page: title, the day its text last changed (`updated`, YYYY-MM-DD: change it with the text),
 * an introduction, a table of contents (for pages with more than a few sections) and numbered sections, each a link
 * target.
 */
export function LegalPage({ title, updated, intro, sections, related }: { title: string; updated: string; intro: ReactNode; sections: LegalSection[]; related?: Array<{ to: string; label: string }> }) {
  const withToc = sections.length > 4;
  return (
    <div className="mx-auto max-w-3xl px-5 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 text-sm text-slate-500">
        Last updated: <time dateTime={updated}>{updatedLabel.format(new Date(updated))}</time>
      </p>
      <div className={`mt-6 ${prose} text-lg`}>{intro}</div>
      {withToc ? (
        <nav aria-labelledby="toc-heading" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
          <h2 id="toc-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">On this page</h2>
          <ol className="mt-3 grid list-decimal gap-1.5 pl-5 text-sm marker:text-slate-400">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-700 hover:underline">{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-10 scroll-mt-6">
          <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900 sm:text-2xl">
            {withToc ? `${index + 1}. ` : ""}
            {section.heading}
          </h2>
          <div className={prose}>{section.body}</div>
        </section>
      ))}
      {related?.length ? (
        <nav aria-label="Related pages" className="mt-14 border-t border-slate-200 pt-6 text-sm">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {related.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="font-medium text-brand-700 hover:underline">{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

export const legalLinks = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/cookie-policy", label: "Cookie Policy" },
  { to: "/accessibility", label: "Accessibility" },
  { to: "/support", label: "Support Center" },
] as const;

/** The related links of a page: the other legal pages and the Support Center. */
export const relatedTo = (path: string) => legalLinks.filter((link) => link.to !== path);
