-- AlterTable
ALTER TABLE "User" ADD COLUMN "emailVerifiedAt" DATETIME;


-- Everyone who has an account before sign-up existed was made by an admin or the seed: their address counts as theirs.
UPDATE "User" SET "emailVerifiedAt" = "createdAt";
