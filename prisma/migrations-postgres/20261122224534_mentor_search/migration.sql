-- AlterTable
ALTER TABLE "GuideProfile" ADD COLUMN     "isLive" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "nextFreeAt" TIMESTAMP(3),
ADD COLUMN     "searchText" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "specialtyMask" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "GuideProfile_nextFreeAt_idx" ON "GuideProfile"("nextFreeAt");

-- CreateIndex
CREATE INDEX "GuideProfile_isLive_category_payWhatYouWant_hourlyRateCents_idx" ON "GuideProfile"("isLive", "category", "payWhatYouWant", "hourlyRateCents", "nextFreeAt", "ratingCount", "ratingAverage", "experienceYears", "specialtyMask", "userId");


-- Find a Mentor (app/modules/mentor-search): "searchText" and "nextFreeAt" of "GuideProfile" are kept by the
-- triggers below, never written by the app (see the SQLite migration of the same name for what they hold).
-- A booking that holds its slot, cancelled or not, makes it not free. "searchVector" is generated from
-- "searchText" (the seed's copy skips generated columns) and indexed for the keyword search.

CREATE FUNCTION "guide_search_text"(guide integer, expertise text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', u.name, u.title, u.organisation,
    (SELECT string_agg(CASE s.code WHEN 'leadership' THEN 'Leadership' WHEN 'churchGrowth' THEN 'Church Growth' WHEN 'strategicPlanning' THEN 'Strategic Planning' WHEN 'discipleship' THEN 'Discipleship' WHEN 'worshipPlanning' THEN 'Worship Planning' WHEN 'youthMinistry' THEN 'Youth Ministry' WHEN 'childrensMinistry' THEN 'Children''s Ministry' WHEN 'smallGroups' THEN 'Small Groups' WHEN 'missions' THEN 'Missions' WHEN 'evangelism' THEN 'Evangelism' WHEN 'churchPlanting' THEN 'Church Planting' WHEN 'pastoralCare' THEN 'Pastoral Care' WHEN 'administration' THEN 'Administration' WHEN 'finance' THEN 'Finance' WHEN 'technology' THEN 'Technology' WHEN 'communications' THEN 'Communications' ELSE s.code END, ' ' ORDER BY s.code) FROM "UserSpecialty" s WHERE s."userId" = u.id),
    replace(replace(replace(replace(expertise, '","', ', '), '["', ''), '"]', ''), '[]', ''), u.bio)
  FROM "User" u WHERE u.id = guide
$$;

CREATE FUNCTION "guide_next_free_at"(guide integer) RETURNS timestamp(3) LANGUAGE sql STABLE AS $$
  SELECT s."startsAt" FROM "Slot" s
  WHERE s."guideId" = guide AND s."startsAt" > (now() AT TIME ZONE 'UTC')
    AND NOT EXISTS (SELECT 1 FROM "Booking" b WHERE b."slotId" = s.id)
  ORDER BY s."startsAt" LIMIT 1
$$;

CREATE FUNCTION "guide_specialty_mask"(guide integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT (SELECT coalesce(sum(CASE s.code WHEN 'leadership' THEN 1 WHEN 'churchGrowth' THEN 2 WHEN 'strategicPlanning' THEN 4 WHEN 'discipleship' THEN 8 WHEN 'worshipPlanning' THEN 16 WHEN 'youthMinistry' THEN 32 WHEN 'childrensMinistry' THEN 64 WHEN 'smallGroups' THEN 128 WHEN 'missions' THEN 256 WHEN 'evangelism' THEN 512 WHEN 'churchPlanting' THEN 1024 WHEN 'pastoralCare' THEN 2048 WHEN 'administration' THEN 4096 WHEN 'finance' THEN 8192 WHEN 'technology' THEN 16384 WHEN 'communications' THEN 32768 ELSE 0 END), 0) FROM "UserSpecialty" s WHERE s."userId" = guide)::integer
$$;

CREATE FUNCTION "guide_is_live"(guide integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT u.role = 'guide' AND u."isVerified" AND u.status = 'active' AND NOT u."isDeleted" FROM "User" u WHERE u.id = guide), FALSE)
$$;

UPDATE "GuideProfile" SET "searchText" = coalesce("guide_search_text"("userId", "expertise"), ''), "nextFreeAt" = "guide_next_free_at"("userId"),
  "isLive" = "guide_is_live"("userId"), "specialtyMask" = "guide_specialty_mask"("userId");

ALTER TABLE "GuideProfile" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "searchText")) STORED;
CREATE INDEX "GuideProfile_searchVector_idx" ON "GuideProfile" USING gin ("searchVector");

