-- Who paid a payment: the mentee by card, or their sponsor (the covered part of a sponsored booking).
-- A plain ADD COLUMN (no table rebuild), so the Payment table keeps its triggers and hand-written indexes.
ALTER TABLE "Payment" ADD COLUMN "source" TEXT NOT NULL DEFAULT 'card';
