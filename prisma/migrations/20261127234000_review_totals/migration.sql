-- Reviews per rating (1 to 5), kept by triggers in "RowTotal": the Reviews list reads its total here instead of
-- counting every review (at scale 250,000; 18 ms of each of its pages on PostgreSQL).
INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
  SELECT 'Review.rating', CAST("rating" AS TEXT), COUNT(*), 0 FROM "Review" GROUP BY "rating";

CREATE TRIGGER "Review_total_insert" AFTER INSERT ON "Review" BEGIN
  INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents") VALUES ('Review.rating', CAST(new."rating" AS TEXT), 1, 0)
    ON CONFLICT("scope", "value") DO UPDATE SET "rows" = "rows" + 1;
END;
CREATE TRIGGER "Review_total_delete" AFTER DELETE ON "Review" BEGIN
  UPDATE "RowTotal" SET "rows" = "rows" - 1 WHERE "scope" = 'Review.rating' AND "value" = CAST(old."rating" AS TEXT);
END;
CREATE TRIGGER "Review_total_update" AFTER UPDATE OF "rating" ON "Review" WHEN old."rating" IS NOT new."rating" BEGIN
  UPDATE "RowTotal" SET "rows" = "rows" - 1 WHERE "scope" = 'Review.rating' AND "value" = CAST(old."rating" AS TEXT);
  INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents") VALUES ('Review.rating', CAST(new."rating" AS TEXT), 1, 0)
    ON CONFLICT("scope", "value") DO UPDATE SET "rows" = "rows" + 1;
END;
