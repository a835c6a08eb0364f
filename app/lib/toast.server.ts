import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { env, isProduction } from "./env.server.ts";

// remix-toast's built-in cookie is signed with a public constant; ours is signed with the app's secret.
const toastSession = createCookieSessionStorage({
  cookie: {
    name: "mm_toast",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isProduction(),
    secrets: [env().SESSION_SECRET],
  },
});

/**
 * Toasts set by actions: `message` is the title (e.g. 'Action Successful'), `description` the text
 * (e.g. 'Activated successfully'). Success shows the default (green) variant, error the destructive (red) one, info
 * the brand's colour: a step still to take or a checkout left, where nothing failed.
 */
const toastUtils = createToastUtilsWithCustomSession(toastSession);
export const { redirectWithSuccess, redirectWithError, redirectWithInfo, dataWithSuccess, dataWithError } = toastUtils;

const TOAST_COOKIE = /(?:^|;\s*)mm_toast=/;

/**
 * The toast an earlier response left for this request, and the header that clears it. Most requests carry none:
 * they skip reading and re-signing an empty session (a signature per page, for nothing).
 */
export function getToast(request: Request) {
  if (!TOAST_COOKIE.test(request.headers.get("Cookie") ?? "")) return Promise.resolve({ toast: undefined, headers: new Headers() });
  return toastUtils.getToast(request);
}
