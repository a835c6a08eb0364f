-- CreateTable
CREATE TABLE "HourTotal" (
    "hour" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "made" INTEGER NOT NULL DEFAULT 0,
    "repeats" INTEGER NOT NULL DEFAULT 0,
    "completed" INTEGER NOT NULL DEFAULT 0,
    "noShows" INTEGER NOT NULL DEFAULT 0,
    "cancelledByMentee" INTEGER NOT NULL DEFAULT 0,
    "cancelledByGuide" INTEGER NOT NULL DEFAULT 0,
    "cancelledByAdmin" INTEGER NOT NULL DEFAULT 0,
    "cancelledBySystem" INTEGER NOT NULL DEFAULT 0,
    "refunds" INTEGER NOT NULL DEFAULT 0,
    "refundedCents" BIGINT NOT NULL DEFAULT 0
);

-- AlterTable (columns added in place: a rebuilt table would lose its hand-written triggers and indexes)
ALTER TABLE "Booking" ADD COLUMN "endedAt" DATETIME;
ALTER TABLE "Booking" ADD COLUMN "answeredAt" DATETIME;
ALTER TABLE "Booking" ADD COLUMN "answerSeconds" INTEGER;
ALTER TABLE "Booking" ADD COLUMN "isRepeat" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Booking_endedAt_idx" ON "Booking"("endedAt");

-- CreateIndex
CREATE INDEX "Booking_answeredAt_answerSeconds_idx" ON "Booking"("answeredAt", "answerSeconds");

-- CreateIndex
CREATE INDEX "Payment_refundedAt_idx" ON "Payment"("refundedAt");


-- CreateTable
CREATE TABLE "RunningTotal" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL DEFAULT 0
);

-- Reviews waiting for the guide's reply: their running count (reviews module), and a partial index for the Reviews list.
CREATE INDEX "Review_awaiting_reply_idx" ON "Review"("id") WHERE "mentorResponse" IS NULL;
INSERT INTO "RunningTotal" ("name", "count") SELECT 'reviewsAwaitingReply', COUNT(*) FROM "Review" WHERE "mentorResponse" IS NULL;

-- The bookings that had already ended end when their last change says (completed, cancelled, or last updated).
UPDATE "Booking" SET "endedAt" = COALESCE("completedAt", "cancelledAt", "updatedAt")
WHERE status IN ('completed', 'no_show', 'cancelled', 'declined', 'expired');

-- Each booking that was its mentee's second within 90 days (their earlier bookings made in the 90 days up to it,
-- expired holds aside, were one), as the booking flow decides from now on.
UPDATE "Booking" SET "isRepeat" = ((SELECT COUNT(*) FROM "Booking" p WHERE p."userId" = "Booking"."userId" AND p.id < "Booking".id AND p.status <> 'expired'
  AND CAST(strftime('%s', p."createdAt") AS INTEGER) > CAST(strftime('%s', "Booking"."createdAt") AS INTEGER) - 7776000 AND p."createdAt" <= "Booking"."createdAt") = 1);

-- The health totals of what happened before them, in UTC hours (stats/health-totals.server.ts keeps them from now on).
INSERT INTO "HourTotal" ("hour", "made", "repeats", "completed", "noShows", "cancelledByMentee", "cancelledByGuide", "cancelledByAdmin", "cancelledBySystem", "refunds", "refundedCents")
SELECT hour, SUM(made), SUM(repeats), SUM(completed), SUM("noShows"), SUM(mentee), SUM(guide), SUM(admin), SUM(system), SUM(refunds), SUM(cents) FROM (
  SELECT CAST(strftime('%s', "createdAt") AS INTEGER) / 3600 AS hour, 1 AS made, "isRepeat" AS repeats, 0 AS completed, 0 AS "noShows", 0 AS mentee, 0 AS guide, 0 AS admin, 0 AS system, 0 AS refunds, 0 AS cents FROM "Booking"
  UNION ALL
  SELECT CAST(strftime('%s', "endedAt") AS INTEGER) / 3600, 0, 0, status = 'completed', status = 'no_show',
    status IN ('cancelled', 'declined', 'expired') AND "cancelledById" = "userId",
    status IN ('cancelled', 'declined', 'expired') AND "cancelledById" = "guideId",
    status IN ('cancelled', 'declined', 'expired') AND "cancelledById" <> "userId" AND "cancelledById" <> "guideId",
    status IN ('cancelled', 'declined', 'expired') AND "cancelledById" IS NULL, 0, 0
  FROM "Booking" WHERE "endedAt" IS NOT NULL
  UNION ALL
  SELECT CAST(strftime('%s', "refundedAt") AS INTEGER) / 3600, 0, 0, 0, 0, 0, 0, 0, 0, 1, "refundedCents" FROM "Payment" WHERE "refundedCents" > 0 AND "refundedAt" IS NOT NULL
) GROUP BY hour;
