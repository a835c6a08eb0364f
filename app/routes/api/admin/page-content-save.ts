import type { Route } from "./+types/page-content-save";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { pageContentUpdateSchema, pageLabels } from "#app/modules/page-content/schema.ts";
import { savePageContent } from "#app/modules/page-content/page-content.server.ts";

export const loader = () => methodNotAllowed();

/**
 * PUT /api/admin/home-content/quotes {slug: home|platform|become_a_guide, content: {hero, sections,
 * testimonials, cta}} → {message, data: {slug, content, updatedAt}}. Used for all three pages.
 */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const { slug, content } = parseOr400(pageContentUpdateSchema, await jsonBody(request));
  const page = await savePageContent(slug, content, signedInUser(context));
  return { message: pageLabels[slug].updated, data: page };
});
