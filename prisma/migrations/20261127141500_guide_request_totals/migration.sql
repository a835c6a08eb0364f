-- Guide-join requests per status ("pending", "approved", "rejected") of guides still on the platform (role 'guide',
-- not deleted), kept by triggers in "RowTotal": the Guide Requests list reads its total here instead of looking up
-- the guide of each of the 4,600 approved requests (1.5 ms of every page of that list).
INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
  SELECT 'GuideRequest.status', r."status", COUNT(*), 0
  FROM "GuideRequest" r JOIN "User" u ON u."id" = r."guideId"
  WHERE u."role" = 'guide' AND u."isDeleted" = FALSE
  GROUP BY r."status";

-- A request counts while its guide is listed.
CREATE TRIGGER "GuideRequest_total_insert" AFTER INSERT ON "GuideRequest" BEGIN
  INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
    SELECT 'GuideRequest.status', new."status", 1, 0
    WHERE EXISTS (SELECT 1 FROM "User" WHERE "id" = new."guideId" AND "role" = 'guide' AND "isDeleted" = FALSE)
    ON CONFLICT("scope", "value") DO UPDATE SET "rows" = "rows" + 1;
END;
-- A guide removed for good takes their requests with them (a cascade): "User_guide_request_total_delete" subtracts
-- them before, as this trigger no longer finds the guide.
CREATE TRIGGER "GuideRequest_total_delete" AFTER DELETE ON "GuideRequest" BEGIN
  UPDATE "RowTotal" SET "rows" = "rows" - 1
    WHERE "scope" = 'GuideRequest.status' AND "value" = old."status"
      AND EXISTS (SELECT 1 FROM "User" WHERE "id" = old."guideId" AND "role" = 'guide' AND "isDeleted" = FALSE);
END;
CREATE TRIGGER "GuideRequest_total_update" AFTER UPDATE OF "status", "guideId" ON "GuideRequest"
  WHEN old."status" IS NOT new."status" OR old."guideId" IS NOT new."guideId" BEGIN
  UPDATE "RowTotal" SET "rows" = "rows" - 1
    WHERE "scope" = 'GuideRequest.status' AND "value" = old."status"
      AND EXISTS (SELECT 1 FROM "User" WHERE "id" = old."guideId" AND "role" = 'guide' AND "isDeleted" = FALSE);
  INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
    SELECT 'GuideRequest.status', new."status", 1, 0
    WHERE EXISTS (SELECT 1 FROM "User" WHERE "id" = new."guideId" AND "role" = 'guide' AND "isDeleted" = FALSE)
    ON CONFLICT("scope", "value") DO UPDATE SET "rows" = "rows" + 1;
END;

-- A guide leaving the list (deleted, or no longer a guide) takes their requests out of it; coming back brings them.
CREATE TRIGGER "User_guide_request_total_update" AFTER UPDATE OF "role", "isDeleted" ON "User"
  WHEN (old."role" = 'guide' AND old."isDeleted" = FALSE) IS NOT (new."role" = 'guide' AND new."isDeleted" = FALSE) BEGIN
  INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
    SELECT 'GuideRequest.status', "status", CASE WHEN new."role" = 'guide' AND new."isDeleted" = FALSE THEN COUNT(*) ELSE -COUNT(*) END, 0
    FROM "GuideRequest" WHERE "guideId" = new."id" GROUP BY "status"
    ON CONFLICT("scope", "value") DO UPDATE SET "rows" = "rows" + excluded."rows";
END;
CREATE TRIGGER "User_guide_request_total_delete" BEFORE DELETE ON "User"
  WHEN old."role" = 'guide' AND old."isDeleted" = FALSE BEGIN
  UPDATE "RowTotal" SET "rows" = "rows" - (SELECT COUNT(*) FROM "GuideRequest" WHERE "guideId" = old."id" AND "status" = "RowTotal"."value")
    WHERE "scope" = 'GuideRequest.status';
END;
