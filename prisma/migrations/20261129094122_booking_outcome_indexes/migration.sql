-- DropIndex
DROP INDEX "Booking_cancelledById_idx";

-- CreateIndex
CREATE INDEX "Booking_cancelledById_status_idx" ON "Booking"("cancelledById", "status");

-- CreateIndex
CREATE INDEX "Booking_status_endedAt_idx" ON "Booking"("status", "endedAt");

