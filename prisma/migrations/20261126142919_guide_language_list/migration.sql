-- Find a Mentor counts its language facet from the profiles' covering index: "languageList" holds a guide's
-- languages joined by "|" (a language is letters, spaces, apostrophes and hyphens), kept by the triggers below on
-- "GuideLanguage", never written by the app. Added in place (not by redefining the table, which would drop
-- "GuideProfile"'s search triggers).
ALTER TABLE "GuideProfile" ADD COLUMN "languageList" TEXT NOT NULL DEFAULT '';

UPDATE "GuideProfile" SET "languageList" = coalesce((SELECT group_concat(l."language", '|') FROM "GuideLanguage" l WHERE l."guideProfileId" = "GuideProfile"."id"), '');

CREATE TRIGGER "GuideLanguage_list_insert" AFTER INSERT ON "GuideLanguage" BEGIN
  UPDATE "GuideProfile" SET "languageList" = coalesce((SELECT group_concat(l."language", '|') FROM "GuideLanguage" l WHERE l."guideProfileId" = new."guideProfileId"), '')
  WHERE "id" = new."guideProfileId";
END;
CREATE TRIGGER "GuideLanguage_list_delete" AFTER DELETE ON "GuideLanguage" BEGIN
  UPDATE "GuideProfile" SET "languageList" = coalesce((SELECT group_concat(l."language", '|') FROM "GuideLanguage" l WHERE l."guideProfileId" = old."guideProfileId"), '')
  WHERE "id" = old."guideProfileId";
END;
CREATE TRIGGER "GuideLanguage_list_update" AFTER UPDATE ON "GuideLanguage" BEGIN
  UPDATE "GuideProfile" SET "languageList" = coalesce((SELECT group_concat(l."language", '|') FROM "GuideLanguage" l WHERE l."guideProfileId" = "GuideProfile"."id"), '')
  WHERE "id" IN (old."guideProfileId", new."guideProfileId");
END;

DROP INDEX "GuideProfile_isLive_category_payWhatYouWant_hourlyRateCents_nextFreeAt_ratingCount_ratingAverage_experienceYears_specialtyMask_userId_idx";
CREATE INDEX "GuideProfile_isLive_category_payWhatYouWant_hourlyRateCents_nextFreeAt_ratingCount_ratingAverage_experienceYears_specialtyMask_languageList_userId_idx" ON "GuideProfile"("isLive", "category", "payWhatYouWant", "hourlyRateCents", "nextFreeAt", "ratingCount", "ratingAverage", "experienceYears", "specialtyMask", "languageList", "userId");
