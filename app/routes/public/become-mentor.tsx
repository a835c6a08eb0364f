import type { Route } from "./+types/become-mentor";
import { PageContentView } from "#app/modules/page-content/page-view.tsx";
import { getPageContent } from "#app/modules/page-content/page-content.server.ts";

export async function loader() {
  const { content } = await getPageContent("become_a_guide");
  return { content };
}

export const meta: Route.MetaFunction = () => [
  { title: "Become a Mentor · Ministry Mentors" },
  { name: "description", content: "Mentor pastors and ministry leaders: share the lessons of your years in ministry." },
];

export default function BecomeMentorPage({ loaderData }: Route.ComponentProps) {
  return <PageContentView content={loaderData.content} />;
}
