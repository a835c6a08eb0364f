import { Construction } from "lucide-react";
import { useMatches } from "react-router";
import { screenTitles, type ScreenId } from "#app/lib/screens.ts";

/** A screen of the product that is not available yet: its title, in its area's layout. */
export default function UpcomingScreen() {
  const matches = useMatches();
  const id = matches[matches.length - 1]?.id as ScreenId;
  const title = screenTitles[id] ?? "Coming soon";
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <title>{`${title} · Ministry Mentors`}</title>
      <Construction aria-hidden className="mx-auto mb-4 size-10 text-brand-500" />
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">This page is not available yet. We are working on it and it will be here soon.</p>
    </section>
  );
}
