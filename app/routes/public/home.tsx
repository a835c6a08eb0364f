import type { Route } from "./+types/home";
import { PageContentView } from "#app/modules/page-content/page-view.tsx";
import { getPageContent } from "#app/modules/page-content/page-content.server.ts";

/** The home page shows what the console saved (website-content), or the fallback copy until then. */
export async function loader() {
  const { content } = await getPageContent("home");
  return { content };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <PageContentView content={loaderData.content} />;
}
