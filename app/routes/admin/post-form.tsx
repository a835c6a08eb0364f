import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink, Trash2 } from "#app/components/ui/icons.ts";
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/post-form";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { ProfileError } from "#app/components/ui/profile-parts.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, recordParam, notFound, throwForScreen } from "#app/lib/http.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { postKindOfPath } from "#app/modules/posts/kind.ts";
import { LIMITS, postFormSchema, postKindInfo } from "#app/modules/posts/schema.ts";
import { createPost, findPost, updatePost } from "#app/modules/posts/posts.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = signedInUser(context);
  const kind = postKindOfPath(new URL(request.url).pathname);
  // The form's constraints (required, lengths), read from its schema here: the page's script needs no zod for them.
  const constraint = getZodConstraint(postFormSchema);
  if (params.id === undefined) return { kind, post: null, constraint };
  try {
    const post = await findPost(recordParam(params.id, "Post not found"), kind, admin);
    if (!post) throw notFound("Post not found");
    return { kind, post, constraint };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const kind = postKindOfPath(new URL(request.url).pathname);
  const list = postKindInfo[kind].console;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: postFormSchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    const post =
      params.id === undefined
        ? await createPost(kind, submission.value, admin)
        : await updatePost(recordParam(params.id, "Post not found"), kind, submission.value, admin);
    const where =
      post.state === "published"
        ? `It is live at ${postKindInfo[kind].public}/${post.slug}.`
        : post.state === "scheduled"
          ? "It is scheduled and goes live on its published date."
          : "It is saved as a draft.";
    return redirectWithSuccess(list, { message: params.id === undefined ? "Post Created" : "Post Updated", description: `“${post.title}”: ${where}` });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // The post is gone: nothing left to edit, back to the list. Any other refusal stays on the form.
    if (error.status === 404) return redirectWithError(list, { message: "Update Failed", description: error.message });
    return refuseForm(submission, error, { conflictField: "slug", toast: "Save Failed" });
  }
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: "Post · Ministry Mentors" }];
  const noun = data.kind === "blog" ? "Blog Post" : "Success Story";
  return [{ title: `${data.post ? `Edit ${noun}` : `New ${noun}`} · Ministry Mentors` }];
};

/** YYYY-MM-DD of an ISO time (UTC), for a date input. */
const dateOnly = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

const hintClass = "text-xs text-slate-500";

