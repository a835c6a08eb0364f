-- CreateTable
CREATE TABLE "RowTotal" (
    "scope" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "rows" INTEGER NOT NULL DEFAULT 0,
    "amountCents" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("scope", "value")
);


-- Bookings per payment status, and payments (with their amounts) per status, kept by triggers.
INSERT INTO "RowTotal"(scope, value, rows, amountCents) SELECT 'Booking.paymentStatus', paymentStatus, COUNT(*), 0 FROM "Booking" GROUP BY paymentStatus;
INSERT INTO "RowTotal"(scope, value, rows, amountCents) SELECT 'Payment.status', status, COUNT(*), COALESCE(SUM(amountCents), 0) FROM "Payment" GROUP BY status;

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

CREATE TRIGGER "Payment_total_insert" AFTER INSERT ON "Payment" BEGIN
  INSERT INTO "RowTotal"(scope, value, rows, amountCents) VALUES ('Payment.status', new.status, 1, new.amountCents)
    ON CONFLICT(scope, value) DO UPDATE SET rows = rows + 1, amountCents = amountCents + excluded.amountCents;
END;
CREATE TRIGGER "Payment_total_delete" AFTER DELETE ON "Payment" BEGIN
  UPDATE "RowTotal" SET rows = rows - 1, amountCents = amountCents - old.amountCents WHERE scope = 'Payment.status' AND value = old.status;
END;
CREATE TRIGGER "Payment_total_update" AFTER UPDATE OF status, amountCents ON "Payment"
  WHEN old.status IS NOT new.status OR old.amountCents IS NOT new.amountCents BEGIN
  UPDATE "RowTotal" SET rows = rows - 1, amountCents = amountCents - old.amountCents WHERE scope = 'Payment.status' AND value = old.status;
  INSERT INTO "RowTotal"(scope, value, rows, amountCents) VALUES ('Payment.status', new.status, 1, new.amountCents)
    ON CONFLICT(scope, value) DO UPDATE SET rows = rows + 1, amountCents = amountCents + excluded.amountCents;
END;
