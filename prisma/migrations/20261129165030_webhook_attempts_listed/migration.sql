-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_WebhookAttempt" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "endpointId" INTEGER NOT NULL,
    "deliveryId" INTEGER NOT NULL,
    "eventType" TEXT NOT NULL,
    "attemptedAt" DATETIME NOT NULL,
    "statusCode" INTEGER,
    "excerpt" TEXT NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "delivered" BOOLEAN NOT NULL,
    CONSTRAINT "WebhookAttempt_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WebhookAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Each attempt takes its delivery's event type.
INSERT INTO "new_WebhookAttempt" ("attemptedAt", "delivered", "deliveryId", "durationMs", "endpointId", "eventType", "excerpt", "id", "statusCode") SELECT a."attemptedAt", a."delivered", a."deliveryId", a."durationMs", a."endpointId", d."eventType", a."excerpt", a."id", a."statusCode" FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId";
DROP TABLE "WebhookAttempt";
ALTER TABLE "new_WebhookAttempt" RENAME TO "WebhookAttempt";
CREATE INDEX "WebhookAttempt_endpointId_attemptedAt_id_idx" ON "WebhookAttempt"("endpointId", "attemptedAt", "id");
CREATE INDEX "WebhookAttempt_endpointId_statusCode_id_idx" ON "WebhookAttempt"("endpointId", "statusCode", "id");
CREATE INDEX "WebhookAttempt_endpointId_durationMs_id_idx" ON "WebhookAttempt"("endpointId", "durationMs", "id");
CREATE INDEX "WebhookAttempt_endpointId_delivered_attemptedAt_id_idx" ON "WebhookAttempt"("endpointId", "delivered", "attemptedAt", "id");
CREATE INDEX "WebhookAttempt_endpointId_eventType_attemptedAt_id_idx" ON "WebhookAttempt"("endpointId", "eventType", "attemptedAt", "id");
CREATE INDEX "WebhookAttempt_deliveryId_idx" ON "WebhookAttempt"("deliveryId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

