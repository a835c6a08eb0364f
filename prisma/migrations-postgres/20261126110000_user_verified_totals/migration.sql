-- People who are not deleted, per role and whether they are verified ("user:verified", "guide:unverified"…), kept by
-- triggers in "RowTotal": the user list filtered by verification reads its total here instead of counting 100,000 rows.
INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
  SELECT 'User.roleVerified', "role" || ':' || CASE WHEN "isVerified" THEN 'verified' ELSE 'unverified' END, COUNT(*), 0
  FROM "User" WHERE "isDeleted" = FALSE GROUP BY "role", "isVerified";

CREATE FUNCTION "User_verified_total"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD."isDeleted" THEN
    PERFORM "row_total_add"('User.roleVerified', OLD."role" || ':' || CASE WHEN OLD."isVerified" THEN 'verified' ELSE 'unverified' END, -1, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NOT NEW."isDeleted" THEN
    PERFORM "row_total_add"('User.roleVerified', NEW."role" || ':' || CASE WHEN NEW."isVerified" THEN 'verified' ELSE 'unverified' END, 1, 0);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "User_verified_total_insert_delete" AFTER INSERT OR DELETE ON "User" FOR EACH ROW EXECUTE FUNCTION "User_verified_total"();
CREATE TRIGGER "User_verified_total_update" AFTER UPDATE OF "role", "isVerified", "isDeleted" ON "User" FOR EACH ROW
  WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR OLD."isVerified" IS DISTINCT FROM NEW."isVerified" OR OLD."isDeleted" IS DISTINCT FROM NEW."isDeleted")
  EXECUTE FUNCTION "User_verified_total"();
