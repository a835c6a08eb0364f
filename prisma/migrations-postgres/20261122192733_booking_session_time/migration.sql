-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "startsAt" TIMESTAMP(3);

-- CreateIndex (NULLS FIRST and the id, as lists sort it; see `nullable` in app/lib/sql.server.ts)
CREATE INDEX "Booking_startsAt_idx" ON "Booking"("startsAt" NULLS FIRST, "id");

-- Lists sort bookings by their session time without joining every slot: "startsAt" is the slot's, kept here by triggers.
UPDATE "Booking" b SET "startsAt" = s."startsAt" FROM "Slot" s WHERE s.id = b."slotId";

CREATE FUNCTION "Booking_startsAt"() RETURNS trigger AS $$
BEGIN
  NEW."startsAt" := (SELECT s."startsAt" FROM "Slot" s WHERE s.id = NEW."slotId");
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Booking_startsAt_insert" BEFORE INSERT ON "Booking" FOR EACH ROW
  WHEN (NEW."slotId" IS NOT NULL AND NEW."startsAt" IS NULL) EXECUTE FUNCTION "Booking_startsAt"();
CREATE TRIGGER "Booking_startsAt_slot" BEFORE UPDATE OF "slotId" ON "Booking" FOR EACH ROW
  WHEN (OLD."slotId" IS DISTINCT FROM NEW."slotId") EXECUTE FUNCTION "Booking_startsAt"();

CREATE FUNCTION "Slot_startsAt"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "Booking" SET "startsAt" = NULL WHERE "slotId" = OLD.id;
    RETURN OLD;
  END IF;
  UPDATE "Booking" SET "startsAt" = NEW."startsAt" WHERE "slotId" = NEW.id;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Slot_startsAt_update" AFTER UPDATE OF "startsAt" ON "Slot" FOR EACH ROW
  WHEN (OLD."startsAt" IS DISTINCT FROM NEW."startsAt") EXECUTE FUNCTION "Slot_startsAt"();
CREATE TRIGGER "Slot_startsAt_delete" BEFORE DELETE ON "Slot" FOR EACH ROW EXECUTE FUNCTION "Slot_startsAt"();
