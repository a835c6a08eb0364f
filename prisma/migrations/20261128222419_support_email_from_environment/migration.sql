-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_PlatformSettings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "supportEmail" TEXT,
    "platformFeePercent" INTEGER NOT NULL DEFAULT 10,
    "minimumNoticeHours" INTEGER NOT NULL DEFAULT 24,
    "cancellationWindowHours" INTEGER NOT NULL DEFAULT 24,
    "lateCancellationRefundPercent" INTEGER NOT NULL DEFAULT 50,
    "holdMinutes" INTEGER NOT NULL DEFAULT 15,
    "maxAdvanceDays" INTEGER NOT NULL DEFAULT 90,
    "disputeWindowHours" INTEGER NOT NULL DEFAULT 48,
    "requestExpiryHours" INTEGER NOT NULL DEFAULT 48,
    "autoCompleteHours" INTEGER NOT NULL DEFAULT 24,
    "maxHoldsPerGuide" INTEGER NOT NULL DEFAULT 2,
    "maxHoldsPerMentee" INTEGER NOT NULL DEFAULT 3,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_PlatformSettings" ("autoCompleteHours", "cancellationWindowHours", "disputeWindowHours", "holdMinutes", "id", "lateCancellationRefundPercent", "maxAdvanceDays", "maxHoldsPerGuide", "maxHoldsPerMentee", "minimumNoticeHours", "platformFeePercent", "requestExpiryHours", "supportEmail", "updatedAt") SELECT "autoCompleteHours", "cancellationWindowHours", "disputeWindowHours", "holdMinutes", "id", "lateCancellationRefundPercent", "maxAdvanceDays", "maxHoldsPerGuide", "maxHoldsPerMentee", "minimumNoticeHours", "platformFeePercent", "requestExpiryHours", "supportEmail", "updatedAt" FROM "PlatformSettings";
DROP TABLE "PlatformSettings";
ALTER TABLE "new_PlatformSettings" RENAME TO "PlatformSettings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- The old default was a placeholder nobody reads: a setting still holding it follows SUPPORT_EMAIL from now on.
UPDATE "PlatformSettings" SET "supportEmail" = NULL WHERE "supportEmail" = 'support@example.com';
