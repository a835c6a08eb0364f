-- CreateTable
CREATE TABLE "MonthTotal" (
    "month" TEXT NOT NULL PRIMARY KEY,
    "bookings" INTEGER NOT NULL DEFAULT 0,
    "revenueCents" BIGINT NOT NULL DEFAULT 0
);


-- Filled from the rows as they are; from now on the bookings and payments domains add to it in the transaction of each
-- change (app/modules/stats/month-totals.server.ts), as prisma/seed.ts does for the rows it writes.
INSERT INTO "MonthTotal" ("month", "bookings", "revenueCents")
  SELECT "month", SUM("bookings"), SUM("revenueCents") FROM (
    SELECT substr("createdAt", 1, 7) AS "month", COUNT(*) AS "bookings", 0 AS "revenueCents" FROM "Booking" GROUP BY 1
    UNION ALL
    SELECT substr("createdAt", 1, 7), 0, SUM("amountCents" - "refundedCents") FROM "Payment" WHERE "status" = 'succeeded' GROUP BY 1
  ) GROUP BY "month";

-- Derived data is written by the domain that owns it, not by triggers: every trigger that kept "RowTotal" goes. The
-- table stays, as it stands now, until the lists stop reading it.
DROP TRIGGER "Booking_total_insert";
DROP TRIGGER "Booking_total_delete";
DROP TRIGGER "Booking_total_update";
DROP TRIGGER "Booking_month_insert";
DROP TRIGGER "Booking_month_delete";
DROP TRIGGER "Payment_total_insert";
DROP TRIGGER "Payment_total_delete";
DROP TRIGGER "Payment_total_update";
DROP TRIGGER "User_total_insert";
DROP TRIGGER "User_total_delete";
DROP TRIGGER "User_total_update";
DROP TRIGGER "User_verified_total_insert";
DROP TRIGGER "User_verified_total_delete";
DROP TRIGGER "User_verified_total_update";
DROP TRIGGER "GuideRequest_total_insert";
DROP TRIGGER "GuideRequest_total_delete";
DROP TRIGGER "GuideRequest_total_update";
DROP TRIGGER "User_guide_request_total_delete";
DROP TRIGGER "User_guide_request_total_update";
DROP TRIGGER "Review_total_insert";
DROP TRIGGER "Review_total_delete";
DROP TRIGGER "Review_total_update";
DROP TRIGGER "OutboxMail_total_insert";
DROP TRIGGER "OutboxMail_total_delete";
