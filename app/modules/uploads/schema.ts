import { z } from "zod";
import { imageFileMessages, MAX_IMAGE_BYTES } from "./image-file.ts";

export { imageFileMessages, MAX_IMAGE_BYTES };

/** The largest file of the resource library (the request body limit for uploads is derived from it). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/**
 * A picked picture, as far as a form can tell: a file whose declared type is an image, within the size
 * limit. The server checks the content itself when it stores the image (storeImage).
 */
export const imageFileSchema = z
  .instanceof(File, { error: imageFileMessages.notImage })
  .refine((file) => file.type.startsWith("image/"), imageFileMessages.notImage)
  .refine((file) => file.size <= MAX_IMAGE_BYTES, imageFileMessages.tooLarge);
