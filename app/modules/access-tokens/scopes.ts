/** What a personal access token may do, each named for what it opens in /api/v1. */
export const TOKEN_SCOPES = [
  { value: "read", label: "Read", description: "Search mentors; read your profile, bookings, payments and receipts" },
  { value: "book", label: "Book", description: "Book, cancel and reschedule sessions; write reviews" },
  { value: "messages", label: "Messages", description: "Read and send messages" },
  { value: "schedule", label: "Schedule", description: "Guides: availability, pricing, and answering requests" },
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number]["value"];
export const SCOPE_VALUES = TOKEN_SCOPES.map((scope) => scope.value) as [TokenScope, ...TokenScope[]];

/** How long a new token lasts: its choices in Settings (days; 0 = until revoked). */
export const TOKEN_LIFETIMES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "0", label: "No expiry" },
] as const;

export const TOKEN_MESSAGES = {
  name: "Give the token a name you will recognise, up to 60 characters",
  scopes: "Choose at least one scope",
  lifetime: "Choose how long the token lasts",
  tooMany: "You have 20 active tokens: revoke one before making another",
  notFound: "Token not found",
  adminRefused: "Administrators sign in to the API with POST /api/auth/login",
  missing: "Authentication token is missing",
  invalid: "Invalid, expired or revoked token",
  scopeMissing: (scope: TokenScope) => `This token lacks the "${scope}" scope`,
  rateLimited: "Too many requests with this token. Please slow down.",
} as const;
