// npm run demo:code: the demo administrator's current two-factor code (admin@example.com signs in with the password
// and this code), made from the seed's fixed secret, so the demo needs no phone. Add the secret to an authenticator
// app instead to get the same codes there.
import { currentCode, TOTP_PERIOD_MS } from "../app/modules/two-factor/totp.ts";
import { DEMO_ADMIN_TOTP_SECRET } from "../prisma/seed/demo-two-factor.mjs";

const secondsLeft = Math.ceil((TOTP_PERIOD_MS - (Date.now() % TOTP_PERIOD_MS)) / 1000);
console.log(`${currentCode(DEMO_ADMIN_TOTP_SECRET)}  (admin@example.com's code, good for ${secondsLeft} more seconds; secret ${DEMO_ADMIN_TOTP_SECRET})`);
