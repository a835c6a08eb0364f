import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { credentialsSchema } from "#app/lib/auth-schema.ts";
import * as accountSettings from "#app/modules/account-settings/schema.ts";
import * as twoFactor from "#app/modules/two-factor/schema.ts";
import * as accounts from "#app/modules/accounts/schema.ts";
import * as ownPassword from "#app/modules/accounts/password-schema.ts";
import * as adminAccount from "#app/modules/admin-account/schema.ts";
import * as bookingForm from "#app/modules/bookings/booking-schema.ts";
import * as dashboardBookings from "#app/modules/bookings/dashboard-schema.ts";
import * as faqs from "#app/modules/faqs/schema.ts";
import * as guideRequests from "#app/modules/guide-requests/schema.ts";
import * as guides from "#app/modules/guides/schema.ts";
import * as messages from "#app/modules/messages/schema.ts";
import * as notifications from "#app/modules/notifications/schema.ts";
import * as pageContent from "#app/modules/page-content/schema.ts";
import * as payments from "#app/modules/payments/schema.ts";
import * as posts from "#app/modules/posts/schema.ts";
import * as publishedContent from "#app/modules/published-content/schema.ts";
import * as queries from "#app/modules/queries/schema.ts";
import * as resources from "#app/modules/resources/schema.ts";
import * as reviews from "#app/modules/reviews/schema.ts";
import * as schedule from "#app/modules/schedule/schema.ts";
import * as settings from "#app/modules/settings/schema.ts";
import * as ownProfile from "#app/modules/users/own-profile.ts";
import * as users from "#app/modules/users/schema.ts";
import { createPerson, send, signIn } from "#tests/app.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";
import { checkEveryWay, formDataOf, halfFilled, isZodSchema, jsonOf, oneFieldTyped, typedForms } from "#tests/support/half-filled.ts";

/**
 * Half-filled forms never break a page. Every zod schema the screens and the API read (each schema file's exports,
 * found here rather than listed, so a new form is swept too) is run as the browser's live validation runs it and as
 * the API reads JSON, with what a person has on screen while filling it in: one field filled and the next still empty,
 * a row with only its date, a range with one end. Then the same forms go through the real routes.
 */

const schemaFiles = import.meta.glob(["/app/lib/*schema*.ts", "/app/modules/*/schema.ts", "/app/modules/*/*-schema.ts", "/app/modules/users/own-profile.ts"], { eager: true });

/** Schemas built from settings: made with the platform's default limits. */
const factories: Record<string, (module: Record<string, unknown>) => z.ZodType> = {
  availabilitySchema: (module) => (module.availabilitySchema as (limits: { minimumNoticeHours: number; maxAdvanceDays: number }) => z.ZodType)({ minimumNoticeHours: 24, maxAdvanceDays: 90 }),
};

const schemas = Object.entries(schemaFiles).flatMap(([file, module]) =>
  Object.entries(module as Record<string, unknown>).flatMap(([name, value]) => {
    if (isZodSchema(value)) return [{ name: `${file.replace("/app/", "")} ${name}`, schema: value }];
    if (name in factories) return [{ name: `${file.replace("/app/", "")} ${name}()`, schema: factories[name](module as Record<string, unknown>) }];
    return [];
  }),
);

// No database is involved: this part runs once, on SQLite, and npm run test:pg goes straight to the routes below.
describe.skipIf(dialect === "postgres")("every schema, half filled, as the browser and the API run it", () => {
  test("the sweep finds the forms", () => {
    const names = schemas.map((entry) => entry.name);
    for (const form of ["availabilitySchema()", "pricingSchema", "signUpSchema", "guideApplicationSchema", "createUserFormSchema", "guideCreateSchema", "changeOwnPasswordSchema"]) {
      expect(names.some((name) => name.endsWith(` ${form}`)), form).toBe(true);
    }
  });

  test.each(schemas)("$name: top to bottom, one field at a time", ({ schema }) => {
    for (const values of halfFilled(schema).forms) expect(() => checkEveryWay(schema, values), JSON.stringify(values)).not.toThrow();
  });

  test.each(schemas)("$name: one field as people type it, the rest filled", ({ schema }) => {
    for (const values of oneFieldTyped(schema)) expect(() => checkEveryWay(schema, values), JSON.stringify(values)).not.toThrow();
  });

  test.each(schemas)("$name: any mix of typed, empty and missing fields", ({ schema }) => {
    fc.assert(fc.property(typedForms(schema), (values) => { checkEveryWay(schema, values); }), { numRuns: 300, seed: 20261201 });
  });
});

