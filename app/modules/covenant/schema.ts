import { z } from "zod";
import { COVENANT_MESSAGES, COVENANT_TEXT_MAX } from "./messages.ts";

/** The console's form (and POST /api/admin/covenant): the text of the next version. */
export const publishCovenantSchema = z.object({
  text: z
    .string({ error: COVENANT_MESSAGES.textRequired })
    .trim()
    .min(1, COVENANT_MESSAGES.textRequired)
    .max(COVENANT_TEXT_MAX, COVENANT_MESSAGES.textTooLong),
});
export type PublishCovenantInput = z.output<typeof publishCovenantSchema>;

/** The accepted version, as a form's checkbox sends it (`covenantVersion=N`); absent when unticked. */
export const covenantVersionField = z.coerce.number().int().positive().optional().catch(undefined);
