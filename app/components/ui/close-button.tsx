import { X } from "#app/components/ui/icons.ts";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "./button.tsx";

/**
 * Close for a read-only page: goes back to wherever the person came from before opening it, however many
 * tabs and pages they walked inside it. Each history entry of the page remembers where that was (in its
 * history state), so a reload or a back/forward into the page keeps it. Without JavaScript, or when the
 * page was opened directly, it is a link to `fallbackHref`.
 */
export function CloseButton({ fallbackHref }: { fallbackHref: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  /** The history index of the page's first entry. */
  const start = useRef<number | null>(null);
  useEffect(() => {
    const state = (window.history.state ?? {}) as { idx?: unknown; closeTo?: unknown };
    if (typeof state.idx !== "number") return;
    const remembered = typeof state.closeTo === "number" ? state.closeTo : null;
    start.current = Math.min(remembered ?? start.current ?? state.idx, state.idx);
    if (remembered !== start.current) window.history.replaceState({ ...state, closeTo: start.current }, "");
  }, [location.key]);
  return (
    <Button variant="secondary" asChild>
      <Link
        to={fallbackHref}
        onClick={(event) => {
          const from = start.current;
          const now: unknown = window.history.state?.idx;
          if (from === null || from < 1 || typeof now !== "number") return;
          event.preventDefault();
          navigate(from - now - 1);
        }}
      >
        <X className="size-4" />
        Close
      </Link>
    </Button>
  );
}
