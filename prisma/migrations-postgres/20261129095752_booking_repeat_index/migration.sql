-- CreateIndex
CREATE INDEX "Booking_isRepeat_createdAt_id_idx" ON "Booking"("isRepeat", "createdAt", "id");

