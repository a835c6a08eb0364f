-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" INTEGER NOT NULL,
    "actorName" TEXT NOT NULL,
    "door" TEXT NOT NULL,
    "recordKind" TEXT NOT NULL,
    "recordId" TEXT NOT NULL,
    "recordLabel" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "changes" TEXT NOT NULL DEFAULT '{}'
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


-- The audit log searched by record label or actor name through a trigram full-text table, as the outbox is. Rows are
-- only ever inserted by the product; the delete trigger keeps the index right when a test harness empties the table.
CREATE VIRTUAL TABLE "AuditSearch" USING fts5("recordLabel", "actorName", tokenize = 'trigram');
CREATE TRIGGER "AuditEntry_search_insert" AFTER INSERT ON "AuditEntry" BEGIN
  INSERT INTO "AuditSearch"(rowid, "recordLabel", "actorName") VALUES (new.id, new."recordLabel", new."actorName");
END;
CREATE TRIGGER "AuditEntry_search_delete" AFTER DELETE ON "AuditEntry" BEGIN
  DELETE FROM "AuditSearch" WHERE rowid = old.id;
END;
