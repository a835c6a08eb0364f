-- CreateIndex
CREATE INDEX "Payment_createdAt_idx" ON "Payment"("createdAt");

