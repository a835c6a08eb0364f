import { useFetcher } from "react-router";
import { cn } from "#app/lib/cn.ts";

/**
 * An account's active/inactive switch. It is a real form (a submit button with role="switch"), so it
 * works before JavaScript loads; with JavaScript it flips at once while the server confirms.
 */
export function StatusSwitch({ id, active, name, subject = "account" }: { id: number; active: boolean; name: string; subject?: string }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("status");
  const shownActive = pending ? pending === "active" : active;
  return (
    <fetcher.Form method="post" preventScrollReset className="inline-flex items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="status"
        value={shownActive ? "inactive" : "active"}
        role="switch"
        aria-checked={shownActive}
        aria-label={`${name}: ${subject} ${shownActive ? "active" : "inactive"}`}
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
          shownActive ? "bg-green-600" : "bg-slate-300",
        )}
      >
        <span className={cn("inline-block size-5 rounded-full bg-white shadow transition-transform", shownActive ? "translate-x-5" : "translate-x-0.5")} />
      </button>
      <span className={cn("whole-words text-xs font-medium", shownActive ? "text-green-700" : "text-slate-500")}>{shownActive ? "Active" : "Inactive"}</span>
    </fetcher.Form>
  );
}
