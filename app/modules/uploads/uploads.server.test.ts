import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { MAX_IMAGE_BYTES, storeImage } from "./uploads.server.ts";

const png = async () =>
  new File([new Uint8Array(await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#4f46e5" } }).png().toBuffer())], "photo.png", { type: "image/png" });

describe("stored images", () => {
  test("a real picture is re-encoded as WebP, scaled down and stored", async () => {
    const { id } = await storeImage(await png());
    const upload = await prisma.upload.findUniqueOrThrow({ where: { id } });
    expect(upload.contentType).toBe("image/webp");
    const meta = await sharp(Buffer.from(upload.data)).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(1024);
  });

  test("a text file named .png is refused by its content", async () => {
    const fake = new File(["just some text"], "photo.png", { type: "image/png" });
    await expect(storeImage(fake)).rejects.toMatchObject({ status: 415 });
  });

  test("an oversized file is refused before decoding", async () => {
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], "big.jpg", { type: "image/jpeg" });
    const error = await storeImage(big).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(413);
  });
});
