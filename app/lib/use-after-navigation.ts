import { useEffect, useEffectEvent, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Runs `onNavigation` each time the person goes to a page (the same one again included), never when the page
 * first hydrates: a menu or panel opened on a slow phone before the page became interactive stays open.
 */
export function useAfterNavigation(onNavigation: () => void) {
  const { key } = useLocation();
  const shown = useRef(key);
  const run = useEffectEvent(onNavigation);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    run();
  }, [key]);
}