// ─── Through the real routes ────────────────────────────────────────────────────────────────

type Who = "visitor" | "admin" | "guide" | "user";
/** One way a form reaches the server: a screen's form (urlencoded, as without JavaScript) or an API call (JSON). */
type Door = { label: string; path: string | ((world: World) => string); who: Who; schema: z.ZodType; fixed?: Record<string, string>; method?: string; json?: boolean; multipart?: boolean };
type World = { bookableGuideId: number; userId: number; guideId: number; bookingId: number };

const guideArea = (page: string) => `/mentor-dashboard/${page}`;
const menteeArea = (page: string) => `/user-dashboard/${page}`;
const console_ = (page: string) => `/admin/dashboard/${page}`;

const doors: Door[] = [
  { label: "sign-up", path: "/signup", who: "visitor", schema: accounts.signUpSchema },
  { label: "sign-in", path: "/login", who: "visitor", schema: credentialsSchema },
  { label: "verify e-mail", path: "/verify-email", who: "visitor", schema: accounts.verifyEmailSchema },
  { label: "verify e-mail: new code", path: "/verify-email", who: "visitor", schema: accounts.emailOnlySchema, fixed: { intent: "resend" } },
  { label: "reset: ask", path: "/reset-password", who: "visitor", schema: accounts.emailOnlySchema, fixed: { intent: "request" } },
  { label: "reset: new password", path: "/reset-password", who: "visitor", schema: accounts.resetPasswordSchema },
  { label: "guide application", path: "/guide-application", who: "visitor", schema: guideRequests.guideApplicationSchema },
  { label: "support question (visitor)", path: "/support", who: "visitor", schema: queries.visitorQuerySchema },
  { label: "support question (mentee)", path: "/support", who: "user", schema: queries.askQuerySchema },
  { label: "booking dialog", path: (world) => `/mentor/${world.bookableGuideId}/book`, who: "user", schema: bookingForm.bookingFormSchema },

  { label: "Create User", path: console_("add-User"), who: "admin", schema: users.createUserFormSchema, multipart: true },
  { label: "Edit User", path: (world) => console_(`edit-User/${world.userId}`), who: "admin", schema: users.updateUserSchema },
  { label: "Create Guide", path: console_("add-Guide"), who: "admin", schema: guides.guideCreateSchema, multipart: true },
  { label: "Edit Guide", path: (world) => console_(`editGuide/${world.guideId}`), who: "admin", schema: guides.guideUpdateSchema },
  { label: "My Profile", path: console_("myprofile"), who: "admin", schema: adminAccount.adminProfileSchema },
  { label: "Change Password", path: console_("change-password"), who: "admin", schema: ownPassword.changeOwnPasswordSchema },
  { label: "FAQ", path: console_("faqs"), who: "admin", schema: faqs.faqFormSchema, fixed: { intent: "create" } },
  { label: "resource", path: console_("resource-content"), who: "admin", schema: resources.resourceCreateSchema, fixed: { intent: "create" }, multipart: true },
  { label: "website content", path: console_("website-content"), who: "admin", schema: pageContent.pageContentFormSchema, multipart: true },
  { label: "platform settings", path: console_("settings"), who: "admin", schema: settings.platformSettingsSchema },
  { label: "blog post", path: console_("blog/new"), who: "admin", schema: posts.postFormSchema },
  { label: "guide request decision", path: console_("guide-request"), who: "admin", schema: guideRequests.decisionSchema },
  { label: "customer query answer", path: console_("customer-queries"), who: "admin", schema: queries.answerSchema, fixed: { intent: "answer", id: "1" } },
  { label: "review moderation", path: console_("all-review"), who: "admin", schema: reviews.reviewModerationSchema },
  { label: "booking refund", path: (world) => console_(`viewBookingPage/${world.bookingId}`), who: "admin", schema: payments.refundSchema },
  { label: "booking cancel", path: (world) => console_(`viewBookingPage/${world.bookingId}`), who: "admin", schema: dashboardBookings.adminCancelSchema, fixed: { intent: "cancel" } },
  { label: "problem decision", path: (world) => console_(`viewBookingPage/${world.bookingId}`), who: "admin", schema: dashboardBookings.problemDecisionSchema, fixed: { intent: "decide-problem" } },
  { label: "console message", path: console_("messaging"), who: "admin", schema: messages.sendMessageSchema },
  { label: "report resolution", path: console_("messaging"), who: "admin", schema: messages.resolveReportSchema, fixed: { intent: "resolve-report" } },

  { label: "availability", path: guideArea("availability"), who: "guide", schema: schedule.availabilitySchema({ minimumNoticeHours: 24, maxAdvanceDays: 90 }) },
  { label: "pricing", path: guideArea("pricing"), who: "guide", schema: schedule.pricingSchema },
  { label: "guide profile", path: guideArea("profile"), who: "guide", schema: guides.guideProfileSchema },
  { label: "published content", path: guideArea("content"), who: "guide", schema: publishedContent.contentFormSchema, fixed: { intent: "create" } },
  { label: "review reply", path: guideArea("reviews"), who: "guide", schema: reviews.reviewReplySchema },
  { label: "guide's booking change", path: guideArea("bookings"), who: "guide", schema: dashboardBookings.bookingChangeSchema },
  { label: "apply again", path: guideArea("application"), who: "guide", schema: guideRequests.reapplySchema },
  { label: "guide's message", path: guideArea("messages"), who: "guide", schema: messages.sendMessageSchema },
  { label: "guide's support question", path: guideArea("query"), who: "guide", schema: queries.askQuerySchema },
  { label: "guide's settings", path: guideArea("settings"), who: "guide", schema: accountSettings.preferencesSchema },
  { label: "guide's password", path: guideArea("settings"), who: "guide", schema: ownPassword.changeOwnPasswordSchema, fixed: { intent: "password" } },

  { label: "mentee profile", path: menteeArea("profile"), who: "user", schema: ownProfile.ownProfileSchema },
  { label: "mentee's booking change", path: menteeArea("bookings"), who: "user", schema: dashboardBookings.bookingChangeSchema },
  { label: "review", path: (world) => menteeArea(`bookings/${world.bookingId}/review`), who: "user", schema: reviews.reviewFormSchema },
  { label: "mentee's message", path: menteeArea("messages"), who: "user", schema: messages.sendMessageSchema },
  { label: "block", path: menteeArea("messages"), who: "user", schema: messages.blockSchema, fixed: { intent: "block" } },
  { label: "report a person", path: menteeArea("messages"), who: "user", schema: messages.reportSchema, fixed: { intent: "report" } },
  { label: "notifications", path: menteeArea("notifications"), who: "user", schema: notifications.notificationActionSchema },
  { label: "mentee's settings", path: menteeArea("settings"), who: "user", schema: accountSettings.preferencesSchema },
  { label: "mentee's time zone", path: menteeArea("settings"), who: "user", schema: accountSettings.deviceZoneSchema, fixed: { intent: "time-zone" } },
  { label: "mentee's password", path: menteeArea("settings"), who: "user", schema: ownPassword.changeOwnPasswordSchema, fixed: { intent: "password" } },
  { label: "delete my account", path: menteeArea("settings"), who: "user", schema: accountSettings.deleteAccountSchema, fixed: { intent: "delete" } },
  { label: "two-factor setup", path: menteeArea("settings/two-factor"), who: "user", schema: twoFactor.secondFactorSchema, fixed: { intent: "confirm" } },
  { label: "two-factor off", path: menteeArea("settings/two-factor"), who: "user", schema: twoFactor.turnOffSchema, fixed: { intent: "turn-off" } },

  { label: "API sign-in", path: "/api/auth/login", who: "visitor", schema: credentialsSchema, json: true, method: "POST" },
  { label: "API sign-in with a code", path: "/api/auth/login", who: "visitor", schema: twoFactor.apiSignInSchema, json: true, method: "POST" },
  { label: "API create-user", path: "/api/admin/create-user", who: "admin", schema: users.createUserSchema, json: true, method: "POST" },
  { label: "API update-user", path: (world) => `/api/admin/update-user-by-id/${world.userId}`, who: "admin", schema: users.updateUserSchema, json: true, method: "PUT" },
  { label: "API create-mentor", path: "/api/admin/create-mentor", who: "admin", schema: guides.guideCreateSchema, json: true, method: "POST" },
  { label: "API update-mentor", path: (world) => `/api/admin/update-mentor-by-id/${world.guideId}`, who: "admin", schema: guides.guideUpdateSchema, json: true, method: "PUT" },
  { label: "API faq/create", path: "/api/admin/faq/create", who: "admin", schema: faqs.faqCreateSchema, json: true, method: "POST" },
  { label: "API home-content", path: "/api/admin/home-content/quotes", who: "admin", schema: pageContent.pageContentUpdateSchema, json: true, method: "PUT" },
  { label: "API update-admin-profile", path: "/api/admin/update-admin-profile", who: "admin", schema: adminAccount.adminProfileSchema, json: true, method: "PUT" },
  { label: "API change-password", path: "/api/admin/change-password", who: "admin", schema: ownPassword.changeOwnPasswordSchema, json: true, method: "PUT" },
  { label: "API answer", path: "/api/admin/answer/1", who: "admin", schema: queries.answerSchema, json: true, method: "PUT" },
  { label: "API cancel-booking", path: (world) => `/api/admin/cancel-booking/${world.bookingId}`, who: "admin", schema: dashboardBookings.adminCancelApiSchema, json: true, method: "POST" },
  { label: "API problem-decision", path: (world) => `/api/admin/problem-decision/${world.bookingId}`, who: "admin", schema: dashboardBookings.problemDecisionApiSchema, json: true, method: "POST" },
];

