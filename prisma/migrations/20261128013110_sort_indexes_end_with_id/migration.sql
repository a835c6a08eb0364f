-- Lists sorted by a column with few distinct values order by (column, id). SQLite already read that order from the
-- (column) indexes, which end with the rowid; naming the id keeps one schema for both engines.

DROP INDEX "User_role_isDeleted_status_idx";
DROP INDEX "User_role_isDeleted_isVerified_idx";
DROP INDEX "Booking_rateCents_idx";
DROP INDEX "Payment_amountCents_idx";
DROP INDEX "Review_rating_idx";
CREATE INDEX "User_role_isDeleted_status_id_idx" ON "User"("role", "isDeleted", "status", "id");
CREATE INDEX "User_role_isDeleted_isVerified_id_idx" ON "User"("role", "isDeleted", "isVerified", "id");
CREATE INDEX "Booking_rateCents_id_idx" ON "Booking"("rateCents", "id");
CREATE INDEX "Payment_amountCents_id_idx" ON "Payment"("amountCents", "id");
CREATE INDEX "Review_rating_id_idx" ON "Review"("rating", "id");
