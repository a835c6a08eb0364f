import { Prisma } from "#app/generated/prisma/client.ts";
import { transaction } from "#app/lib/db.server.ts";
import { env } from "#app/lib/env.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import type { PlatformSettingsInput } from "./schema.ts";

export type PlatformSettings = PlatformSettingsInput & { updatedAt: string | null };

/** The values the schema's defaults give, used until an operator saves the settings (the support address: SUPPORT_EMAIL). */
const defaults: Omit<PlatformSettingsInput, "supportEmail"> = {
  platformFeePercent: 10,
  minimumNoticeHours: 24,
  cancellationWindowHours: 24,
  lateCancellationRefundPercent: 50,
  holdMinutes: 15,
  maxAdvanceDays: 90,
  disputeWindowHours: 48,
  requestExpiryHours: 48,
  autoCompleteHours: 24,
  maxHoldsPerGuide: 2,
  maxHoldsPerMentee: 3,
};

/**
 * The operator's settings (row id 1): support e-mail, platform fee percentage, minimum booking notice,
 * cancellation window and the late-cancellation refund share, how long an unpaid booking holds its time and how far
 * ahead people may book. Booking and payment code reads them here.
 */
export async function getPlatformSettings(): Promise<PlatformSettings> {
  // Read by most booking, payment and billing screens: one raw statement (see "Reading raw rows" in lib/sql.server.ts).
  const [row] = await queryRows(
    settingsRow,
    Prisma.sql`
    SELECT "supportEmail", "platformFeePercent", "minimumNoticeHours", "cancellationWindowHours", "lateCancellationRefundPercent",
      "holdMinutes", "maxAdvanceDays", "disputeWindowHours", "requestExpiryHours", "autoCompleteHours", "maxHoldsPerGuide",
      "maxHoldsPerMentee", "updatedAt" FROM "PlatformSettings" WHERE id = 1`,
  );
  if (!row) return { ...defaults, supportEmail: env().SUPPORT_EMAIL, updatedAt: null };
  return { ...row, supportEmail: row.supportEmail ?? env().SUPPORT_EMAIL, updatedAt: row.updatedAt.toISOString() };
}

const settingsRow = {
  supportEmail: column.nullableText,
  platformFeePercent: column.int,
  minimumNoticeHours: column.int,
  cancellationWindowHours: column.int,
  lateCancellationRefundPercent: column.int,
  holdMinutes: column.int,
  maxAdvanceDays: column.int,
  disputeWindowHours: column.int,
  requestExpiryHours: column.int,
  autoCompleteHours: column.int,
  maxHoldsPerGuide: column.int,
  maxHoldsPerMentee: column.int,
  updatedAt: column.date,
};

export async function updatePlatformSettings(input: PlatformSettingsInput, admin: SessionUser) {
  requireAdmin(admin);
  // The server's SUPPORT_EMAIL, as the form shows it, stays a default: a later change of the variable still applies.
  const data = { ...input, supportEmail: input.supportEmail === env().SUPPORT_EMAIL ? null : input.supportEmail };
  await transaction(async (tx) => {
    const before = await tx.platformSettings.findUnique({ where: { id: 1 } });
    const after = await tx.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
    await recordAudit(tx, admin, { kind: "settings", id: 1, label: "Platform settings", action: "update", before: before ?? {}, after });
  });
  return getPlatformSettings();
}
