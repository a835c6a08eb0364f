import { Bookmark } from "#app/components/ui/icons.ts";
import { useEffect, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { authLinks } from "#app/lib/links.ts";

/** The resource route the toggle posts to (app/routes/user/saved-mentor.ts; not a page, so not in links.ts). */
export const SAVED_MENTORS_ACTION = "/user-dashboard/mentors/saved";

/**
 * The Save / Saved toggle of a mentor (profile page, Find a Mentor cards). A mentee gets a small form posting to
 * /user-dashboard/mentors/saved: without JavaScript it goes back to this page with a toast; with it, a fetcher
 * flips the button at once (optimistic) and the server answers without a navigation. A signed-out visitor gets a
 * link to sign in and come back here; other roles get nothing. (zod-free: the public pages' budget.)
 *
 * Inside another form (Find a Mentor's results sit in its GET form, and forms cannot nest) pass `detached`: the
 * controls then name their form by id (`form=`), and the page renders <SaveMentorForm> for each mentor outside
 * its own form. Both share one fetcher through its key.
 */
export function SaveMentorToggle({
  guideId,
  guideName,
  saved,
  viewer,
  detached = false,
  className = "",
}: {
  guideId: number;
  guideName: string;
  saved: boolean;
  viewer: "signedOut" | "mentee" | "other";
  detached?: boolean;
  className?: string;
}) {
  const formId = saveFormId(guideId);
  const fetcher = useFetcher<{ saved: boolean }>({ key: formId });
  const { pathname, search } = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const here = pathname + search;
  const base =
    "relative z-10 inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";
  if (viewer === "other") return null;
  if (viewer === "signedOut") {
    return (
      <Link
        to={`${authLinks.login}?${new URLSearchParams({ redirectTo: here })}`}
        className={`${base} bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 ${className}`}
        aria-label={`Sign in to save ${guideName}`}
        title="Sign in to save this mentor"
      >
        <Bookmark className="size-4" />
        Save
      </Link>
    );
  }
  // While a toggle is on its way, show what it will be; once answered, what the server says.
  const pending = fetcher.formData?.get("intent");
  const isSaved = pending ? pending === "save" : (fetcher.data?.saved ?? saved);
  const form = detached ? formId : undefined;
  const controls = (
    <>
      <input type="hidden" form={form} name="guideId" value={guideId} />
      <input type="hidden" form={form} name="intent" value={isSaved ? "unsave" : "save"} />
      <input type="hidden" form={form} name="redirectTo" value={here} />
      {hydrated ? <input type="hidden" form={form} name="via" value="fetcher" /> : null}
      <button
        type="submit"
        form={form}
        aria-pressed={isSaved}
        aria-label={isSaved ? `Saved: remove ${guideName} from your saved mentors` : `Save ${guideName}`}
        className={`${base} ${isSaved ? "bg-brand-50 text-brand-800 ring-brand-300 hover:bg-brand-100" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
      >
        <Bookmark className={`size-4 ${isSaved ? "fill-current" : ""}`} />
        {isSaved ? "Saved" : "Save"}
      </button>
    </>
  );
  if (detached) return <div className={`relative z-10 ${className}`}>{controls}</div>;
  return (
    <fetcher.Form id={formId} method="post" action={SAVED_MENTORS_ACTION} className={`relative z-10 ${className}`} preventScrollReset>
      {controls}
    </fetcher.Form>
  );
}

const saveFormId = (guideId: number) => `save-mentor-${guideId}`;

/** The form a detached toggle submits (see SaveMentorToggle): rendered by the page outside its other forms. */
export function SaveMentorForm({ guideId }: { guideId: number }) {
  const formId = saveFormId(guideId);
  const fetcher = useFetcher({ key: formId });
  return <fetcher.Form id={formId} method="post" action={SAVED_MENTORS_ACTION} preventScrollReset hidden />;
}
