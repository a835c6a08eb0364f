-- CreateTable
CREATE TABLE "IdempotentRequest" (
    "id" SERIAL NOT NULL,
    "tokenId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER,
    "body" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotentRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IdempotentRequest_tokenId_createdAt_idx" ON "IdempotentRequest"("tokenId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotentRequest_tokenId_key_key" ON "IdempotentRequest"("tokenId", "key");

-- AddForeignKey
ALTER TABLE "IdempotentRequest" ADD CONSTRAINT "IdempotentRequest_tokenId_fkey" FOREIGN KEY ("tokenId") REFERENCES "AccessToken"("id") ON DELETE CASCADE ON UPDATE CASCADE;

