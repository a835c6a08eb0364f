// Every kind of scheduled work (app/lib/jobs.server.ts), registered by importing the module that defines it:
// each domain calls defineJob() at import. The app servers import this before they start polling for due jobs
// (server/app.ts, app/entry.server.tsx in development); tests that run jobs import it too. One line per domain.
import "#app/modules/bookings/lifecycle.server.ts";
import "#app/modules/schedule/schedule.server.ts";
import "#app/modules/messages/messages.server.ts";
import "#app/modules/notifications/notifications.server.ts";
import "#app/modules/bookings/deadlines.server.ts";
import "#app/modules/payments/payouts.server.ts";
import "#app/modules/bookings/receipts.server.ts";
import "#app/modules/sponsorship/sponsorship.server.ts";
import "#app/modules/accounts/sign-up.server.ts";
import "#app/modules/accounts/password-reset.server.ts";
import "#app/modules/accounts/security-mail.server.ts";
import "#app/modules/webhooks/webhooks.server.ts";
// The hourly retention sweep and the tables it prunes, each by its own domain (lib/retention.server.ts).
import "#app/lib/retention.server.ts";
import "#app/lib/session.server.ts";
import "#app/modules/accounts/verification.server.ts";
import "#app/modules/bulk/bulk.server.ts";
import "#app/modules/access-tokens/idempotency.server.ts";
import "#app/modules/bookings/booking-flow.server.ts";
