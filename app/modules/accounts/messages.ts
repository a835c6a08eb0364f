// The account forms' texts, free of zod (schema.ts re-exports them). The verify and reset pages' notices reach the page
// through its loader data, so none of these is in a page's first download.

export const accountMessages = {
  terms: "Please accept the Terms of Service and Privacy Policy to continue.",
  code: "Enter the 6-digit code from the e-mail.",
  wrongCode: "That code is not right. Check the newest e-mail from us and try again.",
  expiredCode: "This code has expired or has already been used. Ask for a new code below.",
  tooManyTries: "Too many wrong tries for this code. Ask for a new code below.",
  resetWrongCode: "That code is not right. Check the newest e-mail from us and try again.",
  resetExpiredCode: "This code has expired or has already been used. Ask for a new code.",
  resetTooManyTries: "Too many wrong tries for this code. Ask for a new code.",
  /** Under "Enter the 6-digit code we sent to <address>." */
  codeSent: "Not in your inbox? Look in the spam folder. The code expires in 15 minutes.",
  awaitingVerification: "Your account is awaiting verification. We sent a new code to your e-mail address: enter it below to finish signing in.",
  awaitingVerificationApi: "Your account is awaiting verification. We sent a 6-digit code to your e-mail address; enter it at /verify-email.",
  resetRequested: "If an account exists for that address, we sent a code to it. The code expires in 15 minutes.",
  resendLimited: (minutes: number) =>
    `You have asked for several codes already. Please use the newest one, or wait ${minutes} minute${minutes === 1 ? "" : "s"} before asking for another.`,
} as const;
