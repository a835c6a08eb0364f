import { adminHome, mentorLinks, userLinks } from "./links.ts";

export const roles = ["user", "guide", "admin"] as const;
export type Role = (typeof roles)[number];

/** The dashboard each role lands on. */
export const dashboardFor: Record<Role, string> = {
  admin: adminHome,
  guide: mentorLinks.overview,
  user: userLinks.overview,
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}
