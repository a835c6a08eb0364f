-- The Slot table was a leftover: a booking's time is its own "startsAt" and "durationMinutes", and the guide's claimed
-- blocks are its TimeClaim rows. The triggers and functions that read Slot go first (a trigger's WHEN and UPDATE OF
-- hold on to "slotId"), then "Booking"."slotId" with its unique index and foreign key, then Slot.
DROP TRIGGER "Booking_startsAt_insert" ON "Booking";
DROP TRIGGER "Booking_startsAt_slot" ON "Booking";
DROP FUNCTION "Booking_startsAt"();
DROP TRIGGER "Slot_startsAt_update" ON "Slot";
DROP TRIGGER "Slot_startsAt_delete" ON "Slot";
DROP FUNCTION "Slot_startsAt"();

-- A guide's next free time is kept by the app (app/modules/schedule): a new profile no longer looks it up in Slot.
CREATE OR REPLACE FUNCTION "GuideProfile_search"() RETURNS trigger AS $$
BEGIN
  NEW."searchText" := coalesce("guide_search_text"(NEW."userId", NEW."expertise"), '');
  NEW."specialtyMask" := "guide_specialty_mask"(NEW."userId");
  IF TG_OP = 'INSERT' THEN
    NEW."isLive" := "guide_is_live"(NEW."userId");
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
DROP FUNCTION "guide_next_free_at"(integer);

-- DropForeignKey
ALTER TABLE "Slot" DROP CONSTRAINT "Slot_guideId_fkey";

-- DropForeignKey
ALTER TABLE "Booking" DROP CONSTRAINT "Booking_slotId_fkey";

-- DropIndex
DROP INDEX "Booking_slotId_key";

-- AlterTable
ALTER TABLE "Booking" DROP COLUMN "slotId";

-- DropTable
DROP TABLE "Slot";

