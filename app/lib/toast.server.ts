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
 * (e.g. 'Activated successfully'). Success shows the default (green) variant, error the destructive (red) one.
 */
export const { getToast, redirectWithSuccess, redirectWithError, dataWithSuccess, dataWithError } =
  createToastUtilsWithCustomSession(toastSession);
