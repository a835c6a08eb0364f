-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "organisationId" INTEGER;

-- CreateIndex
CREATE INDEX "WebhookEndpoint_organisationId_createdAt_idx" ON "WebhookEndpoint"("organisationId", "createdAt");

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "SponsorAccount"("organisationId") ON DELETE CASCADE ON UPDATE CASCADE;

