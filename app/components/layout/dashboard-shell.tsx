import { Menu } from "#app/components/ui/icons.ts";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, matchPath, useLocation } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { useAfterNavigation } from "#app/lib/use-after-navigation.ts";
import { Avatar } from "#app/components/ui/avatar.tsx";

export type NavLinkItem = {
  to: string;
  label: string;
  end?: boolean;
  /** Child screens (route patterns, e.g. "/admin/dashboard/viewuser/:id") that belong to this item: it is highlighted on them too. */
  childScreens?: readonly string[];
  /** A count shown beside the label (unread messages), with `badgeLabel` for screen readers ("unread"). */
  badge?: number;
  badgeLabel?: string;
  /** Links nested under the item (the console's saved views of a list: its screen with a query). */
  views?: readonly { to: string; label: string }[];
};
export type NavSection = { heading?: string; links: NavLinkItem[] };

type Props = {
  areaLabel: string;
  homeHref: string;
  sections: NavSection[];
  user: { name: string; email: string; imageId: string | null };
  /** Shown in the top bar before the person's name (the notifications bell). */
  headerActions?: ReactNode;
  children: ReactNode;
};

function Badge({ count, label }: { count?: number; label?: string }) {
  if (!count) return null;
  return (
    <span className="ml-auto rounded-full bg-white px-2 py-0.5 text-xs font-bold text-brand-900">
      {count > 99 ? "99+" : count}
      <span className="sr-only"> {label ?? "new"}</span>
    </span>
  );
}

/**
 * True when the item is where the person is: its own screen (or one below it, unless `end`), as NavLink decides,
 * or one of its child screens.
 */
