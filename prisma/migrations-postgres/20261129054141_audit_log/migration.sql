-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" SERIAL NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" INTEGER NOT NULL,
    "actorName" TEXT NOT NULL,
    "door" TEXT NOT NULL,
    "recordKind" TEXT NOT NULL,
    "recordId" TEXT NOT NULL,
    "recordLabel" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "changes" TEXT NOT NULL DEFAULT '{}',

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditEntry_createdAt_id_idx" ON "AuditEntry"("createdAt", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_actorId_createdAt_id_idx" ON "AuditEntry"("actorId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_recordKind_createdAt_id_idx" ON "AuditEntry"("recordKind", "createdAt", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_action_createdAt_id_idx" ON "AuditEntry"("action", "createdAt", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_recordKind_recordId_createdAt_id_idx" ON "AuditEntry"("recordKind", "recordId", "createdAt", "id");


-- The audit log searched by record label or actor name (ILIKE through pg_trgm, as the outbox is).
CREATE INDEX "AuditEntry_recordLabel_trgm_idx" ON "AuditEntry" USING gin ("recordLabel" gin_trgm_ops);
CREATE INDEX "AuditEntry_actorName_trgm_idx" ON "AuditEntry" USING gin ("actorName" gin_trgm_ops);
