/** The picture rules, free of zod: the picture picker checks a picked file in the browser with them (schema.ts builds imageFileSchema from them). */

/** The largest picture a person may upload. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const imageFileMessages = {
  notImage: "Please select a valid image file.",
  tooLarge: `The image must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
} as const;

/** What is wrong with a picked file as a picture (the first broken rule, as imageFileSchema reports it), or null. */
export function imageFileProblem(file: unknown): string | null {
  if (!(file instanceof File) || !file.type.startsWith("image/")) return imageFileMessages.notImage;
  if (file.size > MAX_IMAGE_BYTES) return imageFileMessages.tooLarge;
  return null;
}
