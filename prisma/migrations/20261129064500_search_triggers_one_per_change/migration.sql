-- One trigger per change of a person keeps both of their search tables in step (UserSearch: three characters or more
-- anywhere; UserWords: the start of a word), instead of one trigger per table. UserWordsGeneration, which told the
-- lists' kept searches that someone's name had changed, goes with them: lists keep no search between statements now.
-- The audit log's search table loses its delete trigger: audit rows are never deleted (a test database is emptied
-- table by table, its search tables included).
DROP TRIGGER "User_words_insert";
DROP TRIGGER "User_words_delete";
DROP TRIGGER "User_words_update";
DROP TABLE "UserWordsGeneration";
DROP TRIGGER "AuditEntry_search_delete";

DROP TRIGGER "User_search_insert";
CREATE TRIGGER "User_search_insert" AFTER INSERT ON "User" BEGIN
  INSERT INTO "UserSearch"(rowid, name, email, organisation) VALUES (new.id, new.name, new.email, coalesce(new.organisation, ''));
  INSERT INTO "UserWords"(rowid, name, email, organisation) VALUES (new.id, new.name, new.email, coalesce(new.organisation, ''));
END;

DROP TRIGGER "User_search_delete";
CREATE TRIGGER "User_search_delete" AFTER DELETE ON "User" BEGIN
  DELETE FROM "UserSearch" WHERE rowid = old.id;
  DELETE FROM "UserWords" WHERE rowid = old.id;
END;

DROP TRIGGER "User_search_update";
CREATE TRIGGER "User_search_update" AFTER UPDATE OF name, email, organisation ON "User" BEGIN
  UPDATE "UserSearch" SET name = new.name, email = new.email, organisation = coalesce(new.organisation, '') WHERE rowid = new.id;
  UPDATE "UserWords" SET name = new.name, email = new.email, organisation = coalesce(new.organisation, '') WHERE rowid = new.id;
END;
