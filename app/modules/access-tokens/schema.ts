import { z } from "zod";
import { SCOPE_VALUES, TOKEN_LIFETIMES, TOKEN_MESSAGES } from "./scopes.ts";

/** Settings' "New token" form: a name, one or more scopes (checkboxes), and a lifetime. */
export const newTokenSchema = z.object({
  name: z.string({ error: TOKEN_MESSAGES.name }).trim().min(1, TOKEN_MESSAGES.name).max(60, TOKEN_MESSAGES.name),
  scopes: z
    .array(z.enum(SCOPE_VALUES, { error: TOKEN_MESSAGES.scopes }), { error: TOKEN_MESSAGES.scopes })
    .min(1, TOKEN_MESSAGES.scopes)
    .transform((scopes) => [...new Set(scopes)]),
  lifetime: z.enum(TOKEN_LIFETIMES.map((choice) => choice.value) as [string, ...string[]], { error: TOKEN_MESSAGES.lifetime }).transform(Number),
});
export type NewTokenInput = z.output<typeof newTokenSchema>;

export const revokeTokenSchema = z.object({ tokenId: z.coerce.number({ error: TOKEN_MESSAGES.notFound }).int().positive(TOKEN_MESSAGES.notFound) });
