import { z } from "zod";

/** The largest picture a person may upload. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The largest file of the resource library (the request body limit for uploads is derived from it). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export const imageFileMessages = {
  notImage: "Please select a valid image file.",
  tooLarge: `The image must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
} as const;

/**
 * A picked picture, as far as a form can tell: a file whose declared type is an image, within the size
 * limit. The server checks the content itself when it stores the image (storeImage).
 */
export const imageFileSchema = z
  .instanceof(File, { error: imageFileMessages.notImage })
  .refine((file) => file.type.startsWith("image/"), imageFileMessages.notImage)
  .refine((file) => file.size <= MAX_IMAGE_BYTES, imageFileMessages.tooLarge);
