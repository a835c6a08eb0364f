-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_GuideProfile" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "phone" TEXT,
    "experienceYears" INTEGER NOT NULL DEFAULT 0,
    "mentoredYears" INTEGER,
    "category" TEXT,
    "recentSuccess" TEXT,
    "videoUrl" TEXT,
    "payWhatYouWant" BOOLEAN NOT NULL DEFAULT false,
    "hourlyRateCents" INTEGER NOT NULL DEFAULT 0,
    "education" TEXT NOT NULL DEFAULT '[]',
    "expertise" TEXT NOT NULL DEFAULT '[]',
    "references" TEXT NOT NULL DEFAULT '[]',
    "contentLinks" TEXT NOT NULL DEFAULT '[]',
    "content" TEXT,
    "availabilityDescription" TEXT,
    "uniqueExperiences" TEXT,
    "ratingAverage" REAL NOT NULL DEFAULT 0,
    "ratingCount" INTEGER NOT NULL DEFAULT 0,
    "nextFreeAt" DATETIME,
    "searchText" TEXT NOT NULL DEFAULT '',
    "isLive" BOOLEAN NOT NULL DEFAULT false,
    "specialtyMask" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "GuideProfile_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_GuideProfile" ("availabilityDescription", "category", "content", "contentLinks", "createdAt", "education", "experienceYears", "expertise", "hourlyRateCents", "id", "mentoredYears", "payWhatYouWant", "phone", "ratingAverage", "ratingCount", "recentSuccess", "references", "uniqueExperiences", "updatedAt", "userId", "videoUrl") SELECT "availabilityDescription", "category", "content", "contentLinks", "createdAt", "education", "experienceYears", "expertise", "hourlyRateCents", "id", "mentoredYears", "payWhatYouWant", "phone", "ratingAverage", "ratingCount", "recentSuccess", "references", "uniqueExperiences", "updatedAt", "userId", "videoUrl" FROM "GuideProfile";
DROP TABLE "GuideProfile";
ALTER TABLE "new_GuideProfile" RENAME TO "GuideProfile";
CREATE UNIQUE INDEX "GuideProfile_userId_key" ON "GuideProfile"("userId");
CREATE INDEX "GuideProfile_category_idx" ON "GuideProfile"("category");
CREATE INDEX "GuideProfile_nextFreeAt_idx" ON "GuideProfile"("nextFreeAt");
CREATE INDEX "GuideProfile_isLive_category_payWhatYouWant_hourlyRateCents_nextFreeAt_ratingCount_ratingAverage_experienceYears_specialtyMask_userId_idx" ON "GuideProfile"("isLive", "category", "payWhatYouWant", "hourlyRateCents", "nextFreeAt", "ratingCount", "ratingAverage", "experienceYears", "specialtyMask", "userId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- Find a Mentor (app/modules/mentor-search). Two columns of "GuideProfile" are kept by the triggers below, never
-- written by the app:
--   "searchText"  what the keyword search reads: name, title, organisation, specialty labels (SPEC §3), expertise
--                 and bio (never the e-mail), indexed by the FTS5 table "GuideSearch" (rowid = the guide's user id;
--                 word tokens, prefix indexes, so "past" finds "Pastor").
--   "nextFreeAt"  the start of the guide's soonest free time: a Slot starting after now that no Booking holds. A
--                 booking that holds its slot, cancelled or not, makes it not free (Booking."slotId" is unique: the
--                 slot cannot be booked again until the booking lets go of it, slotId NULL). Slots pass as time
--                 goes on: the search refreshes rows whose "nextFreeAt" has passed before reading them.
--   "isLive"      the guide is live (role guide, approved, active, not deleted): the search's counts read the
--                 covering index "GuideProfile_isLive_category_…_idx" alone, never the 100k people.
--   "specialtyMask" the guide's specialty codes as bits (bit i = the i-th code of SPEC §3, as in
--                 app/modules/guides/schema.ts SPECIALTY_OPTIONS), in that index too.
-- Times are compared as text in the form Prisma writes them (2026-11-22T12:00:00.000+00:00).

