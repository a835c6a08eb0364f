import { Link, NavLink, Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { SiteFooter } from "#app/components/layout/site-footer.tsx";
import { canonicalUrl } from "#app/lib/canonical.ts";
import { siteOrigin } from "#app/lib/request-info.server.ts";
import { authLinks } from "#app/lib/links.ts";
import { dashboardFor, type Role } from "#app/lib/roles.ts";
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
        {/* On a phone the account links sit beside the logo and the main nav takes the row below; wider, the nav
            follows the logo. Each place has its own copy of the links, shown at its width only, so the keyboard
            meets them in the order the eye does. */}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-8 gap-y-2 px-6 py-4">
          <Link to="/" className="text-xl font-bold text-brand-800">Ministry Mentors</Link>
          <AccountLinks user={user} className="flex sm:hidden" />
          <nav aria-label="Main" className="w-full sm:w-auto">
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
          <AccountLinks user={user} className="hidden sm:flex" />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/** "My dashboard" for someone signed in, else "Sign in" and "Get started": the header's right-hand links. */
function AccountLinks({ user, className }: { user: { role: Role } | null | undefined; className: string }) {
  return (
    <div className={`ml-auto items-center gap-3 text-sm font-medium ${className}`}>
      {user ? (
        <Link to={dashboardFor[user.role]} className="rounded-md bg-brand-600 px-4 py-2 text-white hover:bg-brand-700">My dashboard</Link>
      ) : (
        <>
          <Link to={authLinks.login} className="text-slate-700 hover:text-brand-700">Sign in</Link>
          <Link to={authLinks.signup} className="rounded-md bg-brand-600 px-4 py-2 text-white hover:bg-brand-700">Get started</Link>
        </>
      )}
    </div>
  );
}
