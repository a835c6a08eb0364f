-- AlterTable
ALTER TABLE "Message" ADD COLUMN "emailedAt" DATETIME;

-- CreateTable
CREATE TABLE "SessionOption" (
    "guideId" INTEGER NOT NULL,
    "minutes" INTEGER NOT NULL,
    "priceCents" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("guideId", "minutes"),
    CONSTRAINT "SessionOption_guideId_fkey" FOREIGN KEY ("guideId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AvailabilityOverride" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "guideId" INTEGER NOT NULL,
    "date" TEXT NOT NULL,
    "startTime" TEXT,
    "endTime" TEXT,
    CONSTRAINT "AvailabilityOverride_guideId_fkey" FOREIGN KEY ("guideId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TimeClaim" (
    "guideId" INTEGER NOT NULL,
    "blockStart" DATETIME NOT NULL,
    "bookingId" INTEGER NOT NULL,
    "expiresAt" DATETIME,

    PRIMARY KEY ("guideId", "blockStart"),
    CONSTRAINT "TimeClaim_guideId_fkey" FOREIGN KEY ("guideId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TimeClaim_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MessageBlock" (
    "blockerId" INTEGER NOT NULL,
    "blockedId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("blockerId", "blockedId"),
    CONSTRAINT "MessageBlock_blockerId_fkey" FOREIGN KEY ("blockerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MessageBlock_blockedId_fkey" FOREIGN KEY ("blockedId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MessageReport" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "reporterId" INTEGER NOT NULL,
    "reportedId" INTEGER NOT NULL,
    "messageId" INTEGER,
    "reason" TEXT NOT NULL,
    "resolvedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MessageReport_reporterId_fkey" FOREIGN KEY ("reporterId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MessageReport_reportedId_fkey" FOREIGN KEY ("reportedId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT,
    "href" TEXT,
    "readAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SavedMentor" (
    "userId" INTEGER NOT NULL,
    "guideId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "guideId"),
    CONSTRAINT "SavedMentor_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SavedMentor_guideId_fkey" FOREIGN KEY ("guideId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PaymentEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "bookingId" INTEGER,
    "paymentId" INTEGER,
    "outcome" TEXT NOT NULL,
    "detail" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PaymentEvent_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "PaymentEvent_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Job" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL DEFAULT '{}',
    "key" TEXT,
    "runAt" DATETIME NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" DATETIME,
    "doneAt" DATETIME,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "StripeTestObject" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- New columns are added in place, not by redefining the tables as Prisma would: a redefinition drops the tables'
-- hand-written triggers (search, totals, session times).
ALTER TABLE "GuideProfile" ADD COLUMN "meetingUrl" TEXT;
ALTER TABLE "GuideProfile" ADD COLUMN "bufferMinutes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "GuideProfile" ADD COLUMN "noticeHours" INTEGER NOT NULL DEFAULT 24;
ALTER TABLE "GuideProfile" ADD COLUMN "horizonDays" INTEGER NOT NULL DEFAULT 60;
ALTER TABLE "GuideProfile" ADD COLUMN "bookingPaused" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "GuideProfile" ADD COLUMN "reviewsRequests" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "GuideProfile" ADD COLUMN "suggestedCents" INTEGER;
ALTER TABLE "GuideProfile" ADD COLUMN "minimumCents" INTEGER;
ALTER TABLE "GuideProfile" ADD COLUMN "freeIntroMinutes" INTEGER;

ALTER TABLE "Booking" ADD COLUMN "durationMinutes" INTEGER NOT NULL DEFAULT 60;
ALTER TABLE "Booking" ADD COLUMN "holdExpiresAt" DATETIME;
ALTER TABLE "Booking" ADD COLUMN "isIntro" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Booking" ADD COLUMN "cancelledAt" DATETIME;
ALTER TABLE "Booking" ADD COLUMN "cancelledById" INTEGER REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Booking" ADD COLUMN "cancelReason" TEXT;
UPDATE "Booking" SET "durationMinutes" = coalesce((SELECT s."durationMinutes" FROM "Slot" s WHERE s.id = "Booking"."slotId"), 60);
CREATE INDEX "Booking_guideId_startsAt_idx" ON "Booking"("guideId", "startsAt");
CREATE INDEX "Booking_userId_startsAt_idx" ON "Booking"("userId", "startsAt");
CREATE INDEX "Booking_cancelledById_idx" ON "Booking"("cancelledById");

ALTER TABLE "Payment" ADD COLUMN "stripeCheckoutSessionId" TEXT;
ALTER TABLE "Payment" ADD COLUMN "refundedCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Payment" ADD COLUMN "refundedAt" DATETIME;
CREATE UNIQUE INDEX "Payment_stripeCheckoutSessionId_key" ON "Payment"("stripeCheckoutSessionId");

ALTER TABLE "Review" ADD COLUMN "editedAt" DATETIME;
ALTER TABLE "Review" ADD COLUMN "hiddenAt" DATETIME;
ALTER TABLE "Review" ADD COLUMN "hiddenReason" TEXT;
ALTER TABLE "Review" ADD COLUMN "hiddenById" INTEGER REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "Review_hiddenById_idx" ON "Review"("hiddenById");

ALTER TABLE "PlatformSettings" ADD COLUMN "lateCancellationRefundPercent" INTEGER NOT NULL DEFAULT 50;
ALTER TABLE "PlatformSettings" ADD COLUMN "holdMinutes" INTEGER NOT NULL DEFAULT 15;
ALTER TABLE "PlatformSettings" ADD COLUMN "maxAdvanceDays" INTEGER NOT NULL DEFAULT 90;

-- A guide's soonest free time now comes from their booking rules (app/modules/schedule), not from open Slot rows:
-- the app keeps "GuideProfile"."nextFreeAt", so the slot triggers that kept it go.
DROP TRIGGER "Slot_next_free_insert";
DROP TRIGGER "Slot_next_free_update";
DROP TRIGGER "Slot_next_free_delete";
DROP TRIGGER "Booking_next_free_insert";
DROP TRIGGER "Booking_next_free_update";
DROP TRIGGER "Booking_next_free_delete";

-- CreateIndex
CREATE INDEX "AvailabilityOverride_guideId_date_idx" ON "AvailabilityOverride"("guideId", "date");

-- CreateIndex
CREATE INDEX "TimeClaim_bookingId_idx" ON "TimeClaim"("bookingId");

-- CreateIndex
CREATE INDEX "MessageBlock_blockedId_idx" ON "MessageBlock"("blockedId");

-- CreateIndex
CREATE INDEX "MessageReport_reporterId_idx" ON "MessageReport"("reporterId");

-- CreateIndex
CREATE INDEX "MessageReport_reportedId_idx" ON "MessageReport"("reportedId");

-- CreateIndex
CREATE INDEX "MessageReport_createdAt_idx" ON "MessageReport"("createdAt");

-- CreateIndex
CREATE INDEX "Notification_userId_createdAt_idx" ON "Notification"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "Notification_userId_readAt_idx" ON "Notification"("userId", "readAt");

-- CreateIndex
CREATE INDEX "SavedMentor_guideId_idx" ON "SavedMentor"("guideId");

-- CreateIndex
CREATE INDEX "PaymentEvent_bookingId_createdAt_idx" ON "PaymentEvent"("bookingId", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentEvent_paymentId_idx" ON "PaymentEvent"("paymentId");

-- CreateIndex
CREATE INDEX "PaymentEvent_createdAt_idx" ON "PaymentEvent"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Job_key_key" ON "Job"("key");

-- CreateIndex
CREATE INDEX "Job_doneAt_runAt_idx" ON "Job"("doneAt", "runAt");

-- CreateIndex
CREATE INDEX "Message_recipientId_senderId_createdAt_idx" ON "Message"("recipientId", "senderId", "createdAt");

