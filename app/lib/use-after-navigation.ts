import { useEffect, useEffectEvent, useRef } from "react";
import { useLocation, useNavigation } from "react-router";

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

/**
 * When a navigation ends (a link followed, a form saved whether or not it leads elsewhere), focus that fell to the page
 * body goes back to the button that submitted the form, when it or its form's redrawing is still on the page (disabled
 * while saving, it lost the focus), else to the page's main content (the button went with what it changed: a request's
 * Approve with its row, Save rules to the overview). Without scrolling: the next Tab continues from there, and a screen
 * reader says where the person is, rather than starting again at the top of the page.
 */
export function useFocusKeptInPage() {
  const navigation = useNavigation();
  const submitted = useRef<{ button: HTMLElement | null; formId: string; index: number } | null>(null);
  const under = useRef<"link" | "form" | null>(null);
  useEffect(() => {
    const remember = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement;
      submitted.current = { button: event.submitter, formId: form.id, index: submitButtons(form).indexOf(event.submitter!) };
    };
    document.addEventListener("submit", remember, true);
    return () => document.removeEventListener("submit", remember, true);
  }, []);
  useEffect(() => {
    if (navigation.state !== "idle") {
      under.current = navigation.formMethod ? "form" : (under.current ?? "link");
      return;
    }
    const ended = under.current;
    const button = ended === "form" ? submitButtonAgain(submitted.current) : null;
    under.current = null;
    submitted.current = null;
    if (!ended || document.activeElement !== document.body) return;
    (button && !button.matches(":disabled") ? button : document.getElementById("main"))?.focus({ preventScroll: true });
  }, [navigation.state, navigation.formMethod]);
}

const submitButtons = (form: HTMLFormElement) => [...form.querySelectorAll<HTMLElement>("button:not([type]), button[type=submit], input[type=submit]")];

/** The button that submitted, or its place in the same form drawn again (a form keyed by what it saved is new). */
function submitButtonAgain(submitted: { button: HTMLElement | null; formId: string; index: number } | null) {
  if (!submitted) return null;
  if (submitted.button?.isConnected) return submitted.button;
  const form = submitted.formId ? document.getElementById(submitted.formId) : null;
  return form instanceof HTMLFormElement && submitted.index >= 0 ? (submitButtons(form)[submitted.index] ?? null) : null;
}
