-- The console's Outbox searched by recipient or subject through a trigram full-text table (as "BookingSearch" does
-- for topics), so a search that matches nothing reads the index instead of every kept message. Kept in sync by
-- triggers (messages are written once and only ever deleted); rowid is the message's id.
CREATE VIRTUAL TABLE "OutboxSearch" USING fts5("to", subject, tokenize = 'trigram');
INSERT INTO "OutboxSearch"(rowid, "to", subject) SELECT id, "to", subject FROM "OutboxMail";
CREATE TRIGGER "OutboxMail_search_insert" AFTER INSERT ON "OutboxMail" BEGIN
  INSERT INTO "OutboxSearch"(rowid, "to", subject) VALUES (new.id, new."to", new.subject);
END;
CREATE TRIGGER "OutboxMail_search_delete" AFTER DELETE ON "OutboxMail" BEGIN
  DELETE FROM "OutboxSearch" WHERE rowid = old.id;
END;
