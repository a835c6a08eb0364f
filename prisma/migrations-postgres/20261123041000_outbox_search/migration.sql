-- The console's Outbox searched by recipient or subject through trigram indexes (as bookings' topics are), so a
-- search that matches nothing reads the indexes instead of every kept message.
CREATE INDEX "OutboxMail_to_trgm_idx" ON "OutboxMail" USING gin ("to" gin_trgm_ops);
CREATE INDEX "OutboxMail_subject_trgm_idx" ON "OutboxMail" USING gin (subject gin_trgm_ops);
