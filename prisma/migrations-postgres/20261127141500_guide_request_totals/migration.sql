-- Guide-join requests per status ("pending", "approved", "rejected") of guides still on the platform (role 'guide',
-- not deleted), kept by triggers in "RowTotal": the Guide Requests list reads its total here instead of looking up
-- the guide of each of the 4,600 approved requests.
INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents")
  SELECT 'GuideRequest.status', r."status", COUNT(*), 0
  FROM "GuideRequest" r JOIN "User" u ON u."id" = r."guideId"
  WHERE u."role" = 'guide' AND NOT u."isDeleted"
  GROUP BY r."status";

CREATE FUNCTION "guide_listed"(guide_id INTEGER) RETURNS boolean AS $$
  SELECT EXISTS (SELECT 1 FROM "User" WHERE "id" = guide_id AND "role" = 'guide' AND NOT "isDeleted");
$$ LANGUAGE sql STABLE;

-- A request counts while its guide is listed. A guide removed for good takes their requests with them (a cascade,
-- after the guide's row is gone): "User_guide_request_total" subtracts them before.
CREATE FUNCTION "GuideRequest_total"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND "guide_listed"(OLD."guideId") THEN
    PERFORM "row_total_add"('GuideRequest.status', OLD."status", -1, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND "guide_listed"(NEW."guideId") THEN
    PERFORM "row_total_add"('GuideRequest.status', NEW."status", 1, 0);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "GuideRequest_total_insert_delete" AFTER INSERT OR DELETE ON "GuideRequest" FOR EACH ROW EXECUTE FUNCTION "GuideRequest_total"();
CREATE TRIGGER "GuideRequest_total_update" AFTER UPDATE OF "status", "guideId" ON "GuideRequest" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."guideId" IS DISTINCT FROM NEW."guideId")
  EXECUTE FUNCTION "GuideRequest_total"();

-- A guide leaving the list (deleted, or no longer a guide) takes their requests out of it; coming back brings them.
CREATE FUNCTION "User_guide_request_total"() RETURNS trigger AS $$
DECLARE
  was_listed boolean := OLD."role" = 'guide' AND NOT OLD."isDeleted";
  is_listed boolean := TG_OP = 'UPDATE' AND NEW."role" = 'guide' AND NOT NEW."isDeleted";
  request record;
BEGIN
  IF was_listed IS DISTINCT FROM is_listed THEN
    FOR request IN SELECT "status", COUNT(*)::integer AS "rows" FROM "GuideRequest" WHERE "guideId" = OLD."id" GROUP BY "status" LOOP
      PERFORM "row_total_add"('GuideRequest.status', request."status", CASE WHEN is_listed THEN request."rows" ELSE -request."rows" END, 0);
    END LOOP;
  END IF;
  RETURN OLD; -- lets the deletion go ahead (a BEFORE trigger); ignored after an update
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "User_guide_request_total_update" AFTER UPDATE OF "role", "isDeleted" ON "User" FOR EACH ROW
  WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR OLD."isDeleted" IS DISTINCT FROM NEW."isDeleted")
  EXECUTE FUNCTION "User_guide_request_total"();
CREATE TRIGGER "User_guide_request_total_delete" BEFORE DELETE ON "User" FOR EACH ROW
  WHEN (OLD."role" = 'guide' AND NOT OLD."isDeleted")
  EXECUTE FUNCTION "User_guide_request_total"();
