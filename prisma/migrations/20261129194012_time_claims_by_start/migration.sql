-- CreateIndex
CREATE INDEX "TimeClaim_blockStart_idx" ON "TimeClaim"("blockStart");

