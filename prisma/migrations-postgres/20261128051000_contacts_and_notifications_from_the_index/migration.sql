-- The mentees a guide may write to (every booking but an expired one) and a guide's bookings sorted by mentee read
-- mentees, statuses and ids from the index alone (the busiest guide's 450 bookings: 1.2 -> 0.4 ms, on every Messages
-- page).
DROP INDEX "Booking_guideId_userId_idx";
CREATE INDEX "Booking_guideId_userId_status_id_idx" ON "Booking"("guideId", "userId", "status", "id");

-- The bell's newest notifications, read in id order from the index instead of sorting all of a person's (0.35 ms on
-- every dashboard page for someone with a hundred).
CREATE INDEX "Notification_userId_id_idx" ON "Notification"("userId", "id");
