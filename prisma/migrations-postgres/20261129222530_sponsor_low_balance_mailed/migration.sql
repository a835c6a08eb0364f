-- AlterTable
ALTER TABLE "SponsorAccount" ADD COLUMN     "lowBalanceMailedAt" TIMESTAMP(3);

