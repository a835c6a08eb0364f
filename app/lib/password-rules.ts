/** Password rules every form and API shares (browser and server); checked by the schemas, before any hashing. */
export const PASSWORD_MAX_LENGTH = 128;
export const passwordTooLong = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const passwordUnchanged = "New password must be different from the current password";
