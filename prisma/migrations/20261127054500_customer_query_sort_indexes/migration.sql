-- Customer queries sorted by name, e-mail or subject read these indexes in order and stop at the page, instead of
-- sorting all 10,000 queries with their messages. Prisma cannot declare a collation on an index.
CREATE INDEX "CustomerQuery_name_sort_idx" ON "CustomerQuery"("name" COLLATE NOCASE, "id");
CREATE INDEX "CustomerQuery_email_sort_idx" ON "CustomerQuery"("email" COLLATE NOCASE, "id");
CREATE INDEX "CustomerQuery_subject_sort_idx" ON "CustomerQuery"("subject" COLLATE NOCASE, "id");
