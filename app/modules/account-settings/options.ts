// Settings choices and labels (zod-free: the settings screen and other modules read them).

/** User.communication: how the product reaches a person about messages and bookings. */
export const COMMUNICATION_CHOICES = ["email", "in_app"] as const;
export type Communication = (typeof COMMUNICATION_CHOICES)[number];

/** `guideHint`: where a guide's differs (only guides are paid out). */
export const COMMUNICATION_LABELS: Record<Communication, { label: string; hint: string; guideHint?: string }> = {
  email: { label: "E-mail", hint: "Messages and booking updates also arrive by e-mail." },
  in_app: {
    label: "In-app only",
    hint: "Only the notifications in your dashboard; no e-mail except what you must have (sign-in codes, receipts, security, answers to your questions).",
    guideHint: "Only the notifications in your dashboard; no e-mail except what you must have (sign-in codes, receipts and payouts, security, answers to your questions).",
  },
};

/** What a person types to confirm deleting their account (or their password). */
export const DELETE_CONFIRMATION_WORD = "DELETE";

