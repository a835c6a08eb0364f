import type { Route } from "./+types/guard";
import { requireApiAdmin } from "#app/lib/guards.server.ts";

// Every /api/admin/* call: a token in Authorization that belongs to an administrator.
export const middleware: Route.MiddlewareFunction[] = [requireApiAdmin];
