-- CreateTable
CREATE TABLE "BulkChange" (
    "token" TEXT NOT NULL PRIMARY KEY,
    "actorId" INTEGER NOT NULL,
    "list" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "undoneAt" DATETIME,
    "records" TEXT NOT NULL
);

-- CreateIndex
CREATE INDEX "BulkChange_expiresAt_idx" ON "BulkChange"("expiresAt");

