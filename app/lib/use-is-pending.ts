import { useFormAction, useNavigation } from "react-router";

const pathOf = (action: string) => new URL(action, "http://localhost").pathname;

type PendingOptions = {
  formAction?: string;
  formMethod?: "POST" | "GET" | "PUT" | "PATCH" | "DELETE";
  state?: "submitting" | "loading" | "non-idle";
  intent?: string;
  match?: (formData: FormData) => boolean;
};

/**
 * Whether a form of this screen is being sent (and, by default, until the page it leads to has loaded):
 * the one way a screen shows 'Saving…' or disables its submit button. Like the Epic Stack's helper.
 * - `formAction`: the action's path (default: the current route's);
 * - `formMethod`: default POST;
 * - `state`: 'submitting', 'loading' or 'non-idle' (default: either);
 * - `intent`: only a submission whose `intent` field has this value;
 * - `match`: any other test of the submitted form data (e.g. which row's button was pressed).
 */
export function useIsPending(options: PendingOptions = {}) {
  return usePendingFormData(options) !== null;
}

/** The form data being sent when `useIsPending(options)` holds, else null: tells which row's button was pressed. */
export function usePendingFormData({ formAction, formMethod = "POST", state = "non-idle", intent, match }: PendingOptions = {}) {
  const contextualFormAction = useFormAction();
  const navigation = useNavigation();
  const inState = state === "non-idle" ? navigation.state !== "idle" : navigation.state === state;
  if (!inState || !navigation.formAction || !navigation.formData) return null;
  if (navigation.formMethod !== formMethod) return null;
  if (pathOf(navigation.formAction) !== pathOf(formAction ?? contextualFormAction)) return null;
  if (intent !== undefined && navigation.formData.get("intent") !== intent) return null;
  return !match || match(navigation.formData) ? navigation.formData : null;
}
