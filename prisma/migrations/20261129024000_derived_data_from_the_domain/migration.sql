-- Find a Mentor's fields of a guide ("searchText", "isLive", "specialtyMask", "languageList") and the generation of
-- the live guides it keeps in memory are written by the app from now on, in the transaction of each change
-- (app/modules/guides/search-fields.server.ts: one definition, the specialty list of guides/options.ts). The triggers
-- that computed them, each repeating that list in SQL, go. What stays are the triggers that keep a search index in
-- step with its table: the FTS5 tables, "GuideSearch" among them.
DROP TRIGGER "User_guide_live";
DROP TRIGGER "User_guide_search_update";
DROP TRIGGER "GuideProfile_search_expertise";
DROP TRIGGER "UserSpecialty_guide_search_insert";
DROP TRIGGER "UserSpecialty_guide_search_delete";
DROP TRIGGER "UserSpecialty_guide_search_update";
DROP TRIGGER "GuideLanguage_list_insert";
DROP TRIGGER "GuideLanguage_list_delete";
DROP TRIGGER "GuideLanguage_list_update";
DROP TRIGGER "GuideProfile_search_generation_insert";
DROP TRIGGER "GuideProfile_search_generation_delete";
DROP TRIGGER "GuideProfile_search_generation_update";

-- A new profile enters "GuideSearch" with the text the app wrote into it (it no longer computes that text).
DROP TRIGGER "GuideProfile_search_insert";
CREATE TRIGGER "GuideProfile_search_insert" AFTER INSERT ON "GuideProfile" BEGIN
  INSERT INTO "GuideSearch"(rowid, "searchText") VALUES (new."userId", new."searchText");
END;

-- "UserWordsGeneration" is the version of the people indexes that kept-people.server.ts reads them at: it moves with
-- them, in the triggers that write them, rather than in three triggers of its own.
DROP TRIGGER "User_words_generation_insert";
DROP TRIGGER "User_words_generation_delete";
DROP TRIGGER "User_words_generation_update";
DROP TRIGGER "User_words_insert";
CREATE TRIGGER "User_words_insert" AFTER INSERT ON "User" BEGIN
  INSERT INTO "UserWords"(rowid, name, email, organisation) VALUES (new.id, new.name, new.email, coalesce(new.organisation, ''));
  UPDATE "UserWordsGeneration" SET "generation" = lower(hex(randomblob(8))) WHERE "id" = 1;
END;
DROP TRIGGER "User_words_delete";
CREATE TRIGGER "User_words_delete" AFTER DELETE ON "User" BEGIN
  DELETE FROM "UserWords" WHERE rowid = old.id;
  UPDATE "UserWordsGeneration" SET "generation" = lower(hex(randomblob(8))) WHERE "id" = 1;
END;
DROP TRIGGER "User_words_update";
CREATE TRIGGER "User_words_update" AFTER UPDATE OF name, email, organisation ON "User" BEGIN
  UPDATE "UserWords" SET name = new.name, email = new.email, organisation = coalesce(new.organisation, '') WHERE rowid = new.id;
  UPDATE "UserWordsGeneration" SET "generation" = lower(hex(randomblob(8)))
  WHERE "id" = 1 AND (old.name IS NOT new.name OR old.email IS NOT new.email OR old.organisation IS NOT new.organisation);
END;

-- The fields as the app defines them, for rules that need no list: live, and the languages in the guide's order.
-- "searchText" and "specialtyMask" stay as the triggers last wrote them (current: the same words and bits).
UPDATE "GuideProfile" SET
  "isLive" = coalesce((SELECT u.role = 'guide' AND u."isVerified" = TRUE AND u.status = 'active' AND u."isDeleted" = FALSE FROM "User" u WHERE u.id = "GuideProfile"."userId"), FALSE),
  "languageList" = coalesce((SELECT group_concat("language", '|') FROM (SELECT l."language" FROM "GuideLanguage" l WHERE l."guideProfileId" = "GuideProfile".id ORDER BY l.position)), '');
UPDATE "GuideSearchGeneration" SET "generation" = lower(hex(randomblob(8))) WHERE "id" = 1;
