-- CreateTable
CREATE TABLE "CovenantVersion" (
    "version" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedById" INTEGER NOT NULL,

    CONSTRAINT "CovenantVersion_pkey" PRIMARY KEY ("version")
);

-- CreateTable
CREATE TABLE "CovenantAcceptance" (
    "id" SERIAL NOT NULL,
    "personId" INTEGER NOT NULL,
    "counterpartId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "acceptedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CovenantAcceptance_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CovenantAcceptance_counterpartId_personId_idx" ON "CovenantAcceptance"("counterpartId", "personId");

-- CreateIndex
CREATE UNIQUE INDEX "CovenantAcceptance_personId_counterpartId_version_key" ON "CovenantAcceptance"("personId", "counterpartId", "version");

-- AddForeignKey
ALTER TABLE "CovenantVersion" ADD CONSTRAINT "CovenantVersion_publishedById_fkey" FOREIGN KEY ("publishedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CovenantAcceptance" ADD CONSTRAINT "CovenantAcceptance_personId_fkey" FOREIGN KEY ("personId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CovenantAcceptance" ADD CONSTRAINT "CovenantAcceptance_counterpartId_fkey" FOREIGN KEY ("counterpartId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CovenantAcceptance" ADD CONSTRAINT "CovenantAcceptance_version_fkey" FOREIGN KEY ("version") REFERENCES "CovenantVersion"("version") ON DELETE RESTRICT ON UPDATE CASCADE;

