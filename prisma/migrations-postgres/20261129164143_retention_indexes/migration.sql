-- CreateIndex
CREATE INDEX "IdempotentRequest_createdAt_idx" ON "IdempotentRequest"("createdAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_finishedAt_idx" ON "WebhookDelivery"("finishedAt");

