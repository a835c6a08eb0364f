import { Menu } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, NavLink } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { Avatar } from "#app/components/ui/avatar.tsx";

export type NavSection = { heading?: string; links: Array<{ to: string; label: string; end?: boolean }> };

type Props = {
  areaLabel: string;
  homeHref: string;
  sections: NavSection[];
  user: { name: string; email: string; imageId: string | null };
  children: ReactNode;
};

/** The frame of every dashboard (admin console, mentor and user): sidebar navigation, top bar, content. */
export function DashboardShell({ areaLabel, homeHref, sections, user, children }: Props) {
  const nav = (
    <nav aria-label={`${areaLabel} navigation`} className="flex flex-col gap-6 p-4">
      {sections.map((section, index) => (
        <div key={section.heading ?? index}>
          {section.heading ? (
            <h2 className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-brand-200">{section.heading}</h2>
          ) : null}
          <ul className="flex flex-col gap-0.5">
            {section.links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  prefetch="intent"
                  className={({ isActive }) =>
                    cn(
                      "block rounded-md px-3 py-2 text-sm text-brand-50 hover:bg-brand-700",
                      isActive && "bg-brand-700 font-semibold text-white",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[16rem_1fr]">
      <aside className="hidden bg-brand-900 lg:block">
        <div className="sticky top-0 max-h-screen overflow-y-auto">
          <Link to={homeHref} className="block px-7 pb-2 pt-6 text-lg font-bold text-white">
            Ministry Mentors
            <span className="block text-xs font-medium text-brand-200">{areaLabel}</span>
          </Link>
          {nav}
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 lg:px-8">
          <details className="relative lg:hidden">
            <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md p-2 text-slate-700 hover:bg-slate-100">
              <Menu aria-hidden className="size-5" />
              <span>Menu</span>
            </summary>
            <div className="absolute left-0 z-40 mt-2 max-h-[80vh] w-64 overflow-y-auto rounded-lg bg-brand-900 shadow-xl">{nav}</div>
          </details>
          <Link to={homeHref} className="font-semibold text-brand-800 lg:hidden">
            Ministry Mentors
          </Link>
          <div className="ml-auto flex items-center gap-3">
            <Avatar imageId={user.imageId} name={user.name} className="size-9" />
            <div className="hidden text-right sm:block">
              <p className="text-sm font-medium text-slate-900">{user.name}</p>
              <p className="text-xs text-slate-500">{user.email}</p>
            </div>
            <Form method="post" action="/logout">
              <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
                Sign out
              </button>
            </Form>
          </div>
        </header>
        <main id="main" className="flex-1 p-4 lg:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