let world: World;

/** Someone to send the door's forms as: a new person for each door, so a changed password or a deleted account stays there. */
async function sessionFor(who: Who) {
  if (who === "visitor") return {};
  const person = await signIn(who);
  if (who === "guide") await prisma.guideProfile.create({ data: { userId: person.person.id, hourlyRateCents: 5000 } });
  return person;
}

beforeAll(async () => {
  const guide = await createBookableGuide();
  const mentee = await createPerson("user");
  const editedGuide = await createPerson("guide");
  await prisma.guideProfile.create({ data: { userId: editedGuide.id, hourlyRateCents: 5000, phone: "+15035550147" } });
  const booking = await prisma.booking.create({
    data: { userId: mentee.id, guideId: guide.id, startsAt: new Date(Date.now() - 3 * 86_400_000), topic: "Half-filled forms", status: "completed", rateCents: 0, paymentStatus: "unpaid", durationMinutes: 60 },
  });
  world = { bookableGuideId: guide.id, userId: mentee.id, guideId: editedGuide.id, bookingId: booking.id };
});

function sendDoor(door: Door, session: { cookie?: string; token?: string }, values: Record<string, string | undefined>) {
  const path = typeof door.path === "function" ? door.path(world) : door.path;
  const headers: Record<string, string> = { Origin: "http://localhost" };
  if (door.json) {
    headers["Content-Type"] = "application/json";
    return send(path, { method: door.method ?? "POST", headers, token: session.token, body: JSON.stringify(jsonOf(values)) });
  }
  const entries = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const body = door.multipart ? formDataOf(values) : new URLSearchParams(entries);
  return send(path, { method: door.method ?? "POST", headers, cookie: session.cookie, body });
}

describe("every form, half filled, through its route", () => {
  test.each(doors)("$label: no answer is a 5xx", async (door) => {
    const session = await sessionFor(door.who);
    const { forms } = halfFilled(door.schema, door.fixed);
    const failures: string[] = [];
    for (const values of forms) {
      const response = await sendDoor(door, session, values);
      if (response.status >= 500) failures.push(`${response.status} for ${JSON.stringify(values)}`);
      await response.body?.cancel();
    }
    expect(failures).toEqual([]);
    // A door sends one request per half-filled form (dozens for sign-up, each hashing a password when it passes).
  }, 60_000);
});
