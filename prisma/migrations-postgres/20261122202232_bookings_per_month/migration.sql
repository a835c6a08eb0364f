-- Bookings made per calendar month (UTC, "YYYY-MM" of createdAt, which never changes), kept by triggers in "RowTotal":
-- the overview's chart and its "this month" read twelve rows instead of counting a year of bookings.
INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
  SELECT 'Booking.month', to_char("createdAt", 'YYYY-MM'), COUNT(*), 0 FROM "Booking" GROUP BY to_char("createdAt", 'YYYY-MM');

CREATE FUNCTION "Booking_month"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM "row_total_add"('Booking.month', to_char(OLD."createdAt", 'YYYY-MM'), -1, 0); END IF;
  IF TG_OP = 'INSERT' THEN PERFORM "row_total_add"('Booking.month', to_char(NEW."createdAt", 'YYYY-MM'), 1, 0); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Booking_month_insert_delete" AFTER INSERT OR DELETE ON "Booking" FOR EACH ROW EXECUTE FUNCTION "Booking_month"();
