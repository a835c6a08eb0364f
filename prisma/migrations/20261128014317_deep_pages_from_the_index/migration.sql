-- The outbox and customer queries sorted by creation date order by (createdAt, id): the index says so (SQLite read
-- that order already, its indexes end with the rowid), and PostgreSQL answers a deep page from it alone.

DROP INDEX "CustomerQuery_createdAt_idx";
DROP INDEX "OutboxMail_createdAt_idx";
CREATE INDEX "CustomerQuery_createdAt_id_idx" ON "CustomerQuery"("createdAt", "id");
CREATE INDEX "OutboxMail_createdAt_id_idx" ON "OutboxMail"("createdAt", "id");
