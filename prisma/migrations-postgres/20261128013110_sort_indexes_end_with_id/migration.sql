-- Lists sorted by a column with few distinct values order by (column, id), and the schema now declares these sort
-- indexes with the id. The (…, id) indexes already exist here (20261127233000_sort_ties_by_id wrote them by hand):
-- only the single-column ones they replace are dropped, so writes stop keeping both.

DROP INDEX "User_role_isDeleted_status_idx";
DROP INDEX "User_role_isDeleted_isVerified_idx";
DROP INDEX "Booking_rateCents_idx";
DROP INDEX "Payment_amountCents_idx";
DROP INDEX "Review_rating_idx";
