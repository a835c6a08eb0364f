-- CreateTable
CREATE TABLE "SponsorAccount" (
    "organisationId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "balanceCents" INTEGER NOT NULL DEFAULT 0,
    "budgetCents" INTEGER NOT NULL DEFAULT 30000,
    "budgetPeriod" TEXT NOT NULL DEFAULT 'quarter',
    "ceilingCents" INTEGER,
    "copayPercent" INTEGER NOT NULL DEFAULT 20,
    "categories" TEXT NOT NULL DEFAULT '',
    "guideIds" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SponsorAccount_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SponsorAdmin" (
    "organisationId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("organisationId", "userId"),
    CONSTRAINT "SponsorAdmin_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "SponsorAccount" ("organisationId") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SponsorAdmin_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SponsoredPastor" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organisationId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "showGuides" BOOLEAN NOT NULL DEFAULT false,
    "joinedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leftAt" DATETIME,
    CONSTRAINT "SponsoredPastor_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "SponsorAccount" ("organisationId") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SponsoredPastor_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SponsorFunding" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organisationId" INTEGER NOT NULL,
    "createdById" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "stripeCheckoutSessionId" TEXT,
    "paidAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SponsorFunding_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "SponsorAccount" ("organisationId") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SponsorInvite" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organisationId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT,
    "createdById" INTEGER NOT NULL,
    "revokedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SponsorInvite_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "SponsorAccount" ("organisationId") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SponsorCover" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "bookingId" INTEGER NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "pastorId" INTEGER NOT NULL,
    "coveredCents" INTEGER NOT NULL,
    "returnedCents" INTEGER NOT NULL DEFAULT 0,
    "period" TEXT NOT NULL,
    "periodStart" DATETIME NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SponsorCover_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "SponsorAccount" ("organisationId") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SponsorCover_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SponsorPeriodSpend" (
    "organisationId" INTEGER NOT NULL,
    "pastorId" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "periodStart" DATETIME NOT NULL,
    "spentCents" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("organisationId", "pastorId", "period", "periodStart")
);

-- CreateTable
CREATE TABLE "SponsorLedgerEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organisationId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "fundingId" INTEGER,
    "coverId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SponsorLedgerEntry_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "SponsorAccount" ("organisationId") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SponsorLedgerEntry_fundingId_fkey" FOREIGN KEY ("fundingId") REFERENCES "SponsorFunding" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SponsorLedgerEntry_coverId_fkey" FOREIGN KEY ("coverId") REFERENCES "SponsorCover" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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