UPDATE "GuideProfile" SET "searchText" = coalesce((SELECT u.name || ' ' || coalesce(u.title, '') || ' ' || coalesce(u.organisation, '') || ' '
      || coalesce((SELECT group_concat(CASE s.code WHEN 'leadership' THEN 'Leadership' WHEN 'churchGrowth' THEN 'Church Growth' WHEN 'strategicPlanning' THEN 'Strategic Planning' WHEN 'discipleship' THEN 'Discipleship' WHEN 'worshipPlanning' THEN 'Worship Planning' WHEN 'youthMinistry' THEN 'Youth Ministry' WHEN 'childrensMinistry' THEN 'Children''s Ministry' WHEN 'smallGroups' THEN 'Small Groups' WHEN 'missions' THEN 'Missions' WHEN 'evangelism' THEN 'Evangelism' WHEN 'churchPlanting' THEN 'Church Planting' WHEN 'pastoralCare' THEN 'Pastoral Care' WHEN 'administration' THEN 'Administration' WHEN 'finance' THEN 'Finance' WHEN 'technology' THEN 'Technology' WHEN 'communications' THEN 'Communications' ELSE s.code END, ' ') FROM "UserSpecialty" s WHERE s."userId" = u.id), '') || ' '
      || replace(replace(replace(replace("GuideProfile"."expertise", '","', ', '), '["', ''), '"]', ''), '[]', '') || ' ' || coalesce(u.bio, '')
    FROM "User" u WHERE u.id = "GuideProfile"."userId"), ''), "nextFreeAt" = (SELECT s."startsAt" FROM "Slot" s
    WHERE s."guideId" = "GuideProfile"."userId" AND s."startsAt" > strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
      AND NOT EXISTS (SELECT 1 FROM "Booking" b WHERE b."slotId" = s.id)
    ORDER BY s."startsAt" LIMIT 1), "isLive" = coalesce((SELECT u.role = 'guide' AND u."isVerified" = TRUE AND u.status = 'active' AND u."isDeleted" = FALSE FROM "User" u WHERE u.id = "GuideProfile"."userId"), FALSE), "specialtyMask" = (SELECT coalesce(sum(CASE s.code WHEN 'leadership' THEN 1 WHEN 'churchGrowth' THEN 2 WHEN 'strategicPlanning' THEN 4 WHEN 'discipleship' THEN 8 WHEN 'worshipPlanning' THEN 16 WHEN 'youthMinistry' THEN 32 WHEN 'childrensMinistry' THEN 64 WHEN 'smallGroups' THEN 128 WHEN 'missions' THEN 256 WHEN 'evangelism' THEN 512 WHEN 'churchPlanting' THEN 1024 WHEN 'pastoralCare' THEN 2048 WHEN 'administration' THEN 4096 WHEN 'finance' THEN 8192 WHEN 'technology' THEN 16384 WHEN 'communications' THEN 32768 ELSE 0 END), 0) FROM "UserSpecialty" s WHERE s."userId" = "GuideProfile"."userId");

