// Two-factor sign-in's texts, free of zod (schema.ts uses them; pages read them without loading zod).

export const twoFactorMessages = {
  code: "Enter the 6-digit code from your authenticator app",
  wrongCode: "That code is not right. Enter the code your authenticator app shows now, or an unused recovery code.",
  wrongSetupCode: "That code is not right. Check that the app's clock is right and enter the code it shows now.",
  codeNeeded: "This account uses two-factor sign-in: send the 6-digit code from the authenticator app (or a recovery code) as \"code\" with the email and password.",
  setupNeeded: "Administrators must set up two-factor sign-in first: sign in at /admin/login and follow the steps.",
  requiredForAdmins: "Two-factor sign-in is required for administrators and cannot be turned off.",
  requiredForSponsors: "Two-factor sign-in is required while you run an organisation's sponsorship and cannot be turned off.",
  sponsorSetupNeeded: "Your organisation's sponsorship opens once two-factor sign-in is on: turn it on here.",
  alreadyOn: "Two-factor sign-in is already on.",
  notOn: "Two-factor sign-in is not on.",
} as const;

/** How many recovery codes a person gets at setup and each time they make new ones. */
export const RECOVERY_CODE_COUNT = 10;
