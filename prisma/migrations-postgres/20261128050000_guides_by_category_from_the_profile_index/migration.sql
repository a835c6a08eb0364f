-- The console's guides sorted by category are read along this index, ten profiles a page, instead of joining all
-- 5,000 guides to their profiles and sorting them. It lists every guide because every guide has a profile: both ways
-- in (an administrator's new guide, a pastor's application) create it with the account, and the guides made before
-- that rule get an empty one here. The category is included so that the page's ids come from the index alone.
INSERT INTO "GuideProfile" ("userId", "createdAt", "updatedAt")
  SELECT u.id, u."createdAt", CURRENT_TIMESTAMP FROM "User" u
  WHERE u.role = 'guide' AND NOT EXISTS (SELECT 1 FROM "GuideProfile" gp WHERE gp."userId" = u.id);

CREATE INDEX "GuideProfile_category_sort_idx" ON "GuideProfile"(lower("category") NULLS FIRST, "userId") INCLUDE ("category");
