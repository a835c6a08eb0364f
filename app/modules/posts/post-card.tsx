import { Link } from "react-router";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { clsx } from "clsx";
import type { PostRow } from "./posts.server.ts";
import { postKindInfo } from "./kind.ts";

/** The cover of a post, or a calm branded panel with the first letter of its title when it has none. */
export function PostCover({ post, className }: { post: Pick<PostRow, "coverUrl" | "title">; className?: string }) {
  if (post.coverUrl) return <img src={post.coverUrl} alt="" loading="lazy" decoding="async" className={clsx("aspect-[16/9] w-full object-cover", className)} />;
  return (
    <div aria-hidden className={clsx("flex aspect-[16/9] w-full items-center justify-center bg-gradient-to-br from-brand-100 via-brand-50 to-amber-50", className)}>
      <span className="font-serif text-5xl font-semibold text-brand-300">{post.title.trim().charAt(0).toUpperCase()}</span>
    </div>
  );
}

/** A post on a public list: cover, date, title (the link), summary and author. */
export function PostCard({ post, featured = false }: { post: PostRow; featured?: boolean }) {
  const href = `${postKindInfo[post.kind].public}/${post.slug}`;
  return (
    <article className={clsx("group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-500 has-[a:focus-visible]:ring-offset-2", featured && "lg:flex-row")}>
      <PostCover post={post} className={featured ? "lg:aspect-auto lg:w-3/5" : undefined} />
      <div className={clsx("flex flex-1 flex-col p-6", featured && "lg:justify-center lg:p-10")}>
        <p className="text-sm text-slate-500">
          <LocalTime value={post.publishedAt} format="date" />
        </p>
        <h2 className={clsx("mt-2 font-semibold text-slate-900", featured ? "text-2xl sm:text-3xl" : "text-lg")}>
          <Link to={href} className="after:absolute after:inset-0 focus-visible:underline focus-visible:outline-none hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className={clsx("mt-3 flex-1 text-slate-600", featured && "text-lg")}>{post.summary}</p>
        <p className="mt-4 text-sm font-medium text-slate-800">{post.author}</p>
      </div>
    </article>
  );
}
