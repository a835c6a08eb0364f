-- The Slot table was a leftover: a booking's time is its own "startsAt" and "durationMinutes", and the guide's claimed
-- blocks are its TimeClaim rows. The triggers that read Slot go first (renaming the rebuilt Booking re-reads every
-- trigger, and none may name a missing table), then Slot, then "Booking"."slotId" with its unique index and foreign key.
DROP TRIGGER "Booking_startsAt_insert";
DROP TRIGGER "Booking_startsAt_slot";
DROP TRIGGER "Slot_startsAt_update";
DROP TRIGGER "Slot_startsAt_delete";

-- A guide's next free time is kept by the app (app/modules/schedule): a new profile no longer looks it up in Slot.
DROP TRIGGER "GuideProfile_search_insert";
CREATE TRIGGER "GuideProfile_search_insert" AFTER INSERT ON "GuideProfile" BEGIN
  INSERT INTO "GuideSearch"(rowid, "searchText") VALUES (new."userId", new."searchText");
  UPDATE "GuideProfile" SET "searchText" = coalesce((SELECT u.name || ' ' || coalesce(u.title, '') || ' ' || coalesce(u.organisation, '') || ' '
      || coalesce((SELECT group_concat(CASE s.code WHEN 'leadership' THEN 'Leadership' WHEN 'churchGrowth' THEN 'Church Growth' WHEN 'strategicPlanning' THEN 'Strategic Planning' WHEN 'discipleship' THEN 'Discipleship' WHEN 'worshipPlanning' THEN 'Worship Planning' WHEN 'youthMinistry' THEN 'Youth Ministry' WHEN 'childrensMinistry' THEN 'Children''s Ministry' WHEN 'smallGroups' THEN 'Small Groups' WHEN 'missions' THEN 'Missions' WHEN 'evangelism' THEN 'Evangelism' WHEN 'churchPlanting' THEN 'Church Planting' WHEN 'pastoralCare' THEN 'Pastoral Care' WHEN 'administration' THEN 'Administration' WHEN 'finance' THEN 'Finance' WHEN 'technology' THEN 'Technology' WHEN 'communications' THEN 'Communications' ELSE s.code END, ' ') FROM "UserSpecialty" s WHERE s."userId" = u.id), '') || ' '
      || replace(replace(replace(replace("GuideProfile"."expertise", '","', ', '), '["', ''), '"]', ''), '[]', '') || ' ' || coalesce(u.bio, '')
    FROM "User" u WHERE u.id = "GuideProfile"."userId"), ''), "isLive" = coalesce((SELECT u.role = 'guide' AND u."isVerified" = TRUE AND u.status = 'active' AND u."isDeleted" = FALSE FROM "User" u WHERE u.id = "GuideProfile"."userId"), FALSE), "specialtyMask" = (SELECT coalesce(sum(CASE s.code WHEN 'leadership' THEN 1 WHEN 'churchGrowth' THEN 2 WHEN 'strategicPlanning' THEN 4 WHEN 'discipleship' THEN 8 WHEN 'worshipPlanning' THEN 16 WHEN 'youthMinistry' THEN 32 WHEN 'childrensMinistry' THEN 64 WHEN 'smallGroups' THEN 128 WHEN 'missions' THEN 256 WHEN 'evangelism' THEN 512 WHEN 'churchPlanting' THEN 1024 WHEN 'pastoralCare' THEN 2048 WHEN 'administration' THEN 4096 WHEN 'finance' THEN 8192 WHEN 'technology' THEN 16384 WHEN 'communications' THEN 32768 ELSE 0 END), 0) FROM "UserSpecialty" s WHERE s."userId" = "GuideProfile"."userId") WHERE id = new.id;
END;


-- DropIndex
DROP INDEX "Slot_startsAt_idx";

