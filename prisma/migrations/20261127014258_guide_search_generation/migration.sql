-- Find a Mentor keeps every live guide's facet values and sort keys in memory (app/modules/mentor-search), with the
-- value of this one row they were read at: the triggers below give it a new random value whenever a profile is added
-- or removed or a column the search reads changes, and a server reads the profiles again only once the value differs.
-- CreateTable
CREATE TABLE "GuideSearchGeneration" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "generation" TEXT NOT NULL DEFAULT ''
);


INSERT INTO "GuideSearchGeneration" ("id", "generation") VALUES (1, lower(hex(randomblob(8))));

CREATE TRIGGER "GuideProfile_search_generation_insert" AFTER INSERT ON "GuideProfile" BEGIN
  UPDATE "GuideSearchGeneration" SET "generation" = lower(hex(randomblob(8))) WHERE "id" = 1;
END;
CREATE TRIGGER "GuideProfile_search_generation_delete" AFTER DELETE ON "GuideProfile" BEGIN
  UPDATE "GuideSearchGeneration" SET "generation" = lower(hex(randomblob(8))) WHERE "id" = 1;
END;
CREATE TRIGGER "GuideProfile_search_generation_update" AFTER UPDATE OF "userId", "isLive", "category", "payWhatYouWant", "hourlyRateCents", "nextFreeAt", "ratingAverage", "ratingCount", "experienceYears", "specialtyMask", "languageList" ON "GuideProfile"
WHEN old."userId" IS NOT new."userId" OR old."isLive" IS NOT new."isLive" OR old."category" IS NOT new."category" OR old."payWhatYouWant" IS NOT new."payWhatYouWant" OR old."hourlyRateCents" IS NOT new."hourlyRateCents" OR old."nextFreeAt" IS NOT new."nextFreeAt" OR old."ratingAverage" IS NOT new."ratingAverage" OR old."ratingCount" IS NOT new."ratingCount" OR old."experienceYears" IS NOT new."experienceYears" OR old."specialtyMask" IS NOT new."specialtyMask" OR old."languageList" IS NOT new."languageList"
BEGIN
  UPDATE "GuideSearchGeneration" SET "generation" = lower(hex(randomblob(8))) WHERE "id" = 1;
END;
