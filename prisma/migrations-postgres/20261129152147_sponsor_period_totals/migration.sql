-- CreateTable
CREATE TABLE "SponsorPeriodTotal" (
    "organisationId" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "sessions" INTEGER NOT NULL DEFAULT 0,
    "coveredCents" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SponsorPeriodTotal_pkey" PRIMARY KEY ("organisationId","period","periodStart")
);


-- What the covers made so far add up to, per organisation and period.
INSERT INTO "SponsorPeriodTotal" ("organisationId", "period", "periodStart", "sessions", "coveredCents")
SELECT "organisationId", "period", "periodStart", SUM(CASE WHEN "coveredCents" > "returnedCents" THEN 1 ELSE 0 END), SUM("coveredCents" - "returnedCents")
FROM "SponsorCover" GROUP BY "organisationId", "period", "periodStart";