function isCurrent(link: NavLinkItem, pathname: string) {
  const path = pathname.toLowerCase();
  const to = link.to.toLowerCase();
  if (path === to || (!link.end && path.startsWith(to) && path.charAt(to.length) === "/")) return true;
  return (link.childScreens ?? []).some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** A URL's query as a comparable text: its parameters sorted, without the page (a view stays current while paged). */
function stateOf(search: string) {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.sort();
  return params.toString();
}

/** The nested link that is where the person is: its path and its query (page aside) are the address's. */
function currentView(link: NavLinkItem, pathname: string, search: string) {
  const here = stateOf(search);
  return link.views?.find((view) => {
    const [path, query = ""] = view.to.split("?", 2);
    return path.toLowerCase() === pathname.toLowerCase() && stateOf(query) === here;
  });
}

/**
 * The items (their `to`) that are where the person is, worked out once per page for both copies of the menu
 * (sidebar and phone menu): NavLink would read the router's state and match the path again for every item of each.
 * On a saved view of a list, that view is current rather than its list's item.
 */
function currentItems(sections: NavSection[], pathname: string, search: string) {
  const current = new Set<string>();
  for (const link of sections.flatMap((section) => section.links)) {
    if (!isCurrent(link, pathname)) continue;
    current.add(currentView(link, pathname, search)?.to ?? link.to);
  }
  return current;
}

const navLinkClass = (isHere: boolean) =>
  cn("flex items-center gap-2 rounded-md px-3 py-1.5 text-sm text-brand-50 hover:bg-brand-700", isHere && "bg-brand-700 font-semibold text-white");

function Navigation({ areaLabel, sections, current, id }: { areaLabel: string; sections: NavSection[]; current: Set<string>; id: string }) {
  return (
    <nav aria-label={`${areaLabel} navigation`} id={id} className="flex flex-col gap-4 px-4 pb-4 pt-2">
      {sections.map((section, index) => (
        <div key={section.heading ?? index}>
          {section.heading ? (
            <h2 className="mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-brand-200">{section.heading}</h2>
          ) : null}
          <ul className="flex flex-col gap-px">
            {section.links.map((link) => {
              const isHere = current.has(link.to);
              return (
                <li key={link.to}>
                  <Link to={link.to} prefetch="intent" aria-current={isHere ? "page" : undefined} className={navLinkClass(isHere)}>
                    {link.label}
                    <Badge count={link.badge} label={link.badgeLabel} />
                  </Link>
                  {link.views ? (
                    <ul aria-label={`Saved views of ${link.label}`} className="ml-3 mt-px flex flex-col gap-px border-l border-brand-700 pl-2">
                      {link.views.map((view) => {
                        const isView = current.has(view.to);
                        return (
                          <li key={view.label}>
                            <Link to={view.to} aria-current={isView ? "page" : undefined} className={cn(navLinkClass(isView), "break-words py-1 text-xs")}>
                              {view.label}
                            </Link>
                          </li>
                        );
                      })}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * The frame of every dashboard (admin console, mentor and user): a skip link, the sidebar navigation (it
 * scrolls on its own when the window is short, with the current screen's item kept in view), the top bar with
 * the phone menu (closed again once a screen is chosen), and the content.
 */
export function DashboardShell({ areaLabel, homeHref, sections, user, headerActions, children }: Props) {
  const location = useLocation();
  const current = currentItems(sections, location.pathname, location.search);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const sidebarRef = useRef<HTMLDivElement>(null);

  useAfterNavigation(() => {
    // A screen was chosen: the phone menu closes.
    const menu = menuRef.current;
    if (menu?.open) {
      const hadFocus = menu.contains(document.activeElement);
      menu.open = false;
      if (hadFocus) menu.querySelector("summary")?.focus();
    }
  });
  useEffect(() => {
    // The sidebar shows the current item.
    const here = sidebarRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const box = sidebarRef.current;
    if (here && box) {
      const item = here.getBoundingClientRect();
      const shown = box.getBoundingClientRect();
      // Scrolled just enough to show the whole item, with a little room around it.
      if (item.bottom > shown.bottom) box.scrollTop += item.bottom - shown.bottom + 12;
      else if (item.top < shown.top) box.scrollTop -= shown.top - item.top + 12;
    }
  }, [location.pathname, location.search]);

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[16rem_1fr] print:block">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-lg ring-2 ring-brand-500 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <aside className="hidden bg-brand-900 lg:block print:hidden dark:bg-[#0d0b2a] dark:ring-1 dark:ring-slate-200">
        <div ref={sidebarRef} data-sidebar className="sticky top-0 h-screen overflow-y-auto overscroll-contain">
          <Link to={homeHref} className="block px-7 pb-2 pt-5 text-lg font-bold text-white">
            Ministry Mentors
            <span className="block text-xs font-medium text-brand-200">{areaLabel}</span>
          </Link>
          <Navigation areaLabel={areaLabel} sections={sections} current={current} id="sidebar-navigation" />
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 py-3 sm:gap-4 sm:px-4 lg:px-8 print:hidden">
          <details
            ref={menuRef}
            className="relative lg:hidden"
            onKeyDown={(event) => {
              if (event.key !== "Escape" || !event.currentTarget.open) return;
              event.currentTarget.open = false;
              event.currentTarget.querySelector("summary")?.focus();
            }}
          >
            <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md p-1.5 text-slate-700 hover:bg-slate-100 sm:p-2 [&::-webkit-details-marker]:hidden">
              <Menu className="size-5" />
              {/* A phone's header has room for the name of the site in full, not for the word beside the icon too. */}
              <span className="sr-only sm:not-sr-only">Menu</span>
            </summary>
            <div className="absolute left-0 z-40 mt-2 max-h-[80vh] w-64 overflow-y-auto rounded-lg bg-brand-900 pt-2 shadow-xl">
              <Navigation areaLabel={areaLabel} sections={sections} current={current} id="menu-navigation" />
            </div>
          </details>
          <Link to={homeHref} className="font-semibold leading-tight text-brand-800 lg:hidden">
            Ministry Mentors
          </Link>
          {/* Compact on a phone, so the site's name keeps its one line beside the menu, the bell, the picture and Sign out. */}
          <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-3">
            {headerActions}
            <Avatar imageId={user.imageId} name={user.name} className="size-8 sm:size-9" />
            <div className="hidden text-right sm:block">
              <p className="text-sm font-medium text-slate-900">{user.name}</p>
              <p className="text-xs text-slate-500">{user.email}</p>
            </div>
            <Form method="post" action="/logout">
              <button type="submit" className="whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 sm:px-3">
                Sign out
              </button>
            </Form>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 p-4 focus:outline-none lg:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
