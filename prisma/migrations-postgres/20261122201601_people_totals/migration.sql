-- People who are not deleted, per role and status ("user:active", "guide:inactive"…), kept by triggers in "RowTotal":
-- the people lists' unfiltered totals and the overview's counts read them instead of counting 100,000 rows.
INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
  SELECT 'User.roleStatus', "role" || ':' || "status", COUNT(*), 0 FROM "User" WHERE "isDeleted" = FALSE GROUP BY "role", "status";

CREATE FUNCTION "User_total"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD."isDeleted" THEN
    PERFORM "row_total_add"('User.roleStatus', OLD."role" || ':' || OLD."status", -1, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NOT NEW."isDeleted" THEN
    PERFORM "row_total_add"('User.roleStatus', NEW."role" || ':' || NEW."status", 1, 0);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "User_total_insert_delete" AFTER INSERT OR DELETE ON "User" FOR EACH ROW EXECUTE FUNCTION "User_total"();
CREATE TRIGGER "User_total_update" AFTER UPDATE OF "role", "status", "isDeleted" ON "User" FOR EACH ROW
  WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR OLD."status" IS DISTINCT FROM NEW."status" OR OLD."isDeleted" IS DISTINCT FROM NEW."isDeleted")
  EXECUTE FUNCTION "User_total"();
CREATE TRIGGER "User_total_truncate" AFTER TRUNCATE ON "User" FOR EACH STATEMENT EXECUTE FUNCTION "row_total_clear"();
