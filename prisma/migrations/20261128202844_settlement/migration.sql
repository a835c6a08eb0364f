-- AlterTable
ALTER TABLE "User" ADD COLUMN "termsAcceptedAt" DATETIME;
ALTER TABLE "User" ADD COLUMN "termsVersion" TEXT;

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN "answerBy" DATETIME;
ALTER TABLE "Booking" ADD COLUMN "completedAt" DATETIME;

-- CreateTable
CREATE TABLE "PayoutAccount" (
    "guideId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "stripeAccountId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'details_needed',
    "requirements" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PayoutAccount_guideId_fkey" FOREIGN KEY ("guideId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Payout" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "bookingId" INTEGER NOT NULL,
    "paymentId" INTEGER NOT NULL,
    "guideId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'held',
    "feePercent" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "reversedCents" INTEGER NOT NULL DEFAULT 0,
    "overAt" DATETIME,
    "stripeTransferId" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "retryAt" DATETIME,
    "lastError" TEXT,
    "paidAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Payout_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Payout_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Payout_guideId_fkey" FOREIGN KEY ("guideId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProblemReport" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "bookingId" INTEGER NOT NULL,
    "reporterId" INTEGER NOT NULL,
    "guideId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "details" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "contestBy" DATETIME NOT NULL,
    "guideReply" TEXT,
    "contestedAt" DATETIME,
    "outcome" TEXT,
    "refundCents" INTEGER,
    "decidedById" INTEGER,
    "decidedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ProblemReport_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProblemReport_reporterId_fkey" FOREIGN KEY ("reporterId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "ProblemReport_guideId_fkey" FOREIGN KEY ("guideId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "ProblemReport_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_PlatformSettings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "supportEmail" TEXT NOT NULL DEFAULT 'support@example.com',
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
INSERT INTO "new_PlatformSettings" ("cancellationWindowHours", "holdMinutes", "id", "lateCancellationRefundPercent", "maxAdvanceDays", "minimumNoticeHours", "platformFeePercent", "supportEmail", "updatedAt") SELECT "cancellationWindowHours", "holdMinutes", "id", "lateCancellationRefundPercent", "maxAdvanceDays", "minimumNoticeHours", "platformFeePercent", "supportEmail", "updatedAt" FROM "PlatformSettings";
DROP TABLE "PlatformSettings";
ALTER TABLE "new_PlatformSettings" RENAME TO "PlatformSettings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "PayoutAccount_stripeAccountId_key" ON "PayoutAccount"("stripeAccountId");

-- CreateIndex
CREATE UNIQUE INDEX "Payout_bookingId_key" ON "Payout"("bookingId");

-- CreateIndex
CREATE UNIQUE INDEX "Payout_paymentId_key" ON "Payout"("paymentId");

-- CreateIndex
CREATE UNIQUE INDEX "Payout_stripeTransferId_key" ON "Payout"("stripeTransferId");

-- CreateIndex
CREATE INDEX "Payout_status_overAt_idx" ON "Payout"("status", "overAt");

-- CreateIndex
CREATE INDEX "Payout_status_createdAt_id_idx" ON "Payout"("status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Payout_guideId_createdAt_idx" ON "Payout"("guideId", "createdAt");

-- CreateIndex
CREATE INDEX "Payout_guideId_status_idx" ON "Payout"("guideId", "status");

-- CreateIndex
CREATE INDEX "Payout_createdAt_id_idx" ON "Payout"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Payout_overAt_id_idx" ON "Payout"("overAt", "id");

-- CreateIndex
CREATE INDEX "Payout_paidAt_id_idx" ON "Payout"("paidAt", "id");

-- CreateIndex
CREATE INDEX "Payout_amountCents_id_idx" ON "Payout"("amountCents", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ProblemReport_bookingId_key" ON "ProblemReport"("bookingId");

-- CreateIndex
CREATE INDEX "ProblemReport_status_contestBy_idx" ON "ProblemReport"("status", "contestBy");

-- CreateIndex
CREATE INDEX "ProblemReport_guideId_kind_outcome_idx" ON "ProblemReport"("guideId", "kind", "outcome");

-- CreateIndex
CREATE INDEX "ProblemReport_reporterId_idx" ON "ProblemReport"("reporterId");

-- CreateIndex
CREATE INDEX "ProblemReport_decidedById_idx" ON "ProblemReport"("decidedById");

-- CreateIndex
CREATE INDEX "Booking_status_startsAt_idx" ON "Booking"("status", "startsAt");

-- CreateIndex
CREATE INDEX "Booking_answerBy_idx" ON "Booking"("answerBy");


-- Every paid session of before payouts existed gets its payout: held while the session is ahead, releasing once it is
-- over (completed, missed, or cancelled late with part of the price kept), nothing to pay when refunded in full.
INSERT INTO "Payout" ("bookingId", "paymentId", "guideId", "status", "feePercent", "amountCents", "overAt", "createdAt", "updatedAt")
SELECT p."bookingId", p.id, p."guideId",
  CASE WHEN p."refundedCents" >= p."amountCents" THEN 'cancelled' WHEN b.status IN ('held', 'requested', 'confirmed') THEN 'held' ELSE 'releasing' END,
  f.fee,
  MAX(p."amountCents" - p."refundedCents", 0) - CAST(ROUND(MAX(p."amountCents" - p."refundedCents", 0) * f.fee / 100.0) AS INTEGER),
  CASE WHEN p."refundedCents" >= p."amountCents" OR b.status IN ('held', 'requested', 'confirmed') THEN NULL
    ELSE COALESCE(b."cancelledAt", b."startsAt", p."paidAt", p."createdAt") END,
  COALESCE(p."paidAt", p."createdAt"), COALESCE(p."paidAt", p."createdAt")
FROM "Payment" p
JOIN "Booking" b ON b.id = p."bookingId"
CROSS JOIN (SELECT COALESCE((SELECT "platformFeePercent" FROM "PlatformSettings" WHERE id = 1), 10) AS fee) f
WHERE p.status = 'succeeded' AND p.id = (SELECT MAX(q.id) FROM "Payment" q WHERE q."bookingId" = p."bookingId" AND q.status = 'succeeded')
  AND NOT EXISTS (SELECT 1 FROM "Payout" x WHERE x."bookingId" = p."bookingId");

-- Sessions completed before the date was kept: their end. Requests waiting for an answer: the deadline they have now.
UPDATE "Booking" SET "completedAt" = strftime('%Y-%m-%dT%H:%M:%f+00:00', "startsAt", '+' || "durationMinutes" || ' minutes')
WHERE status = 'completed' AND "startsAt" IS NOT NULL AND "completedAt" IS NULL;
UPDATE "Booking" SET "answerBy" = MIN(
  strftime('%Y-%m-%dT%H:%M:%f+00:00', "createdAt", '+48 hours'),
  strftime('%Y-%m-%dT%H:%M:%f+00:00', "startsAt", '-' || COALESCE((SELECT g."noticeHours" FROM "GuideProfile" g WHERE g."userId" = "Booking"."guideId"), 24) || ' hours'))
WHERE status = 'requested' AND "startsAt" IS NOT NULL AND "answerBy" IS NULL;
