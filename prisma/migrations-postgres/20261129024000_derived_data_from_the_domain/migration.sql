-- Find a Mentor's fields of a guide ("searchText", "isLive", "specialtyMask", "languageList") and the generation of
-- the live guides it keeps in memory are written by the app from now on, in the transaction of each change
-- (app/modules/guides/search-fields.server.ts: one definition, the specialty list of guides/options.ts). The triggers
-- and functions that computed them, each repeating that list in SQL, go. The search indexes need no trigger here:
-- "searchVector" is generated from "searchText", and the trigram indexes are plain indexes.
DROP TRIGGER "User_guide_live" ON "User";
DROP FUNCTION "User_guide_live"();
DROP TRIGGER "User_guide_search_update" ON "User";
DROP FUNCTION "User_guide_search"();
DROP TRIGGER "UserSpecialty_guide_search" ON "UserSpecialty";
DROP FUNCTION "UserSpecialty_guide_search"();
DROP TRIGGER "GuideLanguage_list" ON "GuideLanguage";
DROP FUNCTION "GuideLanguage_list"();
DROP TRIGGER "GuideProfile_search_insert" ON "GuideProfile";
DROP TRIGGER "GuideProfile_search_expertise" ON "GuideProfile";
DROP FUNCTION "GuideProfile_search"();
DROP TRIGGER "GuideProfile_search_generation_change" ON "GuideProfile";
DROP TRIGGER "GuideProfile_search_generation_update" ON "GuideProfile";
DROP FUNCTION "GuideProfile_search_generation"();
DROP FUNCTION "guide_search_refresh"(integer);
DROP FUNCTION "guide_search_text"(integer, text);
DROP FUNCTION "guide_specialty_mask"(integer);
DROP FUNCTION "guide_is_live"(integer);
DROP FUNCTION "guide_language_list"(integer);

-- The fields as the app defines them, for rules that need no list: live, and the languages in the guide's order.
-- "searchText" and "specialtyMask" stay as the triggers last wrote them (current: the same words and bits).
UPDATE "GuideProfile" g SET
  "isLive" = coalesce((SELECT u.role = 'guide' AND u."isVerified" AND u.status = 'active' AND NOT u."isDeleted" FROM "User" u WHERE u.id = g."userId"), FALSE),
  "languageList" = coalesce((SELECT string_agg(l."language", '|' ORDER BY l.position) FROM "GuideLanguage" l WHERE l."guideProfileId" = g.id), '');
INSERT INTO "GuideSearchGeneration" ("id", "generation") VALUES (1, gen_random_uuid()::text)
ON CONFLICT ("id") DO UPDATE SET "generation" = EXCLUDED."generation";
