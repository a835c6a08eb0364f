-- CreateTable
CREATE TABLE "IdempotentRequest" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tokenId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER,
    "body" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "IdempotentRequest_tokenId_fkey" FOREIGN KEY ("tokenId") REFERENCES "AccessToken" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "IdempotentRequest_tokenId_createdAt_idx" ON "IdempotentRequest"("tokenId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotentRequest_tokenId_key_key" ON "IdempotentRequest"("tokenId", "key");

