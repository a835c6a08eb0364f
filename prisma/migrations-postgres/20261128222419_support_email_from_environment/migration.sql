-- AlterTable
ALTER TABLE "PlatformSettings" ALTER COLUMN "supportEmail" DROP NOT NULL,
ALTER COLUMN "supportEmail" DROP DEFAULT;


-- The old default was a placeholder nobody reads: a setting still holding it follows SUPPORT_EMAIL from now on.
UPDATE "PlatformSettings" SET "supportEmail" = NULL WHERE "supportEmail" = 'support@example.com';
