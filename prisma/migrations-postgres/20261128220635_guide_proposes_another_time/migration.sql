-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "proposalNote" TEXT,
ADD COLUMN     "proposedAt" TIMESTAMP(3),
ADD COLUMN     "proposedStartsAt" TIMESTAMP(3);

