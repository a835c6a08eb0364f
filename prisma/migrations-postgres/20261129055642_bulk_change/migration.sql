-- CreateTable
CREATE TABLE "BulkChange" (
    "token" TEXT NOT NULL,
    "actorId" INTEGER NOT NULL,
    "list" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "undoneAt" TIMESTAMP(3),
    "records" TEXT NOT NULL,

    CONSTRAINT "BulkChange_pkey" PRIMARY KEY ("token")
);

-- CreateIndex
CREATE INDEX "BulkChange_expiresAt_idx" ON "BulkChange"("expiresAt");

