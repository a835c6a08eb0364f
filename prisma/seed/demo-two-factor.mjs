/**
 * The demo administrator's and the demo sponsor's authenticator secret (base32): two-factor sign-in is required of
 * both, so the seed turns it on with this fixed secret, and `npm run demo:code` prints its current code (no phone needed). Any
 * authenticator app given this key makes the same codes.
 */
export const DEMO_ADMIN_TOTP_SECRET = "JBSWY3DPEHPK3PXPMMDEMOADMINTOTP2";
