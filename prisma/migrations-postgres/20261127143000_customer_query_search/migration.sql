-- Customer queries searched by name, e-mail, subject or message through trigram indexes (as the outbox is), so a
-- term of 3+ characters that few queries hold reads the indexes instead of every query's text.
CREATE INDEX "CustomerQuery_name_trgm_idx" ON "CustomerQuery" USING gin ("name" gin_trgm_ops);
CREATE INDEX "CustomerQuery_email_trgm_idx" ON "CustomerQuery" USING gin ("email" gin_trgm_ops);
CREATE INDEX "CustomerQuery_subject_trgm_idx" ON "CustomerQuery" USING gin ("subject" gin_trgm_ops);
CREATE INDEX "CustomerQuery_message_trgm_idx" ON "CustomerQuery" USING gin ("message" gin_trgm_ops);
