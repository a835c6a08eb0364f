import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { screenTitles } from "./lib/screens.ts";

/** A screen that is part of the product but not built yet: its title inside its area's layout. */
const upcoming = (path: string, id: keyof typeof screenTitles) =>
  path === "" ? index("routes/upcoming.tsx", { id }) : route(path, "routes/upcoming.tsx", { id });

export default [
  // Resource routes: API, images, sign-out.
  ...prefix("api", [
    route("auth/login", "routes/api/auth-login.ts"),
    layout("routes/api/admin/guard.ts", [
      ...prefix("admin", [
        route("get-user-list", "routes/api/admin/user-list.ts"),
        route(":accountType/:id/status/:action", "routes/api/admin/account-status.ts"),
        route("delete-user-by-id/:id", "routes/api/admin/delete-user.ts"),
      ]),
    ]),
    route("*", "routes/api/not-found.ts"),
  ]),
  route("images/:id", "routes/images.ts"),
  route("logout", "routes/auth/logout.ts"),

  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    upcoming("become-mentor", "public/become-mentor"),
    upcoming("reset-password", "public/reset-password"),
    upcoming("verify-email", "public/verify-email"),
    upcoming("mentor/:id", "public/mentor"),
    upcoming("search", "public/search"),
    route("find-mentor", "routes/public/find-mentor.ts"),
    upcoming("resources", "public/resources"),
    upcoming("platform", "public/platform"),
    upcoming("blog", "public/blog"),
    upcoming("faq", "public/faq"),
    upcoming("success-stories", "public/success-stories"),
    upcoming("support", "public/support"),
    upcoming("guide-application", "public/guide-application"),
    upcoming("privacy-policy", "public/privacy-policy"),
    upcoming("terms-of-service", "public/terms-of-service"),
    upcoming("cookie-policy", "public/cookie-policy"),
    upcoming("accessibility", "public/accessibility"),
    upcoming("privacy", "public/privacy"),
    upcoming("terms", "public/terms"),
    upcoming("contact", "public/contact"),
    route("unauthorized", "routes/public/unauthorized.tsx"),

    layout("routes/auth/public-only.tsx", [
      route("login", "routes/auth/login.tsx", { id: "auth/login" }),
      route("admin/login", "routes/auth/login.tsx", { id: "auth/admin-login" }),
      upcoming("signup", "auth/signup"),
    ]),
  ]),

  route("admin/dashboard", "routes/admin/layout.tsx", [
    upcoming("", "admin/overview"),
    upcoming("settings", "admin/settings"),
    route("UserManagement", "routes/admin/user-management.tsx", { id: "admin/user-management" }),
    route("user-management/user", "routes/admin/user-management.tsx", { id: "admin/users" }),
    upcoming("user-management/guide", "admin/guides"),
    upcoming("guide-request", "admin/guide-requests"),
    upcoming("all-review", "admin/reviews"),
    upcoming("all-transactions", "admin/payments"),
    upcoming("website-content", "admin/website-content"),
    upcoming("become_a_guide", "admin/become-a-guide-content"),
    upcoming("platform", "admin/platform-content"),
    upcoming("resource-content", "admin/resources"),
    upcoming("Bookings", "admin/bookings"),
    upcoming("add-Guide", "admin/guide-create"),
    upcoming("editGuide/:id", "admin/guide-edit"),
    upcoming("viewAddGuide", "admin/guide-profile-index"),
    upcoming("viewAddGuide/:id", "admin/guide-profile"),
    upcoming("add-User", "admin/user-create"),
    upcoming("edit-User/:id", "admin/user-edit"),
    upcoming("viewuser/:id", "admin/user-profile"),
    upcoming("viewBookingPage/:id", "admin/booking-profile"),
    upcoming("user-guide", "admin/people-directory"),
    upcoming("myprofile", "admin/my-profile"),
    upcoming("change-password", "admin/change-password"),
    upcoming("customer-queries", "admin/customer-queries"),
    upcoming("messaging", "admin/messaging"),
  ]),

  route("mentor-dashboard", "routes/mentor/layout.tsx", [
    upcoming("", "mentor/overview"),
    upcoming("profile", "mentor/profile"),
    upcoming("availability", "mentor/availability"),
    upcoming("bookings", "mentor/bookings"),
    upcoming("messages", "mentor/messages"),
    upcoming("pricing", "mentor/pricing"),
    upcoming("billing", "mentor/billing"),
    upcoming("reviews", "mentor/reviews"),
    upcoming("settings", "mentor/settings"),
    upcoming("query", "mentor/query"),
  ]),

  route("user-dashboard", "routes/user/layout.tsx", [
    upcoming("", "user/overview"),
    upcoming("bookings", "user/bookings"),
    upcoming("messages", "user/messages"),
    upcoming("mentors", "user/mentors"),
    upcoming("settings", "user/settings"),
    upcoming("payments", "user/payments"),
    upcoming("profile", "user/profile"),
    upcoming("query", "user/query"),
  ]),

  route("*", "routes/not-found.ts"),
] satisfies RouteConfig;
