import { z } from "zod";
import { timeZoneSchema } from "#app/lib/time-zone-schema.ts";
import { TIME_ZONE_MESSAGE } from "#app/lib/time-zones.ts";
import { PASSWORD_MAX_LENGTH, passwordTooLong } from "#app/lib/password-rules.ts";
import { COMMUNICATION_CHOICES, DELETE_CONFIRMATION_WORD } from "./options.ts";

// The Settings screen of both dashboards (user/settings and mentor/settings): one form per section, told apart
// by `intent`. Every message here is shown word for word beside its field.

export const settingsMessages = {
  timeZone: TIME_ZONE_MESSAGE,
  communication: "Choose e-mail or in-app",
  deleteConfirm: `Type ${DELETE_CONFIRMATION_WORD} or your password to confirm`,
} as const;


/** A checkbox: present ("on") is true, absent is false (how a form without JavaScript sends it). */
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.boolean()], { error: "Must be on or off" })
  .optional()
  .transform((value) => value === "on" || value === "true" || value === true);

/** Time zone, notifications, communication and dark mode: saved together. */
export const preferencesSchema = z.object({
  timeZone: timeZoneSchema,
  notifications: checkbox,
  communication: z.enum(COMMUNICATION_CHOICES, { error: settingsMessages.communication }),
  darkMode: checkbox,
});
export type PreferencesInput = z.output<typeof preferencesSchema>;

/** "Use …" of the time zone notice (the dashboards, the booking dialog): the zone alone. */
export const deviceZoneSchema = z.object({ timeZone: timeZoneSchema });

/** Delete my account: the word DELETE, or the person's password (checked by the server). */
export const deleteAccountSchema = z.object({
  confirmation: z
    .string({ error: settingsMessages.deleteConfirm })
    .min(1, settingsMessages.deleteConfirm)
    .max(PASSWORD_MAX_LENGTH, passwordTooLong),
});
export type DeleteAccountInput = z.output<typeof deleteAccountSchema>;
