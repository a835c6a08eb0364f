// The user form's texts, free of zod: the public sign-up and reset pages import them into their first download, while
// the schemas that use them load only after the page has hydrated. The password rule and its hints: lib/password-rules.ts.

export const userFormMessages = {
  nameRequired: "Name is required.",
  name: "Please enter a valid name without numbers or special characters.",
  nameLength: "Name must be between 2 and 50 characters.",
  titleFormat: "Please enter a job title in letters, numbers and punctuation.",
  organisationFormat: "Please enter an organization in letters, numbers and punctuation.",
  emailRequired: "Email is required.",
  email: "Please enter a valid email address.",
  title: "Job title is required.",
  organisation: "Organization is required.",
  education: "Education is required.",
  bio: "Bio is required.",
  password: "Password must be at least 8 characters and include one capital letter.",
  passwordMismatch: "Passwords do not match.",
  confirmRequired: "Please confirm the password.",
  passwordFirst: "Please enter a password first.",
} as const;
