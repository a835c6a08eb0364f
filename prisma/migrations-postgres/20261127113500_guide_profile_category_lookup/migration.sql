-- The console's guides sorted by category join each of the 5,000 guides to their profile's category: this index
-- can answer that without reading each profile's whole row (its bio, references…).
CREATE INDEX "GuideProfile_userId_category_idx" ON "GuideProfile"("userId", "category");
