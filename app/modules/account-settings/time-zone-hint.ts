import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";

/** The zone the visitor's browser last reported (its hint cookie, lib/client-hints.ts), as the server knows it. */
export const useHintedTimeZone = () => useRouteLoaderData<typeof rootLoader>("root")?.hintedTimeZone ?? null;
