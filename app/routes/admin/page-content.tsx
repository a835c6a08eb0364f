import { getFormProps, getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink, Plus, Trash2 } from "#app/components/ui/icons.ts";
import { Form, Link } from "react-router";
import { UnsavedChangesGuard } from "#app/components/ui/unsaved-changes.tsx";
import type { Route } from "./+types/page-content";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { pageContentFormSchema } from "#app/modules/page-content/schema.ts";
import { MAX_LIST_ITEMS, pageLabels, type PageSlug } from "#app/modules/page-content/pages.ts";
import { getPageContent, savePageContent } from "#app/modules/page-content/page-content.server.ts";

/** The three editors share this module; the URL says which page is edited. */
const slugByPath: Record<string, PageSlug> = {
  "website-content": "home",
  platform: "platform",
  become_a_guide: "become_a_guide",
};

function slugOf(request: Request): PageSlug {
  const segment = new URL(request.url).pathname.split("/").filter(Boolean).at(-1) ?? "";
  return slugByPath[segment] ?? "home";
}

export async function loader({ request }: Route.LoaderArgs) {
  const slug = slugOf(request);
  return { slug, page: await getPageContent(slug) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const slug = slugOf(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: pageContentFormSchema });
  // Adding or removing a section or testimonial without JavaScript: the form comes back with the change.
  if (submission.status !== "success") return replyToForm(submission);
  const { heroImage, removeHeroImage, ...content } = submission.value;
  try {
    await savePageContent(slug, content, admin, { heroImage, removeHeroImage });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refuseForm(submission, error, { toast: "Home Page Update Failed" });
  }
  return redirectWithSuccess(new URL(request.url).pathname, { message: "HomePage Updated", description: pageLabels[slug].updated });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData ? pageLabels[loaderData.slug].title : "Page Content"} · Ministry Mentors` }];

const card = "rounded-xl border border-slate-200 bg-white p-6 shadow-sm";

function TextField({ label, meta, multiline, type = "text", hint }: { label: string; meta: FieldMetadata<string | undefined>; multiline?: boolean; type?: "text" | "url"; hint?: string }) {
  return (
    <Field label={label} htmlFor={meta.id} errors={meta.errors} errorId={meta.errorId}>
      {multiline ? <Textarea {...getTextareaProps(meta)} rows={4} /> : <Input {...getInputProps(meta, { type: "text" })} inputMode={type === "url" ? "url" : undefined} placeholder={hint} />}
    </Field>
  );
}

export default function PageContentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, page } = loaderData;
  const labels = pageLabels[slug];
  const saving = useIsPending({ match: (form) => form.get("__intent__") === null });
  const [form, fields] = useAppForm({
    id: `page-${slug}`,
    lastResult: actionData,
    defaultValue: { ...page.content, hero: { ...page.content.hero, imageId: page.content.hero.imageId ? String(page.content.hero.imageId) : undefined } },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/page-content/schema.ts").then((module) => module.pageContentFormSchema),
  });
  const hero = fields.hero.getFieldset();
  const cta = fields.cta.getFieldset();
  const sections = fields.sections.getFieldList();
  const testimonials = fields.testimonials.getFieldList();
  const imageId = typeof hero.imageId.initialValue === "string" ? hero.imageId.initialValue : undefined;

  return (
    <div className="mx-auto max-w-4xl">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{labels.title}</h1>
        <Link to={labels.publicPath} target="_blank" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline">
          View the page <ExternalLink className="size-3.5" /><span className="sr-only">(opens in a new tab)</span>
        </Link>
      </div>
      <p className="mb-6 text-sm text-slate-600">
        {page.saved && page.updatedAt ? <>Last saved <LocalTime value={page.updatedAt} />.</> : "Nothing saved yet: the page shows the default text below."}
      </p>

      <UnsavedChangesGuard dirty={form.dirty} what={`your edits to the ${labels.title}`} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-6">
        <fieldset className={card}>
          <legend className="px-1 text-lg font-semibold text-slate-900">Hero</legend>
          <div className="mt-2 grid gap-4">
            <TextField label="Heading" meta={hero.heading} />
            <TextField label="Subheading" meta={hero.subheading} multiline />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Button label" meta={hero.ctaLabel} />
              <TextField label="Button link" meta={hero.ctaHref} type="url" hint="/search or https://" />
            </div>
            {imageId ? <input type="hidden" name={hero.imageId.name} value={imageId} /> : null}
            {imageId ? (
              <div className="flex flex-wrap items-center gap-4">
                <img src={`/images/${imageId}`} alt="Current hero image" className="h-24 w-40 rounded-md object-cover ring-1 ring-slate-200" />
                <label className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" name={fields.removeHeroImage.name} className="size-4 rounded border-slate-300" />
                  Remove the image
                </label>
              </div>
            ) : null}
            <Field label={imageId ? "Replace the hero image" : "Hero image (optional)"} htmlFor={fields.heroImage.id} errors={fields.heroImage.errors} errorId={fields.heroImage.errorId}>
              <input {...getInputProps(fields.heroImage, { type: "file" })} accept="image/*" className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100" />
            </Field>
          </div>
        </fieldset>

        <fieldset className={card}>
          <legend className="px-1 text-lg font-semibold text-slate-900">Sections</legend>
          <ErrorList id={fields.sections.errorId} errors={fields.sections.errors} />
          <ol className="mt-2 grid gap-4">
            {sections.map((item, index) => {
              const section = item.getFieldset();
              return (
                <li key={item.key ?? index} className="rounded-lg border border-slate-200 p-4">
                  <div className="mb-3 flex items-center justify-between">
                    <h2 className="text-sm font-semibold text-slate-700">Section {index + 1}</h2>
                    <Button variant="ghost" size="sm" {...form.remove.getButtonProps({ name: fields.sections.name, index })} type="submit" aria-label={`Remove section ${index + 1}`}>
                      <Trash2 className="size-4" /> Remove
                    </Button>
                  </div>
                  <div className="grid gap-3">
                    <TextField label="Heading" meta={section.heading} />
                    <TextField label="Text" meta={section.body} multiline />
                  </div>
                </li>
              );
            })}
          </ol>
          {sections.length < MAX_LIST_ITEMS ? (
            <Button variant="secondary" className="mt-4" {...form.insert.getButtonProps({ name: fields.sections.name, defaultValue: { heading: "", body: "" } })} type="submit">
              <Plus className="size-4" /> Add section
            </Button>
          ) : null}
        </fieldset>

        <fieldset className={card}>
          <legend className="px-1 text-lg font-semibold text-slate-900">Testimonials</legend>
          <ErrorList id={fields.testimonials.errorId} errors={fields.testimonials.errors} />
          <ol className="mt-2 grid gap-4">
            {testimonials.map((item, index) => {
              const testimonial = item.getFieldset();
              return (
                <li key={item.key ?? index} className="rounded-lg border border-slate-200 p-4">
                  <div className="mb-3 flex items-center justify-between">
                    <h2 className="text-sm font-semibold text-slate-700">Testimonial {index + 1}</h2>
                    <Button variant="ghost" size="sm" {...form.remove.getButtonProps({ name: fields.testimonials.name, index })} type="submit" aria-label={`Remove testimonial ${index + 1}`}>
                      <Trash2 className="size-4" /> Remove
                    </Button>
                  </div>
                  <div className="grid gap-3">
                    <TextField label="Quote" meta={testimonial.quote} multiline />
                    <div className="grid gap-3 sm:grid-cols-2">
                      <TextField label="Author" meta={testimonial.author} />
                      <TextField label="Role" meta={testimonial.role} />
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
          {testimonials.length < MAX_LIST_ITEMS ? (
            <Button variant="secondary" className="mt-4" {...form.insert.getButtonProps({ name: fields.testimonials.name, defaultValue: { quote: "", author: "", role: "" } })} type="submit">
              <Plus className="size-4" /> Add testimonial
            </Button>
          ) : null}
        </fieldset>

        <fieldset className={card}>
          <legend className="px-1 text-lg font-semibold text-slate-900">Call to action</legend>
          <div className="mt-2 grid gap-4">
            <TextField label="Heading" meta={cta.heading} />
            <TextField label="Text" meta={cta.body} multiline />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Button label" meta={cta.label} />
              <TextField label="Button link" meta={cta.href} type="url" hint="/signup or https://" />
            </div>
          </div>
        </fieldset>

        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="sticky bottom-0 flex justify-end gap-3 border-t border-slate-200 bg-slate-50/95 py-4">
          <Button type="submit" disabled={saving}>{saving ? "Saving…" : "Save changes"}</Button>
        </div>
      </Form>
    </div>
  );
}
