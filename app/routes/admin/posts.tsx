import { EyeOff, ExternalLink, Pencil, Send, Trash2 } from "#app/components/ui/icons.ts";
import { Form, useLocation } from "react-router";
import type { Route } from "./+types/posts";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { StatusBadge, type Tone } from "#app/components/ui/badge.tsx";
import { ConfirmDeleteDialog } from "#app/components/ui/confirm-delete-dialog.tsx";
import { RowActions, RowLink } from "#app/components/ui/data-table.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { backTo, HttpError, parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { postIdSchema, postKindInfo, postList, type PostKind, type PostSort } from "#app/modules/posts/schema.ts";
import { postKindOfPath } from "#app/modules/posts/kind.ts";
import { deletePost, findPost, listPosts, setPostPublished, type PostRow } from "#app/modules/posts/posts.server.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";

const frameOf = (kind: PostKind) =>
  ({
    title: postKindInfo[kind].plural,
    heading: kind === "blog" ? "Blog Posts" : "Success Stories",
    search: { placeholder: "Search by title or author...", label: `Search ${postKindInfo[kind].plural.toLowerCase()} by title or author` },
    caption: kind === "blog" ? "Blog posts" : "Success stories",
    minWidth: "56rem",
    empty: kind === "blog" ? "No blog posts found" : "No success stories found",
    columns: [
      { label: "Title", sort: "title" },
      { label: "Author" },
      { label: "Status" },
      { label: "Published", sort: "publishedAt" },
      { label: "Updated", sort: "updatedAt" },
      { label: "Actions", align: "right" },
    ],
  }) satisfies ListFrame<PostSort>;

const dialogParams = { delete: null } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInUser(context);
  const url = new URL(request.url);
  const kind = postKindOfPath(url.pathname);
  try {
    const { state, filters } = parseScreenList(postList, url);
    const { data: posts, meta } = await listPosts(kind, state, filters, admin);
    redirectPastLastPage(url, state, meta);
    const deleteId = parseId(url.searchParams.get("delete"));
    const toDelete = deleteId ? await findPost(deleteId, kind, admin) : null;
    return { kind, posts, meta, state, status: filters.status ?? null, toDelete: toDelete ? { id: toDelete.id, title: toDelete.title } : null };
  } catch (error) {
    throwForScreen(error);
  }
}

const failures = {
  publish: "Publish Failed",
  unpublish: "Update Failed",
  delete: "Delete Failed",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const kind = postKindOfPath(new URL(request.url).pathname);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const back = backTo(request, ["delete"]);
  try {
    const { id } = parseOr400(postIdSchema, { id: formData.get("id") });
    if (intent === "publish" || intent === "unpublish") {
      const post = await setPostPublished(id, kind, intent === "publish", admin);
      return intent === "publish"
        ? redirectWithSuccess(back, { message: "Post Published", description: `“${post.title}” is now live on ${postKindInfo[kind].public}.` })
        : redirectWithSuccess(back, { message: "Post Unpublished", description: `“${post.title}” is a draft again.` });
    }
    if (intent === "delete") {
      await deletePost(id, kind, admin);
      return redirectWithSuccess(back, { message: "Post Deleted", description: `The ${postKindInfo[kind].singular} has been deleted.` });
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithError(back, { message: failures[intent as keyof typeof failures] ?? "Update Failed", description: error.message });
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? postKindInfo[data.kind].plural : "Posts"} · Ministry Mentors` }];

const stateLabels: Record<PostRow["state"], { label: string; tone: Tone }> = {
  draft: { label: "Draft", tone: "grey" },
  scheduled: { label: "Scheduled", tone: "amber" },
  published: { label: "Published", tone: "green" },
};

function PublishButton({ post }: { post: PostRow }) {
  const publish = post.state !== "published";
  const intent = publish ? "publish" : "unpublish";
  const pending = useIsPending({ intent });
  const Icon = publish ? Send : EyeOff;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={post.id} />
      <button
        type="submit"
        disabled={pending}
        aria-label={`${publish ? "Publish now" : "Unpublish"}: ${post.title}`}
        title={publish ? "Publish now" : "Unpublish"}
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
      >
        <Icon className="size-4" />
      </button>
    </Form>
  );
}

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { kind, posts, meta, state, status, toDelete } = loaderData;
  const info = postKindInfo[kind];
  const hrefWith = useSearchHref();
  return (
    <>
      <ListScreen
        saveView={<SaveView list={kind === "blog" ? "blog" : "success-stories"} />}
        exportList={{ name: kind === "blog" ? "blog" : "success-stories" }}
        frame={frameOf(kind)}
        list={postList}
        state={state}
        meta={meta}
        rows={posts}
        addHref={`${info.console}/new`}
        filters={
          <FilterBar
            selects={[
              {
                name: "status",
                label: "Status",
                value: status ?? "",
                allLabel: "Drafts and published",
                options: [
                  { value: "draft", label: "Drafts" },
                  { value: "published", label: "Published" },
                ],
              },
            ]}
          />
        }
      >
        {(post) => (
          <tr key={post.id} className="align-top hover:bg-slate-50">
            <td className="max-w-md px-4 py-3">
              <p className="font-medium text-slate-900">{post.title}</p>
              <p className="mt-0.5 text-xs text-slate-500">{info.public}/{post.slug}</p>
              <p className="mt-1 line-clamp-2 text-slate-600">{post.summary}</p>
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{post.author}</td>
            <td className="px-4 py-3"><StatusBadge tone={stateLabels[post.state].tone}>{stateLabels[post.state].label}</StatusBadge></td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-600">{post.publishedAt ? <LocalTime value={post.publishedAt} format="date" /> : "—"}</td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-600"><LocalTime value={post.updatedAt} format="date" /></td>
            <RowActions>
              {post.state === "published" ? (
                <a href={`${info.public}/${post.slug}`} target="_blank" rel="noreferrer" aria-label={`View on the site: ${post.title} (opens in a new tab)`} className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-brand-700">
                  <ExternalLink className="size-4" />
                </a>
              ) : null}
              <RowLink to={`${info.console}/${post.id}/edit`} label={`Edit: ${post.title}`} icon={Pencil} />
              <PublishButton post={post} />
              <RowLink to={hrefWith({ ...dialogParams, delete: post.id })} preventScrollReset label={`Delete: ${post.title}`} icon={Trash2} danger />
            </RowActions>
          </tr>
        )}
      </ListScreen>
      {toDelete ? <ConfirmDeleteDialog id={toDelete.id} name={`“${toDelete.title}”`} fallbackName={`this ${info.singular}`} cancelHref={hrefWith(dialogParams)} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  const kind = postKindOfPath(useLocation().pathname);
  return <ListScreenError frame={frameOf(kind)}>{`Failed to load posts${message ? `: ${message}` : ""}`}</ListScreenError>;
}