CREATE VIRTUAL TABLE "GuideSearch" USING fts5("searchText", tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
INSERT INTO "GuideSearch"(rowid, "searchText") SELECT "userId", "searchText" FROM "GuideProfile";

CREATE TRIGGER "GuideProfile_search_insert" AFTER INSERT ON "GuideProfile" BEGIN
  INSERT INTO "GuideSearch"(rowid, "searchText") VALUES (new."userId", new."searchText");
  UPDATE "GuideProfile" SET "searchText" = coalesce((SELECT u.name || ' ' || coalesce(u.title, '') || ' ' || coalesce(u.organisation, '') || ' '
      || coalesce((SELECT group_concat(CASE s.code WHEN 'leadership' THEN 'Leadership' WHEN 'churchGrowth' THEN 'Church Growth' WHEN 'strategicPlanning' THEN 'Strategic Planning' WHEN 'discipleship' THEN 'Discipleship' WHEN 'worshipPlanning' THEN 'Worship Planning' WHEN 'youthMinistry' THEN 'Youth Ministry' WHEN 'childrensMinistry' THEN 'Children''s Ministry' WHEN 'smallGroups' THEN 'Small Groups' WHEN 'missions' THEN 'Missions' WHEN 'evangelism' THEN 'Evangelism' WHEN 'churchPlanting' THEN 'Church Planting' WHEN 'pastoralCare' THEN 'Pastoral Care' WHEN 'administration' THEN 'Administration' WHEN 'finance' THEN 'Finance' WHEN 'technology' THEN 'Technology' WHEN 'communications' THEN 'Communications' ELSE s.code END, ' ') FROM "UserSpecialty" s WHERE s."userId" = u.id), '') || ' '
      || replace(replace(replace(replace("GuideProfile"."expertise", '","', ', '), '["', ''), '"]', ''), '[]', '') || ' ' || coalesce(u.bio, '')
    FROM "User" u WHERE u.id = "GuideProfile"."userId"), ''), "nextFreeAt" = (SELECT s."startsAt" FROM "Slot" s
    WHERE s."guideId" = "GuideProfile"."userId" AND s."startsAt" > strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
      AND NOT EXISTS (SELECT 1 FROM "Booking" b WHERE b."slotId" = s.id)
    ORDER BY s."startsAt" LIMIT 1), "isLive" = coalesce((SELECT u.role = 'guide' AND u."isVerified" = TRUE AND u.status = 'active' AND u."isDeleted" = FALSE FROM "User" u WHERE u.id = "GuideProfile"."userId"), FALSE), "specialtyMask" = (SELECT coalesce(sum(CASE s.code WHEN 'leadership' THEN 1 WHEN 'churchGrowth' THEN 2 WHEN 'strategicPlanning' THEN 4 WHEN 'discipleship' THEN 8 WHEN 'worshipPlanning' THEN 16 WHEN 'youthMinistry' THEN 32 WHEN 'childrensMinistry' THEN 64 WHEN 'smallGroups' THEN 128 WHEN 'missions' THEN 256 WHEN 'evangelism' THEN 512 WHEN 'churchPlanting' THEN 1024 WHEN 'pastoralCare' THEN 2048 WHEN 'administration' THEN 4096 WHEN 'finance' THEN 8192 WHEN 'technology' THEN 16384 WHEN 'communications' THEN 32768 ELSE 0 END), 0) FROM "UserSpecialty" s WHERE s."userId" = "GuideProfile"."userId") WHERE id = new.id;
END;
CREATE TRIGGER "User_guide_live" AFTER UPDATE OF role, "isVerified", status, "isDeleted" ON "User" BEGIN
  UPDATE "GuideProfile" SET "isLive" = (new.role = 'guide' AND new."isVerified" = TRUE AND new.status = 'active' AND new."isDeleted" = FALSE) WHERE "userId" = new.id;
END;
CREATE TRIGGER "GuideProfile_search_text" AFTER UPDATE OF "searchText" ON "GuideProfile" BEGIN
  DELETE FROM "GuideSearch" WHERE rowid = old."userId";
  INSERT INTO "GuideSearch"(rowid, "searchText") VALUES (new."userId", new."searchText");
END;
CREATE TRIGGER "GuideProfile_search_expertise" AFTER UPDATE OF "expertise" ON "GuideProfile" BEGIN
  UPDATE "GuideProfile" SET "searchText" = coalesce((SELECT u.name || ' ' || coalesce(u.title, '') || ' ' || coalesce(u.organisation, '') || ' '
      || coalesce((SELECT group_concat(CASE s.code WHEN 'leadership' THEN 'Leadership' WHEN 'churchGrowth' THEN 'Church Growth' WHEN 'strategicPlanning' THEN 'Strategic Planning' WHEN 'discipleship' THEN 'Discipleship' WHEN 'worshipPlanning' THEN 'Worship Planning' WHEN 'youthMinistry' THEN 'Youth Ministry' WHEN 'childrensMinistry' THEN 'Children''s Ministry' WHEN 'smallGroups' THEN 'Small Groups' WHEN 'missions' THEN 'Missions' WHEN 'evangelism' THEN 'Evangelism' WHEN 'churchPlanting' THEN 'Church Planting' WHEN 'pastoralCare' THEN 'Pastoral Care' WHEN 'administration' THEN 'Administration' WHEN 'finance' THEN 'Finance' WHEN 'technology' THEN 'Technology' WHEN 'communications' THEN 'Communications' ELSE s.code END, ' ') FROM "UserSpecialty" s WHERE s."userId" = u.id), '') || ' '
      || replace(replace(replace(replace("GuideProfile"."expertise", '","', ', '), '["', ''), '"]', ''), '[]', '') || ' ' || coalesce(u.bio, '')
    FROM "User" u WHERE u.id = "GuideProfile"."userId"), ''), "specialtyMask" = (SELECT coalesce(sum(CASE s.code WHEN 'leadership' THEN 1 WHEN 'churchGrowth' THEN 2 WHEN 'strategicPlanning' THEN 4 WHEN 'discipleship' THEN 8 WHEN 'worshipPlanning' THEN 16 WHEN 'youthMinistry' THEN 32 WHEN 'childrensMinistry' THEN 64 WHEN 'smallGroups' THEN 128 WHEN 'missions' THEN 256 WHEN 'evangelism' THEN 512 WHEN 'churchPlanting' THEN 1024 WHEN 'pastoralCare' THEN 2048 WHEN 'administration' THEN 4096 WHEN 'finance' THEN 8192 WHEN 'technology' THEN 16384 WHEN 'communications' THEN 32768 ELSE 0 END), 0) FROM "UserSpecialty" s WHERE s."userId" = "GuideProfile"."userId") WHERE id = new.id;
END;
CREATE TRIGGER "GuideProfile_search_delete" AFTER DELETE ON "GuideProfile" BEGIN
  DELETE FROM "GuideSearch" WHERE rowid = old."userId";
END;
CREATE TRIGGER "User_guide_search_update" AFTER UPDATE OF name, title, organisation, bio ON "User" WHEN new.role = 'guide' BEGIN
  UPDATE "GuideProfile" SET "searchText" = coalesce((SELECT u.name || ' ' || coalesce(u.title, '') || ' ' || coalesce(u.organisation, '') || ' '
      || coalesce((SELECT group_concat(CASE s.code WHEN 'leadership' THEN 'Leadership' WHEN 'churchGrowth' THEN 'Church Growth' WHEN 'strategicPlanning' THEN 'Strategic Planning' WHEN 'discipleship' THEN 'Discipleship' WHEN 'worshipPlanning' THEN 'Worship Planning' WHEN 'youthMinistry' THEN 'Youth Ministry' WHEN 'childrensMinistry' THEN 'Children''s Ministry' WHEN 'smallGroups' THEN 'Small Groups' WHEN 'missions' THEN 'Missions' WHEN 'evangelism' THEN 'Evangelism' WHEN 'churchPlanting' THEN 'Church Planting' WHEN 'pastoralCare' THEN 'Pastoral Care' WHEN 'administration' THEN 'Administration' WHEN 'finance' THEN 'Finance' WHEN 'technology' THEN 'Technology' WHEN 'communications' THEN 'Communications' ELSE s.code END, ' ') FROM "UserSpecialty" s WHERE s."userId" = u.id), '') || ' '
      || replace(replace(replace(replace("GuideProfile"."expertise", '","', ', '), '["', ''), '"]', ''), '[]', '') || ' ' || coalesce(u.bio, '')
    FROM "User" u WHERE u.id = "GuideProfile"."userId"), ''), "specialtyMask" = (SELECT coalesce(sum(CASE s.code WHEN 'leadership' THEN 1 WHEN 'churchGrowth' THEN 2 WHEN 'strategicPlanning' THEN 4 WHEN 'discipleship' THEN 8 WHEN 'worshipPlanning' THEN 16 WHEN 'youthMinistry' THEN 32 WHEN 'childrensMinistry' THEN 64 WHEN 'smallGroups' THEN 128 WHEN 'missions' THEN 256 WHEN 'evangelism' THEN 512 WHEN 'churchPlanting' THEN 1024 WHEN 'pastoralCare' THEN 2048 WHEN 'administration' THEN 4096 WHEN 'finance' THEN 8192 WHEN 'technology' THEN 16384 WHEN 'communications' THEN 32768 ELSE 0 END), 0) FROM "UserSpecialty" s WHERE s."userId" = "GuideProfile"."userId") WHERE "userId" = new.id;
END;
CREATE TRIGGER "UserSpecialty_guide_search_insert" AFTER INSERT ON "UserSpecialty" BEGIN
  UPDATE "GuideProfile" SET "searchText" = coalesce((SELECT u.name || ' ' || coalesce(u.title, '') || ' ' || coalesce(u.organisation, '') || ' '
      || coalesce((SELECT group_concat(CASE s.code WHEN 'leadership' THEN 'Leadership' WHEN 'churchGrowth' THEN 'Church Growth' WHEN 'strategicPlanning' THEN 'Strategic Planning' WHEN 'discipleship' THEN 'Discipleship' WHEN 'worshipPlanning' THEN 'Worship Planning' WHEN 'youthMinistry' THEN 'Youth Ministry' WHEN 'childrensMinistry' THEN 'Children''s Ministry' WHEN 'smallGroups' THEN 'Small Groups' WHEN 'missions' THEN 'Missions' WHEN 'evangelism' THEN 'Evangelism' WHEN 'churchPlanting' THEN 'Church Planting' WHEN 'pastoralCare' THEN 'Pastoral Care' WHEN 'administration' THEN 'Administration' WHEN 'finance' THEN 'Finance' WHEN 'technology' THEN 'Technology' WHEN 'communications' THEN 'Communications' ELSE s.code END, ' ') FROM "UserSpecialty" s WHERE s."userId" = u.id), '') || ' '
      || replace(replace(replace(replace("GuideProfile"."expertise", '","', ', '), '["', ''), '"]', ''), '[]', '') || ' ' || coalesce(u.bio, '')
    FROM "User" u WHERE u.id = "GuideProfile"."userId"), ''), "specialtyMask" = (SELECT coalesce(sum(CASE s.code WHEN 'leadership' THEN 1 WHEN 'churchGrowth' THEN 2 WHEN 'strategicPlanning' THEN 4 WHEN 'discipleship' THEN 8 WHEN 'worshipPlanning' THEN 16 WHEN 'youthMinistry' THEN 32 WHEN 'childrensMinistry' THEN 64 WHEN 'smallGroups' THEN 128 WHEN 'missions' THEN 256 WHEN 'evangelism' THEN 512 WHEN 'churchPlanting' THEN 1024 WHEN 'pastoralCare' THEN 2048 WHEN 'administration' THEN 4096 WHEN 'finance' THEN 8192 WHEN 'technology' THEN 16384 WHEN 'communications' THEN 32768 ELSE 0 END), 0) FROM "UserSpecialty" s WHERE s."userId" = "GuideProfile"."userId") WHERE "userId" = new."userId";
END;
CREATE TRIGGER "UserSpecialty_guide_search_delete" AFTER DELETE ON "UserSpecialty" BEGIN
  UPDATE "GuideProfile" SET "searchText" = coalesce((SELECT u.name || ' ' || coalesce(u.title, '') || ' ' || coalesce(u.organisation, '') || ' '
      || coalesce((SELECT group_concat(CASE s.code WHEN 'leadership' THEN 'Leadership' WHEN 'churchGrowth' THEN 'Church Growth' WHEN 'strategicPlanning' THEN 'Strategic Planning' WHEN 'discipleship' THEN 'Discipleship' WHEN 'worshipPlanning' THEN 'Worship Planning' WHEN 'youthMinistry' THEN 'Youth Ministry' WHEN 'childrensMinistry' THEN 'Children''s Ministry' WHEN 'smallGroups' THEN 'Small Groups' WHEN 'missions' THEN 'Missions' WHEN 'evangelism' THEN 'Evangelism' WHEN 'churchPlanting' THEN 'Church Planting' WHEN 'pastoralCare' THEN 'Pastoral Care' WHEN 'administration' THEN 'Administration' WHEN 'finance' THEN 'Finance' WHEN 'technology' THEN 'Technology' WHEN 'communications' THEN 'Communications' ELSE s.code END, ' ') FROM "UserSpecialty" s WHERE s."userId" = u.id), '') || ' '
      || replace(replace(replace(replace("GuideProfile"."expertise", '","', ', '), '["', ''), '"]', ''), '[]', '') || ' ' || coalesce(u.bio, '')
    FROM "User" u WHERE u.id = "GuideProfile"."userId"), ''), "specialtyMask" = (SELECT coalesce(sum(CASE s.code WHEN 'leadership' THEN 1 WHEN 'churchGrowth' THEN 2 WHEN 'strategicPlanning' THEN 4 WHEN 'discipleship' THEN 8 WHEN 'worshipPlanning' THEN 16 WHEN 'youthMinistry' THEN 32 WHEN 'childrensMinistry' THEN 64 WHEN 'smallGroups' THEN 128 WHEN 'missions' THEN 256 WHEN 'evangelism' THEN 512 WHEN 'churchPlanting' THEN 1024 WHEN 'pastoralCare' THEN 2048 WHEN 'administration' THEN 4096 WHEN 'finance' THEN 8192 WHEN 'technology' THEN 16384 WHEN 'communications' THEN 32768 ELSE 0 END), 0) FROM "UserSpecialty" s WHERE s."userId" = "GuideProfile"."userId") WHERE "userId" = old."userId";
END;
CREATE TRIGGER "UserSpecialty_guide_search_update" AFTER UPDATE ON "UserSpecialty" BEGIN
  UPDATE "GuideProfile" SET "searchText" = coalesce((SELECT u.name || ' ' || coalesce(u.title, '') || ' ' || coalesce(u.organisation, '') || ' '
      || coalesce((SELECT group_concat(CASE s.code WHEN 'leadership' THEN 'Leadership' WHEN 'churchGrowth' THEN 'Church Growth' WHEN 'strategicPlanning' THEN 'Strategic Planning' WHEN 'discipleship' THEN 'Discipleship' WHEN 'worshipPlanning' THEN 'Worship Planning' WHEN 'youthMinistry' THEN 'Youth Ministry' WHEN 'childrensMinistry' THEN 'Children''s Ministry' WHEN 'smallGroups' THEN 'Small Groups' WHEN 'missions' THEN 'Missions' WHEN 'evangelism' THEN 'Evangelism' WHEN 'churchPlanting' THEN 'Church Planting' WHEN 'pastoralCare' THEN 'Pastoral Care' WHEN 'administration' THEN 'Administration' WHEN 'finance' THEN 'Finance' WHEN 'technology' THEN 'Technology' WHEN 'communications' THEN 'Communications' ELSE s.code END, ' ') FROM "UserSpecialty" s WHERE s."userId" = u.id), '') || ' '
      || replace(replace(replace(replace("GuideProfile"."expertise", '","', ', '), '["', ''), '"]', ''), '[]', '') || ' ' || coalesce(u.bio, '')
    FROM "User" u WHERE u.id = "GuideProfile"."userId"), ''), "specialtyMask" = (SELECT coalesce(sum(CASE s.code WHEN 'leadership' THEN 1 WHEN 'churchGrowth' THEN 2 WHEN 'strategicPlanning' THEN 4 WHEN 'discipleship' THEN 8 WHEN 'worshipPlanning' THEN 16 WHEN 'youthMinistry' THEN 32 WHEN 'childrensMinistry' THEN 64 WHEN 'smallGroups' THEN 128 WHEN 'missions' THEN 256 WHEN 'evangelism' THEN 512 WHEN 'churchPlanting' THEN 1024 WHEN 'pastoralCare' THEN 2048 WHEN 'administration' THEN 4096 WHEN 'finance' THEN 8192 WHEN 'technology' THEN 16384 WHEN 'communications' THEN 32768 ELSE 0 END), 0) FROM "UserSpecialty" s WHERE s."userId" = "GuideProfile"."userId") WHERE "userId" IN (old."userId", new."userId");
END;

CREATE TRIGGER "Slot_next_free_insert" AFTER INSERT ON "Slot" BEGIN
  UPDATE "GuideProfile" SET "nextFreeAt" = (SELECT s."startsAt" FROM "Slot" s
    WHERE s."guideId" = "GuideProfile"."userId" AND s."startsAt" > strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
      AND NOT EXISTS (SELECT 1 FROM "Booking" b WHERE b."slotId" = s.id)
    ORDER BY s."startsAt" LIMIT 1) WHERE "userId" = new."guideId";
END;
CREATE TRIGGER "Slot_next_free_update" AFTER UPDATE OF "startsAt", "guideId" ON "Slot" BEGIN
  UPDATE "GuideProfile" SET "nextFreeAt" = (SELECT s."startsAt" FROM "Slot" s
    WHERE s."guideId" = "GuideProfile"."userId" AND s."startsAt" > strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
      AND NOT EXISTS (SELECT 1 FROM "Booking" b WHERE b."slotId" = s.id)
    ORDER BY s."startsAt" LIMIT 1) WHERE "userId" IN (old."guideId", new."guideId");
END;
CREATE TRIGGER "Slot_next_free_delete" AFTER DELETE ON "Slot" BEGIN
  UPDATE "GuideProfile" SET "nextFreeAt" = (SELECT s."startsAt" FROM "Slot" s
    WHERE s."guideId" = "GuideProfile"."userId" AND s."startsAt" > strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
      AND NOT EXISTS (SELECT 1 FROM "Booking" b WHERE b."slotId" = s.id)
    ORDER BY s."startsAt" LIMIT 1) WHERE "userId" = old."guideId";
END;
CREATE TRIGGER "Booking_next_free_insert" AFTER INSERT ON "Booking" WHEN new."slotId" IS NOT NULL BEGIN
  UPDATE "GuideProfile" SET "nextFreeAt" = (SELECT s."startsAt" FROM "Slot" s
    WHERE s."guideId" = "GuideProfile"."userId" AND s."startsAt" > strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
      AND NOT EXISTS (SELECT 1 FROM "Booking" b WHERE b."slotId" = s.id)
    ORDER BY s."startsAt" LIMIT 1) WHERE "userId" = (SELECT "guideId" FROM "Slot" WHERE id = new."slotId");
END;
CREATE TRIGGER "Booking_next_free_update" AFTER UPDATE OF "slotId" ON "Booking" WHEN old."slotId" IS NOT new."slotId" BEGIN
  UPDATE "GuideProfile" SET "nextFreeAt" = (SELECT s."startsAt" FROM "Slot" s
    WHERE s."guideId" = "GuideProfile"."userId" AND s."startsAt" > strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
      AND NOT EXISTS (SELECT 1 FROM "Booking" b WHERE b."slotId" = s.id)
    ORDER BY s."startsAt" LIMIT 1) WHERE "userId" IN ((SELECT "guideId" FROM "Slot" WHERE id = old."slotId"), (SELECT "guideId" FROM "Slot" WHERE id = new."slotId"));
END;
CREATE TRIGGER "Booking_next_free_delete" AFTER DELETE ON "Booking" WHEN old."slotId" IS NOT NULL BEGIN
  UPDATE "GuideProfile" SET "nextFreeAt" = (SELECT s."startsAt" FROM "Slot" s
    WHERE s."guideId" = "GuideProfile"."userId" AND s."startsAt" > strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
      AND NOT EXISTS (SELECT 1 FROM "Booking" b WHERE b."slotId" = s.id)
    ORDER BY s."startsAt" LIMIT 1) WHERE "userId" = (SELECT "guideId" FROM "Slot" WHERE id = old."slotId");
END;
