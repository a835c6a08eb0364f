import { useForm, type Submission } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { z } from "zod";

type FormOptions<Fields extends Record<string, unknown>, Output> = Parameters<typeof useForm<Fields, Output>>[0];
type Validate<Fields extends Record<string, unknown>, Output> = (formData: FormData) => Submission<Fields, string[], Output>;

/** The form's fields as the schema reads them (an object schema's input; any other schema, loose fields). */
type FieldsOf<Schema extends z.ZodType> = z.input<Schema> extends Record<string, unknown> ? z.input<Schema> : Record<string, unknown>;

export type AppFormOptions<Schema extends z.ZodType, Fields extends Record<string, unknown>> = Omit<FormOptions<NoInfer<Fields>, z.output<Schema>>, "onValidate"> & {
  /**
   * The form's zod schema, loaded after the page has hydrated: `() => import("#app/modules/x/schema.ts").then((m) => m.xSchema)`.
   * Leave it out for a form whose every check is the server's (a button-only form).
   */
  schema?: () => Promise<Schema>;
};

/**
 * Every form's conform setup (one pattern for the whole app): a real <Form method="post"> that the server validates
 * with the same zod schema (always, and before JavaScript has loaded), plus instant messages in the browser.
 *
 * The schema and zod itself are not part of the page's first download: they are fetched by a dynamic import()
 * once the page has hydrated (zod alone is ~26 KB gzipped, a fifth of a public page's script budget). Until they
 * have arrived the form checks nothing on blur or input and a submit goes to the server, which answers with the
 * same SPEC messages; from then on `shouldValidate` / `shouldRevalidate` apply as given. The schema loads once per
 * form id (a form whose schema depends on who is asking gives each variant its own id).
 *
 * The form gets `data-validation="browser"` once its schema has loaded (browser tests wait for it).
 */
export function useAppForm<Schema extends z.ZodType, Fields extends Record<string, unknown> = FieldsOf<Schema>>({
  schema,
  shouldValidate = "onSubmit",
  shouldRevalidate = shouldValidate,
  ...options
}: AppFormOptions<Schema, Fields>) {
  const [validate, setValidate] = useState<Validate<Fields, z.output<Schema>> | null>(null);
  useEffect(() => {
    if (!schema) return;
    let current = true;
    Promise.all([schema(), import("@conform-to/zod/v4")]).then(
      ([loaded, { parseWithZod }]) => {
        const check = (formData: FormData) => parseWithZod(formData, { schema: loaded }) as unknown as Submission<Fields, string[], z.output<Schema>>;
        if (current) setValidate(() => check);
      },
      // Offline, or a deploy replaced the chunk: the server still checks every submit.
      () => {},
    );
    return () => {
      current = false;
    };
    // The schema is chosen once per form id; a new id (another variant of the form) loads its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.id]);

  const [form, fields] = useForm<Fields, z.output<Schema>>({
    ...options,
    // Without the schema, a blur or an input would send conform's "validate" request to the server: wait for submit.
    shouldValidate: validate ? shouldValidate : "onSubmit",
    shouldRevalidate: validate ? shouldRevalidate : "onSubmit",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
  });
  useEffect(() => {
    if (validate) document.forms.namedItem(form.id)?.setAttribute("data-validation", "browser");
  }, [validate, form.id]);
  return [form, fields] as const;
}
