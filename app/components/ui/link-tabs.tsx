import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { useCurrentSearch } from "./search-href.ts";

export type LinkTab<T extends string> = { id: T; label: string };

/** The tab a URL names (`?tab=`), or the first tab when it names none or an unknown one. */
export function tabFrom<T extends string>(search: string, tabs: readonly LinkTab<T>[]): T {
  const value = new URLSearchParams(search).get("tab");
  return tabs.find((tab) => tab.id === value)?.id ?? tabs[0].id;
}

/**
 * The tab being shown: the one in the URL, or, while a tab link is loading, the one being opened
 * (so the tab and its loading text switch at once).
 */
export function useActiveTab<T extends string>(tabs: readonly LinkTab<T>[]) {
  return tabFrom(useCurrentSearch(), tabs);
}

/**
 * The active tab of a profile and the list loaded for it: while another tab is opening, the loaded list still belongs
 * to the previous one, and none is shown.
 */
export function useProfileTab<T extends string, L extends { tab: string }>(tabs: readonly LinkTab<T>[], list: L | null | undefined) {
  const tab = useActiveTab(tabs);
  return { tab, shown: tab !== "general" && list?.tab === tab ? list : null };
}

/**
 * Tabs that are links (?tab=…): they work without JavaScript, a reload keeps the tab, and each tab's list
 * state lives in the URL too. Arrow keys, Home and End move between tabs as in any tab list.
 */
export function LinkTabs<T extends string>({ tabs, active, label, panelId, children }: { tabs: readonly LinkTab<T>[]; active: T; label: string; panelId: string; children: ReactNode }) {
  const listRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const hrefFor = (id: T) => (id === tabs[0].id ? location.pathname : `${location.pathname}?tab=${id}`);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const links = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('[role="tab"]') ?? [])];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    const next =
      event.key === "ArrowRight" ? (index + 1) % links.length
      : event.key === "ArrowLeft" ? (index - 1 + links.length) % links.length
      : event.key === "Home" ? 0
      : event.key === "End" ? links.length - 1
      : null;
    if (next === null) return;
    event.preventDefault();
    links[next]?.focus();
  };
  return (
    <div>
      <div ref={listRef} role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex flex-wrap gap-x-1 border-b border-slate-200">
        {tabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <Link
              key={tab.id}
              role="tab"
              id={`${panelId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              to={hrefFor(tab.id)}
              preventScrollReset
              className={cn(
                "-mb-px whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium transition-colors sm:px-4",
                selected ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
              )}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-tab-${active}`} tabIndex={0} className="pt-6 focus-visible:outline-none">
        {children}
      </div>
    </div>
  );
}
