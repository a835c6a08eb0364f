-- DropIndex
DROP INDEX "Booking_createdAt_idx";

-- CreateIndex
CREATE INDEX "Booking_createdAt_id_startsAt_idx" ON "Booking"("createdAt", "id", "startsAt");

