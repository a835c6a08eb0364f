import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/**
 * Phone numbers, read by libphonenumber-js: typed as people write them ("(503) 555-0147", "+44 20 7946 0958"), kept
 * in one form (E.164, "+15035550147"; an extension typed with it follows as RFC 3966's ";ext=12"), shown as people
 * read them. A number without a country code is read as one of DEFAULT_PHONE_COUNTRY's.
 * Server code and schemas only: a screen gets its numbers already formatted from its loader (this library is large).
 */
export const DEFAULT_PHONE_COUNTRY: CountryCode = "US";

const parse = (text: string) => parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY);

/** The number as stored (E.164, with ";ext=" when one was typed), or null when `typed` is no real phone number. */
export function canonicalPhone(typed: string): string | null {
  const phone = parse(typed);
  if (!phone?.isValid()) return null;
  return phone.ext ? `${phone.number};ext=${phone.ext}` : phone.number;
}

/**
 * A stored number as people read it: "(503) 555-0147" in the default country, "+44 20 7946 0958" elsewhere. A number
 * stored before numbers were kept in one form, which does not read as a real number, is shown as it was stored.
 */
export function formatPhone(stored: string | null | undefined): string | null {
  if (!stored) return stored ?? null;
  const phone = parse(stored);
  if (!phone?.isValid()) return stored;
  return phone.country === DEFAULT_PHONE_COUNTRY ? phone.formatNational() : phone.formatInternational();
}
