-- CreateTable
CREATE TABLE "MonthTotal" (
    "month" TEXT NOT NULL,
    "bookings" INTEGER NOT NULL DEFAULT 0,
    "revenueCents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "MonthTotal_pkey" PRIMARY KEY ("month")
);


-- Filled from the rows as they are; from now on the bookings and payments domains add to it in the transaction of each
-- change (app/modules/stats/month-totals.server.ts), as prisma/seed.ts does for the rows it writes.
INSERT INTO "MonthTotal" ("month", "bookings", "revenueCents")
  SELECT "month", SUM("bookings"), SUM("revenueCents") FROM (
    SELECT to_char("createdAt", 'YYYY-MM') AS "month", COUNT(*) AS "bookings", 0 AS "revenueCents" FROM "Booking" GROUP BY 1
    UNION ALL
    SELECT to_char("createdAt", 'YYYY-MM'), 0, SUM("amountCents" - "refundedCents") FROM "Payment" WHERE "status" = 'succeeded' GROUP BY 1
  ) AS "changes" GROUP BY "month";

-- Derived data is written by the domain that owns it, not by triggers: every trigger that kept "RowTotal" goes, and
-- the functions they ran. The table stays, as it stands now, until the lists stop reading it.
DROP TRIGGER "Booking_total_insert_delete" ON "Booking";
DROP TRIGGER "Booking_total_update" ON "Booking";
DROP TRIGGER "Booking_total_truncate" ON "Booking";
DROP TRIGGER "Booking_month_insert_delete" ON "Booking";
DROP TRIGGER "Payment_total_insert_delete" ON "Payment";
DROP TRIGGER "Payment_total_update" ON "Payment";
DROP TRIGGER "Payment_total_truncate" ON "Payment";
DROP TRIGGER "User_total_insert_delete" ON "User";
DROP TRIGGER "User_total_update" ON "User";
DROP TRIGGER "User_total_truncate" ON "User";
DROP TRIGGER "User_verified_total_insert_delete" ON "User";
DROP TRIGGER "User_verified_total_update" ON "User";
DROP TRIGGER "GuideRequest_total_insert_delete" ON "GuideRequest";
DROP TRIGGER "GuideRequest_total_update" ON "GuideRequest";
DROP TRIGGER "User_guide_request_total_delete" ON "User";
DROP TRIGGER "User_guide_request_total_update" ON "User";
DROP TRIGGER "Review_total_insert_delete" ON "Review";
DROP TRIGGER "Review_total_update" ON "Review";
DROP TRIGGER "Review_total_truncate" ON "Review";
DROP TRIGGER "OutboxMail_total_insert_delete" ON "OutboxMail";
DROP TRIGGER "OutboxMail_total_truncate" ON "OutboxMail";
DROP FUNCTION "Booking_total"();
DROP FUNCTION "Booking_month"();
DROP FUNCTION "Payment_total"();
DROP FUNCTION "User_total"();
DROP FUNCTION "User_verified_total"();
DROP FUNCTION "GuideRequest_total"();
DROP FUNCTION "User_guide_request_total"();
DROP FUNCTION "Review_total"();
DROP FUNCTION "OutboxMail_total"();
DROP FUNCTION "row_total_clear"();
DROP FUNCTION "guide_listed"(INTEGER);
DROP FUNCTION "row_total_add"(TEXT, TEXT, INTEGER, BIGINT);
