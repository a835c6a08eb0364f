import { z } from "zod";
import { meetsPasswordRule, PASSWORD_MAX_LENGTH, passwordTooLong } from "./password-rules.ts";
import { canonicalPhone } from "./phone.ts";

/**
 * The rules for a person's name, phone number, titles and password, defined once for every form and the API (sign-up,
 * the guide application, the console's user and guide forms, the profiles, Settings, the admin's own profile). Each
 * form passes its own texts (SPEC §5 words them differently for the guide form and the user form); what is accepted is
 * the same everywhere.
 */

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;

/**
 * Letters of any alphabet (with their accents), and the spaces, apostrophes, hyphens, periods and commas of real names:
 * "Mary O'Connor", "Mary-Ann Smith", "Rev. John Smith", "John Smith Jr.", "Martin Luther King, Jr.", "José Núñez".
 * It starts with a letter; digits and other symbols are not part of a name.
 */
const NAME = /^\p{L}[\p{L}\p{M} '’.,‐-]*$/u;

/** What people write: letters (with accents), numbers, spaces, punctuation and currency signs (a + too). */
const WRITING = String.raw`\p{L}\p{M}\p{N}\p{P}\p{Zs}\p{Sc}+`;

/**
 * Titles, organisations and entries like them ("Senior Pastor (retired)", "St. Mary's & St. John's", "Pastor/Teacher",
 * "M.Div., 2004"): what people write on one line; no <, >, =, emoji or control characters.
 */
const TITLE = new RegExp(`^[${WRITING}]+$`, "u");

/** Text over several lines (a bio): the same, with line breaks and tabs. */
const FREE_TEXT = new RegExp(`^[${WRITING}\t\n\r]+$`, "u");

/** As a name is kept: trimmed, one space between words, accents composed (NFC), so "Zoë" typed either way is one name. */
const tidyName = (value: string) => value.normalize("NFC").trim().replace(/\s+/g, " ");

type Required = { required: string };
type Rule = readonly [accepts: (value: string) => boolean, message: string];

/**
 * One message per field, for the first rule it breaks (an empty field is only "required"). The message never stops the
 * form's checks across fields (a password confirmation is still compared while the name is empty).
 */
const firstBroken = (rules: Rule[]) => (value: string, context: z.RefinementCtx) => {
  const broken = rules.find(([accepts]) => !accepts(value));
  if (broken) context.addIssue({ code: "custom", message: broken[1] });
};
const filled = (value: string) => value.length > 0;

/** A person's name: required, NAME_MIN_LENGTH–NAME_MAX_LENGTH characters of a name (`format`; `length` when given). */
export function personName(messages: Required & { format: string; length?: string }) {
  return z
    .string({ error: messages.required })
    .transform(tidyName)
    .superRefine(
      firstBroken([
        [filled, messages.required],
        [(name) => name.length >= NAME_MIN_LENGTH && name.length <= NAME_MAX_LENGTH, messages.length ?? messages.format],
        [(name) => NAME.test(name), messages.format],
      ]),
    );
}

/** A phone number as people write it, kept in E.164 (lib/phone.ts). */
export function phoneNumber(messages: Required & { format: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .transform((typed, context) => {
      const stored = typed.length <= 40 ? canonicalPhone(typed) : null;
      if (stored) return stored;
      context.addIssue({ code: "custom", message: typed ? messages.format : messages.required });
      return z.NEVER;
    });
}

/** A title or an organisation (or an entry like them): required, at most `max` characters. */
export function titleText(messages: Required & { format: string; length?: string }, max: number) {
  return z
    .string({ error: messages.required })
    .trim()
    .superRefine(firstBroken([[filled, messages.required], [(text) => text.length <= max, messages.length ?? messages.format], [isTitleText, messages.format]]));
}

/** An entry of a list of titles (education) passes the title rule. */
export const isTitleText = (value: string) => TITLE.test(value);

/** Text over several lines (a bio): required, at most `max` characters. */
export function freeText(messages: Required & { format: string; length?: string }, max: number) {
  return z
    .string({ error: messages.required })
    .trim()
    .superRefine(firstBroken([[filled, messages.required], [(text) => text.length <= max, messages.length ?? messages.format], [(text) => FREE_TEXT.test(text), messages.format]]));
}

/** A new password: required, and the rule of lib/password-rules.ts (`rule` is the form's message for it). */
export function newPassword(messages: Required & { rule: string }) {
  return z
    .string({ error: messages.required })
    .superRefine(firstBroken([[filled, messages.required], [(password) => password.length <= PASSWORD_MAX_LENGTH, passwordTooLong], [meetsPasswordRule, messages.rule]]));
}
