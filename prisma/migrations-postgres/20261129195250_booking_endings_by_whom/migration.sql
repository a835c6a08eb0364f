-- DropIndex
DROP INDEX "Booking_status_endedAt_idx";

-- CreateIndex
CREATE INDEX "Booking_status_endedAt_cancelledById_userId_idx" ON "Booking"("status", "endedAt", "cancelledById", "userId");

