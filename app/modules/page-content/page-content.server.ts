import { prisma, transaction } from "#app/lib/db.server.ts";
import { badRequest } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { deleteUpload, storeImage } from "#app/modules/uploads/uploads.server.ts";
import { defaultPageContent, pageContentSchema, pageSlugs, type PageContent, type PageSlug } from "./schema.ts";

export type SavedPage = { slug: PageSlug; content: PageContent; updatedAt: string | null; saved: boolean };

function readContent(slug: PageSlug, stored: string | null | undefined): { content: PageContent; saved: boolean } {
  if (stored) {
    try {
      const parsed = pageContentSchema.safeParse(JSON.parse(stored));
      if (parsed.success) return { content: parsed.data, saved: true };
    } catch {
      // unreadable JSON: show the fallback below
    }
  }
  return { content: defaultPageContent[slug], saved: false };
}

/** A page's content as saved, or its fallback when nothing (readable) is saved yet. */
export async function getPageContent(slug: PageSlug): Promise<SavedPage> {
  const page = await prisma.pageContent.findUnique({ where: { slug }, select: { content: true, updatedAt: true } });
  return { slug, ...readContent(slug, page?.content), updatedAt: page?.updatedAt.toISOString() ?? null };
}

/** Every page's content, in the order of the slugs. */
export async function getAllPageContent(): Promise<SavedPage[]> {
  const pages = await prisma.pageContent.findMany({ where: { slug: { in: [...pageSlugs] } }, select: { slug: true, content: true, updatedAt: true } });
  return pageSlugs.map((slug) => {
    const page = pages.find((p) => p.slug === slug);
    return { slug, ...readContent(slug, page?.content), updatedAt: page?.updatedAt.toISOString() ?? null };
  });
}

type HeroImageChange = { heroImage?: File; removeHeroImage?: boolean };

/**
 * Saves a page's whole document (validated with pageContentSchema by the caller). A new hero image is
 * checked and stored; a replaced or removed one is deleted. An imageId given directly must be an image upload.
 */
export async function savePageContent(slug: PageSlug, content: PageContent, admin: SessionUser, change: HeroImageChange = {}) {
  requireAdmin(admin);
  const previous = await prisma.pageContent.findUnique({ where: { slug }, select: { content: true } });
  const previousImageId = readContent(slug, previous?.content).content.hero.imageId;

  let imageId = change.removeHeroImage ? undefined : content.hero.imageId;
  if (imageId && imageId !== previousImageId) {
    const upload = await prisma.upload.findUnique({ where: { id: imageId }, select: { contentType: true } });
    if (!upload?.contentType.startsWith("image/")) throw badRequest("Hero image not found");
  }
  const stored = change.heroImage ? await storeImage(change.heroImage, { maxSide: 1600 }) : null;
  if (stored) imageId = stored.id;

  const document: PageContent = { ...content, hero: { ...content.hero, imageId } };
  if (!imageId) delete document.hero.imageId;
  try {
    await transaction(async (tx) => {
      const before = await tx.pageContent.findUnique({ where: { slug }, select: { content: true } });
      await tx.pageContent.upsert({
        where: { slug },
        create: { slug, content: JSON.stringify(document), updatedById: admin.id },
        update: { content: JSON.stringify(document), updatedById: admin.id },
      });
      // Each section of the page (hero, quotes…) compared as a whole.
      const sections = (text: string | undefined) => (text ? (JSON.parse(text) as Record<string, unknown>) : {});
      await recordAudit(tx, admin, { kind: "page", id: slug, label: `${slug} page`, action: "update", before: sections(before?.content), after: sections(JSON.stringify(document)) });
    });
  } catch (error) {
    await deleteUpload(stored?.id);
    throw error;
  }
  // The replaced picture goes, unless something else (a person, a resource) uses that upload.
  if (previousImageId && previousImageId !== imageId) {
    await prisma.upload.deleteMany({ where: { id: previousImageId, user: { is: null }, resource: { is: null } } });
  }
  return getPageContent(slug);
}
