import { Link, NavLink, useLocation } from "react-router";
import type { Route } from "./+types/posts";
import { useSearchHref } from "#app/components/ui/search-href.ts";
import { clsx } from "clsx";
import { throwForScreen } from "#app/lib/http.server.ts";
import { defineList } from "#app/lib/list.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { postKindOfPath } from "#app/modules/posts/kind.ts";
import { PostCard } from "#app/modules/posts/post-card.tsx";
import { listPublishedPosts } from "#app/modules/posts/posts.server.ts";
import { postKindInfo, publicPostListDefaults, type PostKind } from "#app/modules/posts/kind.ts";

const publicPostList = defineList({ defaults: publicPostListDefaults });

const intro: Record<PostKind, { heading: string; lede: string; description: string }> = {
  blog: {
    heading: "Blog",
    lede: "Practical wisdom for pastors and ministry leaders: leadership, soul care, and the ordinary work of shepherding a church.",
    description: "Articles for pastors and ministry leaders on leadership, soul care, preaching, staff teams and church life, from the Ministry Mentors community.",
  },
  story: {
    heading: "Success Stories",
    lede: "Pastors and ministry leaders tell what changed after a few honest conversations with someone who had walked the road before them.",
    description: "Real stories from pastors and ministry leaders whose mentoring sessions on Ministry Mentors changed their churches and their lives.",
  },
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = postKindOfPath(url.pathname);
  try {
    // Only ?page is read: the public list is always newest first, nine a page.
    const { state } = parseScreenList(publicPostList, url, new URLSearchParams(url.searchParams.has("page") ? { page: url.searchParams.get("page")! } : {}));
    const { data: posts, meta } = await listPublishedPosts(kind, state);
    redirectPastLastPage(url, state, meta);
    return { kind, posts, meta };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = ({ data, location }) => {
  const kind = data?.kind ?? postKindOfPath(location.pathname);
  const { heading, description } = intro[kind];
  const title = `${heading} · Ministry Mentors`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
};

function KindTabs() {
  return (
    <nav aria-label="Stories and articles" className="mt-8">
      <ul className="flex flex-wrap gap-2">
        {(["blog", "story"] as const).map((kind) => (
          <li key={kind}>
            <NavLink
              to={postKindInfo[kind].public}
              end
              className={({ isActive }) =>
                clsx("inline-block rounded-full px-4 py-1.5 text-sm font-medium", isActive ? "bg-brand-600 text-white" : "bg-brand-50 text-brand-800 hover:bg-brand-100")
              }
            >
              {postKindInfo[kind].plural}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function PostsPage({ loaderData }: Route.ComponentProps) {
  const { kind, posts, meta } = loaderData;
  const hrefWith = useSearchHref();
  const [first, ...rest] = posts;
  const featured = meta.page === 1 && first ? first : null;
  const cards = featured ? rest : posts;
  return (
    <div className="mx-auto max-w-6xl px-6 py-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{intro[kind].heading}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">{intro[kind].lede}</p>
      <KindTabs />

      {posts.length === 0 ? (
        <p className="mt-10 rounded-xl border border-slate-200 bg-white p-6 text-slate-600">
          {kind === "blog" ? "No articles have been published yet." : "No stories have been published yet."} Please check back soon.
        </p>
      ) : (
        <>
          {featured ? (
            <div className="mt-10">
              <PostCard post={featured} featured />
            </div>
          ) : null}
          {cards.length ? (
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={kind === "blog" ? "Articles" : "Stories"}>
              {cards.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}

      {meta.totalPages > 1 ? (
        <nav aria-label="Pagination" className="mt-12 flex items-center justify-between gap-4 text-sm">
          {meta.page > 1 ? (
            <Link to={hrefWith({ page: meta.page - 1 === 1 ? null : meta.page - 1 })} rel="prev" className="font-medium text-brand-700 hover:underline">
              ← Newer {kind === "blog" ? "articles" : "stories"}
            </Link>
          ) : <span />}
          <p className="text-slate-600">Page {meta.page} of {meta.totalPages}</p>
          {meta.page < meta.totalPages ? (
            <Link to={hrefWith({ page: meta.page + 1 })} rel="next" className="font-medium text-brand-700 hover:underline">
              Older {kind === "blog" ? "articles" : "stories"} →
            </Link>
          ) : <span />}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const kind = postKindOfPath(useLocation().pathname);
  return (
    <div className="mx-auto max-w-6xl px-6 py-16">
      <h1 className="text-3xl font-bold text-slate-900">{intro[kind].heading}</h1>
      <p role="alert" className="mt-6 text-red-700">We couldn&apos;t load this page of {kind === "blog" ? "articles" : "stories"}.</p>
      <Link to={postKindInfo[kind].public} className="mt-4 inline-block font-medium text-brand-700 underline">Show the newest</Link>
    </div>
  );
}
