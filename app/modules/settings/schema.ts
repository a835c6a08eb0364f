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
  refundPercent: "Enter a whole number between 0 and 100",
  holdMinutes: "Enter a whole number of minutes between 5 and 120",
  advanceDays: "Enter a whole number of days between 1 and 365",
  requestExpiryHours: "Enter a whole number of hours between 1 and 720",
  holdsPerGuide: "Enter a whole number between 1 and 20",
  holdsPerMentee: "Enter a whole number between 1 and 50",
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
  /** Share refunded when a mentee cancels inside the cancellation window (later than it allows). */
  lateCancellationRefundPercent: wholeNumber(0, 100, settingsMessages.refundPercent),
  /** How long an unpaid booking holds its time while the mentee is at Checkout (Stripe needs at least a few minutes). */
  holdMinutes: wholeNumber(5, 120, settingsMessages.holdMinutes),
  /** The furthest ahead any guide may let people book. */
  maxAdvanceDays: wholeNumber(1, 365, settingsMessages.advanceDays),
  /** After a session is completed, how long the mentee may report a problem before the guide is paid. */
  disputeWindowHours: wholeNumber(0, 720, settingsMessages.hours),
  /** How long a request may wait for the guide's answer (it also expires at the guide's notice before its start). */
  requestExpiryHours: wholeNumber(1, 720, settingsMessages.requestExpiryHours),
  /** After a confirmed session ends, when it completes on its own unless a problem was reported. */
  autoCompleteHours: wholeNumber(0, 720, settingsMessages.hours),
  /** Unpaid holds one mentee may have at once with one guide, and in all. */
  maxHoldsPerGuide: wholeNumber(1, 20, settingsMessages.holdsPerGuide),
  maxHoldsPerMentee: wholeNumber(1, 50, settingsMessages.holdsPerMentee),
});
export type PlatformSettingsInput = z.output<typeof platformSettingsSchema>;