-- DropIndex
DROP INDEX "Slot_guideId_startsAt_key";

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "Slot";
PRAGMA foreign_keys=on;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Booking" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "guideId" INTEGER NOT NULL,
    "topic" TEXT NOT NULL,
    "additionalNotes" TEXT,
    "rateCents" INTEGER NOT NULL DEFAULT 0,
    "paymentStatus" TEXT NOT NULL DEFAULT 'unpaid',
    "status" TEXT NOT NULL DEFAULT 'confirmed',
    "startsAt" DATETIME,
    "durationMinutes" INTEGER NOT NULL DEFAULT 60,
    "holdExpiresAt" DATETIME,
    "answerBy" DATETIME,
    "completedAt" DATETIME,
    "proposedStartsAt" DATETIME,
    "proposalNote" TEXT,
    "proposedAt" DATETIME,
    "isIntro" BOOLEAN NOT NULL DEFAULT false,
    "cancelledAt" DATETIME,
    "cancelledById" INTEGER,
    "cancelReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Booking_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Booking_guideId_fkey" FOREIGN KEY ("guideId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Booking_cancelledById_fkey" FOREIGN KEY ("cancelledById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Booking" ("additionalNotes", "answerBy", "cancelReason", "cancelledAt", "cancelledById", "completedAt", "createdAt", "durationMinutes", "guideId", "holdExpiresAt", "id", "isIntro", "paymentStatus", "proposalNote", "proposedAt", "proposedStartsAt", "rateCents", "startsAt", "status", "topic", "updatedAt", "userId") SELECT "additionalNotes", "answerBy", "cancelReason", "cancelledAt", "cancelledById", "completedAt", "createdAt", "durationMinutes", "guideId", "holdExpiresAt", "id", "isIntro", "paymentStatus", "proposalNote", "proposedAt", "proposedStartsAt", "rateCents", "startsAt", "status", "topic", "updatedAt", "userId" FROM "Booking";
DROP TABLE "Booking";
ALTER TABLE "new_Booking" RENAME TO "Booking";
CREATE INDEX "Booking_userId_createdAt_idx" ON "Booking"("userId", "createdAt");
CREATE INDEX "Booking_guideId_createdAt_idx" ON "Booking"("guideId", "createdAt");
CREATE INDEX "Booking_paymentStatus_createdAt_idx" ON "Booking"("paymentStatus", "createdAt");
CREATE INDEX "Booking_createdAt_idx" ON "Booking"("createdAt");
CREATE INDEX "Booking_rateCents_id_idx" ON "Booking"("rateCents", "id");
CREATE INDEX "Booking_status_startsAt_idx" ON "Booking"("status", "startsAt");
CREATE INDEX "Booking_status_idx" ON "Booking"("status");
CREATE INDEX "Booking_paymentStatus_idx" ON "Booking"("paymentStatus");
CREATE INDEX "Booking_startsAt_idx" ON "Booking"("startsAt");
CREATE INDEX "Booking_answerBy_idx" ON "Booking"("answerBy");
CREATE INDEX "Booking_guideId_startsAt_idx" ON "Booking"("guideId", "startsAt");
CREATE INDEX "Booking_userId_startsAt_idx" ON "Booking"("userId", "startsAt");
CREATE INDEX "Booking_guideId_userId_status_id_idx" ON "Booking"("guideId", "userId", "status", "id");
CREATE INDEX "Booking_guideId_paymentStatus_idx" ON "Booking"("guideId", "paymentStatus");
CREATE INDEX "Booking_cancelledById_idx" ON "Booking"("cancelledById");

-- The rebuild dropped what the migrations' SQL keeps on Booking: its NOCASE and partial indexes, and its triggers
-- (search table, payment-status and month totals), recreated as they were.
CREATE INDEX "Booking_topic_nocase_idx" ON "Booking"("topic" COLLATE NOCASE);
CREATE INDEX "Booking_proposedStartsAt_idx" ON "Booking"("proposedStartsAt") WHERE "proposedStartsAt" IS NOT NULL;
CREATE TRIGGER "Booking_search_insert" AFTER INSERT ON "Booking" BEGIN
  INSERT INTO "BookingSearch"(rowid, topic) VALUES (new.id, new.topic);
END;
CREATE TRIGGER "Booking_search_delete" AFTER DELETE ON "Booking" BEGIN
  DELETE FROM "BookingSearch" WHERE rowid = old.id;
END;
CREATE TRIGGER "Booking_search_update" AFTER UPDATE OF topic ON "Booking" BEGIN
  UPDATE "BookingSearch" SET topic = new.topic WHERE rowid = new.id;
END;
CREATE TRIGGER "Booking_total_insert" AFTER INSERT ON "Booking" BEGIN
  INSERT INTO "RowTotal"(scope, value, rows, amountCents) VALUES ('Booking.paymentStatus', new.paymentStatus, 1, 0)
    ON CONFLICT(scope, value) DO UPDATE SET rows = rows + 1;
END;
CREATE TRIGGER "Booking_total_delete" AFTER DELETE ON "Booking" BEGIN
  UPDATE "RowTotal" SET rows = rows - 1 WHERE scope = 'Booking.paymentStatus' AND value = old.paymentStatus;
END;
CREATE TRIGGER "Booking_total_update" AFTER UPDATE OF paymentStatus ON "Booking" WHEN old.paymentStatus IS NOT new.paymentStatus BEGIN
  UPDATE "RowTotal" SET rows = rows - 1 WHERE scope = 'Booking.paymentStatus' AND value = old.paymentStatus;
  INSERT INTO "RowTotal"(scope, value, rows, amountCents) VALUES ('Booking.paymentStatus', new.paymentStatus, 1, 0)
    ON CONFLICT(scope, value) DO UPDATE SET rows = rows + 1;
END;
CREATE TRIGGER "Booking_month_insert" AFTER INSERT ON "Booking" BEGIN
  INSERT INTO "RowTotal"("scope", "value", "rows", "amountCents") VALUES ('Booking.month', substr(new."createdAt", 1, 7), 1, 0)
    ON CONFLICT("scope", "value") DO UPDATE SET "rows" = "rows" + 1;
END;
CREATE TRIGGER "Booking_month_delete" AFTER DELETE ON "Booking" BEGIN
  UPDATE "RowTotal" SET "rows" = "rows" - 1 WHERE "scope" = 'Booking.month' AND "value" = substr(old."createdAt", 1, 7);
END;
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

