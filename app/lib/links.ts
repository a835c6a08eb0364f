/**
 * Every page URL the product links to, redirects to or names in a toast, spelled once (SPEC §2).
 * Keep each one exactly as app/routes.ts has it — the odd casing (`UserManagement`, `viewAddGuide`,
 * `Bookings`, `become_a_guide`, `edit-User`) is the spec's. tests/integration/links.test.ts checks
 * every link here against the route config, so renaming a route without updating this module fails.
 */

/** Sign-in pages: people go to /login, administrators to /admin/login. */
export const authLinks = {
  login: "/login",
  adminLogin: "/admin/login",
  signup: "/signup",
  verifyEmail: "/verify-email",
  resetPassword: "/reset-password",
  /** Sign-in's second step (a code from the authenticator app), and an administrator's required setup of one. */
  twoFactor: "/login/two-factor",
  twoFactorSetup: "/login/two-factor/setup",
} as const;

/** The console's home (its other pages: admin-links.ts, kept out of the pages everyone loads). */
export const adminHome = "/admin/dashboard";

const mentor = "/mentor-dashboard";

/** The mentor (guide) dashboard (app/routes/mentor/*). */
export const mentorLinks = {
  overview: mentor,
  profile: `${mentor}/profile`,
  /** The guide's articles, sermons, podcasts, videos and books (shown on their public profile). */
  content: `${mentor}/content`,
  availability: `${mentor}/availability`,
  bookings: `${mentor}/bookings`,
  messages: `${mentor}/messages`,
  /** The messages screen with one conversation open. */
  conversation: (personId: number) => `${mentor}/messages?with=${personId}` as const,
  notifications: `${mentor}/notifications`,
  pricing: `${mentor}/pricing`,
  billing: `${mentor}/billing`,
  /** A month's statement of earnings, e.g. billingStatement("2026-11"). */
  billingStatement: (month: string | number) => `${mentor}/billing/${month}` as const,
  reviews: `${mentor}/reviews`,
  settings: `${mentor}/settings`,
  query: `${mentor}/query`,
  /** Where a guide's application stands (pending, rejected or approved). */
  application: `${mentor}/application`,
} as const;

const user = "/user-dashboard";

/** The mentee (user) dashboard (app/routes/user/*). */
export const userLinks = {
  overview: user,
  bookings: `${user}/bookings`,
  /** The mentee's review of a completed session (write it, change it for 14 days, then read it). */
  bookingReview: (bookingId: number) => `${user}/bookings/${bookingId}/review` as const,
  messages: `${user}/messages`,
  /** The messages screen with one conversation open. */
  conversation: (personId: number) => `${user}/messages?with=${personId}` as const,
  notifications: `${user}/notifications`,
  mentors: `${user}/mentors`,
  settings: `${user}/settings`,
  payments: `${user}/payments`,
  /** A payment's printable receipt. */
  receipt: (paymentId: number) => `${user}/payments/${paymentId}/receipt` as const,
  profile: `${user}/profile`,
  query: `${user}/query`,
  /** A held booking's payment: its POST starts or resumes Stripe Checkout (outside the dashboard's layout). */
  payBooking: (bookingId: number) => `/checkout/booking/${bookingId}` as const,
} as const;
