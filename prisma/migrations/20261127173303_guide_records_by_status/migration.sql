-- CreateIndex
CREATE INDEX "Booking_guideId_paymentStatus_idx" ON "Booking"("guideId", "paymentStatus");

-- CreateIndex
CREATE INDEX "Payment_guideId_status_idx" ON "Payment"("guideId", "status");

