-- Find a Mentor counts its language facet from the profiles' covering index: "languageList" holds a guide's
-- languages joined by "|", kept by the trigger below on "GuideLanguage", never written by the app (see the SQLite
-- migration of the same name).
DROP INDEX "GuideProfile_isLive_category_payWhatYouWant_hourlyRateCents_idx";

ALTER TABLE "GuideProfile" ADD COLUMN     "languageList" TEXT NOT NULL DEFAULT '';

CREATE FUNCTION "guide_language_list"(profile integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(l."language", '|' ORDER BY l."language"), '') FROM "GuideLanguage" l WHERE l."guideProfileId" = profile
$$;
UPDATE "GuideProfile" SET "languageList" = "guide_language_list"("id");

CREATE FUNCTION "GuideLanguage_list"() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "GuideProfile" SET "languageList" = "guide_language_list"(OLD."guideProfileId") WHERE "id" = OLD."guideProfileId";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "GuideProfile" SET "languageList" = "guide_language_list"(NEW."guideProfileId") WHERE "id" = NEW."guideProfileId";
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "GuideLanguage_list" AFTER INSERT OR UPDATE OR DELETE ON "GuideLanguage" FOR EACH ROW EXECUTE FUNCTION "GuideLanguage_list"();

CREATE INDEX "GuideProfile_isLive_category_payWhatYouWant_hourlyRateCents_idx" ON "GuideProfile"("isLive", "category", "payWhatYouWant", "hourlyRateCents", "nextFreeAt", "ratingCount", "ratingAverage", "experienceYears", "specialtyMask", "languageList", "userId");
