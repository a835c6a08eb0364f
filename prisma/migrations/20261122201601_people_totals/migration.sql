-- People who are not deleted, per role and status ("user:active", "guide:inactive"…), kept by triggers in "RowTotal":
-- the people lists' unfiltered totals and the overview's counts read them instead of counting 100,000 rows.
INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
  SELECT 'User.roleStatus', "role" || ':' || "status", COUNT(*), 0 FROM "User" WHERE "isDeleted" = FALSE GROUP BY "role", "status";

CREATE TRIGGER "User_total_insert" AFTER INSERT ON "User" WHEN new."isDeleted" = FALSE BEGIN
  INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents") VALUES ('User.roleStatus', new."role" || ':' || new."status", 1, 0)
    ON CONFLICT("scope", "value") DO UPDATE SET "rows" = "rows" + 1;
END;
CREATE TRIGGER "User_total_delete" AFTER DELETE ON "User" WHEN old."isDeleted" = FALSE BEGIN
  UPDATE "RowTotal" SET "rows" = "rows" - 1 WHERE "scope" = 'User.roleStatus' AND "value" = old."role" || ':' || old."status";
END;
CREATE TRIGGER "User_total_update" AFTER UPDATE OF "role", "status", "isDeleted" ON "User"
  WHEN old."role" IS NOT new."role" OR old."status" IS NOT new."status" OR old."isDeleted" IS NOT new."isDeleted" BEGIN
  UPDATE "RowTotal" SET "rows" = "rows" - 1
    WHERE "scope" = 'User.roleStatus' AND "value" = old."role" || ':' || old."status" AND old."isDeleted" = FALSE;
  INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents") SELECT 'User.roleStatus', new."role" || ':' || new."status", 1, 0
    WHERE new."isDeleted" = FALSE
    ON CONFLICT("scope", "value") DO UPDATE SET "rows" = "rows" + 1;
END;
