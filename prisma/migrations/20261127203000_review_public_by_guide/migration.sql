-- A guide's public reviews (not hidden) by the date their cards show, newest first, and the count of each rating:
-- what the guide's profile and booking dialog read on every visit. The busiest guides have hundreds of reviews,
-- which the index by (guideId, createdAt) made them read whole and sort. The shown date is reviewShownDate in
-- app/modules/reviews/reviews.server.ts, word for word; the rating is here so the ratings are counted from the index.
CREATE INDEX "Review_guideId_shownDate_public_idx" ON "Review"("guideId", (CASE WHEN COALESCE(substr("date", 1, 10), '') IN ('', '0000-00-00') THEN "createdAt" ELSE "date" END), "id", "rating") WHERE "hiddenAt" IS NULL;
