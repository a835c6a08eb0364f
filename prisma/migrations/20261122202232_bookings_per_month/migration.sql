-- Bookings made per calendar month (UTC, "YYYY-MM" of createdAt, which never changes), kept by triggers in "RowTotal":
-- the overview's chart and its "this month" read twelve rows instead of counting a year of bookings.
INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
  SELECT 'Booking.month', substr("createdAt", 1, 7), COUNT(*), 0 FROM "Booking" GROUP BY substr("createdAt", 1, 7);

CREATE TRIGGER "Booking_month_insert" AFTER INSERT ON "Booking" BEGIN
  INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents") VALUES ('Booking.month', substr(new."createdAt", 1, 7), 1, 0)
    ON CONFLICT("scope", "value") DO UPDATE SET "rows" = "rows" + 1;
END;
CREATE TRIGGER "Booking_month_delete" AFTER DELETE ON "Booking" BEGIN
  UPDATE "RowTotal" SET "rows" = "rows" - 1 WHERE "scope" = 'Booking.month' AND "value" = substr(old."createdAt", 1, 7);
END;
