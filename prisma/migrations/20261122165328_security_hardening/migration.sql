-- CreateTable
CREATE TABLE "RateLimit" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL,
    "expire" DATETIME
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_User" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "role" TEXT NOT NULL DEFAULT 'user',
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "title" TEXT,
    "organisation" TEXT,
    "bio" TEXT,
    "education" TEXT,
    "experience" TEXT,
    "challenges" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "isVerified" BOOLEAN NOT NULL DEFAULT false,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deletedAt" DATETIME,
    "stripeCustomerId" TEXT,
    "notifications" BOOLEAN NOT NULL DEFAULT true,
    "darkMode" BOOLEAN NOT NULL DEFAULT false,
    "communication" TEXT NOT NULL DEFAULT 'email',
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "imageId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "User_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "Upload" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_User" ("bio", "challenges", "communication", "createdAt", "darkMode", "deletedAt", "education", "email", "experience", "id", "imageId", "isDeleted", "isVerified", "name", "notifications", "organisation", "role", "status", "stripeCustomerId", "timeZone", "title", "updatedAt") SELECT "bio", "challenges", "communication", "createdAt", "darkMode", "deletedAt", "education", "email", "experience", "id", "imageId", "isDeleted", "isVerified", "name", "notifications", "organisation", "role", "status", "stripeCustomerId", "timeZone", "title", "updatedAt" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE UNIQUE INDEX "User_stripeCustomerId_key" ON "User"("stripeCustomerId");
CREATE UNIQUE INDEX "User_imageId_key" ON "User"("imageId");
CREATE INDEX "User_role_isDeleted_status_idx" ON "User"("role", "isDeleted", "status");
CREATE INDEX "User_role_isDeleted_createdAt_idx" ON "User"("role", "isDeleted", "createdAt");
CREATE TABLE "new_Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'web',
    "expiresAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Session" ("createdAt", "expiresAt", "id", "kind", "userId") SELECT "createdAt", "expiresAt", "id", "kind", "userId" FROM "Session";
DROP TABLE "Session";
ALTER TABLE "new_Session" RENAME TO "Session";
CREATE INDEX "Session_userId_idx" ON "Session"("userId");
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");
CREATE TABLE "new_Resource" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "type" TEXT NOT NULL,
    "link" TEXT,
    "uploadId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Resource_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "Upload" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Resource" ("createdAt", "description", "id", "link", "title", "type", "updatedAt", "uploadId") SELECT "createdAt", "description", "id", "link", "title", "type", "updatedAt", "uploadId" FROM "Resource";
DROP TABLE "Resource";
ALTER TABLE "new_Resource" RENAME TO "Resource";
CREATE UNIQUE INDEX "Resource_uploadId_key" ON "Resource"("uploadId");
CREATE INDEX "Resource_type_createdAt_idx" ON "Resource"("type", "createdAt");
CREATE INDEX "Resource_createdAt_idx" ON "Resource"("createdAt");
CREATE INDEX "Resource_title_idx" ON "Resource"("title");
CREATE TABLE "new_Upload" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contentType" TEXT NOT NULL,
    "fileName" TEXT,
    "byteSize" INTEGER NOT NULL,
    "data" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_Upload" ("byteSize", "contentType", "createdAt", "data", "fileName", "id") SELECT "byteSize", "contentType", "createdAt", "data", "fileName", "id" FROM "Upload";
DROP TABLE "Upload";
ALTER TABLE "new_Upload" RENAME TO "Upload";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "RateLimit_expire_idx" ON "RateLimit"("expire");


-- Rebuilding "User" dropped its hand-written indexes and search triggers: put them back (as in the first migration).
CREATE INDEX "User_role_isDeleted_name_nocase_idx" ON "User"("role", "isDeleted", "name" COLLATE NOCASE);
CREATE INDEX "User_role_isDeleted_email_nocase_idx" ON "User"("role", "isDeleted", "email" COLLATE NOCASE);
CREATE INDEX "User_role_isDeleted_organisation_nocase_idx" ON "User"("role", "isDeleted", "organisation" COLLATE NOCASE);
CREATE TRIGGER "User_search_insert" AFTER INSERT ON "User" BEGIN
  INSERT INTO "UserSearch"(rowid, name, email, organisation) VALUES (new.id, new.name, new.email, coalesce(new.organisation, ''));
END;
CREATE TRIGGER "User_search_delete" AFTER DELETE ON "User" BEGIN
  DELETE FROM "UserSearch" WHERE rowid = old.id;
END;
CREATE TRIGGER "User_search_update" AFTER UPDATE OF name, email, organisation ON "User" BEGIN
  UPDATE "UserSearch" SET name = new.name, email = new.email, organisation = coalesce(new.organisation, '') WHERE rowid = new.id;
END;

-- Uploads stored before ids were random get a random id too (pictures and resource files follow by ON UPDATE CASCADE);
-- a page's hero image, referenced from the page's JSON, keeps its id.
UPDATE "Upload" SET "id" = lower(hex(randomblob(16)))
WHERE "id" NOT IN (
  SELECT CAST(json_extract("content", '$.hero.imageId') AS TEXT) FROM "PageContent"
  WHERE json_extract("content", '$.hero.imageId') IS NOT NULL
);
