-- The review lists sort by the date a review card shows: the reviewer's date, or createdAt when that is missing
-- or the zero date (reviewDate in app/modules/reviews/schema.ts; reviewShownDate in reviews.server.ts is this
-- expression, word for word, so the index answers ORDER BY ... LIMIT without sorting every review).

-- A timestamp as ISO-8601 text ('2026-01-05T10:00:00.000'), which sorts in time order beside a 'YYYY-MM-DD' day
-- (isoText in app/lib/sql.server.ts). to_char is STABLE because some patterns depend on the locale; this fixed,
-- all-numeric pattern does not, so the function is IMMUTABLE and an index may use it.
CREATE FUNCTION "isoText"(moment timestamp) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT to_char(moment, 'YYYY-MM-DD"T"HH24:MI:SS.MS') $$;

CREATE INDEX "Review_shownDate_idx" ON "Review"((CASE WHEN COALESCE(substr("date", 1, 10), '') IN ('', '0000-00-00') THEN "isoText"("createdAt") ELSE "date" END), "id");
