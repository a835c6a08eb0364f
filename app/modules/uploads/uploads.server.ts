import sharp from "sharp";
import { prisma } from "#app/lib/db.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES } from "./schema.ts";

export { MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES };
const MAX_IMAGE_SIDE = 1024;

/** Formats sharp decodes that we accept from people; anything else is not an image to us. */
const imageFormats = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

function isFile(value: unknown): value is File {
  return typeof File !== "undefined" && value instanceof File && value.size > 0;
}

/**
 * Checks an uploaded picture by its content (not its name or declared type), re-encodes it as WebP
 * (which drops metadata such as GPS position and any payload hidden in the file), and stores it.
 */
export async function storeImage(file: unknown, { maxSide = MAX_IMAGE_SIDE } = {}) {
  if (!isFile(file)) throw new HttpError(400, "Please choose an image file.");
  if (file.size > MAX_IMAGE_BYTES) throw new HttpError(413, `The image must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
  const input = Buffer.from(await file.arrayBuffer());
  let data: Buffer;
  try {
    const image = sharp(input, { limitInputPixels: 40_000_000 });
    const { format } = await image.metadata();
    if (!format || !imageFormats.has(format)) throw new Error("not an image");
    data = await image.rotate().resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw new HttpError(415, "The file must be an image (JPEG, PNG, WebP, GIF or AVIF).");
  }
  return prisma.upload.create({
    data: { contentType: "image/webp", fileName: file.name || null, byteSize: data.byteLength, data: new Uint8Array(data) },
    select: { id: true },
  });
}

/** Documents for the resource library: PDFs are checked by their signature; images go through storeImage. */
export async function storeDocument(file: unknown) {
  if (!isFile(file)) throw new HttpError(400, "Please choose a file.");
  if (file.size > MAX_DOCUMENT_BYTES) throw new HttpError(413, `The file must be at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`);
  const head = Buffer.from(await file.slice(0, 5).arrayBuffer()).toString("latin1");
  if (head !== "%PDF-") return storeImage(file, { maxSide: 1600 });
  const data = Buffer.from(await file.arrayBuffer());
  return prisma.upload.create({
    data: { contentType: "application/pdf", fileName: file.name || null, byteSize: data.byteLength, data: new Uint8Array(data) },
    select: { id: true },
  });
}

/** Removes an upload nobody points to any more (e.g. the picture a person just replaced). */
export async function deleteUpload(id: string | null | undefined) {
  if (id) await prisma.upload.deleteMany({ where: { id } });
}