export default function PostForm({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, post, constraint } = loaderData;
  const info = postKindInfo[kind];
  const noun = kind === "blog" ? "Blog Post" : "Success Story";
  const saving = useIsPending();
  const [form, fields] = useAppForm({
    id: post ? `post-${post.id}` : `post-new-${kind}`,
    lastResult: actionData,
    constraint,
    defaultValue: post
      ? {
          title: post.title,
          slug: post.slug,
          summary: post.summary,
          body: post.body,
          author: post.author,
          status: post.publishedAt ? "published" : "draft",
          publishedAt: dateOnly(post.publishedAt),
        }
      : { status: "draft" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/posts/schema.ts").then((module) => module.postFormSchema),
  });
  const status = fields.status.value ?? (post?.publishedAt ? "published" : "draft");

  return (
    <div className="mx-auto max-w-4xl">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{post ? `Edit ${noun}` : `New ${noun}`}</h1>
        {post ? (
          <div className="flex flex-wrap gap-2">
            {post.state === "published" ? (
              <Button variant="secondary" size="sm" asChild>
                <a href={`${info.public}/${post.slug}`} target="_blank" rel="noreferrer">
                  <ExternalLink className="size-4" /> View on the site<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            ) : null}
            <Button variant="secondary" size="sm" asChild>
              <Link to={`${info.console}?delete=${post.id}`} className="text-red-700">
                <Trash2 className="size-4" /> Delete
              </Link>
            </Button>
          </div>
        ) : null}
      </div>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-6">
        <section aria-labelledby="post-content-heading" className="grid gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="post-content-heading" className="text-lg font-semibold text-slate-900">Content</h2>
          <Field label="Title" htmlFor={fields.title.id} errors={fields.title.errors} errorId={fields.title.errorId}>
            <Input {...getInputProps(fields.title, { type: "text" })} />
          </Field>
          <Field label="Author" htmlFor={fields.author.id} errors={fields.author.errors} errorId={fields.author.errorId}>
            <Input {...getInputProps(fields.author, { type: "text" })} autoComplete="off" />
          </Field>
          <Field label="Summary" htmlFor={fields.summary.id} errors={fields.summary.errors} errorId={fields.summary.errorId}>
            <Textarea {...getTextareaProps(fields.summary)} rows={3} aria-describedby={`${fields.summary.errorId} summary-hint`} />
            <p id="summary-hint" className={hintClass}>Shown on the list, in search results and in link previews. Up to {LIMITS.summary} characters.</p>
          </Field>
          <Field label="Body" htmlFor={fields.body.id} errors={fields.body.errors} errorId={fields.body.errorId}>
            <Textarea {...getTextareaProps(fields.body)} rows={18} className="font-mono text-[0.9rem] leading-relaxed" aria-describedby={`${fields.body.errorId} body-hint`} />
            <div id="body-hint" className={hintClass}>
              Leave a blank line between paragraphs. You may also use <code>## Heading</code>, <code>- list item</code>, <code>&gt; quote</code>, <code>**bold**</code>, <code>*italic*</code> and{" "}
              <code>[link text](https://…)</code>. HTML is shown as text.
            </div>
          </Field>
        </section>

        <section aria-labelledby="post-cover-heading" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="post-cover-heading" className="text-lg font-semibold text-slate-900">Cover image</h2>
          {post?.coverUrl ? <img src={post.coverUrl} alt="Current cover" className="aspect-[16/9] w-full max-w-md rounded-lg border border-slate-200 object-cover" /> : null}
          <Field label={post?.coverUrl ? "Replace the cover image" : "Cover image (optional)"} htmlFor={fields.cover.id} errors={fields.cover.errors} errorId={fields.cover.errorId}>
            <input
              {...getInputProps(fields.cover, { type: "file" })}
              accept="image/*"
              aria-describedby={`${fields.cover.errorId} cover-hint`}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100"
            />
            <p id="cover-hint" className={hintClass}>A wide picture works best (16:9). JPEG, PNG, WebP, GIF or AVIF, up to 5 MB. It is also the picture of link previews.</p>
          </Field>
          {post?.coverUrl ? (
            <div className="flex items-center gap-2">
              <input {...getInputProps(fields.removeCover, { type: "checkbox" })} className="size-4 rounded border-slate-300" />
              <label htmlFor={fields.removeCover.id} className="text-sm text-slate-800">Remove the cover image</label>
            </div>
          ) : null}
        </section>

        <section aria-labelledby="post-publishing-heading" className="grid gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="post-publishing-heading" className="text-lg font-semibold text-slate-900">Address and publishing</h2>
          <Field label="Slug" htmlFor={fields.slug.id} errors={fields.slug.errors} errorId={fields.slug.errorId}>
            <div className="flex items-stretch">
              <span className="inline-flex items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600">{info.public}/</span>
              <Input {...getInputProps(fields.slug, { type: "text" })} className="rounded-l-none" placeholder="made-from-the-title" aria-describedby={`${fields.slug.errorId} slug-hint`} />
            </div>
            <p id="slug-hint" className={hintClass}>The post&apos;s address. Leave it empty to make it from the title. Lowercase letters, numbers and hyphens.</p>
          </Field>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-slate-800">Status</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(["draft", "published"] as const).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                  <input {...getInputProps(fields.status, { type: "radio", value })} className="size-4 border-slate-300" />
                  {value === "draft" ? "Draft (not shown on the site)" : "Published"}
                </label>
              ))}
            </div>
            <ErrorList id={fields.status.errorId} errors={fields.status.errors} />
          </fieldset>
          <Field label="Published date" htmlFor={fields.publishedAt.id} errors={fields.publishedAt.errors} errorId={fields.publishedAt.errorId} className="max-w-xs">
            <Input {...getInputProps(fields.publishedAt, { type: "date" })} aria-describedby={`${fields.publishedAt.errorId} date-hint`} />
          </Field>
          <p id="date-hint" className={`${hintClass} -mt-3`}>
            {status === "published"
              ? "Leave it empty to publish now (or keep the date it has). A date in the future schedules the post."
              : "Used when the post is published. A draft is never shown on the site."}
          </p>
        </section>

        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" asChild>
            <Link to={info.console}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={saving}>{saving ? "Saving…" : post ? "Save changes" : `Create ${noun}`}</Button>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const kind = postKindOfPath(useLocation().pathname);
  const message = routeErrorMessage(error);
  return <ProfileError title="Post" message={message || "Failed to load the post"} backHref={postKindInfo[kind].console} backLabel={`Back to ${postKindInfo[kind].plural}`} />;
}
