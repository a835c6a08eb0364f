-- AlterTable
ALTER TABLE "SponsorAccount" ADD COLUMN "lowBalanceMailedAt" DATETIME;

