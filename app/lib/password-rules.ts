/**
 * The password rule of every form and the API (sign-up, reset, the guide application, the console's user and guide
 * forms, both Settings screens, the admin's Change Password): one definition, read by the schemas (browser and server,
 * before any hashing) and by the hint every new-password field shows. Free of zod, so public pages show the hint and
 * the live hints in their first download.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The special characters a password needs one of: SPEC §5's two lists (the guide form's and the user form's) as one. */
export const PASSWORD_SPECIAL_CHARACTERS = "!@#$%^&*?";

export const passwordTooLong = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const passwordUnchanged = "New password must be different from the current password";

/** The hint under every new-password field. */
export const PASSWORD_RULE_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters, with a capital letter, a lowercase letter, a number and one of ${PASSWORD_SPECIAL_CHARACTERS.split("").join(" ")}`;

const hasSpecial = (password: string) => [...password].some((character) => PASSWORD_SPECIAL_CHARACTERS.includes(character));

/**
 * The rule, part by part, as the live hints under a password field name them (SPEC §5 'User form', in its order).
 * A password meets the rule when it passes every part and is at most PASSWORD_MAX_LENGTH long.
 */
export const passwordHints = [
  { message: "Password is required.", test: (password: string) => password.length > 0 },
  { message: "Password must be at least 8 characters.", test: (password: string) => password.length >= PASSWORD_MIN_LENGTH },
  { message: "Password must include at least one capital letter.", test: (password: string) => /[A-Z]/.test(password) },
  { message: "Password must include at least one lowercase letter.", test: (password: string) => /[a-z]/.test(password) },
  { message: "Password must include at least one number.", test: (password: string) => /\d/.test(password) },
  { message: "Password must include at least one special character.", test: hasSpecial },
] as const;

/** The hints still unmet by `password`, in order; an empty password only needs the first. */
export function unmetPasswordHints(password: string): string[] {
  if (!password) return [passwordHints[0].message];
  return passwordHints.filter((hint) => !hint.test(password)).map((hint) => hint.message);
}

/** Whether a new password meets the rule. */
export const meetsPasswordRule = (password: string) => password.length <= PASSWORD_MAX_LENGTH && passwordHints.every((hint) => hint.test(password));
