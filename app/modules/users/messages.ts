// The user form's texts and the live password hints, free of zod: the public sign-up and reset pages import them
// into their first download, while the schemas that use them load only after the page has hydrated.

export const PASSWORD_SPECIAL_CHARACTERS = "!@#$%^&*";

/**
 * The password policy, as the live hints under the password field show it, in their order.
 * The server enforces the same rules.
 */
export const passwordHints = [
  { message: "Password is required.", test: (password: string) => password.length > 0 },
  { message: "Password must be at least 8 characters.", test: (password: string) => password.length >= 8 },
  { message: "Password must include at least one capital letter.", test: (password: string) => /[A-Z]/.test(password) },
  { message: "Password must include at least one lowercase letter.", test: (password: string) => /[a-z]/.test(password) },
  { message: "Password must include at least one number.", test: (password: string) => /\d/.test(password) },
  { message: "Password must include at least one special character.", test: (password: string) => /[!@#$%^&*]/.test(password) },
] as const;

/** The hints still unmet by `password`, in order; an empty password only needs the first. */
export function unmetPasswordHints(password: string): string[] {
  if (!password) return [passwordHints[0].message];
  return passwordHints.filter((hint) => !hint.test(password)).map((hint) => hint.message);
}

export const userFormMessages = {
  name: "Please enter a valid name without numbers or special characters.",
  email: "Please enter a valid email address.",
  title: "Job title is required.",
  organisation: "Organization is required.",
  education: "Education is required.",
  bio: "Bio is required.",
  password: "Password must be at least 8 characters and include one capital letter.",
  passwordMismatch: "Passwords do not match.",
  passwordFirst: "Please enter a password first.",
} as const;
