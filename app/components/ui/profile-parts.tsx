import type { ReactNode } from "react";
import { isRouteErrorResponse, useLocation, useParams } from "react-router";
import { parseId } from "#app/lib/id.ts";
import { cn } from "#app/lib/cn.ts";
import { Avatar } from "./avatar.tsx";
import { CloseButton } from "./close-button.tsx";
import { LinkTabs, tabFrom, type LinkTab } from "./link-tabs.tsx";

/** A white card with a heading: the sections of a profile's General Info. */
/** The top of a profile's General Info: the person's picture, name and one line under it. */
export function ProfileHeading({ imageId, name, subtitle }: { imageId: string | null; name: string; subtitle: string }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row">
      <Avatar imageId={imageId} name={name} className="size-24" />
      <div className="text-center sm:text-left">
        <h2 className="text-xl font-semibold text-slate-900">{name}</h2>
        <p className="text-sm text-slate-600">{subtitle}</p>
      </div>
    </div>
  );
}

export function ProfileSection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={cn("rounded-xl border border-slate-200 bg-white p-5 shadow-sm", className)}>
      <h3 id={id} className="mb-4 text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** A label and its value; an empty value reads 'N/A' (or the given fallback). */
export function ProfileField({ label, value, fallback = "N/A", wide }: { label: string; value: ReactNode; fallback?: string; wide?: boolean }) {
  const empty = value === null || value === undefined || (typeof value === "string" && value.trim() === "");
  return (
    <div className={cn("grid gap-1", wide && "sm:col-span-2")}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="whitespace-pre-line text-sm text-slate-900">{empty ? fallback : value}</dd>
    </div>
  );
}

/**
 * A person's profile in the console (User Profile, Guide Profile): the title and the person's name, a Close button,
 * and the tabs around the open tab's panel, which is null while that tab is still loading (its `loadingText` then).
 */
export function ProfileScreen<T extends string>({
  title,
  name,
  closeHref,
  tabs,
  active,
  label,
  loadingText,
  panel,
}: {
  title: string;
  name: string;
  closeHref: string;
  tabs: readonly LinkTab<T>[];
  active: T;
  /** The tab list's name, "User profile"; its panel's id follows from it. */
  label: string;
  loadingText: Record<T, string>;
  panel: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-6 flex items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{name}</p>
        </div>
        <CloseButton fallbackHref={closeHref} />
      </div>
      <LinkTabs tabs={tabs} active={active} label={label} panelId={`${label.toLowerCase().replaceAll(" ", "-")}-panel`}>
        {panel ?? <p role="status" className="rounded-xl border border-slate-200 bg-white p-10 text-center text-sm text-slate-500 shadow-sm">{loadingText[active]}</p>}
      </LinkTabs>
    </div>
  );
}

export const cellClass = "px-4 py-3 text-slate-700";

/**
 * A profile page that failed to load (the route's ErrorBoundary): the failure text, Retry (loads the same
 * URL again) and a way out. Works without JavaScript.
 */
/**
 * Whether loading the page again could help: a failure on the server's side, yes; a refusal of the address
 * itself (a 4xx: a malformed id, a bad list parameter, someone missing) would only fail the same way again.
 */
export function isRetryable(error: unknown) {
  return !(isRouteErrorResponse(error) && error.status >= 400 && error.status < 500);
}

export function ProfileError({
  title,
  message,
  retryHref,
  resetHref,
  backHref,
  backLabel,
}: {
  title: string;
  message: string;
  retryHref?: string;
  resetHref?: string;
  backHref: string;
  backLabel: string;
}) {
  const link = "font-medium text-brand-700 underline underline-offset-2";
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
      <div className="rounded-xl border border-red-200 bg-white p-6 shadow-sm">
        <p role="alert" className="text-sm text-red-700">{message}</p>
        <p className="mt-4 flex flex-wrap gap-4 text-sm">
          {retryHref ? <a href={retryHref} className={link}>Retry</a> : null}
          {resetHref ? <a href={resetHref} className={link}>Reset the list</a> : null}
          <a href={backHref} className={link}>{backLabel}</a>
        </p>
      </div>
    </div>
  );
}

/**
 * A profile route's ErrorBoundary: a person who is not there (404) with the way back; otherwise the open
 * tab's failure text with Retry, Reset the list (on a list tab) and the way back.
 */
type ProfileErrorTexts<T extends string> = {
  title: string;
  notFoundText: string;
  tabs: readonly LinkTab<T>[];
  failureText: Record<T, (message: string | undefined) => string>;
  backHref: string;
  backLabel: string;
};

/** A profile screen's `ErrorBoundary` export, saying what went wrong in the open tab's words. */
export function profileErrorBoundary<T extends string>(texts: ProfileErrorTexts<T>) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    return <ProfileErrorBoundary error={error} {...texts} />;
  };
}

function ProfileErrorBoundary<T extends string>({ error, title, notFoundText, tabs, failureText, backHref, backLabel }: ProfileErrorTexts<T> & { error: unknown }) {
  const location = useLocation();
  const params = useParams();
  const message = isRouteErrorResponse(error) && typeof error.data?.message === "string" ? (error.data.message as string) : undefined;
  // Someone missing, or an address whose id is not an id at all: loading it again cannot help, so no Retry.
  if (isRouteErrorResponse(error) && (error.status === 404 || (params.id !== undefined && parseId(params.id) === null))) {
    return <ProfileError title={title} message={message ?? notFoundText} backHref={backHref} backLabel={backLabel} />;
  }
  const tab = tabFrom(location.search, tabs);
  return (
    <ProfileError
      title={title}
      message={failureText[tab](message)}
      retryHref={location.pathname + location.search}
      resetHref={tab === tabs[0].id ? undefined : `${location.pathname}?tab=${tab}`}
      backHref={backHref}
      backLabel={backLabel}
    />
  );
}
