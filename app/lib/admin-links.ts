/**
 * Every page URL of the admin console (app/routes/admin/*), spelled once (SPEC §2), kept apart from the links every
 * page carries (links.ts) so the public pages' scripts do not hold the console's. The odd casing (`UserManagement`,
 * `viewAddGuide`, `Bookings`, `become_a_guide`, `edit-User`) is the spec's; tests/integration/links.test.ts checks
 * each against the route config.
 */

import { adminHome as admin } from "./links.ts";

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
  twoFactor: `${admin}/two-factor`,
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
  /** The admin's saved views of the lists (rename, delete). */
  savedViews: `${admin}/saved-views`,
  /** The confidentiality covenant between mentees and mentors: its versions, and publishing the next. */
  covenant: `${admin}/covenant`,
  /** Who changed what (AuditEntry). */
  auditLog: `${admin}/audit-log`,
  /** Churches and other organisations people belong to: the list, one organisation, and merging it into another. */
  organisations: `${admin}/organisations`,
  organisation: (id: number) => `${admin}/organisations/${id}` as const,
  mergeOrganisation: (id: number) => `${admin}/organisations/${id}/merge` as const,
  /** A list's bulk change (its confirmation without JavaScript). */
  bulk: (list: string | number) => `${admin}/bulk/${list}` as const,
} as const;
