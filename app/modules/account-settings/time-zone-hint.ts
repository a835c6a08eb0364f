import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";

/** The zone the visitor's browser last reported (its hint cookie, lib/client-hints.ts), as the server knows it. */
export const useHintedTimeZone = () => useRouteLoaderData<typeof rootLoader>("root")?.hintedTimeZone ?? null;

/** The pair of zones the time zone notice was told to keep on this device (its cookie), as the server knows it. */
export const useKeptTimeZones = () => useRouteLoaderData<typeof rootLoader>("root")?.keptTimeZones ?? null;
