import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { Toaster } from "./components/ui/toaster.tsx";
import { currentUser, loadCurrentUser } from "./lib/guards.server.ts";
import { getToast } from "./lib/toast.server.ts";

export const middleware: Route.MiddlewareFunction[] = [loadCurrentUser];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = await getToast(request);
  return data({ toast: toast ?? null, user: context.get(currentUser) }, { headers });
}

export const meta: Route.MetaFunction = () => [
  { title: "Ministry Mentors — mentoring for church and ministry leaders" },
  { name: "description", content: "Pastors and ministry leaders find experienced mentors, book sessions and grow together." },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <Toaster toast={rootData?.toast} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
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
    </main>
  );
}
