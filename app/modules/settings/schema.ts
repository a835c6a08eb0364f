import { z } from "zod";

const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    z
      .string({ error: message })
      .trim()
      .regex(/^\d+$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message)),
  );

export const settingsMessages = {
  supportEmailRequired: "Support email is required",
  supportEmailFormat: "Invalid email format",
  fee: "Enter a whole number between 0 and 50",
  hours: "Enter a whole number of hours between 0 and 720",
} as const;

/** The console's Settings form: what booking and payment code reads through getPlatformSettings(). */
export const platformSettingsSchema = z.object({
  supportEmail: z
    .string({ error: settingsMessages.supportEmailRequired })
    .trim()
    .min(1, settingsMessages.supportEmailRequired)
    .toLowerCase()
    .pipe(z.email(settingsMessages.supportEmailFormat)),
  platformFeePercent: wholeNumber(0, 50, settingsMessages.fee),
  minimumNoticeHours: wholeNumber(0, 720, settingsMessages.hours),
  cancellationWindowHours: wholeNumber(0, 720, settingsMessages.hours),
});
export type PlatformSettingsInput = z.output<typeof platformSettingsSchema>;
