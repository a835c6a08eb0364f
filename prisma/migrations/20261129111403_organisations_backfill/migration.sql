-- A column added in place (redefining Organisation would gain nothing and rewrite the table).
ALTER TABLE "Organisation" ADD COLUMN "memberCount" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Organisation_kind_id_idx" ON "Organisation"("kind", "id");
CREATE INDEX "Organisation_country_id_idx" ON "Organisation"("country", "id");
CREATE INDEX "Organisation_memberCount_id_idx" ON "Organisation"("memberCount", "id");
CREATE INDEX "Organisation_createdAt_id_idx" ON "Organisation"("createdAt", "id");
-- The console's list sorted by name, caseless.
CREATE INDEX "Organisation_name_nocase_idx" ON "Organisation"("name" COLLATE NOCASE, "id");

-- Organisations searched by name through a trigram full-text table (as the outbox is), kept by triggers; rowid is the
-- organisation's id.
CREATE VIRTUAL TABLE "OrganisationSearch" USING fts5(name, tokenize = 'trigram');
CREATE TRIGGER "Organisation_search_insert" AFTER INSERT ON "Organisation" BEGIN
  INSERT INTO "OrganisationSearch"(rowid, name) VALUES (new.id, new.name);
END;
CREATE TRIGGER "Organisation_search_delete" AFTER DELETE ON "Organisation" BEGIN
  DELETE FROM "OrganisationSearch" WHERE rowid = old.id;
END;
CREATE TRIGGER "Organisation_search_update" AFTER UPDATE OF name ON "Organisation" BEGIN
  UPDATE "OrganisationSearch" SET name = new.name WHERE rowid = new.id;
END;
INSERT INTO "OrganisationSearch"(rowid, name) SELECT id, name FROM "Organisation";

-- Today's free-text organisations become records. Each person's name as written, tidied as organisationNameKey
-- tidies it (trimmed, tabs and line breaks as spaces, runs of spaces as one: SQLite has no regex, so five passes,
-- enough for runs of 32).
CREATE TEMP TABLE "OrganisationSpelling" AS
SELECT id, trim(replace(replace(replace(replace(replace(replace(replace(replace(organisation, char(9), ' '), char(10), ' '), char(13), ' '),
  '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ')) AS name
FROM "User" WHERE organisation IS NOT NULL;
DELETE FROM "OrganisationSpelling" WHERE name = '';

-- One organisation per key (the tidied name lower-cased), named by its most common spelling, the earliest person's
-- on a tie.
INSERT INTO "Organisation" (name, "nameKey", "createdAt", "updatedAt")
SELECT name, "nameKey", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') FROM (
  SELECT name, lower(name) AS "nameKey", ROW_NUMBER() OVER (PARTITION BY lower(name) ORDER BY COUNT(*) DESC, MIN(id)) AS rank
  FROM "OrganisationSpelling" GROUP BY name
) spellings
WHERE rank = 1 AND "nameKey" NOT IN (SELECT "nameKey" FROM "Organisation");

-- Every person linked to theirs, their records showing its name; a name of spaces only is no organisation.
UPDATE "User" SET "organisationId" = o.id, organisation = o.name
FROM "OrganisationSpelling" s JOIN "Organisation" o ON o."nameKey" = lower(s.name)
WHERE s.id = "User".id;
UPDATE "User" SET organisation = NULL WHERE organisation IS NOT NULL AND "organisationId" IS NULL;
UPDATE "Organisation" SET "memberCount" = (SELECT COUNT(*) FROM "User" u WHERE u."organisationId" = "Organisation".id);
DROP TABLE "OrganisationSpelling";
