-- The demo's FAQ answers about rescheduling, payouts, paying and cancelling become the policy module's placeholders
-- (app/modules/policies), filled from the platform settings when shown. Only answers still as the seed wrote them
-- change: an answer an administrator rewrote stays theirs.
UPDATE "Faq" SET answer = 'Yes, from Bookings in your dashboard. {reschedulePolicy}'
  WHERE answer = 'Yes, from Bookings in your dashboard, up to 24 hours before the session starts.';
UPDATE "Faq" SET answer = '{payoutPolicy}'
  WHERE answer = 'Payouts are sent to your bank account every week, minus the platform fee.';
UPDATE "Faq" SET answer = 'When you confirm the booking, on Stripe''s secure payment page. {holdPolicy}'
  WHERE answer = 'When you confirm the booking. If the payment fails, the booking stays pending until you update your card.';
UPDATE "Faq" SET answer = '{cancellationPolicy}'
  WHERE answer = 'Cancel at least 24 hours ahead for a full refund. Later cancellations are at the guide''s discretion.';
