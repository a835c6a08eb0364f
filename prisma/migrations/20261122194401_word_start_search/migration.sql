-- Searches of one or two characters match the start of a word of a person's name, e-mail or organisation, through
-- an FTS5 prefix index (the trigram table "UserSearch" cannot match fewer than three characters). rowid = the
-- person's id; kept by triggers.
CREATE VIRTUAL TABLE "UserWords" USING fts5(name, email, organisation, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2');
INSERT INTO "UserWords"(rowid, name, email, organisation) SELECT id, name, email, coalesce(organisation, '') FROM "User";
CREATE TRIGGER "User_words_insert" AFTER INSERT ON "User" BEGIN
  INSERT INTO "UserWords"(rowid, name, email, organisation) VALUES (new.id, new.name, new.email, coalesce(new.organisation, ''));
END;
CREATE TRIGGER "User_words_delete" AFTER DELETE ON "User" BEGIN
  DELETE FROM "UserWords" WHERE rowid = old.id;
END;
CREATE TRIGGER "User_words_update" AFTER UPDATE OF name, email, organisation ON "User" BEGIN
  UPDATE "UserWords" SET name = new.name, email = new.email, organisation = coalesce(new.organisation, '') WHERE rowid = new.id;
END;
