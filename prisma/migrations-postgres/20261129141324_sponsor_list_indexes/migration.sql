-- CreateIndex
CREATE INDEX "SponsorLedgerEntry_organisationId_amountCents_id_idx" ON "SponsorLedgerEntry"("organisationId", "amountCents", "id");

-- CreateIndex
CREATE INDEX "SponsorLedgerEntry_organisationId_kind_createdAt_id_idx" ON "SponsorLedgerEntry"("organisationId", "kind", "createdAt", "id");

-- CreateIndex
CREATE INDEX "SponsorLedgerEntry_organisationId_kind_amountCents_id_idx" ON "SponsorLedgerEntry"("organisationId", "kind", "amountCents", "id");

-- CreateIndex
CREATE INDEX "SponsoredPastor_organisationId_joinedAt_id_idx" ON "SponsoredPastor"("organisationId", "joinedAt", "id");

-- CreateIndex
CREATE INDEX "SponsoredPastor_organisationId_leftAt_idx" ON "SponsoredPastor"("organisationId", "leftAt");

-- CreateIndex
CREATE INDEX "SponsorInvite_organisationId_revokedAt_createdAt_idx" ON "SponsorInvite"("organisationId", "revokedAt", "createdAt");

