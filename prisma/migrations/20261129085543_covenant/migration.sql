-- CreateTable
CREATE TABLE "CovenantVersion" (
    "version" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "text" TEXT NOT NULL,
    "publishedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedById" INTEGER NOT NULL,
    CONSTRAINT "CovenantVersion_publishedById_fkey" FOREIGN KEY ("publishedById") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CovenantAcceptance" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "personId" INTEGER NOT NULL,
    "counterpartId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "acceptedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CovenantAcceptance_personId_fkey" FOREIGN KEY ("personId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CovenantAcceptance_counterpartId_fkey" FOREIGN KEY ("counterpartId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CovenantAcceptance_version_fkey" FOREIGN KEY ("version") REFERENCES "CovenantVersion" ("version") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "CovenantAcceptance_counterpartId_personId_idx" ON "CovenantAcceptance"("counterpartId", "personId");

-- CreateIndex
CREATE UNIQUE INDEX "CovenantAcceptance_personId_counterpartId_version_key" ON "CovenantAcceptance"("personId", "counterpartId", "version");

