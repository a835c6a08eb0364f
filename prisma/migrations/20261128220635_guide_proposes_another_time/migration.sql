-- AlterTable
ALTER TABLE "Booking" ADD COLUMN "proposalNote" TEXT;
ALTER TABLE "Booking" ADD COLUMN "proposedAt" DATETIME;
ALTER TABLE "Booking" ADD COLUMN "proposedStartsAt" DATETIME;

