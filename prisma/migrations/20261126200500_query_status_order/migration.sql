-- Customer queries sorted by status (open before answered, or answered first) read this index in order and stop at
-- the page, instead of sorting all 10,000 queries with their messages (5 ms for answered first). Prisma cannot
-- declare an index on an expression.
CREATE INDEX "CustomerQuery_answered_id_idx" ON "CustomerQuery"(("answeredAt" IS NOT NULL), "id");
