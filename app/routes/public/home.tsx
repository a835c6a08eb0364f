import type { Route } from "./+types/home";
import { ExampleSearches, FeaturedMentors } from "#app/modules/mentor-search/featured-mentors.tsx";
import { featuredMentors } from "#app/modules/mentor-search/mentor-search.server.ts";
import { PageContentView } from "#app/modules/page-content/page-view.tsx";
import { getPageContent } from "#app/modules/page-content/page-content.server.ts";

/**
 * The home page shows what the console saved (website-content), or the fallback copy until then; under its hero, the
 * example searches and a few of the best rated mentors who are free soon.
 */
export async function loader() {
  const [{ content }, mentors] = await Promise.all([getPageContent("home"), featuredMentors()]);
  return { content, mentors };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <PageContentView
      content={loaderData.content}
      afterHero={
        <>
          <ExampleSearches />
          <FeaturedMentors mentors={loaderData.mentors} />
        </>
      }
    />
  );
}
