-- Full-text search over booking topics and review texts with the trigram tokenizer (as "UserSearch" does for
-- people), so the admin's searches of bookings, transactions and reviews use an index for every term they match.
-- Kept in sync by triggers; rowid is the booking's or review's id.
CREATE VIRTUAL TABLE "BookingSearch" USING fts5(topic, tokenize = 'trigram');
INSERT INTO "BookingSearch"(rowid, topic) SELECT id, topic FROM "Booking";
CREATE TRIGGER "Booking_search_insert" AFTER INSERT ON "Booking" BEGIN
  INSERT INTO "BookingSearch"(rowid, topic) VALUES (new.id, new.topic);
END;
CREATE TRIGGER "Booking_search_delete" AFTER DELETE ON "Booking" BEGIN
  DELETE FROM "BookingSearch" WHERE rowid = old.id;
END;
CREATE TRIGGER "Booking_search_update" AFTER UPDATE OF topic ON "Booking" BEGIN
  UPDATE "BookingSearch" SET topic = new.topic WHERE rowid = new.id;
END;

CREATE VIRTUAL TABLE "ReviewSearch" USING fts5(content, tokenize = 'trigram');
INSERT INTO "ReviewSearch"(rowid, content) SELECT id, content FROM "Review";
CREATE TRIGGER "Review_search_insert" AFTER INSERT ON "Review" BEGIN
  INSERT INTO "ReviewSearch"(rowid, content) VALUES (new.id, new.content);
END;
CREATE TRIGGER "Review_search_delete" AFTER DELETE ON "Review" BEGIN
  DELETE FROM "ReviewSearch" WHERE rowid = old.id;
END;
CREATE TRIGGER "Review_search_update" AFTER UPDATE OF content ON "Review" BEGIN
  UPDATE "ReviewSearch" SET content = new.content WHERE rowid = new.id;
END;
