-- Lists of bookings and payments sorted by a person's name or e-mail read the people in this order and
-- their bookings through the person's index, instead of sorting every row (Prisma cannot declare a collation).
CREATE INDEX "User_name_nocase_idx" ON "User"("name" COLLATE NOCASE);
CREATE INDEX "User_email_nocase_idx" ON "User"("email" COLLATE NOCASE);
