-- CreateTable
CREATE TABLE "SponsorAccount" (
    "organisationId" INTEGER NOT NULL,
    "balanceCents" INTEGER NOT NULL DEFAULT 0,
    "budgetCents" INTEGER NOT NULL DEFAULT 30000,
    "budgetPeriod" TEXT NOT NULL DEFAULT 'quarter',
    "ceilingCents" INTEGER,
    "copayPercent" INTEGER NOT NULL DEFAULT 20,
    "categories" TEXT NOT NULL DEFAULT '',
    "guideIds" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SponsorAccount_pkey" PRIMARY KEY ("organisationId")
);

-- CreateTable
CREATE TABLE "SponsorAdmin" (
    "organisationId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SponsorAdmin_pkey" PRIMARY KEY ("organisationId","userId")
);

-- CreateTable
CREATE TABLE "SponsoredPastor" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "showGuides" BOOLEAN NOT NULL DEFAULT false,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leftAt" TIMESTAMP(3),

    CONSTRAINT "SponsoredPastor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SponsorFunding" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "createdById" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "stripeCheckoutSessionId" TEXT,
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SponsorFunding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SponsorInvite" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT,
    "createdById" INTEGER NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SponsorInvite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SponsorCover" (
    "id" SERIAL NOT NULL,
    "bookingId" INTEGER NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "pastorId" INTEGER NOT NULL,
    "coveredCents" INTEGER NOT NULL,
    "returnedCents" INTEGER NOT NULL DEFAULT 0,
    "period" TEXT NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SponsorCover_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SponsorPeriodSpend" (
    "organisationId" INTEGER NOT NULL,
    "pastorId" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "spentCents" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SponsorPeriodSpend_pkey" PRIMARY KEY ("organisationId","pastorId","period","periodStart")
);

-- CreateTable
CREATE TABLE "SponsorLedgerEntry" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "fundingId" INTEGER,
    "coverId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SponsorLedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SponsorAdmin_userId_idx" ON "SponsorAdmin"("userId");

-- CreateIndex
CREATE INDEX "SponsoredPastor_userId_leftAt_idx" ON "SponsoredPastor"("userId", "leftAt");

-- CreateIndex
CREATE UNIQUE INDEX "SponsoredPastor_organisationId_userId_key" ON "SponsoredPastor"("organisationId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "SponsorFunding_stripeCheckoutSessionId_key" ON "SponsorFunding"("stripeCheckoutSessionId");

-- CreateIndex
CREATE INDEX "SponsorFunding_organisationId_createdAt_idx" ON "SponsorFunding"("organisationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "SponsorInvite_tokenHash_key" ON "SponsorInvite"("tokenHash");

-- CreateIndex
CREATE INDEX "SponsorInvite_organisationId_createdAt_idx" ON "SponsorInvite"("organisationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "SponsorCover_bookingId_key" ON "SponsorCover"("bookingId");

-- CreateIndex
CREATE INDEX "SponsorCover_organisationId_pastorId_createdAt_idx" ON "SponsorCover"("organisationId", "pastorId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "SponsorLedgerEntry_fundingId_key" ON "SponsorLedgerEntry"("fundingId");

-- CreateIndex
CREATE INDEX "SponsorLedgerEntry_organisationId_createdAt_id_idx" ON "SponsorLedgerEntry"("organisationId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "SponsorLedgerEntry_coverId_kind_key" ON "SponsorLedgerEntry"("coverId", "kind");

-- AddForeignKey
ALTER TABLE "SponsorAccount" ADD CONSTRAINT "SponsorAccount_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SponsorAdmin" ADD CONSTRAINT "SponsorAdmin_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "SponsorAccount"("organisationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SponsorAdmin" ADD CONSTRAINT "SponsorAdmin_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SponsoredPastor" ADD CONSTRAINT "SponsoredPastor_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "SponsorAccount"("organisationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SponsoredPastor" ADD CONSTRAINT "SponsoredPastor_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SponsorFunding" ADD CONSTRAINT "SponsorFunding_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "SponsorAccount"("organisationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SponsorInvite" ADD CONSTRAINT "SponsorInvite_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "SponsorAccount"("organisationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SponsorCover" ADD CONSTRAINT "SponsorCover_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "SponsorAccount"("organisationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SponsorCover" ADD CONSTRAINT "SponsorCover_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SponsorLedgerEntry" ADD CONSTRAINT "SponsorLedgerEntry_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "SponsorAccount"("organisationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SponsorLedgerEntry" ADD CONSTRAINT "SponsorLedgerEntry_fundingId_fkey" FOREIGN KEY ("fundingId") REFERENCES "SponsorFunding"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SponsorLedgerEntry" ADD CONSTRAINT "SponsorLedgerEntry_coverId_fkey" FOREIGN KEY ("coverId") REFERENCES "SponsorCover"("id") ON DELETE CASCADE ON UPDATE CASCADE;

