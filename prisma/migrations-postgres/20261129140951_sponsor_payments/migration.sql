-- Who paid a payment: the mentee by card, or their sponsor (the covered part of a sponsored booking).
ALTER TABLE "Payment" ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'card';
