-- What SQLite's hand-written migrations do, the PostgreSQL way (Prisma cannot declare these in the schema).

-- Searches anywhere in a text ("contains") through trigram indexes, where SQLite keeps FTS5 trigram tables:
-- people by name, e-mail and organisation, bookings by topic, reviews by their text.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "User_name_trgm_idx" ON "User" USING gin ("name" gin_trgm_ops);
CREATE INDEX "User_email_trgm_idx" ON "User" USING gin ("email" gin_trgm_ops);
CREATE INDEX "User_organisation_trgm_idx" ON "User" USING gin ("organisation" gin_trgm_ops);
CREATE INDEX "Booking_topic_trgm_idx" ON "Booking" USING gin ("topic" gin_trgm_ops);
CREATE INDEX "Review_content_trgm_idx" ON "Review" USING gin ("content" gin_trgm_ops);

-- Case-insensitive sorting (SQLite's COLLATE NOCASE indexes): lists order by lower(column).
CREATE INDEX "User_role_isDeleted_name_lower_idx" ON "User"("role", "isDeleted", lower("name"), "id");
CREATE INDEX "User_role_isDeleted_email_lower_idx" ON "User"("role", "isDeleted", lower("email"), "id");
CREATE INDEX "User_role_isDeleted_organisation_lower_idx" ON "User"("role", "isDeleted", lower("organisation") NULLS FIRST, "id");
CREATE INDEX "User_name_lower_idx" ON "User"(lower("name"), "id");
CREATE INDEX "User_email_lower_idx" ON "User"(lower("email"), "id");
CREATE INDEX "Booking_topic_lower_idx" ON "Booking"(lower("topic"), "id");

-- Columns that can be NULL sort NULLs first going up and last going down, as on SQLite (see `nullable` in
-- app/lib/sql.server.ts), so their indexes keep NULLs first.
CREATE INDEX "Payment_paidAt_nulls_first_idx" ON "Payment"("paidAt" NULLS FIRST, "id");
CREATE INDEX "Payment_status_paidAt_nulls_first_idx" ON "Payment"("status", "paidAt" NULLS FIRST, "id");

-- Lists sorted by a column read (column, id) straight from an index, as SQLite's rowid-suffixed indexes do.
CREATE INDEX "Booking_status_id_idx" ON "Booking"("status", "id");
CREATE INDEX "Booking_paymentStatus_id_idx" ON "Booking"("paymentStatus", "id");
CREATE INDEX "Payment_status_id_idx" ON "Payment"("status", "id");

-- Bookings per payment status, and payments (with their amounts) per status, kept by triggers ("RowTotal").
CREATE FUNCTION "row_total_add"(total_scope TEXT, total_value TEXT, delta_rows INTEGER, delta_cents BIGINT) RETURNS void AS $$
  INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents") VALUES (total_scope, total_value, delta_rows, delta_cents)
  ON CONFLICT ("scope", "value") DO UPDATE SET "rows" = "RowTotal"."rows" + excluded."rows", "amountCents" = "RowTotal"."amountCents" + excluded."amountCents";
$$ LANGUAGE sql;

CREATE FUNCTION "Booking_total"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "row_total_add"('Booking.paymentStatus', OLD."paymentStatus", -1, 0); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM "row_total_add"('Booking.paymentStatus', NEW."paymentStatus", 1, 0); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Booking_total_insert_delete" AFTER INSERT OR DELETE ON "Booking" FOR EACH ROW EXECUTE FUNCTION "Booking_total"();
CREATE TRIGGER "Booking_total_update" AFTER UPDATE OF "paymentStatus" ON "Booking" FOR EACH ROW
  WHEN (OLD."paymentStatus" IS DISTINCT FROM NEW."paymentStatus") EXECUTE FUNCTION "Booking_total"();

CREATE FUNCTION "Payment_total"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "row_total_add"('Payment.status', OLD."status", -1, -OLD."amountCents"); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM "row_total_add"('Payment.status', NEW."status", 1, NEW."amountCents"); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Payment_total_insert_delete" AFTER INSERT OR DELETE ON "Payment" FOR EACH ROW EXECUTE FUNCTION "Payment_total"();
CREATE TRIGGER "Payment_total_update" AFTER UPDATE OF "status", "amountCents" ON "Payment" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."amountCents" IS DISTINCT FROM NEW."amountCents") EXECUTE FUNCTION "Payment_total"();

-- Truncating a table (test resets) empties its totals too.
CREATE FUNCTION "row_total_clear"() RETURNS trigger AS $$
BEGIN
  DELETE FROM "RowTotal" WHERE "scope" LIKE TG_TABLE_NAME || '.%';
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Booking_total_truncate" AFTER TRUNCATE ON "Booking" FOR EACH STATEMENT EXECUTE FUNCTION "row_total_clear"();
CREATE TRIGGER "Payment_total_truncate" AFTER TRUNCATE ON "Payment" FOR EACH STATEMENT EXECUTE FUNCTION "row_total_clear"();
