-- Reviews per rating (1 to 5), kept by triggers in "RowTotal": the Reviews list reads its total here instead of
-- counting every review (at scale 250,000; 18 ms of each of its pages).
INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
  SELECT 'Review.rating', "rating"::text, count(*), 0 FROM "Review" GROUP BY "rating";

CREATE FUNCTION "Review_total"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "row_total_add"('Review.rating', OLD."rating"::text, -1, 0); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM "row_total_add"('Review.rating', NEW."rating"::text, 1, 0); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Review_total_insert_delete" AFTER INSERT OR DELETE ON "Review" FOR EACH ROW EXECUTE FUNCTION "Review_total"();
CREATE TRIGGER "Review_total_update" AFTER UPDATE OF "rating" ON "Review" FOR EACH ROW
  WHEN (OLD."rating" IS DISTINCT FROM NEW."rating") EXECUTE FUNCTION "Review_total"();
CREATE TRIGGER "Review_total_truncate" AFTER TRUNCATE ON "Review" FOR EACH STATEMENT EXECUTE FUNCTION "row_total_clear"();
