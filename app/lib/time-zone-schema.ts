import { z } from "zod";
import { isKnownTimeZone, TIME_ZONE_MESSAGE } from "./time-zones.ts";

/** An IANA zone this runtime knows (Settings, the time zone notice's save). */
export const timeZoneSchema = z.string({ error: TIME_ZONE_MESSAGE }).trim().min(1, TIME_ZONE_MESSAGE).refine(isKnownTimeZone, TIME_ZONE_MESSAGE);

/**
 * A new account's zone (sign-up, the guide application), from two fields: `timeZone`, picked from the select a
 * browser without JavaScript shows (a zone not in the list is a form error), or `deviceTimeZone`, which the browser
 * fills in with its own zone (one this server does not know is left out: nobody could correct it on the form).
 * Neither, as from a form sent before its page ran its script: UTC. `newAccountTimeZone` reads the result.
 */
export const newAccountTimeZoneFields = {
  timeZone: timeZoneSchema.optional(),
  deviceTimeZone: z.string().optional().catch(undefined),
};

export function newAccountTimeZone({ timeZone, deviceTimeZone }: { timeZone?: string; deviceTimeZone?: string }) {
  return timeZone ?? (deviceTimeZone && isKnownTimeZone(deviceTimeZone) ? deviceTimeZone : "UTC");
}
