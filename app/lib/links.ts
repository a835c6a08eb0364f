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
} as const;

const admin = "/admin/dashboard";

/** The admin console (app/routes/admin/*). */
export const adminLinks = {
  overview: admin,
  settings: `${admin}/settings`,
  userManagement: `${admin}/UserManagement`,
  users: `${admin}/user-management/user`,
  guides: `${admin}/user-management/guide`,
  guideRequests: `${admin}/guide-request`,
  reviews: `${admin}/all-review`,
  transactions: `${admin}/all-transactions`,
  payouts: `${admin}/payouts`,
  homePageContent: `${admin}/website-content`,
  platformPageContent: `${admin}/platform`,
  becomeAGuidePageContent: `${admin}/become_a_guide`,
  resources: `${admin}/resource-content`,
  bookings: `${admin}/Bookings`,
  addGuide: `${admin}/add-Guide`,
  editGuide: (id: number) => `${admin}/editGuide/${id}` as const,
  guideProfiles: `${admin}/viewAddGuide`,
  guideProfile: (id: number) => `${admin}/viewAddGuide/${id}` as const,
  addUser: `${admin}/add-User`,
  editUser: (id: number) => `${admin}/edit-User/${id}` as const,
  userProfile: (id: number) => `${admin}/viewuser/${id}` as const,
  bookingProfile: (id: number) => `${admin}/viewBookingPage/${id}` as const,
  peopleDirectory: `${admin}/user-guide`,
  myProfile: `${admin}/myprofile`,
  changePassword: `${admin}/change-password`,
  customerQueries: `${admin}/customer-queries`,
  faqs: `${admin}/faqs`,
  /** Blog posts and success stories: each kind's list, its new-post form and a post's edit form. */
  blog: `${admin}/blog`,
  newBlogPost: `${admin}/blog/new`,
  editBlogPost: (id: number) => `${admin}/blog/${id}/edit` as const,
  successStories: `${admin}/success-stories`,
  newSuccessStory: `${admin}/success-stories/new`,
  editSuccessStory: (id: number) => `${admin}/success-stories/${id}/edit` as const,
  messaging: `${admin}/messaging`,
  /** The messaging screen with a conversation open. */
  messageTo: (personId: number) => `${admin}/messaging?with=${personId}` as const,
  /** Mail kept without an SMTP server (OutboxMail), and one message of it. */
  outbox: `${admin}/outbox`,
  outboxMessage: (id: number) => `${admin}/outbox/${id}` as const,
} as const;

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
