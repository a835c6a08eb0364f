import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ErrorReference } from "./components/ui/error-reference.tsx";
import { Toaster } from "./components/ui/toaster.tsx";
import { keptTimeZones, timeZoneHint, timeZoneHintScript } from "./lib/client-hints.ts";
import { currentUser, loadCurrentUser } from "./lib/guards.server.ts";
import { useNonce } from "./lib/nonce.tsx";
import { useActionToast } from "./lib/toast.ts";
import { knownTimeZone } from "./lib/time-zones.ts";
import { getToast } from "./lib/toast.server.ts";
import { noteMatchedPattern, requestInfo } from "./lib/request-info.server.ts";
import { useFocusKeptInPage } from "./lib/use-after-navigation.ts";

export const middleware: Route.MiddlewareFunction[] = [noteMatchedPattern, loadCurrentUser];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = await getToast(request);
  const user = context.get(currentUser);
  // The zone every time on the page is drawn in (components/ui/local-time.tsx): a signed-in person's saved zone, else
  // the one the visitor's browser reports through its hint cookie (lib/client-hints.ts), else UTC.
  const hintedTimeZone = timeZoneHint(request);
  const timeZone = user ? knownTimeZone(user.timeZone) : (hintedTimeZone ?? "UTC");
  // The toast cookie is cleared only when it held a toast: no cookie on any other response, so pages can be cached.
  // The request's id, for the error page's "Reference" (the id of its log line).
  const { requestId } = context.get(requestInfo);
  return data({ toast: toast ?? null, user, timeZone, hintedTimeZone, keptTimeZones: keptTimeZones(request), requestId }, toast ? { headers } : undefined);
}

/**
 * The root's data is read again with every navigation's request, so an error page drawn after a client-side
 * navigation quotes the id of the request that failed, not of the page first loaded.
 */
export const shouldRevalidate = () => true;

export const meta: Route.MetaFunction = () => [
  { title: "Ministry Mentors — mentoring for church and ministry leaders" },
  { name: "description", content: "Pastors and ministry leaders find experienced mentors, book sessions and grow together." },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const actionToast = useActionToast();
  return (
    // Dark mode is a setting of the signed-in person (Settings); signed-out visitors get the light theme.
    <html lang="en" className={rootData?.user?.darkMode ? "dark" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Early, so a signed-out visitor's first page loads again in their zone before anything is shown. It has run by
            the time the page hydrates: the browser's bundle does without its text (React leaves a script's content). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? timeZoneHintScript({ drawnIn: rootData && !rootData.user ? rootData.timeZone : null }) : "" }}
        />
        <link rel="icon" href="data:," />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-screen">
        {children}
        <Toaster toast={actionToast ?? rootData?.toast} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useFocusKeptInPage();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let message = "An unexpected error occurred. Please try again.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : `Error ${error.status}`;
    message = typeof error.data?.message === "string" ? error.data.message : error.statusText || message;
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600">{message}</p>
      <a href="/" className="text-brand-600 underline">Go to the home page</a>
      <ErrorReference />
    </main>
  );
}
