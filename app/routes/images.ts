import type { Route } from "./+types/images";
import { prisma } from "#app/lib/db.server.ts";

// A neutral silhouette: the picture of everyone who has not uploaded one (or whose upload is gone).
const defaultAvatar = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e0e7ff"/><circle cx="32" cy="25" r="12" fill="#6366f1"/><path d="M10 60c2-12 11-19 22-19s20 7 22 19" fill="#6366f1"/></svg>`;

function defaultPicture(maxAge: number) {
  return new Response(defaultAvatar, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": `public, max-age=${maxAge}` },
  });
}

/** Upload ids are random (UUIDs; older ones 32 hex digits), so nobody finds a file by counting. */
const uploadId = /^[0-9a-f-]{32,36}$/i;

/**
 * GET /images/:id — a stored upload, cached for a year (an upload never changes; a new picture gets a new id).
 * Pictures are shown inline; any other file (a PDF of the resource library) is a download, sandboxed so that
 * nothing in it runs in the product's origin.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (!uploadId.test(params.id)) return defaultPicture(params.id === "default" ? 86400 : 60);
  const upload = await prisma.upload.findUnique({
    where: { id: params.id },
    select: { data: true, contentType: true, fileName: true },
  });
  if (!upload) return defaultPicture(60);
  const isImage = upload.contentType.startsWith("image/");
  const fileName = (upload.fileName ?? "document").replace(/[^\w. -]/g, "_");
  return new Response(new Uint8Array(upload.data), {
    headers: {
      "Content-Type": upload.contentType,
      "Content-Length": String(upload.data.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      ...(isImage ? {} : { "Content-Disposition": `attachment; filename="${fileName}"` }),
    },
  });
}
