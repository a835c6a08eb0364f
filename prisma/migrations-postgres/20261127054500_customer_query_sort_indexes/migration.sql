-- Customer queries sorted by name, e-mail or subject read these indexes in order and stop at the page, instead of
-- sorting all 10,000 queries with their messages (lists order by lower(column)). Prisma cannot declare an index on
-- an expression.
CREATE INDEX "CustomerQuery_name_sort_idx" ON "CustomerQuery"(lower("name"), "id");
CREATE INDEX "CustomerQuery_email_sort_idx" ON "CustomerQuery"(lower("email"), "id");
CREATE INDEX "CustomerQuery_subject_sort_idx" ON "CustomerQuery"(lower("subject"), "id");
