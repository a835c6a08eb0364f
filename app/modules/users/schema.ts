import { z } from "zod";
import type { ListDefaults } from "#app/lib/list.ts";

export const userListDefaults = {
  sortable: ["name", "email", "organisation", "status"],
  defaultSort: "name",
  defaultOrder: "asc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<"name" | "email" | "organisation" | "status">;

export type UserSort = (typeof userListDefaults.sortable)[number];

const id = z.coerce
  .number({ error: "Invalid id: expected a positive whole number" })
  .int("Invalid id: expected a positive whole number")
  .positive("Invalid id: expected a positive whole number");

export const accountTypes = ["user", "guide"] as const;
export const statusActions = ["active", "inactive"] as const;

/** PATCH /api/admin/{accountType}/{id}/status/{action}, and the status switch of the lists. */
export const statusChangeSchema = z.object({
  accountType: z.enum(accountTypes, { error: "accountType must be user or guide" }),
  id,
  action: z.enum(statusActions, { error: "action must be active or inactive" }),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const isVerifiedFilterSchema = z
  .enum(["true", "false"], { error: "isVerified must be true or false" })
  .transform((value) => value === "true")
  .optional();

export const userIdSchema = z.object({ id });
