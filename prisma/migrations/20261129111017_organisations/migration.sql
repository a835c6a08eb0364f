-- CreateTable
CREATE TABLE "Organisation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'church',
    "city" TEXT,
    "country" TEXT,
    "website" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "Organisation_nameKey_key" ON "Organisation"("nameKey");

-- A column added in place: redefining User would drop its hand-made NOCASE indexes and search triggers.
ALTER TABLE "User" ADD COLUMN "organisationId" INTEGER REFERENCES "Organisation" ("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "User_organisationId_idx" ON "User"("organisationId");
