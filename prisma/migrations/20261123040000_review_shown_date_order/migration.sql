-- The review lists sort by the date a review card shows: the reviewer's date, or createdAt when that is missing
-- or the zero date (reviewDate in app/modules/reviews/schema.ts; reviewShownDate in reviews.server.ts is this
-- expression, word for word, so the index answers ORDER BY ... LIMIT without sorting every review).
-- SQLite keeps DateTimes as ISO text, so both branches are text that sorts in time order.
CREATE INDEX "Review_shownDate_idx" ON "Review"((CASE WHEN COALESCE(substr("date", 1, 10), '') IN ('', '0000-00-00') THEN "createdAt" ELSE "date" END), "id");
