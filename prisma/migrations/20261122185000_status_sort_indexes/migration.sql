-- Bookings and transactions sorted by status or payment status: the index order is (status, id), which is the
-- list's order with its id tie-break, so a page is read straight from the index instead of sorting every row.
CREATE INDEX "Booking_status_idx" ON "Booking"("status");
CREATE INDEX "Booking_paymentStatus_idx" ON "Booking"("paymentStatus");
CREATE INDEX "Payment_status_idx" ON "Payment"("status");
