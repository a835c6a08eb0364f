-- Find a Mentor keeps every live guide's facet values and sort keys in memory, with the value of this one row they
-- were read at (see the SQLite migration of the same name). The row is written again (an upsert, so an emptied table
-- gets it back) in the transaction that changes a profile: two such transactions take turns on it.
-- CreateTable
CREATE TABLE "GuideSearchGeneration" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "generation" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "GuideSearchGeneration_pkey" PRIMARY KEY ("id")
);


INSERT INTO "GuideSearchGeneration" ("id", "generation") VALUES (1, gen_random_uuid()::text);

CREATE FUNCTION "GuideProfile_search_generation"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "GuideSearchGeneration" ("id", "generation") VALUES (1, gen_random_uuid()::text)
  ON CONFLICT ("id") DO UPDATE SET "generation" = EXCLUDED."generation";
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "GuideProfile_search_generation_change" AFTER INSERT OR DELETE ON "GuideProfile"
  FOR EACH ROW EXECUTE FUNCTION "GuideProfile_search_generation"();
CREATE TRIGGER "GuideProfile_search_generation_update" AFTER UPDATE OF "userId", "isLive", "category", "payWhatYouWant", "hourlyRateCents", "nextFreeAt", "ratingAverage", "ratingCount", "experienceYears", "specialtyMask", "languageList" ON "GuideProfile"
  FOR EACH ROW WHEN (OLD."userId" IS DISTINCT FROM NEW."userId" OR OLD."isLive" IS DISTINCT FROM NEW."isLive" OR OLD."category" IS DISTINCT FROM NEW."category" OR OLD."payWhatYouWant" IS DISTINCT FROM NEW."payWhatYouWant" OR OLD."hourlyRateCents" IS DISTINCT FROM NEW."hourlyRateCents" OR OLD."nextFreeAt" IS DISTINCT FROM NEW."nextFreeAt" OR OLD."ratingAverage" IS DISTINCT FROM NEW."ratingAverage" OR OLD."ratingCount" IS DISTINCT FROM NEW."ratingCount" OR OLD."experienceYears" IS DISTINCT FROM NEW."experienceYears" OR OLD."specialtyMask" IS DISTINCT FROM NEW."specialtyMask" OR OLD."languageList" IS DISTINCT FROM NEW."languageList")
  EXECUTE FUNCTION "GuideProfile_search_generation"();
