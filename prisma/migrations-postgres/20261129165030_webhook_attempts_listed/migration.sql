-- AlterTable (each attempt takes its delivery's event type)
ALTER TABLE "WebhookAttempt" ADD COLUMN     "eventType" TEXT;
UPDATE "WebhookAttempt" a SET "eventType" = d."eventType" FROM "WebhookDelivery" d WHERE d.id = a."deliveryId";
ALTER TABLE "WebhookAttempt" ALTER COLUMN "eventType" SET NOT NULL;

-- CreateIndex (NULLS FIRST, as the list sorts it; see `nullable` in app/lib/search/dialect.server.ts)
CREATE INDEX "WebhookAttempt_endpointId_statusCode_id_idx" ON "WebhookAttempt"("endpointId", "statusCode" NULLS FIRST, "id");

-- CreateIndex
CREATE INDEX "WebhookAttempt_endpointId_durationMs_id_idx" ON "WebhookAttempt"("endpointId", "durationMs", "id");

-- CreateIndex
CREATE INDEX "WebhookAttempt_endpointId_delivered_attemptedAt_id_idx" ON "WebhookAttempt"("endpointId", "delivered", "attemptedAt", "id");

-- CreateIndex
CREATE INDEX "WebhookAttempt_endpointId_eventType_attemptedAt_id_idx" ON "WebhookAttempt"("endpointId", "eventType", "attemptedAt", "id");

