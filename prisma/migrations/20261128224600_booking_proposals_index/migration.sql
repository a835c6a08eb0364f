-- The bookings sweep clears proposals of another time that lapsed (the session started, or the proposed time passed)
-- every minute: it finds the few bookings holding one from this partial index, not by reading every booking.
CREATE INDEX "Booking_proposedStartsAt_idx" ON "Booking"("proposedStartsAt") WHERE "proposedStartsAt" IS NOT NULL;
