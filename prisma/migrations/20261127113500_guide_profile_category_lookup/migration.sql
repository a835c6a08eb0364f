-- The console's guides sorted by category join each of the 5,000 guides to their profile's category: this index
-- answers that from the index alone instead of reading each profile's whole row (its bio, references…), the sort
-- 4 ms to 1.3 ms. Prisma cannot declare a collation on an index.
CREATE INDEX "GuideProfile_userId_category_idx" ON "GuideProfile"("userId", "category" COLLATE NOCASE);
