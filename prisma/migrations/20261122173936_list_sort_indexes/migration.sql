-- CreateIndex
CREATE INDEX "Review_rating_idx" ON "Review"("rating");


-- Bookings sort by topic without regard to case (Prisma cannot declare a collation on an index).
CREATE INDEX "Booking_topic_nocase_idx" ON "Booking"("topic" COLLATE NOCASE);
