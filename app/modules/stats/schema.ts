import { z } from "zod";
import { dateRange, rangeInOrder } from "#app/lib/date-range.ts";

/**
 * The period of the overview's health figures (the screen's `?from&to` and GET /api/admin/dashboard/health): days of
 * the admin's zone, both included; either end may be left out (`resolvePeriod`, health.server.ts).
 */
export const healthPeriodSchema = z.object(dateRange()).superRefine(rangeInOrder);
