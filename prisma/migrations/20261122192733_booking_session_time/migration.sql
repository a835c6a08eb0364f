-- AlterTable
ALTER TABLE "Booking" ADD COLUMN "startsAt" DATETIME;

-- CreateIndex
CREATE INDEX "Booking_startsAt_idx" ON "Booking"("startsAt");


-- Lists sort bookings by their session time without joining every slot: "startsAt" is the slot's, kept here by triggers.
UPDATE "Booking" SET "startsAt" = (SELECT s."startsAt" FROM "Slot" s WHERE s.id = "Booking"."slotId") WHERE "slotId" IS NOT NULL;
CREATE TRIGGER "Booking_startsAt_insert" AFTER INSERT ON "Booking" WHEN new."slotId" IS NOT NULL AND new."startsAt" IS NULL BEGIN
  UPDATE "Booking" SET "startsAt" = (SELECT s."startsAt" FROM "Slot" s WHERE s.id = new."slotId") WHERE id = new.id;
END;
CREATE TRIGGER "Booking_startsAt_slot" AFTER UPDATE OF "slotId" ON "Booking" WHEN old."slotId" IS NOT new."slotId" BEGIN
  UPDATE "Booking" SET "startsAt" = (SELECT s."startsAt" FROM "Slot" s WHERE s.id = new."slotId") WHERE id = new.id;
END;
CREATE TRIGGER "Slot_startsAt_update" AFTER UPDATE OF "startsAt" ON "Slot" BEGIN
  UPDATE "Booking" SET "startsAt" = new."startsAt" WHERE "slotId" = new.id;
END;
CREATE TRIGGER "Slot_startsAt_delete" BEFORE DELETE ON "Slot" BEGIN
  UPDATE "Booking" SET "startsAt" = NULL WHERE "slotId" = old.id;
END;
