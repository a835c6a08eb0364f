-- AlterTable
ALTER TABLE "User" ADD COLUMN     "termsAcceptedAt" TIMESTAMP(3),
ADD COLUMN     "termsVersion" TEXT;

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "answerBy" TIMESTAMP(3),
ADD COLUMN     "completedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "PlatformSettings" ADD COLUMN     "autoCompleteHours" INTEGER NOT NULL DEFAULT 24,
ADD COLUMN     "disputeWindowHours" INTEGER NOT NULL DEFAULT 48,
ADD COLUMN     "maxHoldsPerGuide" INTEGER NOT NULL DEFAULT 2,
ADD COLUMN     "maxHoldsPerMentee" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "requestExpiryHours" INTEGER NOT NULL DEFAULT 48;

-- CreateTable
CREATE TABLE "PayoutAccount" (
    "guideId" INTEGER NOT NULL,
    "stripeAccountId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'details_needed',
    "requirements" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PayoutAccount_pkey" PRIMARY KEY ("guideId")
);

-- CreateTable
CREATE TABLE "Payout" (
    "id" SERIAL NOT NULL,
    "bookingId" INTEGER NOT NULL,
    "paymentId" INTEGER NOT NULL,
    "guideId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'held',
    "feePercent" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "reversedCents" INTEGER NOT NULL DEFAULT 0,
    "overAt" TIMESTAMP(3),
    "stripeTransferId" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "retryAt" TIMESTAMP(3),
    "lastError" TEXT,
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Payout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProblemReport" (
    "id" SERIAL NOT NULL,
    "bookingId" INTEGER NOT NULL,
    "reporterId" INTEGER NOT NULL,
    "guideId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "details" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "contestBy" TIMESTAMP(3) NOT NULL,
    "guideReply" TEXT,
    "contestedAt" TIMESTAMP(3),
    "outcome" TEXT,
    "refundCents" INTEGER,
    "decidedById" INTEGER,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProblemReport_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "PayoutAccount" ADD CONSTRAINT "PayoutAccount_guideId_fkey" FOREIGN KEY ("guideId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_guideId_fkey" FOREIGN KEY ("guideId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProblemReport" ADD CONSTRAINT "ProblemReport_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProblemReport" ADD CONSTRAINT "ProblemReport_reporterId_fkey" FOREIGN KEY ("reporterId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProblemReport" ADD CONSTRAINT "ProblemReport_guideId_fkey" FOREIGN KEY ("guideId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProblemReport" ADD CONSTRAINT "ProblemReport_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Every paid session of before payouts existed gets its payout: held while the session is ahead, releasing once it is
-- over (completed, missed, or cancelled late with part of the price kept), nothing to pay when refunded in full.
INSERT INTO "Payout" ("bookingId", "paymentId", "guideId", "status", "feePercent", "amountCents", "overAt", "createdAt", "updatedAt")
SELECT p."bookingId", p.id, p."guideId",
  CASE WHEN p."refundedCents" >= p."amountCents" THEN 'cancelled' WHEN b.status IN ('held', 'requested', 'confirmed') THEN 'held' ELSE 'releasing' END,
  f.fee,
  GREATEST(p."amountCents" - p."refundedCents", 0) - ROUND(GREATEST(p."amountCents" - p."refundedCents", 0) * f.fee / 100.0)::integer,
  CASE WHEN p."refundedCents" >= p."amountCents" OR b.status IN ('held', 'requested', 'confirmed') THEN NULL
    ELSE COALESCE(b."cancelledAt", b."startsAt", p."paidAt", p."createdAt") END,
  COALESCE(p."paidAt", p."createdAt"), COALESCE(p."paidAt", p."createdAt")
FROM "Payment" p
JOIN "Booking" b ON b.id = p."bookingId"
CROSS JOIN (SELECT COALESCE((SELECT "platformFeePercent" FROM "PlatformSettings" WHERE id = 1), 10) AS fee) f
WHERE p.status = 'succeeded' AND p.id = (SELECT MAX(q.id) FROM "Payment" q WHERE q."bookingId" = p."bookingId" AND q.status = 'succeeded')
  AND NOT EXISTS (SELECT 1 FROM "Payout" x WHERE x."bookingId" = p."bookingId");

-- Sessions completed before the date was kept: their end. Requests waiting for an answer: the deadline they have now.
UPDATE "Booking" SET "completedAt" = "startsAt" + make_interval(mins => "durationMinutes")
WHERE status = 'completed' AND "startsAt" IS NOT NULL AND "completedAt" IS NULL;
UPDATE "Booking" b SET "answerBy" = LEAST(b."createdAt" + interval '48 hours',
  b."startsAt" - make_interval(hours => COALESCE((SELECT g."noticeHours" FROM "GuideProfile" g WHERE g."userId" = b."guideId"), 24)))
WHERE b.status = 'requested' AND b."startsAt" IS NOT NULL AND b."answerBy" IS NULL;
