-- CreateIndex
CREATE INDEX "Booking_guideId_userId_idx" ON "Booking"("guideId", "userId");

-- CreateIndex
CREATE INDEX "Payment_guideId_userId_idx" ON "Payment"("guideId", "userId");

