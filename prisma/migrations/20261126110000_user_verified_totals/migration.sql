-- People who are not deleted, per role and whether they are verified ("user:verified", "guide:unverified"…), kept by
-- triggers in "RowTotal": the user list filtered by verification reads its total here instead of counting 100,000 rows.
INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
  SELECT 'User.roleVerified', "role" || ':' || CASE WHEN "isVerified" THEN 'verified' ELSE 'unverified' END, COUNT(*), 0
  FROM "User" WHERE "isDeleted" = FALSE GROUP BY "role", "isVerified";

CREATE TRIGGER "User_verified_total_insert" AFTER INSERT ON "User" WHEN new."isDeleted" = FALSE BEGIN
  INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
    VALUES ('User.roleVerified', new."role" || ':' || CASE WHEN new."isVerified" THEN 'verified' ELSE 'unverified' END, 1, 0)
    ON CONFLICT("scope", "value") DO UPDATE SET "rows" = "rows" + 1;
END;
CREATE TRIGGER "User_verified_total_delete" AFTER DELETE ON "User" WHEN old."isDeleted" = FALSE BEGIN
  UPDATE "RowTotal" SET "rows" = "rows" - 1
    WHERE "scope" = 'User.roleVerified' AND "value" = old."role" || ':' || CASE WHEN old."isVerified" THEN 'verified' ELSE 'unverified' END;
END;
CREATE TRIGGER "User_verified_total_update" AFTER UPDATE OF "role", "isVerified", "isDeleted" ON "User"
  WHEN old."role" IS NOT new."role" OR old."isVerified" IS NOT new."isVerified" OR old."isDeleted" IS NOT new."isDeleted" BEGIN
  UPDATE "RowTotal" SET "rows" = "rows" - 1
    WHERE "scope" = 'User.roleVerified' AND "value" = old."role" || ':' || CASE WHEN old."isVerified" THEN 'verified' ELSE 'unverified' END
      AND old."isDeleted" = FALSE;
  INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
    SELECT 'User.roleVerified', new."role" || ':' || CASE WHEN new."isVerified" THEN 'verified' ELSE 'unverified' END, 1, 0
    WHERE new."isDeleted" = FALSE
    ON CONFLICT("scope", "value") DO UPDATE SET "rows" = "rows" + 1;
END;
