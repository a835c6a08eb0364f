import { Quote } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import type { PageContent } from "./schema.ts";

/** A link to a path on this site (client-side) or elsewhere (a plain anchor). */
function ContentLink({ href, className, children }: { href: string; className: string; children: React.ReactNode }) {
  return href.startsWith("/") ? (
    <Link to={href} className={className}>{children}</Link>
  ) : (
    <a href={href} className={className} rel="noreferrer">{children}</a>
  );
}

const primaryButton = "inline-block rounded-md bg-brand-600 px-6 py-3 font-semibold text-white shadow hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

/**
 * A public page rendered from its saved content: hero, sections, testimonials, call to action. `afterHero` is
 * what the page itself always shows under the hero, whatever the content says (e.g. the way to apply).
 */
export function PageContentView({ content, afterHero }: { content: PageContent; afterHero?: React.ReactNode }) {
  const { hero, sections, testimonials, cta } = content;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className={hero.imageId ? "mx-auto grid max-w-6xl items-center gap-10 px-6 py-20 lg:grid-cols-2" : "mx-auto max-w-6xl px-6 py-20 text-center"}>
          <div>
            <h1 className="text-4xl font-bold tracking-tight text-brand-900 sm:text-5xl">{hero.heading}</h1>
            {hero.subheading ? (
              <p className={hero.imageId ? "mt-5 max-w-2xl text-lg text-slate-600" : "mx-auto mt-5 max-w-2xl text-lg text-slate-600"}>{hero.subheading}</p>
            ) : null}
            {hero.ctaLabel && hero.ctaHref ? (
              <div className="mt-8">
                <ContentLink href={hero.ctaHref} className={primaryButton}>{hero.ctaLabel}</ContentLink>
              </div>
            ) : null}
          </div>
          {hero.imageId ? (
            <img src={`/images/${hero.imageId}`} alt="" className="w-full rounded-2xl object-cover shadow-lg" width={800} height={600} />
          ) : null}
        </div>
      </section>

      {afterHero}

      {sections.length > 0 ? (
        <section aria-label="About" className="mx-auto grid max-w-6xl gap-6 px-6 py-16 sm:grid-cols-2 lg:grid-cols-3">
          {sections.map((item, index) => (
            <article key={index} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 className="text-lg font-semibold text-brand-800">{item.heading}</h2>
              <p className="mt-2 whitespace-pre-line text-slate-600">{item.body}</p>
            </article>
          ))}
        </section>
      ) : null}

      {testimonials.length > 0 ? (
        <section aria-labelledby="testimonials-heading" className="bg-slate-50">
          <div className="mx-auto max-w-6xl px-6 py-16">
            <h2 id="testimonials-heading" className="text-2xl font-bold text-slate-900">What leaders say</h2>
            <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {testimonials.map((item, index) => (
                <figure key={index} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                  <Quote className="size-6 text-brand-300" />
                  <blockquote className="mt-3 flex-1 text-slate-700">{item.quote}</blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-semibold text-slate-900">{item.author}</span>
                    {item.role ? <span className="block text-slate-500">{item.role}</span> : null}
                  </figcaption>
                </figure>
              ))}
            </div>
          </div>
        </section>
      ) : null}

      {cta.heading || cta.body || (cta.label && cta.href) ? (
        <section aria-label="Get started" className="mx-auto max-w-6xl px-6 py-16">
          <div className="rounded-2xl bg-brand-800 px-8 py-12 text-center text-white">
            {cta.heading ? <h2 className="text-2xl font-bold sm:text-3xl">{cta.heading}</h2> : null}
            {cta.body ? <p className="mx-auto mt-3 max-w-2xl text-brand-100">{cta.body}</p> : null}
            {cta.label && cta.href ? (
              <div className="mt-8">
                <ContentLink href={cta.href} className="inline-block rounded-md bg-white px-6 py-3 font-semibold text-brand-800 shadow hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
                  {cta.label}
                </ContentLink>
              </div>
            ) : null}
          </div>
        </section>
      ) : null}
    </>
  );
}
