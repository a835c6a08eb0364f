-- CreateIndex
CREATE INDEX "SponsorLedgerEntry_organisationId_amountCents_id_idx" ON "SponsorLedgerEntry"("organisationId", "amountCents", "id");

-- CreateIndex
CREATE INDEX "SponsorLedgerEntry_organisationId_kind_createdAt_id_idx" ON "SponsorLedgerEntry"("organisationId", "kind", "createdAt", "id");

-- CreateIndex
CREATE INDEX "SponsorLedgerEntry_organisationId_kind_amountCents_id_idx" ON "SponsorLedgerEntry"("organisationId", "kind", "amountCents", "id");

