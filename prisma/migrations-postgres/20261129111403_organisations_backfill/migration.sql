-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "memberCount" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Organisation_kind_id_idx" ON "Organisation"("kind", "id");
CREATE INDEX "Organisation_country_id_idx" ON "Organisation"("country", "id");
CREATE INDEX "Organisation_memberCount_id_idx" ON "Organisation"("memberCount", "id");
CREATE INDEX "Organisation_createdAt_id_idx" ON "Organisation"("createdAt", "id");
-- The console's list sorted by name, caseless (lists order by lower(column)).
CREATE INDEX "Organisation_name_lower_idx" ON "Organisation"(lower("name"), "id") INCLUDE ("name");
-- Organisations searched by name through a trigram index (as the outbox is).
CREATE INDEX "Organisation_name_trgm_idx" ON "Organisation" USING gin ("name" gin_trgm_ops);

-- Today's free-text organisations become records. Each person's name as written, tidied as organisationNameKey
-- tidies it (trimmed, runs of white space as one space).
CREATE TEMP TABLE "OrganisationSpelling" ON COMMIT DROP AS
SELECT id, btrim(regexp_replace(organisation, '\s+', ' ', 'g')) AS name
FROM "User" WHERE organisation IS NOT NULL;
DELETE FROM "OrganisationSpelling" WHERE name = '';

-- One organisation per key (the tidied name lower-cased), named by its most common spelling, the earliest person's
-- on a tie.
INSERT INTO "Organisation" (name, "nameKey", "createdAt", "updatedAt")
SELECT name, "nameKey", CURRENT_TIMESTAMP, CURRENT_TIMESTAMP FROM (
  SELECT name, lower(name) AS "nameKey", ROW_NUMBER() OVER (PARTITION BY lower(name) ORDER BY COUNT(*) DESC, MIN(id)) AS rank
  FROM "OrganisationSpelling" GROUP BY name
) spellings
WHERE rank = 1
ON CONFLICT ("nameKey") DO NOTHING;

-- Every person linked to theirs, their records showing its name; a name of spaces only is no organisation.
UPDATE "User" u SET "organisationId" = o.id, organisation = o.name
FROM "OrganisationSpelling" s JOIN "Organisation" o ON o."nameKey" = lower(s.name)
WHERE s.id = u.id;
UPDATE "User" SET organisation = NULL WHERE organisation IS NOT NULL AND "organisationId" IS NULL;
UPDATE "Organisation" o SET "memberCount" = (SELECT COUNT(*) FROM "User" u WHERE u."organisationId" = o.id);