CREATE FUNCTION "GuideProfile_search"() RETURNS trigger AS $$
BEGIN
  NEW."searchText" := coalesce("guide_search_text"(NEW."userId", NEW."expertise"), '');
  NEW."specialtyMask" := "guide_specialty_mask"(NEW."userId");
  IF TG_OP = 'INSERT' THEN
    NEW."nextFreeAt" := "guide_next_free_at"(NEW."userId");
    NEW."isLive" := "guide_is_live"(NEW."userId");
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "GuideProfile_search_insert" BEFORE INSERT ON "GuideProfile" FOR EACH ROW EXECUTE FUNCTION "GuideProfile_search"();
CREATE TRIGGER "GuideProfile_search_expertise" BEFORE UPDATE OF "expertise" ON "GuideProfile" FOR EACH ROW
  WHEN (OLD."expertise" IS DISTINCT FROM NEW."expertise") EXECUTE FUNCTION "GuideProfile_search"();

CREATE FUNCTION "guide_search_refresh"(guide integer) RETURNS void LANGUAGE sql AS $$
  UPDATE "GuideProfile" SET "searchText" = coalesce("guide_search_text"("userId", "expertise"), ''), "specialtyMask" = "guide_specialty_mask"(guide)
  WHERE "userId" = guide
$$;
CREATE FUNCTION "User_guide_search"() RETURNS trigger AS $$
BEGIN
  PERFORM "guide_search_refresh"(NEW.id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "User_guide_search_update" AFTER UPDATE OF name, title, organisation, bio ON "User" FOR EACH ROW
  WHEN (NEW.role = 'guide' AND (OLD.name, OLD.title, OLD.organisation, OLD.bio) IS DISTINCT FROM (NEW.name, NEW.title, NEW.organisation, NEW.bio))
  EXECUTE FUNCTION "User_guide_search"();
CREATE FUNCTION "User_guide_live"() RETURNS trigger AS $$
BEGIN
  UPDATE "GuideProfile" SET "isLive" = (NEW.role = 'guide' AND NEW."isVerified" AND NEW.status = 'active' AND NOT NEW."isDeleted") WHERE "userId" = NEW.id;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "User_guide_live" AFTER UPDATE OF role, "isVerified", status, "isDeleted" ON "User" FOR EACH ROW
  WHEN ((OLD.role, OLD."isVerified", OLD.status, OLD."isDeleted") IS DISTINCT FROM (NEW.role, NEW."isVerified", NEW.status, NEW."isDeleted"))
  EXECUTE FUNCTION "User_guide_live"();
CREATE FUNCTION "UserSpecialty_guide_search"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM "guide_search_refresh"(OLD."userId"); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM "guide_search_refresh"(NEW."userId"); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "UserSpecialty_guide_search" AFTER INSERT OR UPDATE OR DELETE ON "UserSpecialty" FOR EACH ROW EXECUTE FUNCTION "UserSpecialty_guide_search"();

CREATE FUNCTION "guide_next_free_refresh"(guide integer) RETURNS void LANGUAGE sql AS $$
  UPDATE "GuideProfile" SET "nextFreeAt" = "guide_next_free_at"(guide) WHERE "userId" = guide
$$;
CREATE FUNCTION "Slot_next_free"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM "guide_next_free_refresh"(OLD."guideId"); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."guideId" IS DISTINCT FROM OLD."guideId") THEN
    PERFORM "guide_next_free_refresh"(NEW."guideId");
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Slot_next_free" AFTER INSERT OR UPDATE OF "startsAt", "guideId" OR DELETE ON "Slot" FOR EACH ROW EXECUTE FUNCTION "Slot_next_free"();
CREATE FUNCTION "Booking_next_free"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."slotId" IS NOT NULL THEN
    PERFORM "guide_next_free_refresh"(s."guideId") FROM "Slot" s WHERE s.id = OLD."slotId";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."slotId" IS NOT NULL THEN
    PERFORM "guide_next_free_refresh"(s."guideId") FROM "Slot" s WHERE s.id = NEW."slotId";
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Booking_next_free_insert" AFTER INSERT OR DELETE ON "Booking" FOR EACH ROW EXECUTE FUNCTION "Booking_next_free"();
CREATE TRIGGER "Booking_next_free_update" AFTER UPDATE OF "slotId" ON "Booking" FOR EACH ROW
  WHEN (OLD."slotId" IS DISTINCT FROM NEW."slotId") EXECUTE FUNCTION "Booking_next_free"();
