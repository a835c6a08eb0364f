-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "answerSeconds" INTEGER,
ADD COLUMN     "answeredAt" TIMESTAMP(3),
ADD COLUMN     "endedAt" TIMESTAMP(3),
ADD COLUMN     "isRepeat" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "HourTotal" (
    "hour" INTEGER NOT NULL,
    "made" INTEGER NOT NULL DEFAULT 0,
    "repeats" INTEGER NOT NULL DEFAULT 0,
    "completed" INTEGER NOT NULL DEFAULT 0,
    "noShows" INTEGER NOT NULL DEFAULT 0,
    "cancelledByMentee" INTEGER NOT NULL DEFAULT 0,
    "cancelledByGuide" INTEGER NOT NULL DEFAULT 0,
    "cancelledByAdmin" INTEGER NOT NULL DEFAULT 0,
    "cancelledBySystem" INTEGER NOT NULL DEFAULT 0,
    "refunds" INTEGER NOT NULL DEFAULT 0,
    "refundedCents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "HourTotal_pkey" PRIMARY KEY ("hour")
);

-- CreateIndex
CREATE INDEX "Booking_endedAt_idx" ON "Booking"("endedAt");

-- CreateIndex
CREATE INDEX "Booking_answeredAt_answerSeconds_idx" ON "Booking"("answeredAt", "answerSeconds");

-- CreateIndex
CREATE INDEX "Payment_refundedAt_idx" ON "Payment"("refundedAt");


-- CreateTable
CREATE TABLE "RunningTotal" (
    "name" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "RunningTotal_pkey" PRIMARY KEY ("name")
);

-- Reviews waiting for the guide's reply: their running count (reviews module), and a partial index for the Reviews list.
CREATE INDEX "Review_awaiting_reply_idx" ON "Review"("id") WHERE "mentorResponse" IS NULL;
INSERT INTO "RunningTotal" ("name", "count") SELECT 'reviewsAwaitingReply', COUNT(*) FROM "Review" WHERE "mentorResponse" IS NULL;

-- The bookings that had already ended end when their last change says (completed, cancelled, or last updated).
UPDATE "Booking" SET "endedAt" = COALESCE("completedAt", "cancelledAt", "updatedAt")
WHERE status IN ('completed', 'no_show', 'cancelled', 'declined', 'expired');

-- Each booking that was its mentee's second within 90 days (their earlier bookings made in the 90 days up to it,
-- expired holds aside, were one), as the booking flow decides from now on.
UPDATE "Booking" b SET "isRepeat" = ((SELECT COUNT(*) FROM "Booking" p WHERE p."userId" = b."userId" AND p.id < b.id AND p.status <> 'expired'
  AND p."createdAt" > b."createdAt" - INTERVAL '90 days' AND p."createdAt" <= b."createdAt") = 1);

-- The health totals of what happened before them, in UTC hours (stats/health-totals.server.ts keeps them from now on).
INSERT INTO "HourTotal" ("hour", "made", "repeats", "completed", "noShows", "cancelledByMentee", "cancelledByGuide", "cancelledByAdmin", "cancelledBySystem", "refunds", "refundedCents")
SELECT hour, SUM(made), SUM(repeats), SUM(completed), SUM("noShows"), SUM(mentee), SUM(guide), SUM(admin), SUM(system), SUM(refunds), SUM(cents) FROM (
  SELECT FLOOR(EXTRACT(EPOCH FROM "createdAt") / 3600)::int AS hour, 1 AS made, "isRepeat"::int AS repeats, 0 AS completed, 0 AS "noShows", 0 AS mentee, 0 AS guide, 0 AS admin, 0 AS system, 0 AS refunds, 0::bigint AS cents FROM "Booking"
  UNION ALL
  SELECT FLOOR(EXTRACT(EPOCH FROM "endedAt") / 3600)::int, 0, 0, (status = 'completed')::int, (status = 'no_show')::int,
    (status IN ('cancelled', 'declined', 'expired') AND "cancelledById" = "userId")::int,
    (status IN ('cancelled', 'declined', 'expired') AND "cancelledById" = "guideId")::int,
    (status IN ('cancelled', 'declined', 'expired') AND "cancelledById" <> "userId" AND "cancelledById" <> "guideId")::int,
    (status IN ('cancelled', 'declined', 'expired') AND "cancelledById" IS NULL)::int, 0, 0
  FROM "Booking" WHERE "endedAt" IS NOT NULL
  UNION ALL
  SELECT FLOOR(EXTRACT(EPOCH FROM "refundedAt") / 3600)::int, 0, 0, 0, 0, 0, 0, 0, 0, 1, "refundedCents" FROM "Payment" WHERE "refundedCents" > 0 AND "refundedAt" IS NOT NULL
) totals GROUP BY hour;
