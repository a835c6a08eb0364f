import { Link, NavLink, Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { SiteFooter } from "#app/components/layout/site-footer.tsx";
import { canonicalUrl } from "#app/lib/canonical.ts";
import { siteOrigin } from "#app/lib/request-info.server.ts";
import { authLinks } from "#app/lib/links.ts";
import { dashboardFor } from "#app/lib/roles.ts";
import type { loader as rootLoader } from "#app/root.tsx";

const links = [
  { to: "/search", label: "Find a Mentor" },
  { to: "/become-mentor", label: "Become a Mentor" },
  { to: "/platform", label: "Our Platform" },
  { to: "/resources", label: "Resources" },
];

/** The site's origin as the visitor addressed it, for the canonical link every public page carries. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { origin: siteOrigin(request, context) };
}

// The origin never changes between public pages: no need to ask the server again on each navigation.
export const shouldRevalidate = () => false;

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <link rel="canonical" href={canonicalUrl(loaderData.origin, pathname)} />
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-8 gap-y-2 px-6 py-4">
          <Link to="/" className="text-xl font-bold text-brand-800">Ministry Mentors</Link>
          <nav aria-label="Main" className="order-3 w-full sm:order-none sm:w-auto">
            <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm font-medium text-slate-700">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={({ isActive }) => (isActive ? "text-brand-700 underline underline-offset-4" : "hover:text-brand-700")}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm font-medium">
            {user ? (
              <Link to={dashboardFor[user.role]} className="rounded-md bg-brand-600 px-4 py-2 text-white hover:bg-brand-700">My dashboard</Link>
            ) : (
              <>
                <Link to={authLinks.login} className="text-slate-700 hover:text-brand-700">Sign in</Link>
                <Link to={authLinks.signup} className="rounded-md bg-brand-600 px-4 py-2 text-white hover:bg-brand-700">Get started</Link>
              </>
            )}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
