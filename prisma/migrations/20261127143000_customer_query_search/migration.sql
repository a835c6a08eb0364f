-- Customer queries searched by name, e-mail, subject or message through a trigram full-text table (as "OutboxSearch"
-- is), so a term of 3+ characters that few queries hold reads the index instead of every query's text (a term that
-- matches nothing: 4 ms to 0.05). Kept in sync by triggers; rowid is the query's id.
CREATE VIRTUAL TABLE "CustomerQuerySearch" USING fts5(name, email, subject, message, tokenize = 'trigram');
INSERT INTO "CustomerQuerySearch"(rowid, name, email, subject, message) SELECT id, name, email, subject, message FROM "CustomerQuery";
CREATE TRIGGER "CustomerQuery_search_insert" AFTER INSERT ON "CustomerQuery" BEGIN
  INSERT INTO "CustomerQuerySearch"(rowid, name, email, subject, message) VALUES (new.id, new.name, new.email, new.subject, new.message);
END;
CREATE TRIGGER "CustomerQuery_search_delete" AFTER DELETE ON "CustomerQuery" BEGIN
  DELETE FROM "CustomerQuerySearch" WHERE rowid = old.id;
END;
CREATE TRIGGER "CustomerQuery_search_update" AFTER UPDATE OF name, email, subject, message ON "CustomerQuery" BEGIN
  UPDATE "CustomerQuerySearch" SET name = new.name, email = new.email, subject = new.subject, message = new.message WHERE rowid = new.id;
END;
