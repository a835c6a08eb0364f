import { ArrowLeft } from "#app/components/ui/icons.ts";
import { data, isRouteErrorResponse, Link, useLocation } from "react-router";
import type { Route } from "./+types/post";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { readingMinutes } from "#app/modules/posts/body.ts";
import { postKindOfPath } from "#app/modules/posts/kind.ts";
import { PostBody } from "#app/modules/posts/post-body.tsx";
import { PostCard } from "#app/modules/posts/post-card.tsx";
import { findPublishedPost, morePublishedPosts } from "#app/modules/posts/posts.server.ts";
import { LIMITS, postKindInfo, SLUG_PATTERN } from "#app/modules/posts/kind.ts";

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = postKindOfPath(url.pathname);
  const slug = params.slug;
  const post = slug.length <= LIMITS.slug && SLUG_PATTERN.test(slug) ? await findPublishedPost(kind, slug) : null;
  if (!post) {
    throw data({ message: kind === "blog" ? "We couldn't find that article." : "We couldn't find that story." }, { status: 404 });
  }
  const more = await morePublishedPosts(kind, post.id);
  const { body, ...rest } = post;
  return {
    post: { ...rest, body, minutes: readingMinutes(body) },
    more,
    url: `${url.origin}${url.pathname}`,
    imageUrl: post.coverUrl ? `${url.origin}${post.coverUrl}` : null,
  };
}

export const meta: Route.MetaFunction = ({ data: loaded, location }) => {
  if (!loaded) {
    const kind = postKindOfPath(location.pathname);
    return [{ title: `${kind === "blog" ? "Article" : "Story"} not found · Ministry Mentors` }, { name: "robots", content: "noindex" }];
  }
  const { post, url, imageUrl } = loaded;
  const title = `${post.title} · Ministry Mentors`;
  return [
    { title },
    { name: "description", content: post.summary },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: "Ministry Mentors" },
    { property: "og:type", content: "article" },
    { property: "og:title", content: post.title },
    { property: "og:description", content: post.summary },
    { property: "og:url", content: url },
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }, { property: "og:image:alt", content: post.title }] : []),
    { property: "article:published_time", content: post.publishedAt ?? "" },
    { property: "article:modified_time", content: post.updatedAt },
    { property: "article:author", content: post.author },
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: post.title },
    { name: "twitter:description", content: post.summary },
  ];
};

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, more } = loaderData;
  const info = postKindInfo[post.kind];
  return (
    <>
      <article className="mx-auto max-w-3xl px-6 pb-12 pt-10 sm:pt-14">
        <Link to={info.public} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" /> {info.plural}
        </Link>
        <header className="mt-6">
          <h1 className="text-3xl font-bold leading-tight text-slate-900 sm:text-4xl">{post.title}</h1>
          <p className="mt-4 text-xl leading-relaxed text-slate-600">{post.summary}</p>
          <p className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className="font-medium text-slate-900">{post.author}</span>
            <span aria-hidden>·</span>
            <LocalTime value={post.publishedAt} format="date" />
            <span aria-hidden>·</span>
            <span>{post.minutes} min read</span>
          </p>
        </header>
        {post.coverUrl ? (
          <img src={post.coverUrl} alt="" className="mt-8 aspect-[16/9] w-full rounded-xl border border-slate-200 object-cover" />
        ) : null}
        <div className="mt-10">
          <PostBody body={post.body} />
        </div>
        <aside className="mt-14 rounded-xl bg-brand-900 p-6 text-brand-50 sm:p-8">
          <h2 className="text-xl font-semibold text-white">You don&apos;t have to lead alone</h2>
          <p className="mt-2">Talk with a guide who has walked the road you&apos;re on: one hour, your questions, practical next steps.</p>
          <Link to="/search" className="mt-4 inline-block rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50">Find a mentor</Link>
        </aside>
      </article>
      {more.length ? (
        <section aria-labelledby="more-heading" className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto max-w-6xl px-6 py-12">
            <h2 id="more-heading" className="text-xl font-semibold text-slate-900">More {post.kind === "blog" ? "from the blog" : "success stories"}</h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {more.map((other) => (
                <li key={other.id}>
                  <PostCard post={other} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const kind = postKindOfPath(useLocation().pathname);
  const info = postKindInfo[kind];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const noun = kind === "blog" ? "article" : "story";
  return (
    <div className="mx-auto max-w-2xl px-6 py-20 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{notFound ? "404" : "Error"}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{notFound ? `We couldn't find that ${noun}` : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-600">
        {notFound ? `It may have been moved or unpublished, or the link may be mistyped.` : "Please try again in a moment."}
      </p>
      <Link to={info.public} className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        Browse {info.plural === "Blog" ? "the blog" : "success stories"}
      </Link>
    </div>
  );
}
