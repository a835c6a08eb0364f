import type { Route } from "./+types/platform";
import { PageContentView } from "#app/modules/page-content/page-view.tsx";
import { getPageContent } from "#app/modules/page-content/page-content.server.ts";
import { ForChurches } from "#app/modules/sponsorship/for-churches.tsx";

export async function loader() {
  const { content } = await getPageContent("platform");
  return { content };
}

export const meta: Route.MetaFunction = () => [
  { title: "Our Platform · Ministry Mentors" },
  { name: "description", content: "How Ministry Mentors connects church and ministry leaders with experienced mentors." },
];

export default function PlatformPage({ loaderData }: Route.ComponentProps) {
  // Under its hero, what a church reads about sponsoring its pastors.
  return <PageContentView content={loaderData.content} afterHero={<ForChurches />} />;
}
