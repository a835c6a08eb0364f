import { TOTP, Secret } from "otpauth";

// The authenticator codes (RFC 6238: SHA-1, 6 digits, 30 seconds, what every authenticator app makes), apart from the
// database so `npm run demo:code` and the tests make codes with nothing else loaded.

export const TOTP_PERIOD_MS = 30_000;

export const totpOf = (secret: string, label = "") =>
  new TOTP({ issuer: "Ministry Mentors", label, secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_MS / 1000 });

/** The code an authenticator app with this secret (base32) shows at `timestamp`. */
export const currentCode = (secret: string, timestamp = Date.now()) => totpOf(secret).generate({ timestamp });

/** A new random secret (160 bits, base32), as apps expect. */
export const newSecret = () => new Secret({ size: 20 }).base32;
