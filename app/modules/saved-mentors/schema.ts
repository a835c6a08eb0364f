import { z } from "zod";
import { idSchema } from "#app/lib/id.ts";

/** The Save / Saved toggle: which guide, and whether to save or unsave them. */
export const savedMentorSchema = z.object({
  guideId: idSchema("guideId must be a positive whole number"),
  intent: z.enum(["save", "unsave"], { error: "intent must be save or unsave" }),
  redirectTo: z.string().max(2000).optional(),
});
export type SavedMentorInput = z.output<typeof savedMentorSchema>;
